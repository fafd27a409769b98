import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskCache } from './cache.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'image-cache-'));
  dirs.push(dir);
  return dir;
}
const key = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

describe('disk cache', () => {
  it('stores by key, misses cleanly, and leaves no temporary files', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir, { maxBytes: 1024 });
    const k = 'ab'.repeat(32);
    expect(await cache.get(k)).toBeUndefined();
    await Promise.all([cache.set(k, Buffer.from('one')), cache.set(k, Buffer.from('one'))]);
    expect((await cache.get(k))?.toString()).toBe('one');
    expect(cache.pathOf(k)).toBe(join(dir, 'ab', k));
    expect(await readdir(dirname(cache.pathOf(k)))).toEqual([k]);
    expect([cache.size, cache.bytes]).toEqual([1, 3]);
  });

  it('stays within its budget by deleting the least recently used files', async () => {
    const cache = new DiskCache(await tempDir(), { maxBytes: 300 });
    await cache.open();
    for (const n of [1, 2, 3]) await cache.set(key(n), Buffer.alloc(100, n));
    await cache.get(key(1)); // used again: 2 is now the oldest
    await cache.set(key(4), Buffer.alloc(100, 4));
    await expect.poll(() => existsSync(cache.pathOf(key(2)))).toBe(false);
    expect([1, 3, 4].map((n) => existsSync(cache.pathOf(key(n))))).toEqual([true, true, true]);
    expect(cache.bytes).toBe(300);
    // A file bigger than the whole budget is not kept at all.
    expect(await cache.set(key(5), Buffer.alloc(301))).toBe(false);
    expect(existsSync(cache.pathOf(key(5)))).toBe(false);
  });

  it('indexes what an earlier run left, oldest first, and trims it to a smaller budget', async () => {
    const dir = await tempDir();
    for (const n of [1, 2, 3]) {
      const path = join(dir, key(n).slice(0, 2), key(n));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, Buffer.alloc(100));
      await utimes(path, 1000 + n, 1000 + n);
    }
    // A crashed write's temporary file goes; a fresh one (another instance writing into the shared folder) stays.
    const crashed = join(dir, key(1).slice(0, 2), `${key(1)}.123.abc.tmp`);
    await writeFile(crashed, 'half');
    await utimes(crashed, 1000, 1000);
    const writing = join(dir, key(2).slice(0, 2), `${key(2)}.456.def.tmp`);
    await writeFile(writing, 'half');
    const cache = new DiskCache(dir, { maxBytes: 200 });
    await cache.open();
    expect(existsSync(writing)).toBe(true);
    expect(cache.bytes).toBe(200);
    await expect.poll(() => existsSync(join(dir, key(1).slice(0, 2), key(1)))).toBe(false);
    expect(existsSync(join(dir, key(3).slice(0, 2), key(3)))).toBe(true);
    expect(await readdir(join(dir, key(1).slice(0, 2)))).toEqual([]);
  });

  it('treats an unusable folder as a miss and logs once per episode', async () => {
    const dir = await tempDir();
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the cache folder should be');
    const logged: string[] = [];
    const cache = new DiskCache(blocked, { maxBytes: 1024, log: (_details, message) => logged.push(message) });
    await cache.open();
    expect(await cache.set(key(1), Buffer.from('x'))).toBe(false);
    expect(await cache.get(key(1))).toBeUndefined();
    expect(await cache.set(key(2), Buffer.from('y'))).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/unusable/);
  });
});
