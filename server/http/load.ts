import { monitorEventLoopDelay } from 'node:perf_hooks';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminPath } from '#core/admin/roles.ts';
import type { Config } from '../config.ts';
import { apiLocale } from './api/locale.ts';
import { errorTexts, serverErrorPage } from './error-page.ts';

/**
 * Admission and load shedding (ADR 010). In front of every page and API request:
 *
 * - what a visitor sends — a lead, a booking, a bid, a subscription, a form posted without JavaScript — is never
 *   queued nor shed (`isVisitorWrite`): it costs an insert, and the route answers 503 itself when the database cannot
 *   take it;
 * - other requests are admitted by how late the event loop runs (`monitorEventLoopDelay`, sampled every
 *   `SAMPLE_MS`): the number of requests in progress adapts, growing while the delay stays under
 *   LOAD_TARGET_EVENT_LOOP_DELAY_MS and shrinking when it goes above (between `FLOOR` and LOAD_MAX_IN_FLIGHT). Beyond
 *   the limit a request waits (LOAD_MAX_QUEUE, at most LOAD_MAX_QUEUE_WAIT_MS) and is shed when its wait runs out;
 *   a queue that stands (never empties for `QUEUE_INTERVAL_MS`) serves its newest first and, at each admission, sheds those
 *   waiting longer than LOAD_QUEUE_TARGET_MS (`createWaitQueue`);
 * - `@fastify/under-pressure` is the backstop: 503 while the event loop's delay, the heap or RSS is above its ceiling
 *   (0 = off), writes excepted.
 *
 * A shed request is answered before any other hook (a request with a body, once its body is in: see below), with
 * `Retry-After`, `no-store` and `Connection: close`: a client that retries at once must reconnect, or the 503s alone
 * can take the whole event loop. Probes, metrics and static assets are never shed.
 */

/** Never queued nor shed: probes must tell the truth quickly, and hashed assets cost nothing to send. */
export function isExempt(url: string): boolean {
  return /^\/(healthz|readyz|metrics)(\?|$)/.test(url) || url.startsWith('/assets/');
}

/**
 * What a visitor sends (spec: the POST writes): leads, bookings, bids, subscriptions and alerts through the API, the
 * legacy subscription post, and any page form post (the same forms without JavaScript; the back office's excepted).
 */
const VISITOR_WRITES =
  /^\/(api\/(request|meeting|broker_tour\/create_meeting|partner_meeting|presale_interest|multilingual_landing\/send_lead|subscription_forms\/[^/?]+\/submit|auction\/[^/?]+\/bid|alerts)|old\/subscribe)\/?(\?|$)/;

const isApi = (url: string) => /^\/(api|img|sub)(\/|\?|$)/.test(url);

/** Whether a request is a visitor's write, never shed while the database answers. */
export function isVisitorWrite(request: { method: string; url: string }): boolean {
  if (request.method !== 'POST') return false;
  if (VISITOR_WRITES.test(request.url)) return true;
  // A page's form post (no JavaScript): anything but the API, images, the flag stream and the back office.
  return !isApi(request.url) && !isAdminPath(request.url.split('?')[0] ?? '/');
}

/**
 * Not requests in progress (ADR 015): the flag stream stays open as long as its page (it is not work the server
 * is doing, and counting it would fill the slots with idle pages), and the flags payload is one string from
 * memory that every open page asks for at once after a change. Both are still refused while under pressure.
 */
export function isOutsideLimits(request: { method: string; url: string }): boolean {
  return request.method === 'GET' && (request.url.startsWith('/sub/') || request.url.startsWith('/api/features/'));
}

export type LoadLimits = {
  maxInFlight: number;
  targetDelayMs: number;
  maxQueue: number;
  maxQueueWaitMs: number;
  queueTargetMs: number;
  maxEventLoopDelayMs: number;
  maxHeapBytes: number;
  maxRssBytes: number;
  retryAfterS: number;
};

