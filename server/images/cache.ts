import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Processed variants on disk, one file per cache key (a hex digest), fanned out into 256 folders.
 * Writes go to a temporary name first and are renamed into place, so a reader never sees half a file
 * and a crash leaves at worst a stray temporary file.
 */
export class DiskCache {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  pathOf(key: string): string {
    return join(this.#dir, key.slice(0, 2), key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async set(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
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
