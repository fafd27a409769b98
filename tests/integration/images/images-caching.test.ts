import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import imageProxy, { memoryRenderCounter, rateLimitStoreCounter } from '#server/modules/images/routes.ts';
import { connectRedis, rateLimitStore } from '#server/redis.ts';
import { flushNamespace, redisAnswers, TEST_REDIS_URL, testNamespace } from '#tests/support/redis.ts';
import { app, get, mediaDir, proxy, root, setUpImageProxy, transforms, url } from './image-proxy.ts';

setUpImageProxy();
const REDIS = await redisAnswers();

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

  it('limits renders of uncached variants per client and minute (429 with Retry-After), while cached ones keep serving', async () => {
    // A clock that stands still: the minute never ends during the test, however slow the machine.
    const limited = await proxy({ rendersPerMinute: 3, renderCounter: memoryRenderCounter(() => 0) });
    const as = (path: string, remoteAddress: string) => limited.inject({ method: 'GET', url: path, remoteAddress });
    try {
      const variants = [71, 72, 73, 74].map((width) => url('fx/quadrants.jpg', { width, format: 'webp' }));
      for (const path of variants.slice(0, 3)) expect((await as(path, '203.0.113.7')).statusCode).toBe(200);
      const refused = await as(variants[3]!, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json()).toEqual({ detail: 'Too many new image variants asked for; try again shortly.', code: 'too_many_variants' });
      // Cached variants are never limited, however many are asked.
      for (const path of [...variants.slice(0, 3), ...variants.slice(0, 3)]) {
        const cached = await as(path, '203.0.113.7');
        expect([cached.statusCode, cached.headers['x-image-cache']]).toEqual([200, 'hit']);
      }
      // Another visitor is not held back by the first one; once it made the variant, the first gets it from the cache.
      expect((await as(variants[3]!, '198.51.100.2')).statusCode).toBe(200);
      expect((await as(variants[3]!, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts an IPv6 client by its /64: a new address in it is not a new allowance', async () => {
    const limited = await proxy({ rendersPerMinute: 2, renderCounter: memoryRenderCounter(() => 0) });
    const as = (path: string, remoteAddress: string) => limited.inject({ method: 'GET', url: path, remoteAddress });
    try {
      const variants = [81, 82, 83, 84].map((width) => url('fx/quadrants.jpg', { width, format: 'webp' }));
      expect((await as(variants[0]!, '2001:db8:7:1::10')).statusCode).toBe(200);
      expect((await as(variants[1]!, '2001:db8:7:1:a:b:c:d')).statusCode).toBe(200);
      expect((await as(variants[2]!, '2001:db8:7:1:ffff::1')).statusCode).toBe(429);
      // The next /64 is another subscriber.
      expect((await as(variants[2]!, '2001:db8:7:2::10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts one client across instances that share the counter (as the site shares its rate-limit store)', async () => {
    const counter = memoryRenderCounter(() => 0);
    const [a, b] = [await proxy({ rendersPerMinute: 2, renderCounter: counter }), await proxy({ rendersPerMinute: 2, renderCounter: counter })];
    try {
      const as = (instance: typeof a, width: number) =>
        instance.inject({ method: 'GET', url: url('fx/quadrants.jpg', { width, format: 'png' }), remoteAddress: '203.0.113.9' });
      expect((await as(a, 81)).statusCode).toBe(200);
      expect((await as(b, 82)).statusCode).toBe(200);
      expect((await as(a, 83)).statusCode).toBe(429);
      expect((await as(b, 84)).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
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

describe.skipIf(!REDIS)(`image proxy: the per-client limit in the site's Redis store${REDIS ? '' : ` (skipped: no Redis at ${TEST_REDIS_URL})`}`, () => {
  it('holds across two instances counting in one Redis', async () => {
    const namespace = testNamespace('img-renders');
    const instances = [0, 1].map(() => connectRedis(TEST_REDIS_URL, namespace, { warn: () => undefined }));
    const counters = instances.map((redis) => rateLimitStoreCounter(new (rateLimitStore(redis, `${namespace}rl:img-renders:`))({})));
    const [a, b] = [await proxy({ rendersPerMinute: 2, renderCounter: counters[0]! }), await proxy({ rendersPerMinute: 2, renderCounter: counters[1]! })];
    try {
      await Promise.all(instances.map((redis) => expect.poll(() => redis.client.status, { timeout: 10_000 }).toBe('ready')));
      const as = (instance: typeof a, width: number) =>
        instance.inject({ method: 'GET', url: url('fx/quadrants.jpg', { width, format: 'png' }), remoteAddress: '203.0.113.10' });
      expect((await as(a, 91)).statusCode).toBe(200);
      expect((await as(b, 92)).statusCode).toBe(200);
      const refused = await as(a, 93);
      expect(refused.statusCode).toBe(429);
      // The seconds left of the client's minute, as Redis counts it.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await as(b, 94)).statusCode).toBe(429);
      // Made already, a variant is served to the same client on either instance.
      expect((await as(a, 91)).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(instances.map((redis) => redis.close()));
      await flushNamespace(namespace);
    }
  });
});
