import { describe, expect, it } from 'vitest';
import { IMAGE_USAGES, buildUsageSet, shareImageUrl, usageBox, withImageSets, type ImageUsageName } from './usages.ts';

const DEVICE = { webp: true, macOS: false };
const PICTURE = { src: 'catalogue/plans/a.png', width: 3200, height: 2000, alt: 'Plan' };
const sign = (path: string) => `S${path.length}`;

describe('image usages', () => {
  it('gives a box to every usage, fixed or at the picture aspect', () => {
    expect(usageBox('lotCard', PICTURE)).toEqual({ width: 360, height: 270 });
    expect(usageBox('facade', { width: 1000, height: 2500 })).toEqual({ width: 480, height: 1200 });
  });

  it('makes on the server exactly the URLs the component would, signed', () => {
    for (const usage of Object.keys(IMAGE_USAGES) as ImageUsageName[]) {
      const unsigned = buildUsageSet(usage, PICTURE, DEVICE);
      const signed = withImageSets(PICTURE, [usage], DEVICE, sign).imageSets?.[usage];
      expect(signed, usage).toBeDefined();
      const strip = (url: string | undefined) => url?.replace(/\/img\/[^/]+\//g, '/img/_/');
      expect(strip(signed?.src)).toBe(unsigned.src);
      expect(strip(signed?.srcSet)).toBe(unsigned.srcSet);
      expect(strip(signed?.placeholder)).toBe(unsigned.placeholder);
      for (const url of [signed?.src, signed?.placeholder, ...(signed?.srcSet ?? '').split(', ').filter(Boolean)]) expect(url).not.toMatch(/^\/img\/_\//);
    }
  });

  it('leaves the picture as it is without a signer, and keeps sets attached before', () => {
    expect(withImageSets(PICTURE, ['lotCard'], DEVICE, undefined)).toBe(PICTURE);
    const both = withImageSets(withImageSets(PICTURE, ['lotCard'], DEVICE, sign), ['lotRow'], DEVICE, sign);
    expect(Object.keys(both.imageSets ?? {})).toEqual(['lotCard', 'lotRow']);
    expect(PICTURE).not.toHaveProperty('imageSets');
  });

  it('shares a page with one 1200×630 JPEG, the same whoever asks, as an absolute address (signed when attached)', () => {
    const url = shareImageUrl(PICTURE, 'https://example.org');
    expect(url).toBe('https://example.org/img/_/w:1200/h:630/rt:fill/plain/catalogue/plans/a.png@jpg');
    for (const device of [DEVICE, { webp: false, macOS: true }])
      expect(buildUsageSet('share', PICTURE, device).src).toBe(url.slice('https://example.org'.length));
    const signed = withImageSets(PICTURE, ['share'], { webp: true, macOS: true }, sign);
    expect(shareImageUrl(signed, 'https://example.org')).toMatch(
      /^https:\/\/example\.org\/img\/S\d+\/w:1200\/h:630\/rt:fill\/plain\/catalogue\/plans\/a\.png@jpg$/,
    );
  });
});
