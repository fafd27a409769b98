import sharp, { type Region } from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '#core/image/url.ts';
import type { ImageOptions } from '#core/image/types.ts';
import { get, image, meanColour, near, setUpImageProxy, url } from './image-proxy.ts';

setUpImageProxy();

describe('image proxy: sizes and resizing types', () => {
  const src = 'fx/quadrants.jpg';
  it.each([
    ['fit (default)', { width: 300, height: 300 }, [300, 200]],
    ['fit, width only', { width: 600 }, [600, 400]],
    ['fit, height only', { height: 100 }, [150, 100]],
    ['fit never enlarges', { width: 2400 }, [1200, 800]],
    ['enlarge', { width: 2400, enlarge: true }, [2400, 1600]],
    ['fill', { width: 300, height: 300, fit: 'fill' }, [300, 300]],
    ['fill on a small source', { width: 2000, height: 1000, fit: 'fill' }, [1200, 800]],
    ['fill-down keeps the aspect', { width: 2000, height: 1000, fit: 'fill-down' }, [1200, 600]],
    ['force', { width: 300, height: 300, fit: 'force' }, [300, 300]],
    ['auto, same orientation → fill', { width: 400, height: 300, fit: 'auto' }, [400, 300]],
    ['auto, other orientation → fit', { width: 200, height: 300, fit: 'auto' }, [200, 133]],
    ['dpr 2', { width: 100, height: 100, fit: 'fill', dpr: 2 }, [200, 200]],
    ['dpr 0.5', { width: 200, dpr: 0.5 }, [100, 67]],
  ] as [string, ImageOptions, number[]][])('%s', async (_name, options, size) => {
    const { meta } = await image(url(src, { ...options, format: 'webp' }));
    expect([meta.width, meta.height]).toEqual(size);
  });

  it('applies EXIF orientation before sizing', async () => {
    const { meta } = await image(url('fx/rotated.jpg', { width: 50 }));
    expect([meta.width, meta.height]).toEqual([50, 100]);
  });
});

describe('image proxy: formats', () => {
  it('writes avif, webp, png and jpeg as asked, by extension or f:', async () => {
    for (const [format, type, read] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const { meta, response } = await image(url('fx/quadrants.jpg', { width: 100, format }));
      expect(meta.format).toBe(read);
      expect(response.headers['content-type']).toBe(type);
    }
    expect((await image('/img/_/w:100/f:png/plain/fx/quadrants.jpg')).meta.format).toBe('png');
    expect((await image('/img/_/w:100/f:avif/plain/fx/quadrants.jpg')).meta.compression).toBe('av1');
  });

  it('reads the base64 source form', async () => {
    const { meta } = await image(`/img/_/w:120/${encodeBase64Url('fx/quadrants.jpg').replace(/(.{6})/g, '$1/')}.webp`.replace('/.webp', '.webp'));
    expect([meta.format, meta.width]).toEqual(['webp', 120]);
  });
});