export function loadLimits(config: Config): LoadLimits {
  return {
    maxInFlight: config.LOAD_MAX_IN_FLIGHT,
    targetDelayMs: config.LOAD_TARGET_EVENT_LOOP_DELAY_MS,
    maxQueue: config.LOAD_MAX_QUEUE,
    maxQueueWaitMs: config.LOAD_MAX_QUEUE_WAIT_MS,
    queueTargetMs: config.LOAD_QUEUE_TARGET_MS,
    maxEventLoopDelayMs: config.LOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapBytes: config.LOAD_MAX_HEAP_MB * 1024 * 1024,
    maxRssBytes: config.LOAD_MAX_RSS_MB * 1024 * 1024,
    retryAfterS: config.LOAD_RETRY_AFTER_S,
  };
}

/** How often the event loop's delay is read and the limit adapted (ms). */
export const SAMPLE_MS = 200;
/** The fewest requests in progress the limit falls to: a render waiting on the database leaves the loop free. */
export const FLOOR = 4;

/**
 * The number of requests admitted at once, steered by the event loop's delay (additive increase, multiplicative
 * decrease): each sample below the target while the limit was reached raises it by a quarter (at least 1), each
 * sample above the target lowers it to 70 %. `targetDelayMs` 0 keeps it at the ceiling.
 */
export function createAdaptiveLimit(opts: { ceiling: number; targetDelayMs: number }) {
  const floor = Math.min(FLOOR, opts.ceiling);
  let limit = opts.targetDelayMs > 0 ? floor : opts.ceiling;
  let reached = false;
  return {
    get limit() {
      return limit;
    },
    /** Called when a request could not be admitted at once (the limit was what held it). */
    saturated() {
      reached = true;
    },
    /** One reading of the event loop's delay (ms). */
    sample(delayMs: number) {
      if (opts.targetDelayMs <= 0) return;
      if (delayMs > opts.targetDelayMs) limit = Math.max(floor, Math.floor(limit * 0.7));
      else if (reached) limit = Math.min(opts.ceiling, limit + Math.max(1, Math.floor(limit / 4)));
      reached = false;
    },
  };
}

/**
 * How long the queue must have stood (never emptied) before it is treated as overload rather than a burst (ms):
 * CoDel's interval, as in "Fail at scale" (Maurer, ACM Queue 2015).
 */
export const QUEUE_INTERVAL_MS = 100;

export type Waiter = {
  /** When it joined the queue (set by `push`, on the queue's clock). */
  since: number;
  admit: () => void;
  shed: () => void;
};

/**
 * The requests waiting for a slot: a burst is served first come, first served, but a queue that has not emptied for
 * `intervalMs` is overload, not a burst, and then (adaptive LIFO with CoDel's target, as Facebook's servers do) the
 * newest waiter goes first and, at each admission, the others that have waited longer than `targetMs` are shed: under a standing
 * queue a visitor's answer costs a short wait or a quick 503, never a long wait behind everyone else (the wait
 * the queue would add is what made the p99 at 400 connections 6× that at 10, issue #40). `targetMs` 0 keeps plain
 * first come, first served. Every waiter's own bound (LOAD_MAX_QUEUE_WAIT_MS) is its caller's timer.
 */
