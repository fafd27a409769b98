import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';

export type CacheLog = (details: { err: unknown; dir: string }, message: string) => void;

const KEY_FILE = /^[0-9a-f]{64}$/;
/** A temporary file older than this is a crashed write's: no variant takes a minute to write. */
const STALE_TEMPORARY_MS = 60_000;

/**
 * Processed variants on disk, one file per cache key (a hex digest), fanned out into 256 folders, within a
 * byte budget: an LRU index of the files (`lru-cache`, sized in bytes) deletes the least recently used file
 * when a new one would pass the budget. The index is rebuilt from the folder at start, oldest file first.
 * Writes go to a temporary name first and are renamed into place, so a reader never sees half a file
 * and a crash leaves at worst a stray temporary file.
 *
 * The disk is an optimisation, never a reason to fail: a folder that cannot be read or written (read-only
 * volume, full disk, wrong owner) is logged once per episode and the proxy serves what it made from memory.
 */
export class DiskCache {
  readonly #dir: string;
  readonly #index: LRUCache<string, number>;
  readonly #log: CacheLog;
  #failing = false;

  constructor(dir: string, options: { maxBytes: number; log?: CacheLog }) {
    this.#dir = dir;
    this.#log = options.log ?? (() => undefined);
    this.#index = new LRUCache<string, number>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, key, reason) => {
        // Only an eviction removes the file: a `set` replaced it in place, a `delete` found it gone.
        if (reason === 'evict') void rm(this.pathOf(key), { force: true }).catch((error: unknown) => this.#failed(error));
      },
    });
  }

  /** Creates the folder and indexes what an earlier run left, evicting down to the budget. Never throws. */
  async open(): Promise<void> {
    try {
      await mkdir(this.#dir, { recursive: true });
      const files: { key: string; bytes: number; mtime: number }[] = [];
      for (const folder of await readdir(this.#dir)) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdir(join(this.#dir, folder))) {
          const path = join(this.#dir, folder, name);
          if (!KEY_FILE.test(name)) {
            // A temporary file from a crashed write; a fresh one is another process's write under way (instances
            // sharing the folder), left to its rename.
            // (Renamed since the listing: gone, which is no failure of the folder.)
            const written = name.endsWith('.tmp') ? await stat(path).catch(() => null) : null;
            if (written && Date.now() - written.mtimeMs > STALE_TEMPORARY_MS) await rm(path, { force: true });
            continue;
          }
          const info = await stat(path);
          files.push({ key: name, bytes: info.size, mtime: info.mtimeMs });
        }
      }
      files.sort((a, b) => a.mtime - b.mtime);
      for (const file of files) if (!this.#index.has(file.key)) this.#index.set(file.key, file.bytes);
    } catch (error) {
      this.#failed(error);
    }
  }

  /** Bytes the indexed files take. */
  get bytes(): number {
    return this.#index.calculatedSize;
  }

  get size(): number {
    return this.#index.size;
  }

  pathOf(key: string): string {
    return join(this.#dir, key.slice(0, 2), key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const path = this.pathOf(key);
      const data = await readFile(path);
      // Marks it most recently used (and indexes a file another process wrote); on disk too, for the order a restart
      // indexes the folder in and the sweep of several processes' shared folder (sweep.ts) deletes in.
      if (this.#index.get(key) === undefined) this.#index.set(key, data.byteLength);
      const now = new Date();
      void utimes(path, now, now).catch(() => undefined);
      return data;
    } catch (error) {
      this.#index.delete(key);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.#failed(error);
      return undefined;
    }
  }

  /** Stores a variant; `false` when the disk refused it (logged once), which the caller may ignore. */
  async set(key: string, data: Buffer): Promise<boolean> {
    if (data.byteLength > this.#index.maxSize) return false;
    const path = this.pathOf(key);
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      this.#failed(error);
      return false;
    }
    this.#index.set(key, data.byteLength);
    if (this.#failing) {
      this.#failing = false;
      this.#log({ err: null, dir: this.#dir }, 'image cache folder writable again');
    }
    return true;
  }

  #failed(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#log({ err: error, dir: this.#dir }, 'image cache folder unusable: serving variants without keeping them on disk');
  }
}

/**
 * The most recently served variants, in memory, up to a byte budget. Hot images (the hero, the
 * catalogue thumbnails) then cost no file system call at all; the disk keeps everything else.
 */
export class MemoryCache {
  readonly #budget: number;
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  constructor(budgetBytes: number) {
    this.#budget = budgetBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): Buffer | undefined {
    const data = this.#entries.get(key);
    if (data) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, data);
    }
    return data;
  }

  set(key: string, data: Buffer): void {
    // One variant may take at most an eighth of the budget, so a few big images cannot flush the rest.
    if (data.byteLength > this.#budget / 8) return;
    const previous = this.#entries.get(key);
    if (previous) this.#bytes -= previous.byteLength;
    this.#entries.delete(key);
    this.#entries.set(key, data);
    this.#bytes += data.byteLength;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= this.#budget) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.byteLength;
    }
  }
}
