import type { FastifyInstance } from 'fastify';
import { ImageProxyError, type ImageErrorBody } from './errors.ts';
import type { ImageProxyOptions } from './options.ts';
import { ImageService } from './service.ts';
import { clientNetwork } from '../../lib/client-network.ts';

export { imageConfigSchema, toImageProxyOptions, type ImageConfig } from './config.ts';
export type { ImageProxyOptions, TransformEvent } from './options.ts';
export { memoryRenderCounter, rateLimitStoreCounter, type RenderCounter } from './render-limit.ts';
export { createImageSigner } from './signature.ts';

/** Variants never change for a URL (the options and source are the URL), so browsers and CDNs keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The image proxy: `app.register(imageProxy, { prefix: '/img', ...toImageProxyOptions(config) })`.
 * URLs follow imgproxy (REFERENCE "Image proxy URL"); build them with `buildImageUrl` from #core/image/url.ts.
 */
export default async function imageProxy(app: FastifyInstance, opts: ImageProxyOptions): Promise<void> {
  const service = await ImageService.create({ log: (details, message) => app.log.warn(details, message), ...opts });
  const prefix = app.prefix;

  app.setErrorHandler((error, request, reply) => {
    const known = ImageProxyError.from(error);
    if (known?.code === 'client_closed') return reply.code(known.statusCode).send();
    reply.header('cache-control', 'no-store');
    if (known?.statusCode === 503 || known?.statusCode === 429) reply.header('retry-after', String(known.retryAfterS ?? 1));
    if (known) return reply.code(known.statusCode).send({ detail: known.message, code: known.code } satisfies ImageErrorBody);
    request.log.error({ err: error }, 'image proxy failure');
    return reply.code(500).send({ detail: 'The image could not be produced.', code: 'internal_error' } satisfies ImageErrorBody);
  });

  app.get('/*', async (request, reply) => {
    // The raw URL, not the decoded route parameter: a plain source's %40 must stay distinct from the
    // `@` before the extension, and the signature covers the path exactly as sent.
    const end = request.url.indexOf('?');
    const path = (end < 0 ? request.url : request.url.slice(0, end)).slice(prefix.length);
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    const { accept, 'if-none-match': ifNoneMatch } = request.headers;
    const result = await service.handle(path, { ifNoneMatch, accept, signal: left.signal, client: clientNetwork(request.ip) });
    reply.header('cache-control', IMMUTABLE).header('etag', result.etag);
    // A URL without a format is answered per `Accept` (avif, webp, jpeg/png): caches keep one copy per value.
    if (result.negotiated) reply.header('vary', 'Accept');
    if (result.status === 304) return reply.code(304).send();
    return reply.header('content-type', result.contentType).header('x-image-cache', result.cache).send(result.data);
  });
}
