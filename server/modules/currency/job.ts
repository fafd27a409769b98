import { setTimeout as wait } from 'node:timers/promises';
import { RETRY_STATUSES } from '#core/http/client.ts';
import type { OutboxLogger } from '../../jobs/outbox.ts';
import { parseDailyRates, RatesFeedError, type DailyRates } from './feed.ts';
import type { CurrencyService } from './service.ts';

/** Attempts of one read before the run gives up until the next (network errors and the retryable statuses only). */
const ATTEMPTS = 4;
const BACKOFF_MS = 1_000;
/** The most the feed's answer may weigh (the real one is about 10 KB): a larger body is not the feed. */
const FEED_MAX_BYTES = 1024 * 1024;

/**
 * One read of the feed: GET with a timeout, retried on a network error and on 408, 409, 425, 429, 500, 502, 503, 504
 * (an idempotent read, REFERENCE "HTTP client"), after the answer's Retry-After when it gives one, else 1, 2, 4 s.
 * Any other status, or a body that is not the feed, fails at once: asking again would bring the same.
 */
export async function readDailyRates(
  url: string,
  opts: { timeoutMs: number; fetch?: typeof fetch; sleep?: (ms: number) => Promise<unknown>; attempts?: number },
): Promise<DailyRates> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = opts.sleep ?? ((ms: number) => wait(ms));
  const attempts = opts.attempts ?? ATTEMPTS;
  const backoff = (attempt: number) => BACKOFF_MS * 2 ** (attempt - 1);
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    let bytes: ArrayBuffer | null = null;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/xml, text/xml', 'user-agent': 'severnaya-liniya-rates/1' },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      // A body declared larger than the feed can be is not read at all (it fails below, not asked again).
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (response.ok && !(declared > FEED_MAX_BYTES)) bytes = await response.arrayBuffer();
      else await response.body?.cancel();
    } catch (error) {
      // No answer (refused, reset, timed out): asked again.
      if (attempt >= attempts) throw error;
      await sleep(backoff(attempt));
      continue;
    }
    if (bytes && bytes.byteLength > FEED_MAX_BYTES) throw new RatesFeedError(`the feed's answer is ${bytes.byteLength} bytes, more than ${FEED_MAX_BYTES}`);
    if (bytes) return parseDailyRates(new Uint8Array(bytes));
    if (response.ok) throw new RatesFeedError(`the feed's answer declares ${response.headers.get('content-length')} bytes, more than ${FEED_MAX_BYTES}`);
    const failure = new RatesFeedError(`the feed answered ${response.status}`);
    if (!RETRY_STATUSES.has(response.status) || attempt >= attempts) throw failure;
    const retryAfter = Number(response.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 60_000) : backoff(attempt));
  }
}

/**
 * The daily rates job (ADR 037): reads the Bank of Russia's feed at start and every `everyMs`, and stores a day it
 * has not stored yet; `changed` tells the data versions at once, so this process's pages follow without waiting for
 * the poll. A failed run is logged and the next one tries again; meanwhile the rates stored last are shown until
 * they are three days old.
 */
export function startCurrencyRatesJob(input: {
  currency: CurrencyService;
  url: string;
  everyMs: number;
  timeoutMs: number;
  log: OutboxLogger;
  changed?: () => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<unknown>;
}) {
  let running: Promise<void> | undefined;
  const stopped = new AbortController();
  const run = () => {
    running ??= (async () => {
      const daily = await readDailyRates(input.url, {
        timeoutMs: input.timeoutMs,
        ...(input.fetch ? { fetch: input.fetch } : {}),
        sleep: input.sleep ?? ((ms: number) => wait(ms, undefined, { signal: stopped.signal })),
      });
      if (await input.currency.store(daily)) {
        input.log.info({ date: daily.date, perUnit: daily.perUnit }, 'currency rates: a new day stored');
        input.changed?.();
        await input.currency.refresh();
      }
    })()
      .catch((error: unknown) => {
        if (stopped.signal.aborted) return;
        input.log.warn({ err: error }, "currency rates: could not read the Bank of Russia's feed; trying again at the next run");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), input.everyMs);
  timer.unref();
  return {
    /** Runs now (tests, an operator's nudge); resolves when the run is over. */
    run,
    async stop(): Promise<void> {
      clearInterval(timer);
      stopped.abort();
      await running;
    },
  };
}
