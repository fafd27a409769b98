import { describe, expect, it } from 'vitest';
import { parseImagePath } from './url.ts';
import { buildUsageSet } from './usages.ts';
import { withMediaLook } from './media.ts';
import { parseOptionSegments, serializeOptionSegments } from './options.ts';

const picture = { src: 'uploads/ab/ab12.jpeg', width: 2000, height: 1000 };
const device = { webp: true, macOS: false };

describe("imgproxy's crop option", () => {
  it('reads crop:w:h[:gravity] and c:, sizes in pixels, fractions or 0', () => {
    expect(parseOptionSegments(['crop:300:200'])).toEqual({ crop: { width: 300, height: 200 } });
    expect(parseOptionSegments(['c:0.5:0.25:fp:0.3:0.6'])).toEqual({ crop: { width: 0.5, height: 0.25, gravity: { x: 0.3, y: 0.6 } } });
    expect(parseOptionSegments(['c:0:0.5:nowe'])).toEqual({ crop: { width: 0, height: 0.5, gravity: 'nowe' } });
  });

  it('refuses a crop without both sides, a fractional size above 1 and an unknown gravity', () => {
    for (const bad of ['c:100', 'c:1.5:100', 'c:-1:2', 'c:0.5:0.5:up', 'c:0.5:0.5:fp:2:0']) expect(() => parseOptionSegments([bad]), bad).toThrow();
  });

  it('writes the crop first and round-trips it; a crop of nothing is dropped', () => {
    const segments = serializeOptionSegments({
      width: 720,
      height: 450,
      fit: 'fill',
      position: { x: 0.2, y: 0.8 },
      crop: { width: 0.5, height: 0.4, gravity: { x: 0.35, y: 0.5 } },
    });
    expect(segments).toEqual(['c:0.5:0.4:fp:0.35:0.5', 'w:720', 'h:450', 'rt:fill', 'g:fp:0.2:0.8']);
    expect(parseOptionSegments(segments).crop).toEqual({ width: 0.5, height: 0.4, gravity: { x: 0.35, y: 0.5 } });
    expect(serializeOptionSegments({ width: 10, crop: { width: 0, height: 0 } })).toEqual(['w:10']);
  });
});

describe('a library picture in image URLs', () => {
  it('turns a crop rectangle into c:{w}:{h}:fp:{centre} and the focus into g:fp measured in the crop', () => {
    const looked = withMediaLook(picture, { crop: { x: 0.1, y: 0.2, width: 0.5, height: 0.6 }, focus: { x: 0.35, y: 0.5 } });
    expect(looked).toMatchObject({ width: 1000, height: 600, crop: { width: 0.5, height: 0.6, gravity: { x: 0.35, y: 0.5 } }, focus: { x: 0.5, y: 0.5 } });
    const set = buildUsageSet('publication', looked, device);
    for (const url of [set.src, set.placeholder, ...set.srcSet!.split(', ').map((part) => part.split(' ')[0]!)]) {
      expect(url).toContain('/c:0.5:0.6:fp:0.35:0.5/');
      expect(parseImagePath(url.slice('/img'.length)).options.position).toEqual({ x: 0.5, y: 0.5 });
    }
  });

  it('a focus point alone is g:fp:x:y; a whole-picture crop is no crop; no look changes nothing', () => {
    const focus = withMediaLook(picture, { crop: { x: 0, y: 0, width: 1, height: 1 }, focus: { x: 0.25, y: 0.75 } });
    expect(focus).toEqual({ ...picture, focus: { x: 0.25, y: 0.75 } });
    expect(buildUsageSet('card', focus, device).src).toMatch(/\/g:fp:0\.25:0\.75\//);
    expect(withMediaLook(picture, null)).toBe(picture);
    expect(buildUsageSet('card', picture, device).src).not.toMatch(/c:|fp:/);
  });

  it('keeps a side the crop keeps whole as 0 (imgproxy: the whole side), not 1 (one pixel)', () => {
    expect(withMediaLook(picture, { crop: { x: 0, y: 0.25, width: 1, height: 0.5 }, focus: null }).crop).toEqual({
      width: 0,
      height: 0.5,
      gravity: { x: 0.5, y: 0.5 },
    });
  });
});
