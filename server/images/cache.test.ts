import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskCache } from './cache.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('disk cache', () => {
  it('stores by key, misses cleanly, and leaves no temporary files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'image-cache-'));
    dirs.push(dir);
    const cache = new DiskCache(dir);
    const key = 'ab'.repeat(32);
    expect(await cache.get(key)).toBeUndefined();
    await Promise.all([cache.set(key, Buffer.from('one')), cache.set(key, Buffer.from('one'))]);
    expect((await cache.get(key))?.toString()).toBe('one');
    expect(cache.pathOf(key)).toBe(join(dir, 'ab', key));
    expect(await readdir(dirname(cache.pathOf(key)))).toEqual([key]);
  });
});
