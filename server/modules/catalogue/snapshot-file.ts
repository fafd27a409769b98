import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import type { LotTable } from './lot-table.ts';

/**
 * The lots' columns as the snapshot's read of the database made them (snapshot.ts `add`), kept in a file so that the
 * next process to load the same catalogue maps them instead of reading and converting a million rows again: a
 * restart, another process of the cluster, a new instance sharing the directory (ADR 005, "The lots' columns in a
 * file").
 *
 * A file is taken only for the very data it was made from: its name and header hold a key made of the catalogue's data
 * stamp (`data_versions`: the version bumped by a trigger in every transaction that writes a catalogue table, with the
 * time of that write), the database's name, and the code and schema that make the columns (these files' text, the
 * enums their codes index, the migrations). Any write to the lots, their floors or their projects makes another key:
 * the file is never a copy older than the database. What changes without a catalogue write (the lots' sun, history,
 * auctions and reservations) is read from the database at every load.
 *
 * Layout: `LOTCOLS2`, the header's length (u32 LE), the header (JSON: the key, the count, each column's type, offset
 * and length, the strings, the file's length and the CRC-32 of everything after the header), then each column's bytes
 * (little-endian, as the typed arrays hold them), every part starting on 8 bytes. A file that is not whole and as
 * written (cut short, zeroed by a crash before its data reached the disk, another format) is refused.
 */
const MAGIC = 'LOTCOLS2';
const ALIGN = 8;
/** A writer's temporary file older than this was left by a writer that died: removed, and the key written again. */
const STALE_WRITE_MS = 10 * 60_000;

/** The columns `add` fills from the lots' rows, in the file's order. The others (sun, auction, commercial) are filled at each load. */
export const FILE_COLUMNS = [
  'id',
  'project',
  'building',
  'section',
  'floorNode',
  'type',
  'status',
  'rooms',
  'euro',
  'area',
  'livingArea',
  'kitchenArea',
  'price',
  'pricePerM2',
  'oldPrice',
  'ceiling',
  'floor',
  'position',
  'finish',
  'view',
  'completion',
  'layout',
  'shape',
  'windows',
  'features',
] as const satisfies readonly (keyof LotTable)[];
type FileColumn = (typeof FILE_COLUMNS)[number];
type Column = LotTable[FileColumn];
/** The interned strings the columns' codes index, in code order. */
export const STRING_TABLES = ['view', 'completion', 'layout', 'shape', 'lists'] as const;
type StringTable = (typeof STRING_TABLES)[number];

export type SavedLots = {
  n: number;
  columns: Pick<LotTable, FileColumn>;
  /** Each lot's number (the distinct texts shared, as the read keeps them). */
  number: string[];
  strings: Record<StringTable, string[]>;
};

type Header = {
  key: string;
  n: number;
  /** name, typed array, byte offset from the file's start, byte length */
  columns: [string, string, number, number][];
  /** The distinct lot numbers; the `number` column holds their indexes. */
  numbers: string[];
  strings: Record<StringTable, string[]>;
  /** The file's whole length, and the CRC-32 of its bytes after the header's room. */
  bytes: number;
  crc: number;
};

type TypedArrayClass = { new (buffer: ArrayBuffer, byteOffset: number, length: number): Column | Uint32Array; BYTES_PER_ELEMENT: number; name: string };

/** The code and schema whose output a file holds: a change to either makes every older file another key. Null when not readable (a bundle). */
export const SNAPSHOT_FILE_FORMAT: string | null = (() => {
  try {
    const hash = createHash('sha256').update(MAGIC);
    for (const file of ['./snapshot.ts', './snapshot-lots.ts', './snapshot-file.ts', './lot-table.ts', '../../../core/catalogue/types.ts'])
      hash.update(readFileSync(new URL(file, import.meta.url)));
    hash.update(readdirSync(MIGRATIONS_DIR).sort().join('\n'));
    return hash.digest('hex');
  } catch {
    return null;
  }
})();

const fileName = (key: string) => `lots-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.bin`;
const FILE_NAME = /^lots-[0-9a-f]{24}\.bin$/;
const padded = (offset: number) => Math.ceil(offset / ALIGN) * ALIGN;
const bytesOf = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

/** The saves under way in this process (`savedLotsWritten` waits for them: tests, the bench). */
const writing = new Set<Promise<void>>();

/** Resolves once every save this process has begun is over (written, skipped or failed). */
export async function savedLotsWritten(): Promise<void> {
  while (writing.size) await Promise.all(writing);
}

