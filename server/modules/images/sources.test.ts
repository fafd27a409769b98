import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSources } from './sources.ts';

let root: string;
let sources: MediaSources;
let remote: Server;
let remoteHost: string;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'loaded',
    (error: { code?: string }) => error.code,
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-sources-'));
  await mkdir(join(root, 'media/demo'), { recursive: true });
  await writeFile(join(root, 'media/demo/a.jpg'), 'x');
  await writeFile(join(root, 'media/..dots.jpg'), 'x');
  await writeFile(join(root, 'secret.txt'), 'do not serve');
  await symlink(join(root, 'secret.txt'), join(root, 'media/escape.jpg'));
  await symlink(join(root, 'media/demo/a.jpg'), join(root, 'media/alias.jpg'));
  remote = createServer((request, response) => {
    if (request.url === '/small.png') return response.end(Buffer.alloc(500));
    if (request.url === '/huge.png') return response.end(Buffer.alloc(50_000));
    if (request.url === '/broken.png') return response.writeHead(500).end();
    if (request.url === '/slow.png') return setTimeout(() => response.end(Buffer.alloc(10)), 3000);
    if (request.url === '/stalls.png') return response.writeHead(200).write(Buffer.alloc(10));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteHost = `127.0.0.1:${(remote.address() as AddressInfo).port}`;
  sources = await MediaSources.open(join(root, 'media'), { allowedHosts: ['media.example.com', remoteHost], maxSourceBytes: 1000, remoteTimeoutMs: 500 });
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('media sources', () => {
  it('loads files inside the media directory, however the path is spelled', async () => {
    for (const source of ['demo/a.jpg', '/demo/a.jpg', 'local:///demo/a.jpg', 'demo/../demo/a.jpg', 'alias.jpg']) {
      expect(await sources.load(source)).toEqual({ kind: 'file', path: join(root, 'media/demo/a.jpg') });
    }
    expect(await sources.load('..dots.jpg')).toEqual({ kind: 'file', path: join(root, 'media/..dots.jpg') });
  });

  it('never leaves the media directory', async () => {
    for (const source of ['../secret.txt', 'demo/../../secret.txt', '/../secret.txt', 'local:///../secret.txt', '..', '']) {
      expect(await codeOf(sources.load(source))).toBe('source_outside_media');
    }
    expect(await codeOf(sources.load(`demo/a.jpg\0.png`))).toBe('source_outside_media');
    // A symlink planted inside the media directory cannot lead out of it either.
    expect(await codeOf(sources.load('escape.jpg'))).toBe('source_not_found');
  });

  it('reports missing files and directories as not found', async () => {
    expect(await codeOf(sources.load('demo/missing.jpg'))).toBe('source_not_found');
    expect(await codeOf(sources.load('demo'))).toBe('source_not_found');
  });

  it('fetches only from allow-listed hosts and only over http(s)', async () => {
    expect(await codeOf(sources.load('https://evil.example.com/a.jpg'))).toBe('host_not_allowed');
    expect(await codeOf(sources.load('http://169.254.169.254/latest/meta-data'))).toBe('host_not_allowed');
    expect(await codeOf(sources.load('file:///etc/passwd'))).toBe('unsupported_source_scheme');
    expect(await codeOf(sources.load('s3://bucket/a.jpg'))).toBe('unsupported_source_scheme');
  });

  it('downloads from an allowed host within the size and time limits', async () => {
    expect(await sources.load(`http://${remoteHost}/small.png`)).toEqual({ kind: 'buffer', data: Buffer.alloc(500) });
    expect(await codeOf(sources.load(`http://${remoteHost}/huge.png`))).toBe('source_too_large');
    expect(await codeOf(sources.load(`http://${remoteHost}/missing.png`))).toBe('source_not_found');
    expect(await codeOf(sources.load(`http://${remoteHost}/broken.png`))).toBe('source_fetch_failed');
    expect(await codeOf(sources.load(`http://${remoteHost}/slow.png`))).toBe('source_fetch_failed');
    expect(await codeOf(sources.load(`http://${remoteHost}/stalls.png`))).toBe('source_fetch_failed');
  });

  it('knows a media library upload however its path is spelt, so the proxy checks it still exists', () => {
    for (const upload of [
      'uploads/ab/c.jpg',
      '/uploads/c.jpg',
      './uploads/c.jpg',
      'a/../uploads/c.jpg',
      'uploads//c.jpg',
      'local:///uploads/c.jpg',
      'local:///./uploads/c.jpg',
    ]) {
      expect(MediaSources.isUpload(upload), upload).toBe(true);
    }
    for (const other of ['media/demo/a.jpg', 'uploads', 'uploads/../media/a.jpg', 'https://media.example.com/uploads/c.jpg', 'media/uploads/c.jpg']) {
      expect(MediaSources.isUpload(other), other).toBe(false);
    }
  });

  it('keys local sources by their path, so spellings share a cache entry', () => {
    expect(MediaSources.cacheKeyOf('local:///demo/a.jpg')).toBe('demo/a.jpg');
    expect(MediaSources.cacheKeyOf('/demo/a.jpg')).toBe('demo/a.jpg');
    expect(MediaSources.cacheKeyOf('https://x.example/a.jpg')).toBe('https://x.example/a.jpg');
  });
});
