import { describe, expect, it } from 'vitest';
import { serializeOptionSegments } from '#core/image/options.ts';
import type { ImageOptions } from '#core/image/types.ts';
import { outputOptions } from './cache-key.ts';

const key = (options: ImageOptions) => serializeOptionSegments(outputOptions(options)).join('/') + `@${options.format ?? ''}`;

describe('image cache key', () => {
  it('maps options that do not change the output to one key', () => {
    expect(key({ width: 100, quality: 20, format: 'png' })).toBe(key({ width: 100, format: 'png' }));
    expect(key({ width: 100, background: 'ffffff', format: 'jpeg' })).toBe(key({ width: 100, format: 'jpeg' }));
    expect(key({ width: 100, dpr: 2, format: 'webp' })).toBe(key({ width: 200, format: 'webp' }));
    expect(key({ width: 100, height: 50, position: 'no', format: 'webp' })).toBe(key({ width: 100, height: 50, format: 'webp' }));
    expect(key({ width: 100, fit: 'fill', position: 'no', format: 'webp' })).toBe(key({ width: 100, format: 'webp' }));
    expect(key({ fit: 'force', enlarge: true, position: 'sm', format: 'webp' })).toBe(key({ format: 'webp' }));
    expect(key({ width: 100, fit: 'auto', format: 'webp' })).toBe(key({ width: 100, format: 'webp' }));
  });

  it('keeps options that do change the output apart', () => {
    expect(key({ width: 100, quality: 20, format: 'webp' })).not.toBe(key({ width: 100, format: 'webp' }));
    expect(key({ width: 100, background: 'ffffff', format: 'png' })).not.toBe(key({ width: 100, format: 'png' }));
    expect(key({ width: 100, height: 50, fit: 'fill', position: 'no', format: 'webp' })).not.toBe(key({ width: 100, height: 50, fit: 'fill', format: 'webp' }));
    expect(key({ width: 100, height: 50, fit: 'auto', position: 'so', format: 'webp' })).not.toBe(key({ width: 100, height: 50, fit: 'auto', format: 'webp' }));
    expect(key({ width: 100, enlarge: true, format: 'webp' })).not.toBe(key({ width: 100, format: 'webp' }));
    expect(key({ width: 100, blur: 3, format: 'webp' })).not.toBe(key({ width: 100, format: 'webp' }));
    // Without a format asked, the source's own is kept: quality may matter (a jpeg source).
    expect(key({ width: 100, quality: 20 })).not.toBe(key({ width: 100 }));
  });
});
