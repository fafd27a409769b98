import { sql } from 'drizzle-orm';
import { bookedToday, dropWindowStart, moscowDay, priceDrop30d, type PricePoint } from '#core/catalogue/price-history.ts';
import { LOT_STATUSES, type LotStatus } from '#core/catalogue/types.ts';
import type { Db } from '../../db/client.ts';
import { offerOf } from './offer-of.ts';
import type { Snapshot } from './snapshot.ts';

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

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The rows the snapshot keeps: for each lot the last one at or before `cut`, and all after it. */
export async function readRecentHistory(db: Db, cut: number): Promise<HistoryRowOut[]> {
  const at = new Date(cut).toISOString();
  const found = await rows<{ lot_id: number; at: Date | string; price: string | number; status: LotStatus }>(
    db,
    sql`select lot_id, at, price, status from (
      select l.id as lot_id, b.id, b.at, b.price, b.status from lots l cross join lateral (
        select h.id, h.at, h.price, h.status from lot_history h where h.lot_id = l.id and h.at <= ${at}::timestamptz order by h.at desc, h.id desc limit 1
      ) b
      union all
      select h.lot_id, h.id, h.at, h.price, h.status from lot_history h where h.at > ${at}::timestamptz
    ) r order by lot_id, at, id`,
  );
  return found.map((r) => ({ lotId: Number(r.lot_id), at: new Date(r.at).getTime(), price: Number(r.price), status: r.status }));
}

/** Where the snapshot's window opens when it is loaded at `now`. */
export const recentCut = (now: number) => dropWindowStart(moscowDay(now));

/** The rows as columns in the snapshot's lot order (rows of lots the snapshot does not hold are dropped). */
export function recentHistory(found: readonly HistoryRowOut[], lotById: Map<number, number>, n: number): RecentHistory {
  const count = new Uint32Array(n + 1);
  for (const r of found) {
    const i = lotById.get(r.lotId);
    if (i !== undefined) count[i + 1]! += 1;
  }
  const start = new Uint32Array(n + 1);
  for (let i = 0; i < n; i += 1) start[i + 1] = start[i]! + count[i + 1]!;
  const total = start[n]!;
  const h: RecentHistory = { start, at: new Float64Array(total), price: new Float64Array(total), status: new Uint8Array(total) };
  const fill = Uint32Array.from(start.subarray(0, n));
  // Rows come ordered by lot and time: each lot's rows land in order.
  for (const r of found) {
    const i = lotById.get(r.lotId);
    if (i === undefined) continue;
    const k = fill[i]!;
    fill[i] = k + 1;
    h.at[k] = r.at;
    h.price[k] = r.price;
    h.status[k] = LOT_STATUSES.indexOf(r.status);
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

/**
 * Every lot's history facts on one Moscow day: computed for all lots when the catalogue loads and again at each
 * Moscow midnight, so a request only reads them (the card's badge, the "price reduced" order).
 */
export type LotFacts = {
  day: string;
  /** Whole percent the price fell in 30 days (core `priceDrop30d`); 0: none. */
  drop: Uint8Array;
  bookedToday: Uint8Array;
};

export const NO_FACTS: LotFacts = { day: '', drop: new Uint8Array(0), bookedToday: new Uint8Array(0) };

export function lotFacts(snap: Snapshot, day: string): LotFacts {
  const t = snap.lots;
  const n = t.size;
  const drop = new Uint8Array(n);
  const booked = new Uint8Array(n);
  const sold = LOT_STATUSES.indexOf('sold');
  for (let i = 0; i < n; i += 1) {
    const points = pointsOf(snap.history, i);
    if (!points.length) continue;
    drop[i] = priceDrop30d(points, t.price[i]!, day, offerOf(snap, i) === 'sale' && t.status[i] !== sold);
    booked[i] = bookedToday(points, LOT_STATUSES[t.status[i]!]!, day) ? 1 : 0;
  }
  return { day, drop, bookedToday: booked };
}
