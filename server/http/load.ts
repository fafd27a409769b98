import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { apiLocale } from './api/locale.ts';
import { errorTexts, serverErrorPage } from './error-page.ts';

/**
 * Load shedding (ADR 010). Two guards in front of every page and API request:
 *
 * - a bound on the requests in progress (LOAD_MAX_IN_FLIGHT) with a short queue (LOAD_MAX_QUEUE, at most
 *   LOAD_MAX_QUEUE_WAIT_MS), 503 beyond it: answered requests keep a quiet server's latency, and memory stays
 *   bounded. Node renders on one thread, so a handful of renders at once keep it busy;
 * - `@fastify/under-pressure`: 503 while the event loop lags or the heap or RSS is above its ceiling (0 = off).
 *
 * A shed request is answered before any other hook (a request with a body, once its body is in: see below), with
 * `Retry-After`, `no-store` and `Connection: close`: a client that retries at once must reconnect, or the 503s alone
 * can take the whole event loop. Probes, metrics and static assets are never shed.
 */

/** Never queued nor shed: probes must tell the truth quickly, and hashed assets cost nothing to send. */
export function isExempt(url: string): boolean {
  return /^\/(healthz|readyz|metrics)(\?|$)/.test(url) || url.startsWith('/assets/');
}

const isApi = (url: string) => /^\/(api|img|sub)(\/|\?|$)/.test(url);

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
  maxQueue: number;
  maxQueueWaitMs: number;
  maxEventLoopDelayMs: number;
  maxHeapBytes: number;
  maxRssBytes: number;
  retryAfterS: number;
};

export function loadLimits(config: Config): LoadLimits {
  return {
    maxInFlight: config.LOAD_MAX_IN_FLIGHT,
    maxQueue: config.LOAD_MAX_QUEUE,
    maxQueueWaitMs: config.LOAD_MAX_QUEUE_WAIT_MS,
    maxEventLoopDelayMs: config.LOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapBytes: config.LOAD_MAX_HEAP_MB * 1024 * 1024,
    maxRssBytes: config.LOAD_MAX_RSS_MB * 1024 * 1024,
    retryAfterS: config.LOAD_RETRY_AFTER_S,
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
export async function registerLoadShedding(app: FastifyInstance, config: Config, opts: { beforeInFlight?: () => void } = {}): Promise<void> {
  const limits = loadLimits(config);
  let lastWarning = 0;
  const warn = (reason: string, value: number) => {
    const now = Date.now();
    if (now - lastWarning < 10_000) return;
    lastWarning = now;
    app.log.warn({ reason, value }, 'shedding load: answering 503');
  };

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapBytes,
    maxRssBytes: limits.maxRssBytes,
    retryAfter: limits.retryAfterS,
    pressureHandler: (request, reply, type, value) => {
      if (isExempt(request.url)) return undefined;
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
  if (limits.maxInFlight <= 0) return;
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    active -= 1;
    // Hand the slot to the oldest waiter still connected.
    const next = queue.shift();
    if (next) next();
  };

  const limit = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Images have their own bounds (one resize per core, a queue, a per-client ration of new variants) and a
    // browser never retries a failed image: they are not held behind pages and API calls.
    if (reply.sent || isExempt(request.url) || request.url.startsWith('/img/') || isOutsideLimits(request)) return done();
    const admit = () => {
      active += 1;
      reply.raw.once('close', release);
      done();
    };
    if (active < limits.maxInFlight) return admit();
    if (queue.length >= limits.maxQueue) {
      warn('queue full', queue.length);
      return void reply.send(overloaded(request, reply, config, limits.retryAfterS));
    }
    const waiter = () => {
      clearTimeout(timer);
      reply.raw.removeListener('close', gone);
      admit();
    };
    const leave = () => {
      const index = queue.indexOf(waiter);
      if (index !== -1) queue.splice(index, 1);
    };
    const gone = () => {
      clearTimeout(timer);
      leave();
    };
    const timer = setTimeout(() => {
      reply.raw.removeListener('close', gone);
      leave();
      warn('queue wait', limits.maxQueueWaitMs);
      reply.send(overloaded(request, reply, config, limits.retryAfterS));
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
}

/** Whether a request announces a body (a length above 0, or a chunked one). */
export function hasBody(request: { headers: FastifyRequest['headers'] }): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
