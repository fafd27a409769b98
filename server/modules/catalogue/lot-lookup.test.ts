import { describe, expect, it } from 'vitest';
import { lotIdLookup, lotKeyLookup } from './lot-lookup.ts';

describe('lot look-ups over the columns', () => {
  it('finds a lot by id as a Map would: dense and sparse ids, misses, the last of a repeated id', () => {
    const dense = lotIdLookup(Int32Array.from([10, 11, 13, 12, 11]), 5);
    expect([10, 11, 12, 13].map((id) => dense.get(id))).toEqual([0, 4, 3, 2]);
    expect([9, 14, -1, Number.NaN, 10.5].map((id) => dense.get(id))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const sparse = lotIdLookup(Int32Array.from([1, 5_000_000, 42]), 3);
    expect([1, 5_000_000, 42, 2].map((id) => sparse.get(id))).toEqual([0, 1, 2, undefined]);
    // Only the first `n` lots count.
    expect(lotIdLookup(Int32Array.from([7, 8]), 1).get(8)).toBeUndefined();
  });

  it('finds a lot by project id, kind and number, numbers with colons included', () => {
    const columns = { project: Uint32Array.from([0, 0, 1, 1]), type: Uint8Array.from([0, 2, 0, 0]), number: ['1', '1', '1', 'A:2'] };
    const projectIdx = (id: number) => ({ 101: 0, 202: 1 })[id];
    const types = ['flat', 'commercial', 'parking'];
    const byKey = lotKeyLookup(columns, 4, projectIdx, (type) => types.indexOf(type));
    expect(['101:flat:1', '101:parking:1', '202:flat:1', '202:flat:A:2'].map((key) => byKey.get(key))).toEqual([0, 1, 2, 3]);
    expect(['101:flat:2', '303:flat:1', '101:house:1', 'nonsense', '101:flat'].map((key) => byKey.get(key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Only keys as the catalogue writes them, as a Map of key strings would answer.
    expect(['0101:flat:1', ' 101:flat:1', '0x65:flat:1', ':flat:1', '101.0:flat:1'].map((key) => byKey.get(key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
