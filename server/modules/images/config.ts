import { resolve } from 'node:path';
import { z } from 'zod';
import { envMeta } from '../../lib/env.ts';
import type { ImageProxyOptions } from './options.ts';

const hex = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, 'must be an even-length hex string');

/**
 * The image proxy's environment variables (imgproxy-style proxy at /img, docs/decisions/003-image-proxy.md),
 * composed into the server's config schema by server/config.ts. Plain object, no refinements, so it stays
 * mergeable; `toImageProxyOptions` checks what spans two variables.
 */
export const imageConfigSchema = z
  .object({
    IMGPROXY_KEY: hex
      .optional()
      .describe(
        "Hex HMAC key for signed image URLs (imgproxy's IMGPROXY_KEY), with IMGPROXY_SALT (both or neither). With them every image URL the pages write is signed on the server; the key never reaches the browser. Without them URLs are unsigned.",
      ),
    IMGPROXY_SALT: hex.optional().describe("Hex salt of the signed image URLs (imgproxy's IMGPROXY_SALT), with IMGPROXY_KEY."),
    MEDIA_DIR: z
      .string()
      .min(1)
      .default('./data/media')
      .meta(envMeta({ defaultText: '`DATA_DIR/media`', example: './data/media' }))
      .describe("Where the site's media originals live."),
    IMAGE_CACHE_DIR: z
      .string()
      .min(1)
      .default('./data/image-cache')
      .meta(envMeta({ defaultText: '`DATA_DIR/image-cache`', example: './data/image-cache' }))
      .describe('Where processed variants are kept; safe to delete at any time.'),
    IMAGE_CACHE_MAX_MB: z.coerce
      .number()
      .positive()
      .default(1024)
      .describe('Disk budget of processed variants, in MB; past it the least recently used are deleted.'),
    IMAGE_RENDERS_PER_MINUTE: z.coerce
      .number()
      .int()
      .positive()
      .default(300)
      .describe(
        'Renders of uncached image variants one client (by address) may cause per minute, counted across instances with REDIS_URL; past it 429 with Retry-After. Cached variants are never limited.',
      ),
    IMAGE_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .describe('Comma-separated hosts (host or host:port) whose images the proxy may fetch; empty = local media only.'),
  })
  .meta({ title: 'Images' })
  .describe('The image proxy at /img: signed URLs, media originals and the cache of resized variants (server/modules/images/, ADR 003).');

export type ImageConfig = z.infer<typeof imageConfigSchema>;

export function toImageProxyOptions(config: ImageConfig): ImageProxyOptions {
  if (Boolean(config.IMGPROXY_KEY) !== Boolean(config.IMGPROXY_SALT)) {
    throw new Error('IMGPROXY_KEY and IMGPROXY_SALT must be set together (or both left empty for unsigned image URLs).');
  }
  return {
    mediaDir: resolve(config.MEDIA_DIR),
    cacheDir: resolve(config.IMAGE_CACHE_DIR),
    ...(config.IMGPROXY_KEY && config.IMGPROXY_SALT ? { key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT } : {}),
    allowedHosts: config.IMAGE_ALLOWED_HOSTS,
    cacheMaxBytes: Math.round(config.IMAGE_CACHE_MAX_MB * 1024 * 1024),
    rendersPerMinute: config.IMAGE_RENDERS_PER_MINUTE,
  };
}
