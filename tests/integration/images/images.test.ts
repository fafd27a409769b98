import { createServer, request, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp, { type Region, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImageUrl, encodeBase64Url } from '#core/image/url.ts';
import type { ImageOptions } from '#core/image/types.ts';
import imageProxy, { createImageSigner, type ImageProxyOptions, type TransformEvent } from '#server/modules/images/routes.ts';

const KEY = '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881';
const SALT = '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5';

let root: string;
let mediaDir: string;
let app: FastifyInstance;
let remote: Server;
let remoteHost: string;
const transforms: TransformEvent[] = [];

/** A PNG whose header claims 50000×50000 pixels: 10 GB once decoded, a few dozen bytes on disk. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 1200×800, one flat colour per quadrant: NW red, NE green, SW blue, SE yellow. */
function quadrants(): Sharp {
  const square = (color: string) => `<rect width="600" height="400" fill="${color}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${square('#ff0000')}<g transform="translate(600 0)">${square('#00ff00')}</g><g transform="translate(0 400)">${square('#0000ff')}</g><g transform="translate(600 400)">${square('#ffff00')}</g></svg>`;
  return sharp(Buffer.from(svg));
}

async function fixtures(): Promise<void> {
  await mkdir(join(mediaDir, 'fx'), { recursive: true });
  await quadrants().jpeg({ quality: 95 }).toFile(join(mediaDir, 'fx/quadrants.jpg'));
  await quadrants().png().toFile(join(mediaDir, 'fx/quadrants.png'));
  await quadrants().webp().toFile(join(mediaDir, 'fx/quadrants.webp'));
  // Grey, except one small busy patch on the right: what smart gravity should find.
  const patch = `<g transform="translate(950 500)">${Array.from({ length: 100 }, (_, i) => `<rect x="${(i % 10) * 15}" y="${Math.floor(i / 10) * 15}" width="15" height="15" fill="${i % 3 ? '#e11d48' : '#facc15'}"/>`).join('')}</g>`;
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#808080"/>${patch}</svg>`))
    .jpeg()
    .toFile(join(mediaDir, 'fx/salient.jpg'));
  const checks = Array.from({ length: 400 }, (_, i) =>
    (i + Math.floor(i / 20)) % 2 ? `<rect x="${(i % 20) * 20}" y="${Math.floor(i / 20) * 20}" width="20" height="20"/>` : '',
  ).join('');
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#fff"/>${checks}</svg>`))
    .png()
    .toFile(join(mediaDir, 'fx/checker.png'));
  // Transparent left half, opaque black right half.
  await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }, left: 200, top: 0 }])
    .png()
    .toFile(join(mediaDir, 'fx/alpha.png'));
  // Stored 200×100 with EXIF orientation 6: shown as 100×200.
  await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(join(mediaDir, 'fx/rotated.jpg'));
  await writeFile(join(mediaDir, 'fx/not-an-image.jpg'), 'this is a text file, not a picture\n'.repeat(20));
  await writeFile(join(mediaDir, 'fx/bomb.png'), bombPng());
  const jpeg = await readFile(join(mediaDir, 'fx/quadrants.jpg'));
  await writeFile(join(mediaDir, 'fx/truncated.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  await writeFile(join(root, 'secret.txt'), 'outside the media directory');
}

async function proxy(options: Partial<ImageProxyOptions> = {}): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(imageProxy, {
    prefix: '/img',
    mediaDir,
    cacheDir: join(root, `cache-${Math.random().toString(36).slice(2)}`),
    allowedHosts: [remoteHost],
    ...options,
  });
  return instance;
}

const url = (source: string, options: ImageOptions) => buildImageUrl(source, options);
async function get(path: string, headers: Record<string, string> = {}, instance = app) {
  const response = await instance.inject({ method: 'GET', url: path, headers });
  return response;
}
async function image(path: string) {
  const response = await get(path);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const meta = await sharp(response.rawPayload).metadata();
  return { response, meta, data: response.rawPayload };
}
/** Mean colour of an image region, as [r, g, b]. */
async function meanColour(data: Buffer, region?: Region): Promise<number[]> {
  // stats() reads the input, not the pipeline: cut the region out first.
  const cut = region ? await sharp(data).extract(region).png().toBuffer() : data;
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
const near = (actual: number[], expected: number[], tolerance = 40) => actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'image-proxy-'));
  mediaDir = join(root, 'media');
  await fixtures();
  const png = await readFile(join(mediaDir, 'fx/quadrants.png'));
  remote = createServer((request, response) => {
    if (request.url === '/a.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (request.url === '/redirect.png') return response.writeHead(302, { location: 'http://example.com/a.png' }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteHost = `127.0.0.1:${(remote.address() as AddressInfo).port}`;
  app = await proxy({ onTransform: (event) => transforms.push(event) });
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => remote?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

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
  it('writes webp, png and jpeg as asked, by extension or f:', async () => {
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const { meta, response } = await image(url('fx/quadrants.jpg', { width: 100, format }));
      expect(meta.format).toBe(format);
      expect(response.headers['content-type']).toBe(type);
    }
    expect((await image('/img/_/w:100/f:png/plain/fx/quadrants.jpg')).meta.format).toBe('png');
  });

  it("keeps the source's format when none is asked", async () => {
    expect((await image(url('fx/quadrants.jpg', { width: 100 }))).meta.format).toBe('jpeg');
    expect((await image(url('fx/quadrants.png', { width: 100 }))).meta.format).toBe('png');
    expect((await image(url('fx/quadrants.webp', { width: 100 }))).meta.format).toBe('webp');
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
    ['unknown format', '/img/_/w:100/plain/fx/quadrants.jpg@bmp', 400, 'unknown_format', 'Unsupported output format "bmp": use webp, png or jpg.'],
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