describe('image proxy: gravity, blur, background, quality', () => {
  const src = 'fx/quadrants.jpg';
  const RED = [255, 0, 0];
  const GREEN = [0, 255, 0];
  const BLUE = [0, 0, 255];
  const YELLOW = [255, 255, 0];
  // A square crop of the 3:2 source cuts left or right; a 3:1 crop cuts top or bottom.
  const square = { width: 100, height: 100, fit: 'fill' as const, format: 'png' as const };
  const band = { width: 300, height: 100, fit: 'fill' as const, format: 'png' as const };
  const corner = async (options: ImageOptions, region: Region) => meanColour((await image(url(src, options))).data, region);

  it.each([
    ['we', square, { left: 0, top: 0, width: 20, height: 20 }, RED],
    ['ea', square, { left: 80, top: 0, width: 20, height: 20 }, GREEN],
    ['no', band, { left: 0, top: 0, width: 20, height: 20 }, RED],
    ['so', band, { left: 0, top: 80, width: 20, height: 20 }, BLUE],
    ['noea', band, { left: 280, top: 0, width: 20, height: 20 }, GREEN],
    ['nowe', band, { left: 0, top: 0, width: 20, height: 20 }, RED],
    ['soea', band, { left: 280, top: 80, width: 20, height: 20 }, YELLOW],
    ['sowe', band, { left: 0, top: 80, width: 20, height: 20 }, BLUE],
  ] as const)('g:%s keeps that side', async (position, box, region, colour) => {
    expect(near(await corner({ ...box, position }, region), colour)).toBe(true);
  });

  it('g:ce keeps the middle: the square crop straddles red and green', async () => {
    expect(near(await corner({ ...square, position: 'ce' }, { left: 0, top: 0, width: 10, height: 10 }), RED)).toBe(true);
    expect(near(await corner({ ...square, position: 'ce' }, { left: 90, top: 0, width: 10, height: 10 }), GREEN)).toBe(true);
  });

  it('g:fp keeps the focus point in view', async () => {
    // The band crop keeps 100 of 200 rows: a focus point low in the picture keeps the bottom half.
    const leftColumn = (y: number) => corner({ ...band, position: { x: 0.5, y } }, { left: 0, top: 0, width: 20, height: 100 });
    expect(near(await leftColumn(0.9), BLUE)).toBe(true);
    expect(near(await leftColumn(0.1), RED)).toBe(true);
    // The square crop keeps 100 of 150 columns; its middle column shows which side was kept.
    const square = (x: number) =>
      corner({ width: 100, height: 100, fit: 'fill', format: 'png', position: { x, y: 0.5 } }, { left: 40, top: 0, width: 20, height: 40 });
    expect(near(await square(0.9), GREEN)).toBe(true);
    expect(near(await square(0.1), RED)).toBe(true);
  });

  it('g:sm finds the busy part of the picture', async () => {
    const crop = { width: 300, height: 800, fit: 'fill' as const, format: 'png' as const };
    const stdev = async (options: ImageOptions) => (await sharp((await image(url('fx/salient.jpg', options))).data).stats()).channels[0]?.stdev ?? 0;
    const [smart, centre] = [await stdev({ ...crop, position: 'sm' }), await stdev({ ...crop, position: 'ce' })];
    expect(smart).toBeGreaterThan(20);
    expect(centre).toBeLessThan(5);
  });

  it('bl blurs', async () => {
    const stdev = async (options: ImageOptions) => (await sharp((await image(url('fx/checker.png', options))).data).stats()).channels[0]?.stdev ?? 0;
    const [sharpEdges, blurred] = [await stdev({ width: 200, format: 'png' }), await stdev({ width: 200, blur: 5, format: 'png' })];
    expect(sharpEdges).toBeGreaterThan(100);
    expect(blurred).toBeLessThan(sharpEdges / 2);
  });

  it('bg fills transparency; jpeg gets white without it', async () => {
    const withBg = await image(url('fx/alpha.png', { background: 'ff0000', format: 'png' }));
    expect(withBg.meta.hasAlpha).toBe(false);
    expect(near(await meanColour(withBg.data, { left: 0, top: 0, width: 100, height: 100 }), [255, 0, 0], 5)).toBe(true);
    expect(near(await meanColour(withBg.data, { left: 300, top: 0, width: 100, height: 100 }), [0, 0, 0], 5)).toBe(true);
    const rgb = await image('/img/_/bg:0:0:255/plain/fx/alpha.png@webp');
    expect(near(await meanColour(rgb.data, { left: 0, top: 0, width: 100, height: 100 }), [0, 0, 255], 10)).toBe(true);
    const jpeg = await image(url('fx/alpha.png', { format: 'jpeg' }));
    expect(near(await meanColour(jpeg.data, { left: 0, top: 0, width: 100, height: 100 }), [255, 255, 255], 5)).toBe(true);
  });

  it('q trades bytes for quality (0 means the default 80)', async () => {
    const bytes = async (quality?: number) => (await image(url('fx/salient.jpg', { width: 600, quality, format: 'webp' }))).data.length;
    const [low, high, byDefault] = [await bytes(10), await bytes(95), await bytes(undefined)];
    expect(low).toBeLessThan(byDefault);
    expect(byDefault).toBeLessThan(high);
    const zero = await get('/img/_/w:600/q:0/plain/fx/salient.jpg@webp');
    expect(zero.rawPayload.length).toBe(byDefault);
  });
});
