import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';

/** The stream's path, as the GrowthBook SDK opens it (`{streamingHost}/sub/{clientKey}`). */
export const STREAM_PATH = /^\/sub\//;
/** The SDK's EventSource reconnects after this long when the connection drops (REFERENCE). */
export const STREAM_RETRY_MS = 10_000;
/** A comment-like empty message this often keeps proxies from closing an idle stream (REFERENCE: every 30 s). */
export const STREAM_PING_MS = 30_000;
/** A client that reads nothing is dropped once this much waits for it (a ping is 8 bytes, a change 36). */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * `GET /sub/{clientKey}`: server-sent events for the GrowthBook SDK (REFERENCE "Feature flags and experiments",
 * ADR 015). First `retry: 10000`, then `event: features` with the payload; on every change of the flags
 * `event: features-updated` (the SDK fetches `/api/features/{clientKey}` again); a ping `data: ` every 30 s.
 *
 * Many pages hold a stream open, so a stream costs a socket and a small buffer, nothing more: no database
 * connection (one broadcaster per process hears the feature service's changes and writes to every stream), one
 * timer for all pings, no compression (a compressor would buffer the events), `X-Accel-Buffering: no` for nginx.
 * The load limits leave streams out (server/http/load.ts: an open stream is not a request in progress), and on
 * shutdown every stream is ended first, so the server closes at once instead of waiting for the browsers.
 */
export function registerFeatureStream(app: FastifyInstance, opts: { services: Services; config: Config; pingMs?: number }): void {
  const { services, config } = opts;
  const streams = new Set<PassThrough>();
  let closing = false;

  const write = (stream: PassThrough, text: string) => {
    stream.write(text);
    if (stream.writableLength > MAX_BUFFERED_BYTES) stream.destroy();
  };
  const broadcast = (text: string) => {
    for (const stream of streams) write(stream, text);
  };
  const unsubscribe = services.features.subscribe(() => broadcast('event: features-updated\ndata: \n\n'));
  const ping = setInterval(() => broadcast('data: \n\n'), opts.pingMs ?? STREAM_PING_MS);
  ping.unref();

  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(ping);
    unsubscribe();
    for (const stream of streams) stream.end();
    streams.clear();
  });

  app.get<{ Params: { clientKey: string } }>('/sub/:clientKey', { compress: false }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.params.clientKey !== config.GROWTHBOOK_CLIENT_KEY) return reply.code(404).send({ detail: 'Unknown client key.' });
    if (closing)
      return reply
        .code(503)
        .header('retry-after', String(STREAM_RETRY_MS / 1000))
        .send({ detail: 'Shutting down.' });
    const json = await services.features.payloadJson();
    const stream = new PassThrough();
    streams.add(stream);
    const drop = () => {
      streams.delete(stream);
      if (!stream.destroyed) stream.destroy();
    };
    reply.raw.once('close', drop);
    stream.once('close', () => streams.delete(stream));
    write(stream, `retry: ${STREAM_RETRY_MS}\n\n`);
    write(stream, `event: features\ndata: ${json}\n\n`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
