/**
 * The back office's dates, moments and numbers as its inputs show and read them: in the interface's language, not the
 * browser's (issue #42). `ru`: 30.11.2026 14:05 and 1 234,5; `en`: 30/11/2026 14:05 and 1,234.5; `zh`: 2026/11/30 14:05.
 * The order of a date's parts and the number's separators are the language's own, asked of `Intl`; moments are
 * Moscow time (the site's, as the history and the list write them), whatever the editor's computer says.
 */

export const INPUT_TIME_ZONE = 'Europe/Moscow';

/** The language tags the inputs write in (the back office's languages, and Chinese for the site's). */
const TAGS: Record<string, string> = { ru: 'ru-RU', en: 'en-GB', zh: 'zh-CN' };
const tagOf = (locale: string) => TAGS[locale] ?? 'ru-RU';

type Part = 'day' | 'month' | 'year';
type DateShape = { order: Part[]; separator: string };

const shapes = new Map<string, DateShape>();
/** The order of a date's parts and the mark between them in `locale` (`ru`: day.month.year). */
function dateShape(locale: string): DateShape {
  let shape = shapes.get(locale);
  if (!shape) {
    const parts = new Intl.DateTimeFormat(tagOf(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(
      Date.UTC(2026, 10, 30),
    );
    shape = {
      order: parts.filter((p): p is Intl.DateTimeFormatPart & { type: Part } => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type),
      separator: parts.find((p) => p.type === 'literal')?.value ?? '.',
    };
    shapes.set(locale, shape);
  }
  return shape;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function writeDate(year: number, month: number, day: number, locale: string): string {
  const { order, separator } = dateShape(locale);
  const value = { day: pad(day), month: pad(month), year: pad(year, 4) };
  return order.map((part) => value[part]).join(separator);
}

/** A calendar day (`2026-11-30`) as the input shows it (`30.11.2026`); '' for none or anything else. */
export function formatDateInput(value: unknown, locale: string): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? writeDate(Number(m[1]), Number(m[2]), Number(m[3]), locale) : '';
}

/** A moment (ISO, any offset) as the input shows it in Moscow time (`30.11.2026 14:05`); '' for none. */
export function formatMomentInput(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !value) return '';
  const at = Date.parse(value);
  if (Number.isNaN(at)) return '';
  const w = wallTime(at);
  return `${writeDate(w.year, w.month, w.day, locale)} ${pad(w.hour)}:${pad(w.minute)}`;
}

export type Parsed<T> = { ok: true; value: T | null } | { ok: false };

/** The numbers of a date in the language's order, checked as a day of the calendar. */
function readDate(numbers: number[], locale: string): { year: number; month: number; day: number } | null {
  const { order } = dateShape(locale);
  const get = (part: Part) => numbers[order.indexOf(part)]!;
  const [year, month, day] = [get('year'), get('month'), get('day')];
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day };
}

/** The digits' groups of what was typed, when it has only digits and the marks a date or a time is written with. */
function numbersOf(text: string, count: number): number[] | null {
  if (!/^[\d\s.,/:\-年月日]+$/.test(text)) return null;
  const groups = text.match(/\d+/g) ?? [];
  return groups.length === count && groups.every((g) => g.length <= 4) ? groups.map(Number) : null;
}

/** What was typed in a date input, as a calendar day (`2026-11-30`); null when empty. */
export function parseDateInput(text: string, locale: string): Parsed<string> {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: null };
  const numbers = numbersOf(trimmed, 3);
  const date = numbers && readDate(numbers, locale);
  return date ? { ok: true, value: `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` } : { ok: false };
}

/** What was typed in a moment input (Moscow time), as an ISO moment in UTC; null when empty. */
export function parseMomentInput(text: string, locale: string): Parsed<string> {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: null };
  const numbers = numbersOf(trimmed, 5);
  const date = numbers && readDate(numbers.slice(0, 3), locale);
  if (!numbers || !date) return { ok: false };
  const [hour, minute] = [numbers[3]!, numbers[4]!];
  if (hour > 23 || minute > 59) return { ok: false };
  return { ok: true, value: new Date(fromWallTime({ ...date, hour, minute })).toISOString() };
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number };

const WALL = new Intl.DateTimeFormat('en-US', {
  timeZone: INPUT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The Moscow clock and calendar at a moment. */
function wallTime(at: number): Wall {
  const get = (type: string) => Number(WALL.formatToParts(at).find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The moment the Moscow clock shows `wall` (its offset asked of Intl, so a change of the zone's rules is followed). */
function fromWallTime(wall: Wall): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const shown = wallTime(asUtc);
  const offset = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute) - asUtc;
  return asUtc - offset;
}

/** A number as the input shows it in the language (`1 234,5`); '' for none. */
export function formatNumberInput(value: unknown, locale: string): string {
  return typeof value === 'number' && Number.isFinite(value) ? new Intl.NumberFormat(tagOf(locale), { maximumFractionDigits: 20 }).format(value) : '';
}

const separators = new Map<string, { group: string; decimal: string }>();
function numberSeparators(locale: string) {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(tagOf(locale)).formatToParts(12345.6);
    found = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(locale, found);
  }
  return found;
}

/**
 * What was typed in a number input in the language (`1 234,5`, `-7`, `1234.5` in English); null when empty. Groups
 * may be written with the language's mark or a space; the decimal mark is the language's (a Russian «,»; «.» too,
 * which no Russian group mark is).
 */
export function parseNumberInput(text: string, locale: string): Parsed<number> {
  const trimmed = text.trim().replace(/^[−–]/, '-');
  if (!trimmed) return { ok: true, value: null };
  const { group, decimal } = numberSeparators(locale);
  let plain = trimmed.replace(/[\s\u00a0\u202f]/g, '');
  if (group.trim()) plain = plain.split(group).join('');
  if (decimal !== '.') plain = plain.replace(decimal, '.');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return { ok: false };
  return { ok: true, value: Number(plain) };
}

/** An example of a number written in the language (for a message): `1 234,5`. */
export const numberExample = (locale: string) => formatNumberInput(1234.5, locale);