export function createWaitQueue(opts: { targetMs: number; intervalMs: number; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  const waiters: Waiter[] = [];
  /** When the queue was last seen empty. */
  let emptyAt = now();
  const standing = (at: number) => opts.targetMs > 0 && at - emptyAt > opts.intervalMs;
  return {
    get length() {
      return waiters.length;
    },
    push(waiter: Waiter) {
      waiter.since = now();
      if (waiters.length === 0) emptyAt = waiter.since;
      waiters.push(waiter);
    },
    /** Takes a waiter out without an answer (its client left, or its own wait ran out). */
    remove(waiter: Waiter) {
      const index = waiters.indexOf(waiter);
      if (index === -1) return;
      waiters.splice(index, 1);
      if (waiters.length === 0) emptyAt = now();
    },
    /** The waiter to admit next; under a standing queue the others past the target are handed to `shed` (at this admission). */
    take(shed: (waiter: Waiter) => void): Waiter | undefined {
      const at = now();
      let next: Waiter | undefined;
      if (standing(at)) {
        // The newest goes in even if it too is late: a free slot is never left idle while visitors get 503s.
        next = waiters.pop();
        while (waiters.length > 0 && at - waiters[0]!.since > opts.targetMs) shed(waiters.shift()!);
      } else {
        next = waiters.shift();
      }
      if (waiters.length === 0) emptyAt = at;
      return next;
    },
  };
}

/** Readies a 503 (status, headers) and returns its body: a small page, or `{"detail": …}` for the API. */
function overloaded(request: FastifyRequest, reply: FastifyReply, config: Config, retryAfterS: number): string | { detail: string } {
  // Shed before helmet's hook runs: the few headers this answer needs, set here.
  reply
    .code(503)
    .header('retry-after', String(retryAfterS))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  // The connection goes too: a shed client's socket is not kept for it, and a client in a loop must reconnect.
  reply.header('connection', 'close');
  if (isApi(request.url)) {
    const t = errorTexts(apiLocale(request));
    return { detail: `${t.title503}. ${t.description503}` };
  }
  const { html, locale } = serverErrorPage(request.url, 503, config.LOCALE_STRATEGY);
  reply.header('content-language', locale).type('text/html; charset=utf-8');
  return html;
}

/** Registers both guards on the root instance; call it before the routes and the other request hooks. `beforeInFlight` registers hooks that run between the two. */
export async function registerLoadShedding(
  app: FastifyInstance,
  config: Config,
  opts: { beforeInFlight?: () => void } = {},
): Promise<{ renderMetrics: () => string }> {
  const limits = loadLimits(config);
  let lastWarning = 0;
  /** Requests answered 503 by this process, by reason: shedding is part of normal overload, so it is counted, not only logged. */
  const shedCounts = new Map<string, number>();
  const warn = (reason: string, value: number) => {
    const key = reason.replace(/\s+/g, '_');
    shedCounts.set(key, (shedCounts.get(key) ?? 0) + 1);
    const now = Date.now();
    if (now - lastWarning < 10_000) return;
    lastWarning = now;
    app.log.warn({ reason, value }, 'shedding load: answering 503');
  };
  let gauges = { inFlight: 0, limit: 0, waiting: 0 };
  const renderMetrics = () =>
    [
      '# HELP load_shed_total Page and API requests answered 503 by admission, by reason (queue_standing, queue_wait, queue_full, eventLoopDelay, heapUsedBytes, rssBytes).',
      '# TYPE load_shed_total counter',
      ...[...shedCounts].map(([reason, n]) => `load_shed_total{reason="${reason}"} ${n}`),
      "# HELP load_in_flight Page and API requests in progress (visitors' writes, images and probes are not counted).",
      '# TYPE load_in_flight gauge',
      `load_in_flight ${gauges.inFlight}`,
      "# HELP load_in_flight_limit How many may be in progress now (it follows the event loop's delay).",
      '# TYPE load_in_flight_limit gauge',
      `load_in_flight_limit ${gauges.limit}`,
      '# HELP load_queue_waiting Requests waiting for a slot.',
      '# TYPE load_queue_waiting gauge',
      `load_queue_waiting ${gauges.waiting}`,
      '',
    ].join('\n');

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapBytes,
    maxRssBytes: limits.maxRssBytes,
    retryAfter: limits.retryAfterS,
    pressureHandler: (request, reply, type, value) => {
      if (isExempt(request.url) || isVisitorWrite(request)) return undefined;
      warn(type, Number(value ?? 0));
      // Sent here; the hook chain goes on (and stops, the reply being sent) once the answer is out.
      const out = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
      reply.send(overloaded(request, reply, config, limits.retryAfterS));
      return out;
    },
  });

  // What answers without work of its own (a kept page, page-fast-path.ts) goes before the in-flight limit: it is
  // never queued behind renders, as a CDN in front would not be.
  opts.beforeInFlight?.();
  if (limits.maxInFlight <= 0) return { renderMetrics };

  const adaptive = createAdaptiveLimit({ ceiling: limits.maxInFlight, targetDelayMs: limits.targetDelayMs });
  if (limits.targetDelayMs > 0) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const timer = setInterval(() => {
      // The mean lateness of the loop's turns over the sample, less the timer's own resolution (as under-pressure).
      const delayMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - 10) : 0;
      histogram.reset();
      adaptive.sample(delayMs);
    }, SAMPLE_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      histogram.disable();
    });
  }

  let active = 0;
  const queue = createWaitQueue({ targetMs: limits.queueTargetMs, intervalMs: QUEUE_INTERVAL_MS });
  gauges = {
    get inFlight() {
      return active;
    },
    get limit() {
      return adaptive.limit;
    },
    get waiting() {
      return queue.length;
    },
  };
  const release = () => {
    active -= 1;
    // Hand freed slots to the waiters still connected (the limit may have grown meanwhile).
    while (queue.length > 0 && active < adaptive.limit) {
      const next = queue.take((late) => {
        warn('queue standing', limits.queueTargetMs);
        late.shed();
      });
      if (!next) break;
      next.admit();
    }
  };

  const limit = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Images have their own bounds (one resize per core, a queue, a per-client ration of new variants) and a
    // browser never retries a failed image: they are not held behind pages and API calls. A visitor's write is
    // never held either.
    if (reply.sent || isExempt(request.url) || request.url.startsWith('/img/') || isOutsideLimits(request) || isVisitorWrite(request)) return done();
    const admit = () => {
      // A client gone before its slot (a body's sender that left while the body was read): its 'close' has been
      // emitted already and would never release a slot counted now.
      if (reply.raw.destroyed || request.raw.socket?.destroyed) return done();
      active += 1;
      reply.raw.once('close', release);
      done();
    };
    if (active < adaptive.limit) return admit();
    adaptive.saturated();
    if (queue.length >= limits.maxQueue) {
      warn('queue full', queue.length);
      return void reply.send(overloaded(request, reply, config, limits.retryAfterS));
    }
    const shed = () => reply.send(overloaded(request, reply, config, limits.retryAfterS));
    const waiter: Waiter = {
      since: 0,
      admit: () => {
        clearTimeout(timer);
        reply.raw.removeListener('close', gone);
        admit();
      },
      shed: () => {
        clearTimeout(timer);
        reply.raw.removeListener('close', gone);
        shed();
      },
    };
    const gone = () => {
      clearTimeout(timer);
      queue.remove(waiter);
    };
    const timer = setTimeout(() => {
      reply.raw.removeListener('close', gone);
      queue.remove(waiter);
      warn('queue wait', limits.maxQueueWaitMs);
      shed();
    }, limits.maxQueueWaitMs);
    reply.raw.once('close', gone);
    queue.push(waiter);
  };
  // A request with a body takes its slot once the body is in (every route's parser reads it whole, within its
  // bodyLimit, before `preValidation`): the slots bound the work of answering, and a client sending its body a byte
  // at a time must not hold one (four such uploads would otherwise answer every page and API call 503). How long
  // a body may take is the server's `requestTimeout` (server/app.ts).
  app.addHook('onRequest', (request, reply, done) => (hasBody(request) ? done() : limit(request, reply, done)));
  app.addHook('preValidation', (request, reply, done) => (hasBody(request) ? limit(request, reply, done) : done()));
  return { renderMetrics };
}

/** Whether a request announces a body (a length above 0, or a chunked one). */
export function hasBody(request: { headers: FastifyRequest['headers'] }): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
