import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp, { type Region, type Sharp } from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildImageUrl } from '#core/image/url.ts';
import type { ImageOptions } from '#core/image/types.ts';
import imageProxy, { type ImageProxyOptions, type TransformEvent } from '#server/modules/images/routes.ts';

/**
 * What the image proxy's tests share (images, images-caching, images-guards): the pictures they ask for, written to a
 * media folder of their own, a remote host serving one, the proxy `app` over them (its transforms recorded), and the
 * calls. `setUpImageProxy()` sets them up before a file's tests and removes them after; the bindings below are live.
 */
export const KEY = '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881';
export const SALT = '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5';

export let root: string;
export let mediaDir: string;
export let app: FastifyInstance;
let remote: Server;
export let remoteHost: string;
export const transforms: TransformEvent[] = [];

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
export function quadrants(): Sharp {
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
  // An alpha channel that shows nothing (as every catalogue PNG has), and palette line art.
  await quadrants().ensureAlpha().png().toFile(join(mediaDir, 'fx/opaque-alpha.png'));
  await sharp(join(mediaDir, 'fx/checker.png')).png({ palette: true, colours: 2 }).toFile(join(mediaDir, 'fx/palette.png'));
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

export async function proxy(options: Partial<ImageProxyOptions> = {}): Promise<FastifyInstance> {
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

export const url = (source: string, options: ImageOptions) => buildImageUrl(source, options);
/** Image types as Chromium (avif, webp), Safari 14 (webp) and an old browser (neither) send them for an <img>. */
export const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webp: 'image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5',
  neither: 'image/png,image/*;q=0.8,*/*;q=0.5',
} as const;
export async function get(path: string, headers: Record<string, string> = {}, instance = app) {
  const response = await instance.inject({ method: 'GET', url: path, headers });
  return response;
}
export async function image(path: string) {
  const response = await get(path);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const meta = await sharp(response.rawPayload).metadata();
  return { response, meta, data: response.rawPayload };
}
/** Mean colour of an image region, as [r, g, b]. */
export async function meanColour(data: Buffer, region?: Region): Promise<number[]> {
  // stats() reads the input, not the pipeline: cut the region out first.
  const cut = region ? await sharp(data).extract(region).png().toBuffer() : data;
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
export const near = (actual: number[], expected: number[], tolerance = 40) => actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);

export function setUpImageProxy(): void {
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
}
