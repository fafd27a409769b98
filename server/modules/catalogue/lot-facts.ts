import { bookedToday, priceDrop30d } from '#core/catalogue/price-history.ts';
import { showsListPrice, LOT_STATUSES } from '#core/catalogue/types.ts';
import { pointsOf } from './history.ts';
import { offerOf } from './offer-of.ts';
import type { Snapshot } from './snapshot.ts';

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
  for (let i = 0; i < n; i += 1) {
    const points = pointsOf(snap.history, i);
    if (!points.length) continue;
    // A drop is a list price's: none once sold, nor while the lot is in an auction (it shows no list price).
    drop[i] = priceDrop30d(points, t.price[i]!, day, offerOf(snap, i) === 'sale' && showsListPrice({ status: LOT_STATUSES[t.status[i]!]! }));
    booked[i] = bookedToday(points, LOT_STATUSES[t.status[i]!]!, day) ? 1 : 0;
  }
  return { day, drop, bookedToday: booked };
}
