import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheLog } from './cache.ts';

/** How often the primary of several server processes weighs the shared image cache folder. */
export const SWEEP_EVERY_MS = 60_000;
/** A sweep that finds the folder over its budget deletes down to this share of it, so the next write does not start another. */
const SWEEP_DOWN_TO = 0.9;
const KEY_FILE = /^[0-9a-f]{64}$/;

/**
 * The image cache folder as one budget when several server processes write it (ADR 036). Each process's `DiskCache`
 * keeps its budget over the files it knows (those it wrote or read), so N processes could fill N times the budget;
 * this weighs the whole folder and deletes the least recently used variants (by modification time, which a disk hit
 * renews: `DiskCache.get`) until it is within the budget again. A variant deleted under a process is a miss there,
 * rendered again (`DiskCache.get` forgets it on ENOENT). Never throws; a file gone meanwhile is no failure.
 */
export async function sweepDiskCache(dir: string, maxBytes: number): Promise<{ files: number; bytes: number; removed: number }> {
  const files: { path: string; bytes: number; mtime: number }[] = [];
  let bytes = 0;
  for (const folder of await readdir(dir).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of await readdir(join(dir, folder)).catch(() => [] as string[])) {
      if (!KEY_FILE.test(name)) continue;
      const path = join(dir, folder, name);
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      files.push({ path, bytes: info.size, mtime: info.mtimeMs });
      bytes += info.size;
    }
  }
  let removed = 0;
  if (bytes > maxBytes) {
    files.sort((a, b) => a.mtime - b.mtime);
    for (const file of files) {
      if (bytes <= maxBytes * SWEEP_DOWN_TO) break;
      await rm(file.path, { force: true });
      bytes -= file.bytes;
      removed++;
    }
  }
  return { files: files.length - removed, bytes, removed };
}

/** Sweeps `dir` now and every SWEEP_EVERY_MS (an unref'd timer: it keeps no process alive); returns the stop. */
export function startCacheSweeper(dir: string, maxBytes: number, log: CacheLog): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweepDiskCache(dir, maxBytes)
      .catch((error: unknown) => log({ err: error, dir }, 'image cache folder could not be swept'))
      .finally(() => (running = false));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
