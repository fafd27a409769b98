import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageConfigSchema, toImageProxyOptions } from './config.ts';

describe('image proxy configuration', () => {
  it('has defaults for local media and no signing', () => {
    const config = imageConfigSchema.parse({});
    expect(config).toEqual({
      MEDIA_DIR: './data/media',
      IMAGE_CACHE_DIR: './data/image-cache',
      IMAGE_CACHE_MAX_MB: 1024,
      IMAGE_RENDERS_PER_MINUTE: 300,
      IMAGE_ALLOWED_HOSTS: [],
    });
    expect(toImageProxyOptions(config)).toEqual({
      mediaDir: resolve('data/media'),
      cacheDir: resolve('data/image-cache'),
      allowedHosts: [],
      cacheMaxBytes: 1024 * 1024 * 1024,
      rendersPerMinute: 300,
    });
  });

  it('reads the key pair and the host list', () => {
    const config = imageConfigSchema.parse({ IMGPROXY_KEY: 'aa', IMGPROXY_SALT: 'BB', IMAGE_ALLOWED_HOSTS: ' media.example.com, CDN.example.com:8443 ,' });
    expect(toImageProxyOptions(config)).toMatchObject({ key: 'aa', salt: 'BB', allowedHosts: ['media.example.com', 'cdn.example.com:8443'] });
  });

  it('reads the disk budget in MB and refuses a budget that is not a positive number', () => {
    expect(toImageProxyOptions(imageConfigSchema.parse({ IMAGE_CACHE_MAX_MB: '0.5' })).cacheMaxBytes).toBe(512 * 1024);
    expect(imageConfigSchema.safeParse({ IMAGE_CACHE_MAX_MB: '0' }).success).toBe(false);
    expect(imageConfigSchema.safeParse({ IMAGE_CACHE_MAX_MB: 'lots' }).success).toBe(false);
  });

  it('reads the per-client limit of uncached renders and refuses one that is not a whole positive number', () => {
    expect(toImageProxyOptions(imageConfigSchema.parse({ IMAGE_RENDERS_PER_MINUTE: '40' })).rendersPerMinute).toBe(40);
    for (const bad of ['0', '2.5', 'many']) expect(imageConfigSchema.safeParse({ IMAGE_RENDERS_PER_MINUTE: bad }).success).toBe(false);
  });

  it('rejects keys that are not hex, and a key without its salt', () => {
    expect(imageConfigSchema.safeParse({ IMGPROXY_KEY: 'secret' }).success).toBe(false);
    expect(() => toImageProxyOptions(imageConfigSchema.parse({ IMGPROXY_KEY: 'aa' }))).toThrow('IMGPROXY_KEY and IMGPROXY_SALT must be set together');
  });

  it('merges into a larger schema', () => {
    expect(imageConfigSchema.extend({ PORT: imageConfigSchema.shape.MEDIA_DIR }).parse({ PORT: 'x' }).PORT).toBe('x');
  });
});
