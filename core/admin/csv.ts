/**
 * The back office's CSV export and import of a kind's items (issue #42; docs/guides/back-office.md "CSV"): one row per
 * item, one column per field as its form has it (core/admin/form.ts `formFields`), so a spreadsheet round-trips what
 * the form edits. Headers are the fields' names (`name.ru`, `schedule.mon`), the same in every interface language; the
 * values are language-neutral (numbers with a point, dates as ISO, `true`/`false`). An import changes only the columns
 * its file has: a file of `id` and `published` publishes and unpublishes, nothing else moves.
 *
 * Parsing and writing the format is csv-parse's and csv-stringify's; this module maps cells to field values and back.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { LOCALES } from '../i18n/locales.ts';
import { formFields, type FieldSpec } from './form.ts';
import { emptyValues, ownKey, type ContentKind, type ContentKindName } from './kinds.ts';

/** The kinds whose lists offer CSV: the tables sales and content teams keep in spreadsheets. */
export const CSV_KINDS: ReadonlySet<ContentKindName> = new Set<ContentKindName>(['offices', 'programmes', 'collections', 'redirects', 'banks']);
/** An import's largest file and row count: larger is refused before it is read (413) or parsed (400). */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 5_000;

/** Why a cell could not be read; each has its words in the back office's catalog (`list.csv.errors`). */
export type CsvCellError = 'number' | 'boolean' | 'json' | 'hours' | 'exception' | 'unknownColumn' | 'keyColumn' | 'notFound' | 'twice' | 'empty' | 'parse';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Values = Record<string, unknown>;
type Day = { opens: string; closes: string; break: { from: string; to: string } | null } | null;

/** The key column of a kind: its own key field (a programme's code) or the database's number, `id`. */
export const keyColumn = (kind: ContentKind): string => kind.key.field;

/** An items field of dated hours (an office's exceptions): written a line a day, `2027-01-01: closed`. */
const isDatedHours = (spec: FieldSpec): boolean =>
  spec.type === 'items' && spec.fields.length === 2 && spec.fields[0]!.name === 'date' && spec.fields[1]!.type === 'day';

/** The columns one field takes. */
function columnsOf(spec: FieldSpec): string[] {
  if (spec.type === 'localized') return LOCALES.map((l) => `${spec.name}.${l}`);
  if (spec.type === 'week') return WEEK.map((d) => `${spec.name}.${d}`);
  return [spec.name];
}

/** Every column of a kind's file, the key first. */
export function csvColumns(kind: ContentKind): string[] {
  const key = keyColumn(kind);
  const fields = formFields(kind.schema).flatMap(columnsOf);
  return [key, ...fields.filter((c) => c !== key)];
}

const dayText = (day: Day): string => (day ? `${day.opens}-${day.closes}${day.break ? ` (${day.break.from}-${day.break.to})` : ''}` : 'closed');

const CLOSED = new Set(['', 'closed', '-', '—', 'выходной', 'закрыто', '休息']);
const DAY = /^(\d{1,2}:\d{2})\s*[-–—]\s*(\d{1,2}:\d{2})(?:\s*\(\s*(\d{1,2}:\d{2})\s*[-–—]\s*(\d{1,2}:\d{2})\s*\))?$/;
const pad = (time: string) => time.padStart(5, '0');

/** `09:00-20:00 (13:00-14:00)` → the day; `closed` (or empty) → null; anything else → undefined. */
function readDay(text: string): Day | undefined {
  const t = text.trim();
  if (CLOSED.has(t.toLowerCase())) return null;
  const m = DAY.exec(t);
  if (!m) return undefined;
  return { opens: pad(m[1]!), closes: pad(m[2]!), break: m[3] ? { from: pad(m[3]), to: pad(m[4]!) } : null };
}

