import { describe, expect, it } from 'vitest';
import { BLUR_DPR, buildImageSet, IMAGE_DENSITIES, MAC_OS_DPR, responsiveWidths } from './image-set.ts';
import { parseImagePath } from './url.ts';
import { DEFAULT_QUALITY } from './types.ts';
import { getImagePreset, getImageProvider, IMAGE_PRESETS } from './presets.ts';

const windows = { webp: true, macOS: false };
const mac = { webp: true, macOS: true };
const oldSafari = { webp: false, macOS: true };
const optionsOf = (url: string) => parseImagePath(url.slice('/img'.length)).options;

describe('spec §9 image constants', () => {
  it('are the spec values', () => {
    expect(IMAGE_DENSITIES).toEqual([1, 2]);
    expect(DEFAULT_QUALITY).toBe(80);
    expect(MAC_OS_DPR).toBe(2);
    expect(BLUR_DPR).toBe(0.5);
    expect(IMAGE_PRESETS.preview).toEqual({ quality: 20, blur: 30 });
  });
});

describe('image sets', () => {
  it('offers 1x and 2x, cropped to the reserved box, naming no format (the proxy negotiates it per Accept)', () => {
    const set = buildImageSet({ src: 'demo/hero.jpg', width: 800, height: 500 }, windows);
    expect(set.srcSet).toBe('/img/_/w:800/h:500/rt:fill/plain/demo/hero.jpg 1x, /img/_/w:800/h:500/rt:fill/dpr:2/plain/demo/hero.jpg 2x');
    expect(set.src).toBe('/img/_/w:800/h:500/rt:fill/plain/demo/hero.jpg');
    expect([set.width, set.height]).toEqual([800, 500]);
  });

  it('gives macOS dpr 2 for the single-URL src', () => {
    expect(optionsOf(buildImageSet({ src: 'a.jpg', width: 100, height: 100 }, mac).src).dpr).toBe(2);
  });

  it('writes the same URLs for a browser with or without WebP: one HTML for all, the format is chosen by the image answer', () => {
    const old = buildImageSet({ src: 'a.jpg', width: 100, height: 100 }, oldSafari);
    expect(old).toEqual(buildImageSet({ src: 'a.jpg', width: 100, height: 100 }, mac));
    for (const url of [old.src, old.placeholder]) expect(optionsOf(url).format).toBeUndefined();
    // A format asked for is kept, the placeholder's too.
    const jpeg = buildImageSet({ src: 'a.jpg', width: 100, height: 100, format: 'jpeg' }, windows);
    expect([optionsOf(jpeg.src).format, optionsOf(jpeg.placeholder).format]).toEqual(['jpeg', 'jpeg']);
  });

  it('makes the preview placeholder: quality 20, blur 30, dpr 0.5, same crop', () => {
    const set = buildImageSet({ src: 'a.jpg', width: 400, height: 300, position: 'sm' }, windows);
    expect(optionsOf(set.placeholder)).toEqual({ width: 400, height: 300, fit: 'fill', position: 'sm', quality: 20, blur: 30, dpr: 0.5 });
  });

  it('treats a blurred image as its own placeholder at dpr 0.5', () => {
    const set = buildImageSet({ src: 'a.jpg', width: 400, height: 300, preset: 'preview' }, mac);
    expect(set.srcSet).toBeUndefined();
    expect(optionsOf(set.src)).toMatchObject({ quality: 20, blur: 30, dpr: 0.5 });
  });

  it('lists widths with sizes, keeping the aspect ratio', () => {
    const set = buildImageSet({ src: 'a.jpg', width: 1000, height: 500, sizes: '100vw' }, windows);
    const candidates = (set.srcSet ?? '').split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(responsiveWidths(1000).map((w) => `${w}w`));
    for (const [url = '', w = ''] of candidates) {
      const o = optionsOf(url);
      expect(o.width).toBe(parseInt(w, 10));
      expect(o.height).toBe(Math.round(parseInt(w, 10) / 2));
    }
    expect(set.sizes).toBe('100vw');
  });

  it('ladders widths on the utility breakpoints at both densities, up to twice the box', () => {
    expect(responsiveWidths(800)).toEqual([320, 640, 768, 800, 1024, 1280, 1536, 1600]);
  });

  it('passes options through and lets explicit ones beat the preset', () => {
    const set = buildImageSet(
      { src: 'a.jpg', width: 10, height: 10, fit: 'fit', position: { x: 0.2, y: 0.8 }, quality: 60, background: 'fff', format: 'jpeg' },
      windows,
    );
    expect(optionsOf(set.src)).toEqual({ width: 10, height: 10, position: { x: 0.2, y: 0.8 }, quality: 60, background: 'ffffff', format: 'jpeg' });
    expect(optionsOf(buildImageSet({ src: 'a.jpg', width: 10, height: 10, preset: 'preview', quality: 50 }, windows).src).quality).toBe(50);
  });

  it('signs every URL when given a signer', () => {
    const set = buildImageSet({ src: 'a.jpg', width: 10, height: 10 }, windows, { sign: (path) => `S${path.length}` });
    for (const url of [set.src, set.placeholder, ...(set.srcSet ?? '').split(', ').map((c) => c.split(' ')[0] ?? '')]) {
      const parsed = parseImagePath(url.slice(4));
      expect(parsed.signature).toBe(`S${parsed.signedPath.length}`);
    }
  });

  it('throws for an unknown preset or provider (spec §8) and for a box it cannot reserve', () => {
    expect(() => buildImageSet({ src: 'a.jpg', width: 10, height: 10, preset: 'thumbnail' }, windows)).toThrow('Unknown image preset "thumbnail"');
    expect(() => buildImageSet({ src: 'a.jpg', width: 10, height: 10, provider: 'cloudinary' }, windows)).toThrow('Unknown image provider "cloudinary"');
    expect(() => getImagePreset('toString')).toThrow('Unknown image preset');
    expect(() => getImageProvider('constructor')).toThrow('Unknown image provider');
    expect(() => buildImageSet({ src: 'a.jpg', width: 0, height: 10 }, windows)).toThrow(RangeError);
    expect(() => buildImageSet({ src: 'a.jpg', width: 10.5, height: 10 }, windows)).toThrow(RangeError);
  });
});
