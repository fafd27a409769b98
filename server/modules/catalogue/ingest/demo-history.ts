import { DAY_MS, moscowDay, moscowMidnight } from '#core/catalogue/price-history.ts';
import type { StoredLotStatus as LotStatus } from '../schema.ts';
import { seeded, type Rand } from '../../images/index.ts';
import type { HistoryRow } from './history.ts';

/**
 * A believable past for the demo catalogue's lots, so the price history, the "−N %" badges, the "price reduced" sort
 * and the project's price per m² by month have something to show on a fresh demo: about six months of rows per lot
 * ending exactly at its current price and status. Prices rose step by step as construction went on; a lot with a
 * crossed-out old price was cut from it (half of them within the last 30 days), a few others were cut a little
 * lately; booked and sold lots were booked (a few of them today) and sold. Deterministic for a given `now`: the same
 * lots and moment give the same rows. Rows carry change 0 (a backfill, recorded before any catalogue change).
 */
export type DemoLot = { id: number; price: number; oldPrice?: number | null | undefined; status: LotStatus };

const round = (value: number, step: number) => Math.round(value / step) * step;
const between = (rand: Rand, a: number, b: number) => a + rand() * (b - a);
const MINUTE = 60_000;

type Event = { at: number; price?: number; status?: LotStatus };

export function demoHistory(lots: readonly DemoLot[], now: number): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const today = moscowMidnight(moscowDay(now));
  const daysAgo = (d: number) => Math.floor((now - d * DAY_MS) / MINUTE) * MINUTE;
  for (const lot of lots) {
    const rand = seeded(lot.id * 7919 + 17);
    const start = daysAgo(between(rand, 150, 185));
    const events: Event[] = [];
    // Backwards from today's price: the cut (if any), then the rises before it.
    let price = lot.price;
    let before = now;
    const step = price >= 1_000_000 ? 10_000 : 100;
    if (lot.oldPrice && lot.oldPrice > price) {
      const at = rand() < 0.5 ? daysAgo(between(rand, 2, 27)) : daysAgo(between(rand, 35, 75));
      events.push({ at, price });
      price = lot.oldPrice;
      before = at;
    } else if (lot.status === 'free' && rand() < 0.04) {
      const at = daysAgo(between(rand, 1, 25));
      events.push({ at, price });
      price = round(price / (1 - between(rand, 0.02, 0.045)), step);
      before = at;
    }
    const rises = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < rises; k += 1) {
      const at = Math.floor(between(rand, start + 5 * DAY_MS, Math.min(before, now - 30 * DAY_MS) - DAY_MS) / MINUTE) * MINUTE;
      if (at <= start || at >= before) continue;
      events.push({ at, price });
      price = round(price / (1 + between(rand, 0.015, 0.04)), step);
      before = at;
    }
    // Bookings and sales.
    if (lot.status === 'booked') {
      const bookedToday = rand() < 0.1 && now - today > 10 * MINUTE;
      events.push({ at: bookedToday ? Math.floor(between(rand, today, now - MINUTE) / MINUTE) * MINUTE : daysAgo(between(rand, 1, 40)), status: 'booked' });
    } else if (lot.status === 'sold') {
      const booked = daysAgo(between(rand, 10, 140));
      events.push({ at: booked, status: 'booked' }, { at: booked + Math.floor(between(rand, 3, 9)) * DAY_MS, status: 'sold' });
    }
    events.sort((a, b) => a.at - b.at);
    let current = { price, status: 'free' as LotStatus };
    rows.push({ lotId: lot.id, change: 0, at: new Date(start), price: current.price, status: current.status, previousPrice: null, previousStatus: null });
    for (const e of events) {
      const next = { price: e.price ?? current.price, status: e.status ?? current.status };
      if (e.at <= start || (next.price === current.price && next.status === current.status)) continue;
      rows.push({
        lotId: lot.id,
        change: 0,
        at: new Date(e.at),
        price: next.price,
        status: next.status,
        previousPrice: current.price,
        previousStatus: current.status,
      });
      current = next;
    }
    // The last row is the lot as it is: anything the events missed is set right at the start of today.
    if (current.price !== lot.price || current.status !== lot.status) {
      rows.push({
        lotId: lot.id,
        change: 0,
        at: new Date(Math.max((rows.at(-1)!.at as Date).getTime() + MINUTE, today - DAY_MS)),
        price: lot.price,
        status: lot.status,
        previousPrice: current.price,
        previousStatus: current.status,
      });
    }
  }
  return rows;
}
