import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { memoryHeldPlaces, type HeldPlaces } from '../../redis.ts';
import { clientNetwork } from '../../lib/client-network.ts';

/** The stream's path, as the GrowthBook SDK opens it (`{streamingHost}/sub/{clientKey}`). */
export const STREAM_PATH = /^\/sub\//;
/** The SDK's EventSource reconnects after this long when the connection drops (REFERENCE). */
export const STREAM_RETRY_MS = 10_000;
/** A comment-like empty message this often keeps proxies from closing an idle stream (REFERENCE: every 30 s). */
export const STREAM_PING_MS = 30_000;
/** The Retry-After (seconds) of a stream refused for a full server or client: the SDK backs off on its own anyway. */
export const STREAM_REFUSED_RETRY_AFTER_S = 30;
/**
 * What may wait in our buffer for one client beyond what its socket took (a ping is 8 bytes, a change 36, the
 * payload a few KiB). A client that has not taken the previous message when the next one comes, or has more than
 * this waiting, is dropped: a client that stops reading costs its socket and nothing that grows.
 */
export const MAX_BUFFERED_BYTES = 16 * 1024;
/** How long an ended stream's client has to take the end before its socket is destroyed. */
const END_GRACE_MS = 5_000;

/** What a stream writes to: the response (tests give a plain Writable). */
export type StreamSink = {
  write(chunk: string): boolean;
  end(): unknown;
  destroy(): unknown;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  readonly writableNeedDrain: boolean;
  readonly writableLength: number;
};

/**
 * Writes one message to a stream unless its client is behind: a client that still has not taken what it was
 * sent before (the socket's buffer and ours full) is dropped instead of being buffered for. False when dropped
 * (or already gone).
 */
export function writeOrDrop(sink: StreamSink, text: string, maxBuffered = MAX_BUFFERED_BYTES): boolean {
  if (sink.destroyed || sink.writableEnded) return false;
  if (sink.writableNeedDrain || sink.writableLength > maxBuffered) {
    sink.destroy();
    return false;
  }
  sink.write(text);
  return true;
}

export type StreamLimits = {
  /** Streams open at once in this process. */
  max: number;
  /** Streams open at once per client address. */
  perClient: number;
  /** Streams a client address may open per minute. */
  perMinute: number;
  /** A stream's longest life (ms); each ends between 75 % and 100 % of it. */
  maxAgeMs: number;
};

export function streamLimits(config: Config): StreamLimits {
  return {
    max: config.FLAGS_STREAMS_MAX,
    perClient: config.FLAGS_STREAMS_PER_CLIENT,
    perMinute: config.FLAGS_STREAMS_PER_MINUTE,
    maxAgeMs: config.FLAGS_STREAM_MAX_AGE_MS,
  };
}

type RefusedReason = 'server_full' | 'client_full' | 'rate';
type EndReason = 'lifetime' | 'slow' | 'shutdown';

type Stream = { sink: FastifyReply['raw']; release: () => void; timers: ReturnType<typeof setTimeout>[] };

/**
 * `GET /sub/{clientKey}`: server-sent events for the GrowthBook SDK (REFERENCE "Feature flags and experiments",
 * ADR 015). First `retry: 10000`, then `event: features` with the payload; on every change of the flags
 * `event: features-updated` (the SDK fetches `/api/features/{clientKey}` again); a ping `data: ` every 30 s.
 *
 * Many pages hold a stream open, so a stream costs a socket and a small buffer, nothing more: no database
 * connection (one broadcaster per process hears the feature service's changes and writes to every stream), one
 * timer for all pings, no compression (a compressor would buffer the events), `X-Accel-Buffering: no` for nginx.
 * The load limits leave streams out (server/http/load.ts: an open stream is not a request in progress), so they
 * have bounds of their own: at most FLAGS_STREAMS_MAX open in this process, FLAGS_STREAMS_PER_CLIENT per client
 * address (503 + Retry-After beyond; counted across instances when they share a Redis), FLAGS_STREAMS_PER_MINUTE opened per client (429), each ended after FLAGS_STREAM_MAX_AGE_MS
 * less up to a quarter (jitter, so reconnections spread out; the SDK reconnects after `retry`), and a client that
 * stops reading is dropped rather than buffered for. On shutdown every stream is ended first, so the server
 * closes at once instead of waiting for the browsers.
 *
 * Returns the stream's lines for `/metrics` (open streams, refusals, ends).
 */