/** A cell as text; a text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) is kept as text by a leading apostrophe. */
function guard(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
/** The apostrophe `guard` adds, taken off again on import. */
const unguard = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** One field's cells for an item's value. */
function writeField(spec: FieldSpec, value: unknown): Record<string, string> {
  switch (spec.type) {
    case 'localized': {
      const v = (value ?? {}) as Record<string, string | undefined>;
      return Object.fromEntries(LOCALES.map((l) => [`${spec.name}.${l}`, guard(v[l] ?? '')]));
    }
    case 'week': {
      const days = (Array.isArray(value) ? value : []) as Day[];
      return Object.fromEntries(WEEK.map((d, i) => [`${spec.name}.${d}`, dayText(days[i] ?? null)]));
    }
    case 'boolean':
      return { [spec.name]: value === true ? 'true' : 'false' };
    case 'list':
    case 'multiselect':
    case 'references':
      return { [spec.name]: (Array.isArray(value) ? value : []).map((v) => guard(String(v))).join('\n') };
    case 'items':
      if (isDatedHours(spec))
        return {
          [spec.name]: (Array.isArray(value) ? (value as { date: string; hours: Day }[]) : []).map((e) => `${e.date}: ${dayText(e.hours)}`).join('\n'),
        };
      return { [spec.name]: value === undefined ? '' : JSON.stringify(value) };
    case 'group':
    case 'json':
    case 'day':
      return { [spec.name]: value === undefined || value === null ? '' : JSON.stringify(value) };
    default:
      return { [spec.name]: value === null || value === undefined ? '' : guard(String(value)) };
  }
}

/** The file: a byte-order mark (spreadsheets read it as UTF-8), the header, a row per item, CRLF line ends. */
export function itemsToCsv(kind: ContentKind, items: readonly { id: string; values: Values }[]): string {
  const columns = csvColumns(kind);
  const specs = formFields(kind.schema);
  const rows = items.map((item) => {
    const cells: Record<string, string> = { [keyColumn(kind)]: item.id };
    for (const spec of specs) Object.assign(cells, writeField(spec, item.values[spec.name]));
    return columns.map((c) => cells[c] ?? '');
  });
  return `\uFEFF${stringify([columns, ...rows], { record_delimiter: '\r\n' })}`;
}

/** One row of an import: its line in the file (the header is line 1), its key cell (empty: a new item) and its cells. */
export type CsvRecord = { line: number; key: string; cells: Record<string, string> };

export type CsvParsed = { ok: true; records: CsvRecord[] } | { ok: false; error: CsvCellError; columns?: string[] };

/** Reads an import's file: its header must name the key and known columns only; rows must have the header's width. */
export function parseCsv(kind: ContentKind, text: string): CsvParsed {
  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_column_count: false, skip_empty_lines: true, trim: false }) as string[][];
  } catch {
    return { ok: false, error: 'parse' };
  }
  const [header, ...rows] = table;
  if (!header?.length || !rows.length) return { ok: false, error: 'empty' };
  const known = new Set(csvColumns(kind));
  const columns = header.map((h) => h.trim());
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length) return { ok: false, error: 'unknownColumn', columns: unknown };
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) return { ok: false, error: 'twice', columns: [...new Set(twice)] };
  const key = keyColumn(kind);
  if (!columns.includes(key)) return { ok: false, error: 'keyColumn', columns: [key] };
  if (rows.length > CSV_MAX_ROWS) return { ok: false, error: 'parse' };
  return {
    ok: true,
    records: rows.map((row, i) => {
      const cells = Object.fromEntries(columns.map((c, j) => [c, row[j] ?? '']));
      return { line: i + 2, key: cells[key]!.trim(), cells };
    }),
  };
}

export type CsvDecoded = { ok: true; values: Values } | { ok: false; errors: Record<string, CsvCellError> };

const acceptsNull = (kind: ContentKind, name: string): boolean =>
  (kind.schema.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>)[name]?.safeParse(null).success ?? false;

