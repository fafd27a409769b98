import { resolve } from 'node:path';
import { z } from 'zod';
import type { ImageProxyOptions } from './options.ts';

const hex = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, 'must be an even-length hex string');

/**
 * The image proxy's environment variables, to merge into the server's config schema
 * (`configSchema.extend(imageConfigSchema.shape)`). Plain object, no refinements, so it stays mergeable;
 * `toImageProxyOptions` checks what spans two variables.
 */
export const imageConfigSchema = z.object({
  /** Hex HMAC key for signed image URLs (imgproxy's IMGPROXY_KEY); without it URLs are unsigned. */
  IMGPROXY_KEY: hex.optional(),
  IMGPROXY_SALT: hex.optional(),
  /** Where the site's media originals live. */
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  /** Where processed variants are kept; safe to delete at any time. */
  IMAGE_CACHE_DIR: z.string().min(1).default('./data/image-cache'),
  /** Disk budget of processed variants, in MB; past it the least recently used are deleted. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().default(1024),
  /** Comma-separated hosts (host or host:port) whose images the proxy may fetch; empty = local media only. */
  IMAGE_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
});

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
  };
}
