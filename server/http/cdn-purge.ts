import type { DataKind, DataVersions } from '../db/versions.ts';
import type { OnceStore } from '../redis.ts';

/**
 * Purging a CDN by data kind (docs/guides/operations.md, ADR 029). Every kept page is answered with a tag per kind of data it
 * was made from (`Cache-Tag` for Cloudflare, `Surrogate-Key` for Fastly) and one for every page; when a kind's version
 * moves (whoever wrote: this instance, another, an import), one instance asks the CDN to purge that kind's tag, so
 * a CDN keeps pages for their whole `s-maxage` and still shows a change within about a second.
 */

export type CdnProvider = 'off' | 'cloudflare' | 'fastly';

export type CdnConfig = {
  CDN_PURGE: CdnProvider;
  CDN_PURGE_URL?: string | undefined;
  CDN_PURGE_TOKEN?: string | undefined;
  CDN_TAG_PREFIX: string;
  CDN_PURGE_DELAY_MS: number;
};

/** The tag every kept page carries: purging it empties the CDN of pages (not of assets or images). */
export const PAGES_TAG = 'pages';

/** The tag of a kind of data: the pages made from it. */
export const kindTag = (prefix: string, kind: string): string => `${prefix}data-${kind}`;

/** Tags a provider takes in one purge request (Cloudflare: 30 by its API; Fastly: 256). */
const BATCH: Record<Exclude<CdnProvider, 'off'>, number> = { cloudflare: 30, fastly: 256 };

/**
 * The header naming a kept page's tags for the configured CDN, or null (no CDN purge configured: the header would
 * only add bytes). `deps` are the kinds the page read (the page cache's entry).
 */
export function cdnTagHeader(config: CdnConfig, deps: readonly (readonly [string, string])[]): [string, string] | null {
  if (config.CDN_PURGE === 'off') return null;
  const tags = [`${config.CDN_TAG_PREFIX}${PAGES_TAG}`, ...deps.map(([kind]) => kindTag(config.CDN_TAG_PREFIX, kind))];
  return config.CDN_PURGE === 'cloudflare' ? ['cache-tag', tags.join(',')] : ['surrogate-key', tags.join(' ')];
}

type Logger = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type CdnPurgerOptions = {
  config: CdnConfig;
  versions: Pick<DataVersions, 'get' | 'onChange'>;
  /** Which instance purges a kind's version: the one whose claim is first (Redis with REDIS_URL, else this process). */
  once: OnceStore;
  log: Logger;
  fetch?: typeof globalThis.fetch;
  /** Delays before the 2nd, 3rd … attempt of a failed purge (ms). */
  retryDelaysMs?: number[];
  /** A purge request's longest wait (ms). */
  timeoutMs?: number;
};

export type CdnPurger = {
  /** Purges these kinds' tags (after the configured delay), as a change heard from the database does. */
  purge(kinds: readonly string[]): void;
  /**
   * Purges every page once per build (the first instance of a new build to start): a CDN's copies of the previous
   * build's pages name its assets, which the new build's servers do not have.
   */
  purgePagesOf(buildId: string): Promise<void>;
  /** Settles when nothing is waiting or being sent (tests, shutdown). */
  idle(): Promise<void>;
  renderMetrics(): string;
  close(): void;
};

/** A claim on a kind's version is kept this long: far beyond the time every instance takes to hear of it. */
const CLAIM_TTL_MS = 10 * 60_000;

/**
 * Listens to the data versions and purges the tags of the kinds that moved. Kinds heard within the delay go in one
 * request; a request that fails (network, 429, 5xx) is tried again with backoff, one the CDN refuses (another 4xx:
 * a wrong token or URL) is logged once and dropped. The token is never logged.
 */
