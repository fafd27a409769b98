import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import imageProxy from '#server/modules/images/routes.ts';
import { app, get, mediaDir, proxy, root, setUpImageProxy, transforms, url } from './image-proxy.ts';

setUpImageProxy();

describe('image proxy: caching', () => {
  it('answers immutable with an ETag, from the cache the second time, and 304 on revalidation', async () => {
    const path = url('fx/quadrants.jpg', { width: 77, format: 'webp' });
    const first = await get(path);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers['x-image-cache']).toBe('miss');
    const second = await get(path);
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await get(path, { 'if-none-match': `W/"other", ${first.headers.etag}` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await get(path, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('shares one cache entry between spellings of the same request', async () => {
    const a = await get('/img/_/w:55/q:80/g:ce/plain/fx/quadrants.jpg@png');
    const b = await get('/img/anything/g:ce/w:55/plain/local:///fx/quadrants.jpg@png');
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.headers['x-image-cache']).toBe('hit');
  });

  it('shares one cache entry between options that do not change the output (q for png, dpr, bg:fff for jpeg, g without a crop)', async () => {
    const same = [
      ['/img/_/w:56/plain/fx/quadrants.jpg@png', '/img/_/w:56/q:20/plain/fx/quadrants.jpg@png'],
      ['/img/_/w:120/plain/fx/quadrants.jpg@webp', '/img/_/w:60/dpr:2/plain/fx/quadrants.jpg@webp'],
      ['/img/_/w:57/plain/fx/alpha.png@jpg', '/img/_/w:57/bg:fff/plain/fx/alpha.png@jpg'],
      ['/img/_/w:58/h:30/plain/fx/quadrants.jpg@webp', '/img/_/w:58/h:30/g:no/plain/fx/quadrants.jpg@webp'],
    ];
    for (const [first, second] of same) {
      const a = await get(first!);
      const b = await get(second!);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.headers['x-image-cache'], second).toBe('hit');
      expect(b.headers.etag).toBe(a.headers.etag);
    }
    const webp = await get('/img/_/w:56/q:20/plain/fx/quadrants.jpg@webp');
    expect(webp.headers['x-image-cache']).toBe('miss');
  });

  it('keeps the disk cache within its budget, dropping the least recently used variants', async () => {
    const cacheDir = join(root, 'cache-budget');
    const budget = 12_000;
    const small = await proxy({ cacheDir, cacheMaxBytes: budget });
    const diskBytes = async () => {
      let total = 0;
      for (const folder of await readdir(cacheDir))
        for (const name of await readdir(join(cacheDir, folder))) total += (await stat(join(cacheDir, folder, name))).size;
      return total;
    };
    try {
      const first = url('fx/checker.png', { width: 200, format: 'png' });
      expect((await get(first, {}, small)).headers['x-image-cache']).toBe('miss');
      for (let width = 150; width < 190; width += 4) {
        expect((await get(url('fx/checker.png', { width, format: 'png' }), {}, small)).statusCode).toBe(200);
        // An evicted file is deleted just after the answer: the disk is back within budget once that is done.
        await expect.poll(diskBytes).toBeLessThanOrEqual(budget);
      }
      await expect.poll(diskBytes).toBeLessThanOrEqual(budget);
      // The first variant was the least recently used: it is gone from the disk, so it is made again.
      const again = await proxy({ cacheDir, cacheMaxBytes: budget });
      try {
        expect((await get(first, {}, again)).headers['x-image-cache']).toBe('miss');
        expect((await get(url('fx/checker.png', { width: 186, format: 'png' }), {}, again)).headers['x-image-cache']).toBe('hit');
      } finally {
        await again.close();
      }
    } finally {
      await small.close();
    }
  });

  it('rations new variants per client (429) while cached ones keep serving', async () => {
    const rationed = await proxy({ uncachedBurst: 3, uncachedPerSecond: 0.001 });
    const as = (path: string, remoteAddress: string) => rationed.inject({ method: 'GET', url: path, remoteAddress });
    try {
      const variants = [71, 72, 73, 74].map((width) => url('fx/quadrants.jpg', { width, format: 'webp' }));
      for (const path of variants.slice(0, 3)) expect((await as(path, '203.0.113.7')).statusCode).toBe(200);
      const refused = await as(variants[3]!, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ detail: 'Too many new image variants asked for; try again shortly.', code: 'too_many_variants' });
      const cached = await as(variants[0]!, '203.0.113.7');
      expect([cached.statusCode, cached.headers['x-image-cache']]).toEqual([200, 'hit']);
      // Another visitor is not held back by the first one.
      expect((await as(variants[3]!, '198.51.100.2')).statusCode).toBe(200);
      expect((await as(variants[3]!, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await rationed.close();
    }
  });

  it('serves what it made when the cache folder is unusable, and says so once in the log', async () => {
    const blocked = join(root, 'cache-blocked');
    await writeFile(blocked, 'a file where the cache folder should be');
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    await logged.register(imageProxy, { prefix: '/img', mediaDir, cacheDir: blocked, allowedHosts: [] });
    try {
      for (const width of [41, 42, 43]) {
        const response = await logged.inject({ method: 'GET', url: url('fx/quadrants.jpg', { width, format: 'png' }) });
        expect(response.statusCode).toBe(200);
        expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
      }
      const warnings = lines.filter((line) => line.includes('image cache folder unusable'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, dir: blocked });
    } finally {
      await logged.close();
    }
  });

  it('does the work once for concurrent requests of one uncached variant', async () => {
    const path = url('fx/salient.jpg', { width: 333, format: 'webp' });
    const before = transforms.length;
    const responses = await Promise.all(Array.from({ length: 12 }, () => get(path)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(transforms.length - before).toBe(1);
    expect(transforms.at(-1)).toMatchObject({ source: 'fx/salient.jpg', format: 'webp', width: 333 });
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: url('fx/quadrants.jpg', { width: 64, format: 'png' }) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
