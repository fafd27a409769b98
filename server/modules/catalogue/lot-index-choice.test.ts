import { describe, expect, it } from 'vitest';
import { choiceCounts, choiceSets, zeroRecord } from './lot-index-choice.ts';

/** What a facet's record was before it was copied from `zeros`: each value's count set key by key, in the item's order. */
function keyByKey(values: readonly string[], counts: readonly number[]): Record<string, number> {
  const record: Record<string, number> = {};
  values.forEach((v, k) => (record[v] = counts[k]!));
  return record;
}

describe("a choice item's facet record", () => {
  it('lists ids in ascending order and named values in the item’s order, as a record built key by key does', () => {
    expect(Object.keys(zeroRecord(['12', '3', '7']))).toEqual(['3', '7', '12']);
    expect(Object.keys(zeroRecord(['done', '2027-Q4', '2026-Q2']))).toEqual(['done', '2027-Q4', '2026-Q2']);
    // Not array indexes: a leading zero, or ids beside names, keep the item's order.
    expect(Object.keys(zeroRecord(['010', '9']))).toEqual(['9', '010']);
    expect(Object.keys(zeroRecord(['4294967296', '4294967295']))).toEqual(['4294967296', '4294967295']);
    expect(Object.keys(zeroRecord(['4294967294', '7']))).toEqual(['7', '4294967294']);
    expect(Object.values(zeroRecord(['5', '1']))).toEqual([0, 0]);
  });

  it('gives the same JSON as the key-by-key record, for ids out of order and for named values', () => {
    const n = 640;
    const ids = Array.from({ length: 40 }, (_, k) => String(((k * 17) % 40) + 1));
    const named = ['flat', 'parking', 'pantry', 'commercial'];
    for (const values of [ids, named]) {
      const c = choiceSets(n, values, (i) => (i % 9 === 0 ? null : values[(i * 7) % values.length]!));
      const all = { words: new Uint32Array(n / 32).fill(0xffffffff), lo: 0, hi: n / 32 };
      const record = choiceCounts(c, all, null);
      const expected = keyByKey(values, Array.from(c.counts.subarray(0, values.length)));
      expect(JSON.stringify(record)).toBe(JSON.stringify(expected));
      expect(Object.values(record).reduce((a, b) => a + b, 0)).toBe(n - Math.ceil(n / 9));
      // A record is the answer's own: the next count does not change it, nor the zeros it was copied from.
      choiceCounts(c, { ...all, words: new Uint32Array(n / 32) }, null);
      expect(JSON.stringify(record)).toBe(JSON.stringify(expected));
      expect(Object.values(c.zeros).every((v) => v === 0)).toBe(true);
    }
  });
});
