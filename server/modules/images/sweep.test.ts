import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskCache } from './cache.ts';
import { sweepDiskCache } from './sweep.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const key = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

describe('the shared image cache folder of several processes', () => {
  it('is kept within one budget: two processes each within theirs can pass it, the sweep takes the oldest back to 90 %', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'image-sweep-'));
    dirs.push(dir);
    // Two processes, each with the whole budget over the files it knows: 600 bytes on disk for a budget of 300.
    const [one, two] = [new DiskCache(dir, { maxBytes: 300 }), new DiskCache(dir, { maxBytes: 300 })];
    for (const n of [1, 2, 3]) await one.set(key(n), Buffer.alloc(100, n));
    for (const n of [4, 5, 6]) await two.set(key(n), Buffer.alloc(100, n));
    for (const n of [1, 2, 3, 4, 5, 6]) await utimes(one.pathOf(key(n)), 1000 + n, 1000 + n);
    // A disk hit makes a variant the most recently used, on disk too.
    await one.get(key(1));
    await expect.poll(async () => (await stat(one.pathOf(key(1)))).mtimeMs).toBeGreaterThan(1_000_000);
    expect(await sweepDiskCache(dir, 300)).toEqual({ files: 2, bytes: 200, removed: 4 });
    expect([1, 2, 3, 4, 5, 6].map((n) => existsSync(one.pathOf(key(n))))).toEqual([true, false, false, false, false, true]);
    // A process whose variant the sweep took renders it again (a miss, not an error).
    expect(await two.get(key(4))).toBeUndefined();
    expect((await two.get(key(6)))?.length).toBe(100);
  });

  it('leaves a folder within its budget, temporary files and stray names alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'image-sweep-'));
    dirs.push(dir);
    const path = join(dir, key(1).slice(0, 2), key(1));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, Buffer.alloc(100));
    await writeFile(`${path}.1.abc.tmp`, Buffer.alloc(1000));
    expect(await sweepDiskCache(dir, 300)).toEqual({ files: 1, bytes: 100, removed: 0 });
    expect(await sweepDiskCache(join(dir, 'absent'), 300)).toEqual({ files: 0, bytes: 0, removed: 0 });
  });
});