/**
 * Saves the lots' columns of a snapshot loaded from the database for `key`, after its load and without holding the
 * event loop (the file is written a part at a time): one writer per key across the processes sharing `dir` (its
 * temporary file is created exclusively; another process already writing it, or the file already there, and this one
 * does nothing). `status` is the lots' stored status, before their auctions and reservations decided it. Failures are
 * said through `warn`, never thrown: the next load reads the database.
 */
export function saveLots(dir: string, key: string, table: LotTable, status: Uint8Array, warn: (error: unknown) => void): Promise<void> {
  // What the file holds is taken now: the strings may grow later, the columns do not change. The lists' strings after
  // those the lots' own columns use are the views the sun added (in the order its rows came): left out, so the
  // same catalogue always makes the same file.
  const strings = Object.fromEntries(STRING_TABLES.map((name) => [name, [...table.strings[name].values]])) as Record<StringTable, string[]>;
  let lists = table.strings.lists.values.indexOf('') + 1;
  for (let i = 0; i < table.size; i += 1) lists = Math.max(lists, table.windows[i]! + 1, table.features[i]! + 1);
  strings.lists.length = lists;
  const columns: Pick<LotTable, FileColumn> = { ...table, status };
  const number = table.number;
  const n = table.size;
  const done = write(dir, key, n, columns, number, strings)
    .catch(warn)
    .finally(() => writing.delete(done));
  writing.add(done);
  return done;
}

async function write(
  dir: string,
  key: string,
  n: number,
  columns: Pick<LotTable, FileColumn>,
  number: string[],
  strings: Record<StringTable, string[]>,
): Promise<void> {
  const file = join(dir, fileName(key));
  const temporary = `${file}.tmp`;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (await exists(file)) return;
  const handle = await createExclusive(temporary);
  if (!handle) return;
  let renamed = false;
  try {
    const numbers = new Map<string, number>();
    const numberCodes = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      const text = number[i]!;
      let code = numbers.get(text);
      if (code === undefined) numbers.set(text, (code = numbers.size));
      numberCodes[i] = code;
      if ((i & 0x3ffff) === 0x3ffff) await turn();
    }
    const parts: [string, ArrayBufferView][] = [
      ...FILE_COLUMNS.map((name) => [name, columns[name].subarray(0, n)] as [string, ArrayBufferView]),
      ['number', numberCodes],
    ];
    // The body's layout and checksum, from offset 0; the header's room is known once its own length is.
    const layout: [string, string, number, number][] = [];
    let offset = 0;
    let crc = 0;
    for (const [name, view] of parts) {
      layout.push([name, view.constructor.name, offset, view.byteLength]);
      crc = crc32(bytesOf(view), crc);
      const next = padded(offset + view.byteLength);
      if (next > offset + view.byteLength) crc = crc32(new Uint8Array(next - offset - view.byteLength), crc);
      offset = next;
      await turn();
    }
    const headerOf = (start: number) =>
      Buffer.from(
        JSON.stringify({
          key,
          n,
          columns: layout.map(([name, type, at, length]) => [name, type, at + start, length]),
          numbers: [...numbers.keys()],
          strings,
          bytes: start + offset,
          crc,
        } satisfies Header),
      );
    let start = padded(MAGIC.length + 4 + headerOf(0).length);
    let header = headerOf(start);
    // Longer offsets can lengthen the header past its room: laid out again until it fits.
    while (MAGIC.length + 4 + header.length > start) header = headerOf((start = padded(MAGIC.length + 4 + header.length)));
    const lead = Buffer.alloc(start);
    lead.write(MAGIC, 0, 'latin1');
    lead.writeUInt32LE(header.length, MAGIC.length);
    header.copy(lead, MAGIC.length + 4);
    let at = await writeAll(handle, lead, 0);
    for (const [, view] of parts) {
      at = await writeAll(handle, bytesOf(view), at);
      if (padded(at) > at) at = await writeAll(handle, new Uint8Array(padded(at) - at), at);
    }
    // On the disk before it takes the key's name: a crash never leaves a named file whose data did not arrive.
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    renamed = true;
    await syncDirectory(dir);
    await removeOthers(dir, file);
  } finally {
    if (!renamed) {
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The temporary file, created by this process alone (owner-only); null when another writer has it. */
async function createExclusive(temporary: string): Promise<FileHandle | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await open(temporary, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const left = await stat(temporary).catch(() => null);
      if (left && Date.now() - left.mtimeMs < STALE_WRITE_MS) return null;
      await rm(temporary, { force: true });
    }
  }
  return null;
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number): Promise<number> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    if (bytesWritten <= 0) throw new Error('the lots’ columns file: a write wrote nothing');
    done += bytesWritten;
  }
  return position + done;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Other keys' files older than `file`, and writers' temporary files left for longer than a writer takes. */
