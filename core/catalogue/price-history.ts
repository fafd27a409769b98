import { roomChoice, type RoomChoice } from './filter-items.ts';
import type { LotStatus } from './types.ts';

/**
 * The facts derived from a lot's price and status history (ADR 019), each computed here once: the server computes
 * them for every lot when the catalogue is loaded (and at each Moscow midnight), the lot page and the API read the
 * same numbers, and the SQL reference of the tests mirrors these rules. Times are epoch milliseconds; days are
 * Moscow calendar days (`YYYY-MM-DD`), the developer's calendar (UTC+3, no daylight saving since 2014).
 */

export const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;
/** A price drop counts over this many days: the card's "−3 %" compares today's price with the price then. */
export const PRICE_DROP_DAYS = 30;
/**
 * "4 of 36 left in this section" is said when few lots are left: at most this share of the section's lots on sale,
 * and at most this many (a big section with 30 of 300 left is not "few"), and at least one.
 */
export const FEW_LEFT = { share: 0.2, max: 10 } as const;

/** One recorded row of a lot's history. */
export type PricePoint = { at: number; price: number; status: LotStatus };

/** The Moscow day of a moment. */
export function moscowDay(at: number): string {
  return new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** Moscow midnight starting `day`. */
export function moscowMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - MOSCOW_OFFSET_MS;
}

/** The moment the drop window of `day` opens: Moscow midnight 30 days before (so a day's figures hold all day). */
export function dropWindowStart(day: string): number {
  return moscowMidnight(day) - PRICE_DROP_DAYS * DAY_MS;
}

/**
 * The price in force at `cut`: the last row at or before it; for a lot first recorded after `cut`, its first
 * price. Null without rows. `points` are in recording order.
 */
export function priceAt(points: readonly PricePoint[], cut: number): number | null {
  if (!points.length) return null;
  let found = points[0]!.price;
  for (const p of points) {
    if (p.at > cut) break;
    found = p.price;
  }
  return found;
}

/**
 * How much lower `price` is than `reference`, in whole percent (half up): 0 when it is not lower or the drop rounds
 * to nothing. Integer arithmetic before the one division, so the server, the browser and SQL's numeric agree.
 */
export function dropPercent(reference: number, price: number): number {
  if (!(reference > 0) || !(price < reference)) return 0;
  return Math.round(((reference - price) * 100) / reference);
}

/**
 * The card's "−N %": the drop of today's price from the price in force 30 days before today's Moscow midnight.
 * Compared with that one price (not the highest of the month), a price raised and lowered again within the month
 * is no "drop". Only lots on sale and not sold have one (`onSale`).
 */
export function priceDrop30d(points: readonly PricePoint[], price: number, day: string, onSale: boolean): number {
  if (!onSale) return 0;
  const reference = priceAt(points, dropWindowStart(day));
  return reference === null ? 0 : dropPercent(reference, price);
}

/** When the lot took its current status: the first row of the last run of rows with that status (null: no rows). */
export function statusSince(points: readonly PricePoint[]): number | null {
  if (!points.length) return null;
  const status = points[points.length - 1]!.status;
  let since = points[points.length - 1]!.at;
  for (let k = points.length - 1; k >= 0 && points[k]!.status === status; k -= 1) since = points[k]!.at;
  return since;
}

/** "Booked today": booked now, and booked since Moscow midnight of `day`. */
export function bookedToday(points: readonly PricePoint[], status: LotStatus, day: string): boolean {
  if (status !== 'booked') return false;
  const since = statusSince(points);
  return since !== null && points[points.length - 1]!.status === 'booked' && since >= moscowMidnight(day);
}

/** Whether "N of M left" is worth saying (FEW_LEFT). */
export function fewLeft(left: number, total: number): boolean {
  return left > 0 && left <= FEW_LEFT.max && left <= total * FEW_LEFT.share;
}

/** The kinds of flat the project's price per m² is told by: the filter's room choices (studio, 1, 2, 3, 4+). */
export type FlatKind = RoomChoice;
export const flatKind = (rooms: number): FlatKind => roomChoice(rooms);
