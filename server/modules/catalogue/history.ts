import { sql } from 'drizzle-orm';
import { dropWindowStart, moscowDay, moscowMidnight, type PricePoint } from '#core/catalogue/price-history.ts';
import { ROOM_CHOICES } from '#core/catalogue/filter-items.ts';
import { LOT_STATUSES, type LotStatus, type ProjectPriceByMonth } from '#core/catalogue/types.ts';
import { eachRow, type Cell } from '../../db/array-rows.ts';
import { RowFields } from '../../db/row-fields.ts';
import type { LotLookup } from './lot-lookup.ts';
import type { Db, Executor } from '../../db/client.ts';

/**
 * The part of the lots' history the catalogue keeps in memory (ADR 019): per lot, the row in force when the drop
 * window of the load day opened and every row since, as columns. That is enough to compute each lot's
 * "−N % in 30 days" and "booked today" on the load day and on every later day until the next change reloads it
 * (a later day's window opens later). The full history of one lot is read from the database when its page asks.
 */
export type RecentHistory = {
  /** Rows of lot i: `start[i]` to `start[i + 1]`, oldest first. */
  start: Uint32Array;
  at: Float64Array;
  price: Float64Array;
  status: Uint8Array;
};

export type HistoryRowOut = { lotId: number; at: number; price: number; status: LotStatus };

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Recent history rows as columns: each lot's rows in time order (as `readRecentHistory` reads them). */
export type HistoryColumns = { size: number; lotId: Int32Array; at: Float64Array; price: Float64Array; status: Uint8Array };

/** Rows as columns (the tests that build a snapshot from rows give them as objects). */
export function historyColumns(found: readonly HistoryRowOut[]): HistoryColumns {
  const out = historyColumnsOf(found.length);
  found.forEach((r, k) => {
    out.lotId[k] = r.lotId;
    out.at[k] = r.at;
    out.price[k] = r.price;
    out.status[k] = LOT_STATUSES.indexOf(r.status);
  });
  out.size = found.length;
  return out;
}

const historyColumnsOf = (capacity: number): HistoryColumns => ({
  size: 0,
  lotId: new Int32Array(capacity),
  at: new Float64Array(capacity),
  price: new Float64Array(capacity),
  status: new Uint8Array(capacity),
});

/** `h` with room for at least `capacity` rows (its first `h.size` kept). */
function grown(h: HistoryColumns, capacity: number): HistoryColumns {
  const out = historyColumnsOf(capacity);
  out.lotId.set(h.lotId.subarray(0, h.size));
  out.at.set(h.at.subarray(0, h.size));
  out.price.set(h.price.subarray(0, h.size));
  out.status.set(h.status.subarray(0, h.size));
  out.size = h.size;
  return out;
}

/**
 * The rows the snapshot keeps: for each lot the last one at or before `cut`, and all after it, straight into columns
 * (array rows, no row objects: a million lots have a million or more). `expected`: about how many (the lots' count).
 * Two reads, neither sorted whole: each lot's row in force at the cut (one look-up per lot, in no order), then the
 * rows after the cut by lot and time; a lot's rows thus come in time order, which is all `recentHistory` needs.
 * The time is read as whole milliseconds since the epoch (a JavaScript Date's, truncated as `new Date(text)` does).
 */
export async function readRecentHistory(db: Executor, cut: number, expected = 0): Promise<HistoryColumns> {
  let h = historyColumnsOf(Math.max(1024, expected + (expected >> 3)));
  // One text a row (the lot, the time, the price as float8 text, the status: none holds U+001F), read in place: the
  // driver decodes one field instead of four, as for the lots (snapshot-lots.ts).
  const f = new RowFields();
  const put = (cells: Cell[]) => {
    const text = cells[0] as string;
    f.row(text);
    if (h.size === h.lotId.length) h = grown(h, h.size * 2);
    const k = h.size;
    h.lotId[k] = f.number();
    h.at[k] = f.number();
    h.price[k] = f.number();
    h.status[k] = LOT_STATUSES.indexOf(f.string() as LotStatus);
    if (!f.done(4)) throw new Error(`a lot_history row has ${RowFields.count(text)} fields, not 4 (lot ${h.lotId[k]})`);
    h.size = k + 1;
  };
  const at = new Date(cut).toISOString();
  const columns = 'floor(extract(epoch from h.at) * 1000)::float8 as at, h.price::float8 as price, h.status';
  await eachRow(
    db,
    `select concat_ws(chr(31), l.id, b.at, b.price, b.status) from lots l cross join lateral (
      select ${columns} from lot_history h where h.lot_id = l.id and h.at <= $1::timestamptz order by h.at desc limit 1
    ) b`,
    [at],
    put,
  );
  await eachRow(
    db,
    `select concat_ws(chr(31), h.lot_id, floor(extract(epoch from h.at) * 1000)::float8, h.price::float8, h.status) from lot_history h where h.at > $1::timestamptz order by h.lot_id, h.at`,
    [at],
    put,
  );
  return h;
}

/** Where the snapshot's window opens when it is loaded at `now`. */
export const recentCut = (now: number) => dropWindowStart(moscowDay(now));