async function removeOthers(dir: string, file: string): Promise<void> {
  const mine = (await stat(file)).mtimeMs;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (path === file) continue;
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (FILE_NAME.test(name) && info.mtimeMs < mine) await rm(path, { force: true });
    else if (/^lots-[0-9a-f]{24}\.bin\.tmp$/.test(name) && Date.now() - info.mtimeMs > STALE_WRITE_MS) await rm(path, { force: true });
  }
}

/** The header of the file saved for `key` and the file's length, or null when there is none; throws when it is not such a file or not for `key`. */
function readHeader(file: string, key: string): { header: Header; size: number } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Buffer.alloc(MAGIC.length + 4);
    if (readSync(fd, start, 0, start.length, 0) !== start.length || start.toString('latin1', 0, MAGIC.length) !== MAGIC)
      throw new Error(`${file}: not a lot columns file`);
    const length = start.readUInt32LE(MAGIC.length);
    if (MAGIC.length + 4 + length > size) throw new Error(`${file}: cut short`);
    const text = Buffer.alloc(length);
    if (readSync(fd, text, 0, length, MAGIC.length + 4) !== length) throw new Error(`${file}: cut short`);
    const header = JSON.parse(text.toString('utf8')) as Header;
    if (header.key !== key) throw new Error(`${file}: made for another catalogue (its key differs)`);
    if (header.bytes !== size || !Number.isInteger(header.n) || header.n < 0 || header.n * 4 > size) throw new Error(`${file}: cut short or of another length`);
    return { header, size };
  } finally {
    closeSync(fd);
  }
}

/** Removes the file saved for `key` (one that could not be used: the next save writes it again). */
export function discardSavedLots(dir: string, key: string): void {
  rmSync(join(dir, fileName(key)), { force: true });
}

/** How many lots the file saved for `key` holds (its header alone), or null when there is none. */
export function readSavedLotCount(dir: string, key: string): number | null {
  return readHeader(join(dir, fileName(key)), key)?.header.n ?? null;
}

/**
 * The columns saved for `key`, or null when there is no such file. A file that does not read back whole and as
 * written (cut short, its checksum another, another format) is an error: the caller reads the database instead.
 * `expected` gives each column's type (an empty table).
 */
export function readSavedLots(dir: string, key: string, expected: LotTable): SavedLots | null {
  const file = join(dir, fileName(key));
  const found = readHeader(file, key);
  if (!found) return null;
  const { header } = found;
  const bytes = readFileSync(file);
  if (bytes.length !== header.bytes) throw new Error(`${file}: changed while read`);
  const bodyStart = Math.min(...header.columns.map((column) => column[2]));
  if (crc32(bytes.subarray(bodyStart)) !== header.crc) throw new Error(`${file}: its checksum does not match (damaged)`);
  const { n } = header;
  const byName = new Map(header.columns.map((column) => [column[0], column]));
  const view = <T extends Column | Uint32Array>(name: string, type: TypedArrayClass): T => {
    const column = byName.get(name);
    if (!column || column[1] !== type.name || column[3] !== n * type.BYTES_PER_ELEMENT || column[2] % ALIGN !== 0 || column[2] + column[3] > bytes.length)
      throw new Error(`${file}: column ${name} is missing, of another type or cut short`);
    // readFileSync's buffer of a large file is its own ArrayBuffer from offset 0; a pooled small one is copied out.
    const at = bytes.byteOffset + column[2];
    if (at % type.BYTES_PER_ELEMENT === 0) return new type(bytes.buffer as ArrayBuffer, at, n) as T;
    return new type(bytes.buffer.slice(at, at + column[3]) as ArrayBuffer, 0, n) as T;
  };
  const columns = Object.fromEntries(FILE_COLUMNS.map((name) => [name, view(name, expected[name].constructor as TypedArrayClass)])) as Pick<
    LotTable,
    FileColumn
  >;
  const codes = view<Uint32Array>('number', Uint32Array as unknown as TypedArrayClass);
  const number = new Array<string>(n);
  for (let i = 0; i < n; i += 1) {
    const text = header.numbers[codes[i]!];
    if (text === undefined) throw new Error(`${file}: a lot number's code is out of range`);
    number[i] = text;
  }
  for (const name of STRING_TABLES) if (!Array.isArray(header.strings?.[name])) throw new Error(`${file}: its ${name} strings are missing`);
  return { n, columns, number, strings: header.strings };
}
