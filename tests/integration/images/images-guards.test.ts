import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImageUrl, encodeBase64Url } from '#core/image/url.ts';
import { createImageSigner } from '#server/modules/images/routes.ts';
import { app, get, image, KEY, proxy, remoteHost, SALT, setUpImageProxy, url } from './image-proxy.ts';

setUpImageProxy();

describe('image proxy: signatures', () => {
  let signed: FastifyInstance;
  const sign = createImageSigner({ key: KEY, salt: SALT });
  beforeAll(async () => {
    signed = await proxy({ key: KEY, salt: SALT });
  });
  afterAll(() => signed.close());

  it('serves a correctly signed URL', async () => {
    const response = await get(buildImageUrl('fx/quadrants.jpg', { width: 90, format: 'webp' }, { sign }), {}, signed);
    expect(response.statusCode).toBe(200);
  });

  it('refuses unsigned, wrongly signed and tampered URLs with 403', async () => {
    const good = buildImageUrl('fx/quadrants.jpg', { width: 90, format: 'webp' }, { sign });
    for (const path of [url('fx/quadrants.jpg', { width: 90, format: 'webp' }), good.replace('w:90', 'w:91'), `/img/AAAA${good.slice(good.indexOf('/', 5))}`]) {
      const response = await get(path, {}, signed);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'The image URL signature is missing or wrong.', code: 'bad_signature' });
    }
  });

  it('checks the signature before reading the options: a forged URL is 403 whatever it asks', async () => {
    for (const path of [
      '/img/forged/w:abc/plain/fx/quadrants.jpg@webp',
      '/img/forged/nonsense:1/plain/fx/quadrants.jpg@webp',
      '/img/forged/w:99999/plain/fx/quadrants.jpg@bmp',
      '/img/forged/w:90/not-base64!.webp',
      '/img/forged',
    ]) {
      const response = await get(path, {}, signed);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().code).toBe('bad_signature');
    }
    // Correctly signed, the same bad option is then a 400 that names it.
    const path = '/w:abc/plain/fx/quadrants.jpg@webp';
    const response = await get(`/img/${sign(path)}${path}`, {}, signed);
    expect([response.statusCode, response.json().code]).toEqual([400, 'invalid_option']);
  });

  it('accepts any signature segment when no key is configured', async () => {
    for (const segment of ['_', 'unsafe', 'insecure', 'whatever']) {
      expect((await get(`/img/${segment}/w:40/plain/fx/quadrants.jpg@png`)).statusCode).toBe(200);
    }
  });
});

describe('image proxy: sources', () => {
  it('fetches allow-listed remote hosts', async () => {
    const { meta } = await image(url(`http://${remoteHost}/a.png`, { width: 60, format: 'webp' }));
    expect([meta.format, meta.width]).toEqual(['webp', 60]);
  });

  it('refuses other hosts, and redirects away from allowed ones', async () => {
    const other = await get(url('http://example.com/a.png', { width: 60 }));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('host_not_allowed');
    expect((await get(url(`http://${remoteHost}/redirect.png`, { width: 60 }))).statusCode).toBe(502);
    expect((await get(url(`http://${remoteHost}/missing.png`, { width: 60 }))).statusCode).toBe(404);
  });
});

describe('image proxy: bad input gets a clear 4xx', () => {
  it.each([
    ['unknown option', '/img/_/zz:1/plain/fx/quadrants.jpg', 400, 'unknown_option', 'Unknown image option "zz" in "zz:1".'],
    ['malformed option', '/img/_/w:wide/plain/fx/quadrants.jpg', 400, 'invalid_option', 'Invalid image option "w:wide": expected a whole number of pixels.'],
    ['absurd width', '/img/_/w:100000/plain/fx/quadrants.jpg', 400, 'size_too_large', 'The requested width 100000 px is above the 4096 px limit.'],
    ['absurd height', '/img/_/h:5000/plain/fx/quadrants.jpg', 400, 'size_too_large', 'The requested height 5000 px is above the 4096 px limit.'],
    [
      'absurd dpr',
      '/img/_/w:100/dpr:50/plain/fx/quadrants.jpg',
      400,
      'invalid_option',
      'Invalid image option "dpr:50": expected a number above 0 and at most 4.',
    ],
    ['unknown format', '/img/_/w:100/plain/fx/quadrants.jpg@bmp', 400, 'unknown_format', 'Unsupported output format "bmp": use avif, webp, png or jpg.'],
    ['no source', '/img/_/w:100/plain/', 400, 'invalid_url', 'The image URL has no source.'],
    ['bad base64', '/img/_/w:100/@@@.png', 400, 'invalid_url', 'The image source is not valid URL-safe base64.'],
    ['missing source', '/img/_/w:100/plain/fx/nope.jpg', 404, 'source_not_found', 'No image at "fx/nope.jpg".'],
    ['non-image', '/img/_/w:100/plain/fx/not-an-image.jpg', 415, 'unsupported_source', 'The source is not an image the proxy can read.'],
    ['decompression bomb', '/img/_/w:100/plain/fx/bomb.png', 422, 'source_too_large', 'The source is 50000×50000 (2500 MP), above the 50 MP limit.'],
    ['damaged image', '/img/_/w:100/plain/fx/truncated.jpg', 422, 'source_unreadable', 'The source image is damaged or cannot be decoded.'],
    [
      'traversal, encoded',
      '/img/_/w:100/plain/%2e%2e%2fsecret.txt',
      400,
      'source_outside_media',
      'The image source "../secret.txt" points outside the media directory.',
    ],
    [
      'traversal, nested',
      '/img/_/w:100/plain/fx%2F%2E%2E%2F%2E%2E%2Fsecret.txt',
      400,
      'source_outside_media',
      'The image source "fx/../../secret.txt" points outside the media directory.',
    ],
    [
      'traversal, base64',
      `/img/_/w:100/${encodeBase64Url('../secret.txt')}.png`,
      400,
      'source_outside_media',
      'The image source "../secret.txt" points outside the media directory.',
    ],
    [
      'traversal, local://',
      '/img/_/w:100/plain/local:///..%2Fsecret.txt',
      400,
      'source_outside_media',
      'The image source "../secret.txt" points outside the media directory.',
    ],
    ['other scheme', '/img/_/w:100/plain/file:///etc/passwd', 400, 'unsupported_source_scheme', 'Image sources are media paths or http(s) URLs, not "file:".'],
  ])('%s', async (_name, path, status, code, detail) => {
    const response = await get(path);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ detail, code });
  });

  it('refuses a raw ../ that no client normalised away', async () => {
    // app.inject and fetch resolve dot segments before sending; a hand-made request does not.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/img/_/w:100/plain/fx/../../secret.txt' }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ detail: 'The image source "fx/../../secret.txt" points outside the media directory.', code: 'source_outside_media' });
  });

  it('keeps serving after every kind of failure', async () => {
    expect((await get(url('fx/quadrants.jpg', { width: 31, format: 'png' }))).statusCode).toBe(200);
  });

  it('rejects sources above a configured pixel limit before decoding them', async () => {
    const strict = await proxy({ maxSourcePixels: 500_000, maxDimension: 1000 });
    try {
      const response = await get('/img/_/w:100/plain/fx/quadrants.jpg', {}, strict);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe('The source is 1200×800 (1 MP), above the 0.5 MP limit.');
      expect((await get('/img/_/w:1001/plain/fx/checker.png', {}, strict)).json().code).toBe('size_too_large');
    } finally {
      await strict.close();
    }
  });
});
