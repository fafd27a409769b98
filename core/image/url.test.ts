import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildImagePath, buildImageUrl, decodeBase64Url, encodeBase64Url, parseImagePath, UNSIGNED_SIGNATURE } from './url.ts';
import { ImageUrlError, type ImageOptions } from './types.ts';

/** Computed here with node:crypto, independently of the server's signer. */
const hmac = (keyHex: string, saltHex: string) => (path: string) =>
  createHmac('sha256', Buffer.from(keyHex, 'hex')).update(Buffer.from(saltHex, 'hex')).update(path).digest('base64url');

describe('image URL builder', () => {
  it('writes the plain form with options in canonical order and the format as extension', () => {
    expect(buildImageUrl('demo/hero.jpg', { dpr: 2, width: 1600, height: 1000, fit: 'fill', format: 'webp' })).toBe(
      '/img/_/w:1600/h:1000/rt:fill/dpr:2/plain/demo/hero.jpg@webp',
    );
    expect(buildImageUrl('demo/hero.jpg', {})).toBe('/img/_/plain/demo/hero.jpg');
    expect(buildImageUrl('a.jpg', { format: 'jpeg' }, { baseUrl: 'https://cdn.example.com/i' })).toBe('https://cdn.example.com/i/_/plain/a.jpg@jpg');
  });

  it('percent-encodes what a plain source may not carry', () => {
    expect(buildImagePath('flats/plan 1@2x?v=3#top%.png', { format: 'png' })).toBe('/plain/flats/plan%201%402x%3Fv=3%23top%25.png@png');
    expect(buildImagePath('проект/фасад.jpg', {})).toBe('/plain/%D0%BF%D1%80%D0%BE%D0%B5%D0%BA%D1%82/%D1%84%D0%B0%D1%81%D0%B0%D0%B4.jpg');
  });

  it('writes the base64 form', () => {
    expect(buildImagePath('http://example.com/images/curiosity.jpg', { format: 'png' }, 'base64')).toBe(
      '/aHR0cDovL2V4YW1wbGUuY29tL2ltYWdlcy9jdXJpb3NpdHkuanBn.png',
    );
  });

  it('signs the path after the signature segment with the given signer', () => {
    const sign = hmac('736563726574', '68656C6C6F');
    const url = buildImageUrl('demo/hero.jpg', { width: 300, format: 'webp' }, { sign });
    const path = '/w:300/plain/demo/hero.jpg@webp';
    expect(url).toBe(`/img/${sign(path)}${path}`);
  });

  it('refuses an empty source', () => {
    expect(() => buildImageUrl('', {})).toThrow(ImageUrlError);
  });
});

describe('image URL parser', () => {
  it('round-trips every builder output, plain and base64', () => {
    const sources = ['demo/hero.jpg', 'flats/plan 1@2x?v=3#x%.png', 'проект/фасад.jpg', 'https://media.example.com/a/b.jpg?x=1&y=2'];
    const options: ImageOptions[] = [
      {},
      {
        width: 640,
        height: 480,
        fit: 'fill-down',
        position: { x: 0.1, y: 0.9 },
        quality: 55,
        blur: 2.5,
        background: 'a0b0c0',
        dpr: 0.5,
        enlarge: true,
        format: 'png',
      },
      { height: 100, fit: 'force', position: 'sowe', format: 'jpeg' },
      { width: 320, fit: 'auto', position: 'sm', format: 'webp' },
    ];
    for (const source of sources) {
      for (const o of options) {
        for (const encoding of ['plain', 'base64'] as const) {
          const path = buildImagePath(source, o, encoding);
          const parsed = parseImagePath(`/sig${path}`);
          expect(parsed).toEqual({ signature: 'sig', signedPath: path, options: o, source, encoding });
        }
      }
    }
  });

  it("reads imgproxy's documented URLs", () => {
    const parsed = parseImagePath('/sig/rs:fill:300:400:0/g:sm/aHR0cDovL2V4YW1w/bGUuY29tL2ltYWdl/cy9jdXJpb3NpdHku/anBn.png');
    expect(parsed.source).toBe('http://example.com/images/curiosity.jpg');
    expect(parsed.options).toEqual({ fit: 'fill', width: 300, height: 400, enlarge: false, position: 'sm', format: 'png' });
    expect(parsed.signedPath).toBe('/rs:fill:300:400:0/g:sm/aHR0cDovL2V4YW1w/bGUuY29tL2ltYWdl/cy9jdXJpb3NpdHku/anBn.png');
    expect(parseImagePath('/insecure/plain/http://example.com/images/curiosity.jpg@png').source).toBe('http://example.com/images/curiosity.jpg');
    expect(parseImagePath('/_/f:webp/plain/local:///a.jpg').options.format).toBe('webp');
  });

  it('lets the extension win over f:, and an empty extension keep the source format', () => {
    expect(parseImagePath('/_/f:webp/plain/a.jpg@png').options.format).toBe('png');
    expect(parseImagePath('/_/w:1/plain/a.jpg@').options).toEqual({ width: 1 });
  });

  it('names what is wrong', () => {
    const codeOf = (path: string) => {
      try {
        parseImagePath(path);
        return 'no error';
      } catch (error) {
        return (error as ImageUrlError).code;
      }
    };
    expect(codeOf('no-slash')).toBe('invalid_url');
    expect(codeOf('/sig')).toBe('invalid_url');
    expect(codeOf('/sig/w:100')).toBe('invalid_url');
    expect(codeOf('/sig/w:100/plain/')).toBe('invalid_url');
    expect(codeOf('/sig/w:100/plain/a%ZZ.jpg')).toBe('invalid_url');
    expect(codeOf('/sig/w:100/not*base64!')).toBe('invalid_url');
    expect(codeOf('/sig/w:100/plain/a.jpg@gif')).toBe('unknown_format');
    expect(codeOf('/sig/zz:1/plain/a.jpg')).toBe('unknown_option');
    expect(codeOf('/sig/:1/plain/a.jpg')).toBe('invalid_url');
  });

  it('uses "_" in the signature slot when unsigned', () => {
    expect(UNSIGNED_SIGNATURE).toBe('_');
  });
});

describe('base64url', () => {
  it('encodes UTF-8 without padding and decodes with or without it', () => {
    expect(encodeBase64Url('a')).toBe('YQ');
    expect(encodeBase64Url('фасад?>')).toBe(Buffer.from('фасад?>').toString('base64url'));
    expect(decodeBase64Url('YQ')).toBe('a');
    expect(decodeBase64Url('YQ==')).toBe('a');
    expect(() => decodeBase64Url('/w')).toThrow(ImageUrlError);
    expect(() => decodeBase64Url('_w')).toThrow('not valid URL-safe base64 of UTF-8');
  });
});