export function registerFeatureStream(
  app: FastifyInstance,
  opts: {
    services: Services;
    config: Config;
    pingMs?: number;
    /** The JSON error handler (`{detail}`) for what the route throws (the rate limit's 429). */
    onError?: Parameters<FastifyInstance['setErrorHandler']>[0];
    /** For the lifetime's jitter (tests). */
    random?: () => number;
    /** Where the streams a client holds are counted: Redis when instances share one (ADR 024), else this process. */
    places?: HeldPlaces;
  },
): { renderMetrics: () => string } {
  const { services, config } = opts;
  const limits = streamLimits(config);
  const random = opts.random ?? Math.random;
  const streams = new Set<Stream>();
  const places = opts.places ?? memoryHeldPlaces();
  const refused: Record<RefusedReason, number> = { server_full: 0, client_full: 0, rate: 0 };
  const ended: Record<EndReason, number> = { lifetime: 0, slow: 0, shutdown: 0 };
  let closing = false;

  const forget = (stream: Stream) => {
    if (!streams.delete(stream)) return;
    for (const timer of stream.timers) clearTimeout(timer);
    stream.release();
  };
  /** Ends a stream; a client that does not take the end within END_GRACE_MS loses its socket. */
  const end = (stream: Stream, reason: EndReason) => {
    ended[reason] += 1;
    forget(stream);
    const { sink } = stream;
    if (sink.destroyed) return;
    if (sink.writableNeedDrain) return void sink.destroy();
    sink.end();
    const grace = setTimeout(() => sink.destroy(), END_GRACE_MS);
    grace.unref();
    sink.once('close', () => clearTimeout(grace));
  };
  const send = (stream: Stream, text: string) => {
    if (!writeOrDrop(stream.sink, text)) {
      if (streams.has(stream)) ended.slow += 1;
      forget(stream);
    }
  };
  const broadcast = (text: string) => {
    for (const stream of streams) send(stream, text);
  };
  const unsubscribe = services.features.subscribe(() => broadcast('event: features-updated\ndata: \n\n'));
  const ping = setInterval(() => broadcast('data: \n\n'), opts.pingMs ?? STREAM_PING_MS);
  ping.unref();

  const refuse = (reply: FastifyReply, reason: Exclude<RefusedReason, 'rate'>, detail: string) => {
    refused[reason] += 1;
    // The connection goes too: a refused client's socket is not kept open for it (server/http/load.ts does the same).
    return reply.code(503).header('retry-after', String(STREAM_REFUSED_RETRY_AFTER_S)).header('connection', 'close').send({ detail });
  };

  void app.register(async (scope) => {
    const onError = opts.onError;
    // What the route throws is the rate limit's 429: its socket is not kept for it either (see refuse).
    if (onError)
      scope.setErrorHandler(function (error, request, reply) {
        reply.header('connection', 'close');
        return onError.call(this, error, request, reply);
      });
    scope.addHook('preClose', async () => {
      closing = true;
      clearInterval(ping);
      unsubscribe();
      for (const stream of [...streams]) end(stream, 'shutdown');
    });

    scope.get<{ Params: { clientKey: string } }>(
      '/sub/:clientKey',
      {
        compress: false,
        config: {
          rateLimit: {
            max: limits.perMinute,
            timeWindow: '1 minute',
            onExceeded: () => {
              refused.rate += 1;
            },
          },
        },
      },
      async (request: FastifyRequest<{ Params: { clientKey: string } }>, reply) => {
        reply.header('cache-control', 'no-store');
        if (request.params.clientKey !== config.GROWTHBOOK_CLIENT_KEY) return reply.code(404).send({ detail: 'Unknown client key.' });
        if (closing)
          return reply
            .code(503)
            .header('retry-after', String(STREAM_RETRY_MS / 1000))
            .send({ detail: 'Shutting down.' });
        const json = await services.features.payloadJson();
        if (streams.size >= limits.max) return refuse(reply, 'server_full', 'Too many open streams on this server; try again later.');
        // The client's place is taken atomically (in Redis across instances, or here), and given back if the server is full after all.
        const release = await places.acquire(clientNetwork(request.ip), limits.perClient, limits.maxAgeMs);
        if (!release) return refuse(reply, 'client_full', 'Too many open streams from this address; try again later.');
        // Checked again after the last await, so no two requests pass the same free place.
        if (streams.size >= limits.max || closing || request.raw.destroyed) {
          release();
          if (closing || request.raw.destroyed)
            return reply
              .code(503)
              .header('retry-after', String(STREAM_RETRY_MS / 1000))
              .send({ detail: 'Shutting down.' });
          return refuse(reply, 'server_full', 'Too many open streams on this server; try again later.');
        }

        // Written to the socket directly: a write the socket does not take is seen at once (writeOrDrop).
        reply.hijack();
        const sink = reply.raw;
        const stream: Stream = { sink, release, timers: [] };
        streams.add(stream);
        sink.once('close', () => forget(stream));
        const lifetime = limits.maxAgeMs * (0.75 + 0.25 * random());
        const timer = setTimeout(() => end(stream, 'lifetime'), lifetime);
        timer.unref();
        stream.timers.push(timer);
        // The headers the hooks set (helmet's, the rate limit's), then the stream's own.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) sink.setHeader(name, value);
        sink.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          // An ended stream frees its socket at once (the SDK opens a new connection after `retry`).
          connection: 'close',
        });
        send(stream, `retry: ${STREAM_RETRY_MS}\n\nevent: features\ndata: ${json}\n\n`);
      },
    );
  });

  return {
    renderMetrics(): string {
      const lines = [
        '# HELP flag_streams_open Flag streams (/sub/{clientKey}) open now.',
        '# TYPE flag_streams_open gauge',
        `flag_streams_open ${streams.size}`,
        '# HELP flag_streams_refused_total Flag streams refused: the server or the client address at its cap (503), or opening too many a minute (429).',
        '# TYPE flag_streams_refused_total counter',
        ...Object.entries(refused).map(([reason, n]) => `flag_streams_refused_total{reason="${reason}"} ${n}`),
        '# HELP flag_streams_ended_total Flag streams the server ended: at the end of their lifetime, a client that stopped reading, or shutdown.',
        '# TYPE flag_streams_ended_total counter',
        ...Object.entries(ended).map(([reason, n]) => `flag_streams_ended_total{reason="${reason}"} ${n}`),
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}