/** The rows as columns in the snapshot's lot order (rows of lots the snapshot does not hold are dropped). */
export function recentHistory(found: HistoryColumns, lotById: LotLookup<number>, n: number): RecentHistory {
  const place = new Int32Array(found.size);
  const start = new Uint32Array(n + 1);
  for (let k = 0; k < found.size; k += 1) {
    const i = lotById.get(found.lotId[k]!) ?? -1;
    place[k] = i;
    if (i >= 0) start[i + 1]! += 1;
  }
  for (let i = 0; i < n; i += 1) start[i + 1]! += start[i]!;
  const total = start[n]!;
  const h: RecentHistory = { start, at: new Float64Array(total), price: new Float64Array(total), status: new Uint8Array(total) };
  const fill = Uint32Array.from(start.subarray(0, n));
  // Each lot's rows come in time order and land in that order.
  for (let k = 0; k < found.size; k += 1) {
    const i = place[k]!;
    if (i < 0) continue;
    const at = fill[i]!;
    fill[i] = at + 1;
    h.at[at] = found.at[k]!;
    h.price[at] = found.price[k]!;
    h.status[at] = found.status[k]!;
  }
  return h;
}

export const NO_HISTORY: RecentHistory = { start: new Uint32Array(1), at: new Float64Array(0), price: new Float64Array(0), status: new Uint8Array(0) };

/** Lot i's kept rows as points (core/catalogue/price-history.ts reads these). */
export function pointsOf(h: RecentHistory, i: number): PricePoint[] {
  if (i + 1 >= h.start.length) return [];
  const out: PricePoint[] = [];
  for (let k = h.start[i]!; k < h.start[i + 1]!; k += 1) out.push({ at: h.at[k]!, price: h.price[k]!, status: LOT_STATUSES[h.status[k]!]! });
  return out;
}

/** Lot `lotId`'s whole recorded history, oldest first. */
export async function readLotHistory(db: Db, lotId: number): Promise<PricePoint[]> {
  const found = await rows<{ at: Date | string; price: string | number; status: LotStatus }>(
    db,
    sql`select at, price, status from lot_history where lot_id = ${lotId} order by at`,
  );
  return found.map((r) => ({ at: new Date(r.at).getTime(), price: Number(r.price), status: r.status }));
}

/** How many months the project's price per m² goes back (the current one included). */
export const PRICE_MONTHS = 12;

/** The last `PRICE_MONTHS` Moscow months up to `now`, each with the moment it ends (now, for the current one). */
export function monthsUpTo(now: number): { month: string; until: number }[] {
  const day = moscowDay(now);
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  const out: { month: string; until: number }[] = [];
  for (let k = 0; k < PRICE_MONTHS; k += 1) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const nextYear = month === 12 ? year + 1 : year;
    const next = month === 12 ? 1 : month + 1;
    const end = moscowMidnight(`${nextYear}-${String(next).padStart(2, '0')}-01`);
    out.unshift({ month: label, until: Math.min(end, now) });
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

/**
 * A project's average price per m² of the flats on sale (free) at the end of each month, by kind (the filter's room
 * choices: studio, 1, 2, 3, 4+), from each flat's price and status in force then and its area. Months and kinds
 * without flats on sale are absent. One query: a lateral look-up of the row in force per flat and month.
 */
export async function readProjectPricePerM2(db: Db, projectId: number, now: number): Promise<{ month: string; kind: number; ppm: number; flats: number }[]> {
  const months = monthsUpTo(now);
  const labels = `{${months.map((m) => m.month).join(',')}}`;
  const ends = `{${months.map((m) => `"${new Date(m.until).toISOString()}"`).join(',')}}`;
  const found = await rows<{ month: string; kind: number; ppm: string | number; flats: number }>(
    db,
    sql`select m.month, least(l.rooms, 4)::int as kind, round(avg(h.price::numeric / l.area)) as ppm, count(*)::int as flats
      from unnest(${labels}::text[], ${ends}::timestamptz[]) as m(month, until)
      cross join lots l
      cross join lateral (
        select h.price, h.status from lot_history h where h.lot_id = l.id and h.at < m.until order by h.at desc limit 1
      ) h
      where l.project_id = ${projectId} and l.type = 'flat' and l.rooms is not null and h.status = 'free'
      group by 1, 2 order by 1, 2`,
  );
  return found.map((r) => ({ month: r.month, kind: Number(r.kind), ppm: Number(r.ppm), flats: Number(r.flats) }));
}

/** The query's rows as the page's table: one column per month that has any, one row per kind that has any. */
export function projectPriceTable(found: readonly { month: string; kind: number; ppm: number }[]): ProjectPriceByMonth {
  const months = [...new Set(found.map((r) => r.month))].sort();
  const kinds = ROOM_CHOICES.flatMap((kind) => {
    const values = months.map((m) => found.find((r) => r.month === m && String(r.kind) === kind)?.ppm ?? null);
    return values.some((v) => v !== null) ? [{ kind, values }] : [];
  });
  return { months, kinds };
}
