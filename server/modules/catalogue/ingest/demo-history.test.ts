import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#core/catalogue/price-history.ts';
import { demoHistory } from './demo-history.ts';
import { generateCatalogue } from './generate.ts';

describe("the demo catalogue's past", () => {
  const now = Date.parse('2026-11-25T09:30:00Z');
  const lots = generateCatalogue().lots.map((l) => ({ id: l.id, price: l.price, oldPrice: l.oldPrice, status: l.status }));
  const rows = demoHistory(lots, now);
  const byLot = Map.groupBy(rows, (r) => r.lotId);

  it('ends every lot at its price and status, in time order, one row per lot and moment, before now', () => {
    for (const lot of lots) {
      const own = byLot.get(lot.id)!;
      expect(own.at(-1), String(lot.id)).toMatchObject({ price: lot.price, status: lot.status });
      const times = own.map((r) => (r.at as Date).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      expect(times.at(-1)!).toBeLessThan(now);
      for (const [k, r] of own.entries()) {
        expect(r.change).toBe(0);
        if (k > 0) expect([r.previousPrice, r.previousStatus]).toEqual([own[k - 1]!.price, own[k - 1]!.status]);
        if (k > 0) expect(r.price !== own[k - 1]!.price || r.status !== own[k - 1]!.status).toBe(true);
      }
    }
  });

  it('has months of rises, cuts in the last 30 days and a few lots booked today; the same rows for the same moment', () => {
    const recentCuts = new Set(
      rows.filter((r) => r.previousPrice && r.price < r.previousPrice && (r.at as Date).getTime() > now - 30 * DAY_MS).map((r) => r.lotId),
    );
    expect(recentCuts.size).toBeGreaterThan(50);
    const rises = rows.filter((r) => r.previousPrice && r.price > r.previousPrice);
    expect(rises.length).toBeGreaterThan(lots.length);
    expect(Math.min(...rows.map((r) => (r.at as Date).getTime()))).toBeLessThan(now - 140 * DAY_MS);
    const today = rows.filter((r) => r.status === 'booked' && r.previousStatus === 'free' && (r.at as Date).getTime() >= Date.parse('2026-11-24T21:00:00Z'));
    expect(today.length).toBeGreaterThan(0);
    expect(demoHistory(lots, now)).toEqual(rows);
  });
});