export function createCdnPurger(opts: CdnPurgerOptions): CdnPurger | null {
  const { config, log } = opts;
  if (config.CDN_PURGE === 'off' || !config.CDN_PURGE_URL || !config.CDN_PURGE_TOKEN) return null;
  const provider = config.CDN_PURGE;
  const url = config.CDN_PURGE_URL;
  const token = config.CDN_PURGE_TOKEN;
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const retryDelays = opts.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000];
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const counts = { purged: 0, failed: 0, retried: 0 };
  const pending = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<void>>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** One request for these tags; true when the CDN took it, false to try again, null when it refused it. */
  async function send(tags: string[]): Promise<boolean | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    let body: string;
    if (provider === 'cloudflare') {
      headers.authorization = `Bearer ${token}`;
      body = JSON.stringify({ tags });
    } else {
      headers['fastly-key'] = token;
      // A soft purge marks the pages stale: the CDN may still answer one while it fetches the new (stale-while-revalidate).
      headers['fastly-soft-purge'] = '1';
      body = JSON.stringify({ surrogate_keys: tags });
    }
    try {
      const response = await fetchImpl(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      // The CDN's answer is read to free the connection; its text names the fault (never the token).
      const text = (await response.text()).slice(0, 300);
      if (response.ok) return true;
      if (response.status === 429 || response.status >= 500) {
        log.warn({ status: response.status, tags }, 'CDN purge failed; it will be tried again');
        return false;
      }
      log.error({ status: response.status, tags, answer: text }, 'CDN purge refused (check CDN_PURGE_URL and CDN_PURGE_TOKEN); pages follow by expiry');
      return null;
    } catch (error) {
      log.warn({ err: { message: error instanceof Error ? error.message : String(error) }, tags }, 'CDN purge failed; it will be tried again');
      return false;
    }
  }

  function attempt(tags: string[], n: number): void {
    track(
      send(tags).then((ok) => {
        if (ok === true) {
          counts.purged++;
          return;
        }
        const delay = ok === false ? retryDelays[n] : undefined;
        if (delay === undefined || closed) {
          counts.failed++;
          if (ok === false) log.error({ tags, attempts: n + 1 }, 'CDN purge given up; pages follow by expiry');
          return;
        }
        counts.retried++;
        later(delay, () => attempt(tags, n + 1));
      }),
    );
  }

  function flush(): void {
    flushTimer = null;
    const tags = [...pending].sort();
    pending.clear();
    for (let i = 0; i < tags.length; i += BATCH[provider]) attempt(tags.slice(i, i + BATCH[provider]), 0);
  }

  function schedule(tags: readonly string[]): void {
    if (closed || !tags.length) return;
    for (const tag of tags) pending.add(tag);
    // The delay lets every instance hear of the change first (notification, or the poll at the latest): the request
    // the purge sends to the origin must not be answered from an instance that still has the old page.
    if (!flushTimer) {
      flushTimer = setTimeout(flush, config.CDN_PURGE_DELAY_MS);
      flushTimer.unref();
    }
  }

  const unsubscribe = opts.versions.onChange((kinds: DataKind[]) => {
    // Every instance hears the change; the first to claim a kind's new version purges it.
    const work = Promise.all(
      kinds.map(async (kind) => ((await opts.once.claim(`${kind}:${opts.versions.get(kind)}`, CLAIM_TTL_MS).catch(() => true)) ? kind : null)),
    ).then((claimed) => schedule(claimed.filter((kind): kind is DataKind => kind !== null).map((kind) => kindTag(config.CDN_TAG_PREFIX, kind))));
    track(work);
  });

  return {
    purge: (kinds) => schedule(kinds.map((kind) => kindTag(config.CDN_TAG_PREFIX, kind))),
    async purgePagesOf(buildId) {
      if (await opts.once.claim(`build:${buildId}`, 24 * 3_600_000).catch(() => true)) schedule([`${config.CDN_TAG_PREFIX}${PAGES_TAG}`]);
    },
    async idle() {
      while (inFlight.size || flushTimer || timers.size) {
        if (flushTimer) {
          clearTimeout(flushTimer);
          flush();
        }
        if (inFlight.size) await Promise.all(inFlight);
        else if (timers.size) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    renderMetrics() {
      return [
        '# HELP cdn_purges_total Purge requests to the CDN by data kind: taken (ok), tried again (retry), given up or refused (failed).',
        '# TYPE cdn_purges_total counter',
        `cdn_purges_total{result="ok"} ${counts.purged}`,
        `cdn_purges_total{result="retry"} ${counts.retried}`,
        `cdn_purges_total{result="failed"} ${counts.failed}`,
        '',
      ].join('\n');
    },
    close() {
      closed = true;
      unsubscribe();
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
