import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LotTable } from './snapshot.ts';

/**
 * The lots' columns as the snapshot's read of the database made them (snapshot.ts `add`), kept in a file so that the
 * next process to load the same catalogue maps them instead of reading and converting a million rows again: a
 * restart, another process of the cluster, a new instance sharing the directory (ADR 005, "The lots' columns in a
 * file").
 *
 * A file is taken only for the very data it was made from: its name and header hold a key made of the catalogue's data
 * stamp (`data_versions`: the version bumped by a trigger in every transaction that writes a catalogue table, with the
 * time of that write, so two databases never share one) and of the code that makes the columns (these files' text and
 * the enums their codes index). Any write to the lots, their floors or their projects makes another key: the file is
 * never a copy older than the database. What changes without a catalogue write (the lots' sun, history, auctions and
 * reservations) is read from the database at every load, as before.
 *
 * Layout: `LOTCOLS1`, the header's length (u32 LE), the header (JSON), then each column's bytes (little-endian, as
 * the typed arrays hold them), every part starting on 8 bytes.
 */
const MAGIC = 'LOTCOLS1';
const ALIGN = 8;

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
};

type TypedArrayClass = { new (buffer: ArrayBuffer, byteOffset: number, length: number): Column | Uint32Array; BYTES_PER_ELEMENT: number; name: string };

/** The code whose output a file holds: a change to it makes every older file another key. Null when not readable (a bundle). */
export const SNAPSHOT_FILE_FORMAT: string | null = (() => {
  try {
    const hash = createHash('sha256').update(MAGIC);
    for (const file of ['./snapshot.ts', './snapshot-lots.ts', './snapshot-file.ts', '../../../core/catalogue/types.ts'])
      hash.update(readFileSync(new URL(file, import.meta.url)));
    return hash.digest('hex');
  } catch {
    return null;
  }
})();

const fileName = (key: string) => `lots-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.bin`;
const padded = (offset: number) => Math.ceil(offset / ALIGN) * ALIGN;

/**
 * Writes the first `n` lots' columns for `key` (in a temporary file renamed into place, so a reader never sees half a
 * file) and removes the files of other keys. Throws on a write error; the caller says so and goes on.
 */
export function writeSavedLots(dir: string, key: string, table: LotTable, n: number): void {
  const numbers = new Map<string, number>();
  const numberCodes = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) {
    const text = table.number[i]!;
    let code = numbers.get(text);
    if (code === undefined) numbers.set(text, (code = numbers.size));
    numberCodes[i] = code;
  }
  const parts: [string, ArrayBufferView][] = [
    ...FILE_COLUMNS.map((name) => [name, table[name].subarray(0, n)] as [string, ArrayBufferView]),
    ['number', numberCodes],
  ];
  const strings = Object.fromEntries(STRING_TABLES.map((name) => [name, [...table.strings[name].values]])) as Record<StringTable, string[]>;
  // The header's offsets depend on its own length: laid out after a first pass with offsets from zero, then shifted.
  const columns: Header['columns'] = [];
  let offset = 0;
  for (const [name, view] of parts) {
    columns.push([name, view.constructor.name, offset, view.byteLength]);
    offset = padded(offset + view.byteLength);
  }
  const headerOf = (start: number) =>
    Buffer.from(
      JSON.stringify({
        key,
        n,
        columns: columns.map(([name, type, at, length]) => [name, type, at + start, length]),
        numbers: [...numbers.keys()],
        strings,
      } satisfies Header),
    );
  let start = padded(MAGIC.length + 4 + headerOf(0).length);
  let header = headerOf(start);
  // Longer offsets can lengthen the header past its room: laid out again until it fits.
  while (MAGIC.length + 4 + header.length > start) header = headerOf((start = padded(MAGIC.length + 4 + header.length)));

  mkdirSync(dir, { recursive: true });
  const file = join(dir, fileName(key));
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  let written = false;
  try {
    const lead = Buffer.alloc(start);
    lead.write(MAGIC, 0, 'latin1');
    lead.writeUInt32LE(header.length, MAGIC.length);
    header.copy(lead, MAGIC.length + 4);
    writeSync(fd, lead);
    let at = start;
    for (const [, view] of parts) {
      writeSync(fd, new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
      at += view.byteLength;
      if (padded(at) > at) writeSync(fd, Buffer.alloc(padded(at) - at));
      at = padded(at);
    }
    written = true;
  } finally {
    closeSync(fd);
    // A write cut short (a full disk) leaves no half file behind.
    if (!written) rmSync(temporary, { force: true });
  }
  renameSync(temporary, file);
  for (const other of readdirSync(dir))
    if (other.startsWith('lots-') && other.endsWith('.bin') && other !== fileName(key)) rmSync(join(dir, other), { force: true });
}

/** The header of the file saved for `key`, or null when there is none; throws when it is not such a file or not for `key`. */
function readHeader(file: string, key: string, bytes?: Buffer): Header | null {
  let lead = bytes;
  if (!lead) {
    if (!existsSync(file)) return null;
    const fd = openSync(file, 'r');
    try {
      const start = Buffer.alloc(MAGIC.length + 4);
      readSync(fd, start, 0, start.length, 0);
      if (start.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error(`${file}: not a lot columns file`);
      lead = Buffer.alloc(MAGIC.length + 4 + start.readUInt32LE(MAGIC.length));
      if (readSync(fd, lead, 0, lead.length, 0) !== lead.length) throw new Error(`${file}: cut short`);
    } finally {
      closeSync(fd);
    }
  }
  if (lead.length < MAGIC.length + 4 || lead.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error(`${file}: not a lot columns file`);
  const headerLength = lead.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + headerLength > lead.length) throw new Error(`${file}: cut short`);
  const header = JSON.parse(lead.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  if (header.key !== key) throw new Error(`${file}: made for another catalogue (its key differs)`);
  return header;
}

/** How many lots the file saved for `key` holds (its header alone), or null when there is none. */
export function readSavedLotCount(dir: string, key: string): number | null {
  return readHeader(join(dir, fileName(key)), key)?.n ?? null;
}

/**
 * The columns saved for `key`, or null when there is no such file. A file that does not read back whole and as
 * written (cut short, another format) is an error: the caller reads the database instead.
 */
export function readSavedLots(dir: string, key: string, expected: LotTable): SavedLots | null {
  const file = join(dir, fileName(key));
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const header = readHeader(file, key, bytes)!;
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
  return { n, columns, number, strings: header.strings };
}
