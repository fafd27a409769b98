import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCEPT, get, setUpImageProxy, transforms, url } from './image-proxy.ts';

setUpImageProxy();

/** What one request for `path` gets: the status, its type, its Vary, and the format of the bytes as sharp reads them. */
async function answer(path: string, accept?: string) {
  const response = await get(path, accept === undefined ? {} : { accept });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const meta = await sharp(response.rawPayload).metadata();
  const read = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  return { type: response.headers['content-type'], vary: response.headers.vary, read, response };
}

describe('budget: the image format per Accept header', () => {
  it('a URL without a format: avif when accepted, then webp, else jpeg for a photograph, with Vary: Accept', async () => {
    const photo = url('fx/quadrants.jpg', { width: 120 });
    expect(await answer(photo, ACCEPT.avif)).toMatchObject({ type: 'image/avif', read: 'avif', vary: 'Accept' });
    expect(await answer(photo, ACCEPT.webp)).toMatchObject({ type: 'image/webp', read: 'webp', vary: 'Accept' });
    expect(await answer(photo, ACCEPT.neither)).toMatchObject({ type: 'image/jpeg', read: 'jpeg', vary: 'Accept' });
    // No Accept at all (a crawler, curl) is the same as neither.
    expect(await answer(photo)).toMatchObject({ type: 'image/jpeg', read: 'jpeg', vary: 'Accept' });
    // A type refused with q=0 is not offered.
    expect(await answer(photo, 'image/avif;q=0,image/webp')).toMatchObject({ type: 'image/webp', read: 'webp' });
  });

  it('png only for a picture that needs it: transparency that shows, or palette line art', async () => {
    expect(await answer(url('fx/alpha.png', { width: 120 }), ACCEPT.neither)).toMatchObject({ type: 'image/png', read: 'png', vary: 'Accept' });
    expect(await answer(url('fx/palette.png', { width: 120 }), ACCEPT.neither)).toMatchObject({ type: 'image/png', read: 'png' });
    // An alpha channel that shows nothing (every catalogue PNG has one) and a PNG or WebP photograph: jpeg.
    for (const source of ['fx/opaque-alpha.png', 'fx/quadrants.png', 'fx/quadrants.webp']) {
      expect(await answer(url(source, { width: 120 }), ACCEPT.neither), source).toMatchObject({ type: 'image/jpeg', read: 'jpeg' });
    }
    // Flattened on a background, transparency no longer shows: jpeg.
    expect(await answer(url('fx/alpha.png', { width: 121, background: 'ffffff' }), ACCEPT.neither)).toMatchObject({ read: 'jpeg' });
    // AVIF and WebP carry transparency themselves.
    const transparent = await answer(url('fx/alpha.png', { width: 122 }), ACCEPT.avif);
    expect([transparent.read, (await sharp(transparent.response.rawPayload).metadata()).hasAlpha]).toEqual(['avif', true]);
  });

  it('a format in the URL wins over Accept (imgproxy), and such an answer does not vary', async () => {
    for (const [path, type] of [
      [url('fx/quadrants.jpg', { width: 123, format: 'png' }), 'image/png'],
      [url('fx/quadrants.jpg', { width: 123, format: 'jpeg' }), 'image/jpeg'],
      ['/img/_/w:123/f:webp/plain/fx/quadrants.jpg', 'image/webp'],
      [url('fx/quadrants.jpg', { width: 123, format: 'avif' }), 'image/avif'],
    ] as const) {
      for (const accept of [ACCEPT.avif, ACCEPT.neither]) {
        const got = await answer(path, accept);
        expect([got.type, got.vary], `${path} for ${accept}`).toEqual([type, undefined]);
      }
    }
  });

  it('keeps each negotiated format under its own cache key and ETag', async () => {
    const path = url('fx/salient.jpg', { width: 140 });
    const avif = await get(path, { accept: ACCEPT.avif });
    const webp = await get(path, { accept: ACCEPT.webp });
    const jpeg = await get(path, { accept: ACCEPT.neither });
    expect([avif, webp, jpeg].map((r) => r.headers['x-image-cache'])).toEqual(['miss', 'miss', 'miss']);
    expect(new Set([avif, webp, jpeg].map((r) => r.headers.etag)).size).toBe(3);
    // Asked again, each client gets its own format back from the cache, with nothing made.
    const made = transforms.length;
    for (const [accept, first] of [
      [ACCEPT.avif, avif],
      [ACCEPT.webp, webp],
      [ACCEPT.neither, jpeg],
    ] as const) {
      const again = await get(path, { accept });
      expect([again.headers['x-image-cache'], again.headers['content-type'], again.headers.etag]).toEqual([
        'hit',
        first.headers['content-type'],
        first.headers.etag,
      ]);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(transforms.length).toBe(made);
    // The negotiated AVIF is the same variant as the one asked by extension: one entry for both.
    expect((await get(url('fx/salient.jpg', { width: 140, format: 'avif' }), { accept: ACCEPT.neither })).headers['x-image-cache']).toBe('hit');
    // Revalidation follows the client's format: its own ETag is 304 (still varying), another's is a full answer.
    const revalidated = await get(path, { accept: ACCEPT.avif, 'if-none-match': String(avif.headers.etag) });
    expect([revalidated.statusCode, revalidated.headers.vary]).toEqual([304, 'Accept']);
    expect((await get(path, { accept: ACCEPT.webp, 'if-none-match': String(avif.headers.etag) })).statusCode).toBe(200);
  });
});
