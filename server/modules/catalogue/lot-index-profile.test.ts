import { describe, expect, it } from 'vitest';
import { FACET_ITEMS, FLAG_ITEMS, type ChoiceItem, type FlagItem } from '#core/catalogue/filter-items.ts';
import { seeded } from '#server/modules/images/index.ts';
import { randomFilter } from '#tests/support/lot-index-reference.ts';
import { standInInsolation } from '#tests/support/insolation-stand-in.ts';
import { countAnd3, countEach, ones, positions, type Bits } from './bitset.ts';
import { choiceCounts } from './lot-index-choice.ts';
import { matching } from './lot-index-evaluate.ts';
import { countProfiles, profileCounts } from './lot-index-profile.ts';
import { buildLotIndex } from './lot-index.ts';
import { demoSnapshot } from './demo-snapshot.ts';

/**
 * The facets' faster counts (issue #40) against the counts they replace, on the demo catalogue with sun and view rows:
 * the profiles' one pass over a set's lots, one pass for all the values of an item a lot may have several of, a word's
 * ones by lookup.
 */
describe('facet counts', () => {
  const snap = demoSnapshot(1, standInInsolation);
  const index = buildLotIndex(snap);
  const copy = (bits: Bits): Bits => ({ words: Uint32Array.from(bits.words), lo: bits.lo, hi: bits.hi });
  const rand = seeded(11);
  // Sets of every size: the universe, random filters' results (the arena's buffers are reused: copied), and none.
  const sets: Bits[] = [
    index.universe,
    ...Array.from({ length: 60 }, () => copy(matching(index, randomFilter(rand, snap)))),
    copy(matching(index, { price_min: 1e11 })),
  ];

  it('counts a word’s ones by lookup as its binary digits do', () => {
    const words = [0, 1, -1, 0x80000000, 0x7fffffff, 0xffffffff, 0x55555555, 0xaaaaaaaa, ...Array.from({ length: 2000 }, () => (rand() * 2 ** 32) >>> 0)];
    for (const x of words) {
      const expected = [...(x >>> 0).toString(2)].filter((digit) => digit === '1').length;
      expect(ones(x)).toBe(expected);
      expect(ones(x | 0)).toBe(expected);
    }
  });

  it('counts every value of an item a lot may have several of in one pass, as one count per value does', () => {
    for (const item of ['features', 'view', 'windows', 'sun_march'] as const) {
      const c = index.choices[item];
      for (const [a, b] of sets.flatMap((a, k) => [[a, null] as const, [a, sets[(k + 1) % sets.length]!] as const])) {
        const counts = new Int32Array(c.values.length + 1);
        countEach(a, b, c.bits, counts);
        expect([...counts.slice(0, c.values.length)]).toEqual(c.bits.map((bits) => countAnd3(a, b, bits)));
      }
    }
  });

  it('gives from the profiles the facets of the items of a few values, as counting them word by word does', () => {
    const profiled = FACET_ITEMS.filter((item) => index.profiles.at[item]);
    // Every few-valued choice and every flag has a profile; the many-valued (projects, buildings) have none.
    expect(profiled).toEqual(
      FACET_ITEMS.filter(
        (item) => (FLAG_ITEMS as readonly string[]).includes(item) || (index.choices[item as ChoiceItem] && !index.choices[item as ChoiceItem].codes),
      ),
    );
    for (const set of sets) {
      countProfiles(index.profiles, set);
      for (const item of profiled) {
        if ((FLAG_ITEMS as readonly string[]).includes(item)) {
          const counts = new Int32Array(1);
          profileCounts(index.profiles, item, counts);
          expect(counts[0], item).toBe(countAnd3(set, null, index.flags[item as FlagItem]));
        } else {
          const c = index.choices[item as ChoiceItem];
          const expected = choiceCounts(c, set, null);
          c.counts.fill(0);
          profileCounts(index.profiles, item, c.counts);
          expect(Object.fromEntries(c.values.map((v, k) => [v, c.counts[k]!])), item).toEqual(expected);
        }
      }
    }
  });

  it("reads in the same pass the smallest and largest value of each range's column among the set's lots (NaN: none)", () => {
    const some = Float64Array.from(snap.lots.price, (price, i) => (i % 3 === 0 ? Number.NaN : Math.round(price / 170)));
    const columns = [snap.lots.price, snap.lots.floor, snap.lots.area, some, new Float64Array(snap.lots.size).fill(Number.NaN)];
    const extents = new Float64Array(2 * columns.length);
    for (const set of sets) {
      countProfiles(index.profiles, set, columns, extents);
      const lots = positions(set);
      columns.forEach((column, j) => {
        const values = lots.map((i) => column[i]!).filter((v) => !Number.isNaN(v));
        expect([extents[2 * j], extents[2 * j + 1]]).toEqual(values.length ? [Math.min(...values), Math.max(...values)] : [Infinity, -Infinity]);
      });
    }
  });
});
