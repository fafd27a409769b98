import { describe, expect, it } from 'vitest';
import { FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { seeded } from '#server/modules/images/svg.ts';
import { demoSnapshot } from '#server/modules/catalogue/demo-snapshot.ts';
import { facetCounts } from '#server/modules/catalogue/lot-index-evaluate.ts';
import { buildLotIndex, DONE, FACET_ITEMS } from '#server/modules/catalogue/lot-index.ts';
import { lotPayments } from '#server/modules/catalogue/payments.ts';
import { bruteForce, demoFinance, lotValues, randomFilter } from '#tests/support/lot-index-reference.ts';
import { standInInsolation } from '#tests/support/insolation-stand-in.ts';
import { lotSun } from '#server/modules/catalogue/snapshot.ts';

/** The exhaustive check of the lot index (a few seconds: the integration layer, not the unit layer). */
describe('lot index against the plain reference', () => {
  // With sun and view rows (the computation's stand-in), so the sun and view facets count something.
  const snap = demoSnapshot(1, standInInsolation);
  // The demo programmes on a fixed day (the winter special offer in force, the summer one over).
  const payments = lotPayments(snap, demoFinance(), '2026-11-25');
  const index = buildLotIndex(snap, payments.monthly);

  it('counts results and every facet exactly, for 200 random filters', { timeout: 60_000 }, () => {
    const rand = seeded(7);
    const t = snap.lots;
    for (let n = 0; n < 200; n += 1) {
      const filter = randomFilter(rand, snap);
      const ref = bruteForce(snap, filter, payments.monthly);
      const got = facetCounts(index, filter);
      expect(got.count, JSON.stringify(filter)).toBe(ref.ids.length);
      for (const item of FACET_ITEMS) {
        const lots = ref.except(item);
        const stats = got.items[item];
        if (stats.count !== undefined) {
          const flagOf: Record<string, (i: number) => boolean> = {
            euro: (i) => snap.lots.euro[i] === 1,
            discount: (i) => snap.lots.oldPrice[i]! > snap.lots.price[i]!,
            not_first_floor: (i) => snap.lots.floor[i] !== 1,
            not_last_floor: (i) => snap.lots.floor[i] !== snap.sections[snap.lots.section[i]!]!.floorsCount,
            sun_norm: (i) => lotSun(snap.lots, i)?.normMet === true,
          };
          expect(stats.count, `${item} ${JSON.stringify(filter)}`).toBe(lots.filter(flagOf[item]!).length);
        } else if (stats.range !== undefined) {
          const column = { price: snap.lots.price, monthly_payment: payments.monthly, area: snap.lots.area, floor: snap.lots.floor }[item as 'price']!;
          const values = lots.map((i) => column[i]!).filter((v) => !Number.isNaN(v));
          expect(stats.range, `${item} ${JSON.stringify(filter)}`).toEqual(values.length ? { min: Math.min(...values), max: Math.max(...values) } : null);
        } else if (item === 'features' || item === 'view' || item === 'windows' || item === 'sun_march') {
          // A lot counts under each of its values; features (all of those chosen) count on the result.
          const expected: Record<string, number> = {};
          for (const i of item === 'features' ? ref.ids : lots)
            for (const v of lotValues(snap, item, i)) if (v in stats.choices!) expected[v] = (expected[v] ?? 0) + 1;
          const nonZero = Object.fromEntries(Object.entries(stats.choices!).filter(([, n]) => n > 0));
          expect(nonZero, `${item} ${JSON.stringify(filter)}`).toEqual(expected);
        } else {
          const valueOf: Record<string, (i: number) => string | null> = {
            project: (i) => String(snap.projects[t.project[i]!]!.id),
            building: (i) => String(snap.buildings[t.building[i]!]!.id),
            type: (i) => LOT_TYPES[t.type[i]!]!,
            rooms: (i) => (t.rooms[i]! < 0 ? null : String(Math.min(4, t.rooms[i]!))),
            completion: (i) => t.strings.completion.values[t.completion[i]!] || DONE,
            // A parking space or a storage room has no finish: in no finish choice.
            finish: (i) => (['flat', 'commercial'].includes(LOT_TYPES[t.type[i]!]!) ? FINISHES[t.finish[i]!]! : null),
            status: (i) => LOT_STATUSES[t.status[i]!]!,
          };
          const expected: Record<string, number> = {};
          for (const i of lots) {
            const v = valueOf[item]!(i);
            if (v !== null) expected[v] = (expected[v] ?? 0) + 1;
          }
          const nonZero = Object.fromEntries(Object.entries(stats.choices!).filter(([, n]) => n > 0));
          expect(nonZero, `${item} ${JSON.stringify(filter)}`).toEqual(expected);
        }
      }
    }
  });
});