function readNumber(text: string): number | null | undefined {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const TRUE = new Set(['true', '1', 'yes', 'да', '是']);
const FALSE = new Set(['false', '0', 'no', 'нет', '否', '']);

/**
 * An item's values from its row: the fields the file has columns for, read from their cells, over `current` (the
 * item as it is, or a new item's empty values) for the others. What the cells cannot mean is named per field; the
 * kind's schema then judges the whole as a save would.
 */
export function decodeRecord(kind: ContentKind, record: CsvRecord, current: Values | null): CsvDecoded {
  const values: Values = structuredClone(current ?? emptyValues(kind));
  const errors: Record<string, CsvCellError> = {};
  const has = (column: string) => Object.hasOwn(record.cells, column);
  const cell = (column: string) => unguard(record.cells[column] ?? '');
  for (const spec of formFields(kind.schema)) {
    const columns = columnsOf(spec).filter(has);
    if (!columns.length) continue;
    const name = spec.name;
    switch (spec.type) {
      case 'localized': {
        const v = { ...((values[name] ?? {}) as Record<string, string>) };
        for (const l of LOCALES) if (has(`${name}.${l}`)) v[l] = cell(`${name}.${l}`);
        values[name] = v;
        break;
      }
      case 'week': {
        const days = [...((values[name] as Day[] | undefined) ?? Array<Day>(7).fill(null))];
        WEEK.forEach((d, i) => {
          if (!has(`${name}.${d}`)) return;
          const day = readDay(cell(`${name}.${d}`));
          if (day === undefined) errors[name] = 'hours';
          else days[i] = day;
        });
        values[name] = days;
        break;
      }
      case 'number': {
        const n = readNumber(cell(name));
        if (n === undefined) errors[name] = 'number';
        else values[name] = n;
        break;
      }
      case 'boolean': {
        const t = cell(name).trim().toLowerCase();
        if (TRUE.has(t)) values[name] = true;
        else if (FALSE.has(t)) values[name] = false;
        else errors[name] = 'boolean';
        break;
      }
      case 'list':
      case 'multiselect':
      case 'references': {
        const parts = cell(name)
          .split(/\r?\n|;/)
          .map((p) => unguard(p.trim()))
          .filter(Boolean);
        // A project's number is a number in its item; a bank's code and a list's texts stay texts.
        values[name] = spec.type === 'references' && !spec.codes ? parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : parts;
        break;
      }
      case 'items': {
        const text = cell(name).trim();
        if (isDatedHours(spec)) {
          const list: { date: string; hours: Day }[] = [];
          for (const line of text
            .split(/\r?\n|;/)
            .map((l) => l.trim())
            .filter(Boolean)) {
            const m = /^(\d{4}-\d{2}-\d{2})\s*:?\s*(.*)$/.exec(line);
            const hours = m ? readDay(m[2]!) : undefined;
            if (!m || hours === undefined) errors[name] = 'exception';
            else list.push({ date: m[1]!, hours });
          }
          values[name] = list;
          break;
        }
        if (text === '') values[name] = [];
        else {
          try {
            values[name] = JSON.parse(text) as unknown;
          } catch {
            errors[name] = 'json';
          }
        }
        break;
      }
      case 'group':
      case 'json':
      case 'day': {
        const text = cell(name).trim();
        if (text === '') values[name] = null;
        else {
          try {
            values[name] = JSON.parse(text) as unknown;
          } catch {
            errors[name] = 'json';
          }
        }
        break;
      }
      case 'reference': {
        const t = cell(name).trim();
        values[name] = t === '' ? null : !spec.codes && /^\d+$/.test(t) ? Number(t) : t;
        break;
      }
      case 'select':
      case 'date':
      case 'datetime':
      case 'image': {
        const t = cell(name).trim();
        values[name] = t === '' && (('nullable' in spec && spec.nullable) || spec.type === 'image') ? null : t;
        break;
      }
      default: {
        // An emptied text is null where the field may be absent (an office's e-mail), else an empty text.
        const t = cell(name);
        values[name] = t.trim() === '' && acceptsNull(kind, name) ? null : t;
      }
    }
  }
  // An own key (a programme's code) is the key column itself.
  const own = ownKey(kind);
  if (own && record.key) values[own] = record.key;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}
