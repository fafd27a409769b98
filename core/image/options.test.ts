import { describe, expect, it } from 'vitest';
import { normalizeImageOptions, parseOptionSegments, serializeOptionSegments, validateImageOptions } from './options.ts';
import { ImageUrlError, type ImageOptions } from './types.ts';

const parse = (...segments: string[]) => parseOptionSegments(segments);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ImageUrlError ? error.code : 'not an ImageUrlError';
  }
  return 'no error';
};

describe('image option parsing', () => {
  it('reads every option, short and long names alike', () => {
    expect(parse('w:300', 'h:200')).toEqual({ width: 300, height: 200 });
    expect(parse('width:300', 'height:0')).toEqual({ width: 300, height: 0 });
    for (const rt of ['fit', 'fill', 'fill-down', 'force', 'auto'] as const) {
      expect(parse(`rt:${rt}`)).toEqual({ fit: rt });
      expect(parse(`resizing_type:${rt}`)).toEqual({ fit: rt });
    }
    for (const g of ['ce', 'no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'sm'] as const) expect(parse(`g:${g}`)).toEqual({ position: g });
    expect(parse('g:fp:0.25:1')).toEqual({ position: { x: 0.25, y: 1 } });
    expect(parse('gravity:fp:0:0.5')).toEqual({ position: { x: 0, y: 0.5 } });
    expect(parse('q:75')).toEqual({ quality: 75 });
    expect(parse('quality:0')).toEqual({ quality: 0 });
    expect(parse('bl:30')).toEqual({ blur: 30 });
    expect(parse('blur:0.5')).toEqual({ blur: 0.5 });
    expect(parse('bg:fff')).toEqual({ background: 'ffffff' });
    expect(parse('bg:1A2b3C')).toEqual({ background: '1a2b3c' });
    expect(parse('background:255:0:16')).toEqual({ background: 'ff0010' });
    expect(parse('dpr:2')).toEqual({ dpr: 2 });
    expect(parse('dpr:0.5')).toEqual({ dpr: 0.5 });
    expect(parse('el:1')).toEqual({ enlarge: true });
    expect(parse('enlarge:f')).toEqual({ enlarge: false });
    expect(parse('f:webp')).toEqual({ format: 'webp' });
    expect(parse('format:jpg')).toEqual({ format: 'jpeg' });
    expect(parse('ext:png')).toEqual({ format: 'png' });
  });

  it('reads the rs and s meta options', () => {
    expect(parse('rs:fill:300:400:0')).toEqual({ fit: 'fill', width: 300, height: 400, enlarge: false });
    expect(parse('resize:fit:300')).toEqual({ fit: 'fit', width: 300 });
    expect(parse('s:100:50:1')).toEqual({ width: 100, height: 50, enlarge: true });
    expect(parse('size::50')).toEqual({ height: 50 });
  });

  it('accepts options in any order, the later of two winning', () => {
    expect(parse('dpr:2', 'q:50', 'w:10', 'rt:fill', 'h:20')).toEqual(parse('w:10', 'h:20', 'rt:fill', 'q:50', 'dpr:2'));
    expect(parse('w:10', 'w:20')).toEqual({ width: 20 });
  });

  it('names what is wrong', () => {
    expect(code(() => parse('zz:1'))).toBe('unknown_option');
    expect(() => parse('zz:1')).toThrow('Unknown image option "zz" in "zz:1".');
    expect(code(() => parse('w:abc'))).toBe('invalid_option');
    expect(code(() => parse('w:-5'))).toBe('invalid_option');
    expect(code(() => parse('w:1.5'))).toBe('invalid_option');
    expect(code(() => parse('w:12345678'))).toBe('invalid_option');
    expect(code(() => parse('w:1:2'))).toBe('invalid_option');
    expect(code(() => parse('rt:stretch'))).toBe('invalid_option');
    expect(() => parse('rt:stretch')).toThrow('expected one of fit, fill, fill-down, force, auto');
    expect(code(() => parse('g:middle'))).toBe('invalid_option');
    expect(code(() => parse('g:no:10:10'))).toBe('invalid_option');
    expect(code(() => parse('g:fp:1.5:0'))).toBe('invalid_option');
    expect(code(() => parse('g:fp:0.5'))).toBe('invalid_option');
    expect(code(() => parse('q:101'))).toBe('invalid_option');
    expect(code(() => parse('bl:101'))).toBe('invalid_option');
    expect(code(() => parse('bg:ggg'))).toBe('invalid_option');
    expect(code(() => parse('bg:256:0:0'))).toBe('invalid_option');
    expect(code(() => parse('dpr:0'))).toBe('invalid_option');
    expect(code(() => parse('dpr:5'))).toBe('invalid_option');
    expect(code(() => parse('el:maybe'))).toBe('invalid_option');
    expect(code(() => parse('f:bmp'))).toBe('unknown_format');
  });
});

describe('image option normalisation', () => {
  it('drops values equal to the defaults', () => {
    expect(normalizeImageOptions({ width: 0, height: 0, fit: 'fit', position: 'ce', quality: 80, blur: 0, dpr: 1, enlarge: false })).toEqual({});
    expect(normalizeImageOptions({ quality: 0 })).toEqual({});
    expect(normalizeImageOptions({ background: 'FFFFFF', quality: 60 })).toEqual({ background: 'ffffff', quality: 60 });
  });

  it('serialises in one fixed order, so equal requests share a cache key', () => {
    const a = serializeOptionSegments(parse('dpr:2', 'bg:000', 'bl:3', 'q:50', 'g:sm', 'el:1', 'rt:fill', 'h:20', 'w:10'));
    expect(a).toEqual(['w:10', 'h:20', 'rt:fill', 'el:1', 'g:sm', 'q:50', 'bl:3', 'bg:000000', 'dpr:2']);
    expect(serializeOptionSegments(parse('q:80', 'g:ce', 'w:10', 'dpr:1'))).toEqual(['w:10']);
    expect(serializeOptionSegments({ position: { x: 0.5, y: 0.25 } })).toEqual(['g:fp:0.5:0.25']);
  });

  it('round-trips every option through serialise → parse', () => {
    const samples: ImageOptions[] = [
      { width: 640, height: 480, fit: 'fill-down', position: { x: 0.1, y: 0.9 }, quality: 55, blur: 2.5, background: 'a0b0c0', dpr: 0.5, enlarge: true },
      { height: 100, fit: 'force', position: 'sowe' },
      { width: 1, fit: 'auto', position: 'sm', dpr: 4 },
    ];
    for (const options of samples) expect(parseOptionSegments(serializeOptionSegments(options))).toEqual(options);
  });

  it('validates options made in code with the parser rules', () => {
    expect(validateImageOptions({ width: 10, format: 'jpeg' })).toEqual({ width: 10, format: 'jpeg' });
    expect(code(() => validateImageOptions({ width: -1 }))).toBe('invalid_option');
    expect(code(() => validateImageOptions({ quality: 500 }))).toBe('invalid_option');
  });
});
