import { countCodes, countEach, countValues, emptyBits, setBit, trim, wordsFor, type Bits, type WordCodes } from './bitset.ts';

/**
 * A choice item: each value's set, and what counts a facet's values in one pass (`counts` is reused, with a last slot
 * for lots without a value). Many values (projects, buildings): each lot's value as a code (`values.length`: none) by
 * word (`countCodes`). A few values (rooms, statuses): each word's mask of the values its lots have (bit
 * `values.length`: lots without one; `countValues`).
 */
export type Choice = {
  values: string[];
  bits: Bits[];
  byValue: Map<string, Bits>;
  counts: Int32Array;
  codes: WordCodes | null;
  present: Uint32Array | null;
  /** A lot may have several values (filter-items.ts `multiple`): each value's set is its own, counted by itself. */
  multiple?: 'any' | 'all';
  /** Every value at 0, in the order its facet lists them: what `choiceRecord` copies (`zeroRecord`). */
  zeros: Readonly<Record<string, number>>;
};

/** A string JavaScript keeps as an array index (`"12"`, not `"012"`, `"-1"` or 2³² − 1 and up): listed in ascending order. */
const isIndexKey = (v: string) => /^(?:0|[1-9]\d{0,9})$/.test(v) && Number(v) < 2 ** 32 - 1;

/**
 * A facet's record with every value at 0, built once per index: `choiceRecord` copies it and sets the counts, which
 * moves no key. Ids (project and building) go in ascending, the order an object lists array-index keys in whatever
 * order they came; so V8 keeps them in one flat array, and a copy is one allocation of ~8 bytes a value. Built key by
 * key per answer, the records of 1,212 projects and 3,636 buildings (1M lots) allocated 128 KiB in the arrays'
 * regrowths; copied, 42 KiB (V8's sampling heap profiler over 800 answers). Less allocated, fewer young collections.
 */
export function zeroRecord(values: readonly string[]): Record<string, number> {
  const order = values.every(isIndexKey) ? [...values].sort((a, b) => Number(a) - Number(b)) : values;
  const record: Record<string, number> = {};
  for (const v of order) record[v] = 0;
  return record;
}

/**
 * Choice items with at most this many values (and none) have a buffer per value, readable over every word, and are
 * counted value by value (`Choice`).
 */
const FEW_VALUES = 31;

/**
 * The sets of a choice item's `values` over `n` lots (`valueOf`: a lot's value, null for none). A value's set is
 * written only within its span of words, in a buffer it shares with the values whose spans do not meet its own: a
 * project's or a building's lots sit together, so a million lots in 3,600 buildings take a few buffers, not one each
 * (bitset.ts: a set is read only within its span).
 */
export function choiceSets(n: number, values: string[], valueOf: (i: number) => string | null): Choice {
  const wordCount = wordsFor(n);
  const code = new Map(values.map((v, k) => [v, k]));
  const of = new Int32Array(n);
  const first = new Int32Array(values.length).fill(-1);
  const last = new Int32Array(values.length);
  for (let i = 0; i < n; i += 1) {
    const v = valueOf(i);
    const k = v === null ? -1 : (code.get(v) ?? -1);
    of[i] = k;
    if (k < 0) continue;
    if (first[k]! < 0) first[k] = i;
    last[k] = i;
  }
  const none = values.length;
  let codes: Choice['codes'] = null;
  let present: Uint32Array | null = null;
  if (values.length <= FEW_VALUES) {
    // Each word's values (and bit `none`): the last of them is counted as what the others leave of the word.
    present = new Uint32Array(wordCount);
    for (let i = 0; i < n; i += 1) present[i >>> 5]! |= 1 << (of[i]! < 0 ? none : of[i]!);
  } else {
    // Each lot's code and each word's, when its lots share one.
    const code = values.length < 0xffff ? new Uint16Array(n) : new Uint32Array(n);
    for (let i = 0; i < n; i += 1) code[i] = of[i]! < 0 ? none : of[i]!;
    const pure = new Int32Array(wordCount);
    const firstRun = new Uint32Array(wordCount);
    for (let w = 0; w < wordCount; w += 1) {
      const start = w << 5;
      const end = Math.min(n, start + 32);
      const c = code[start]!;
      let i = start + 1;
      while (i < end && code[i] === c) i += 1;
      if (i === end) {
        pure[w] = c;
        continue;
      }
      // Two codes, the first's lots then the second's (a building's last lots, the next one's first): split by a mask.
      const d = code[i]!;
      let j = i + 1;
      while (j < end && code[j] === d) j += 1;
      pure[w] = j === end ? -2 - d : -1;
      firstRun[w] = (1 << (i - start)) - 1;
    }
    codes = { code, pure, first: firstRun };
  }
  const buffers: { words: Uint32Array; end: number }[] = [];
  const bits = values.map((_, k): Bits => {
    // A few values' sets have a buffer each, readable over every word (`countValues`); the others share.
    const own = values.length <= FEW_VALUES;
    // An empty set: no span (as trim leaves it), any buffer (of zeros if its own).
    if (first[k]! < 0) {
      const words = own ? new Uint32Array(wordCount) : (buffers[0] ??= { words: new Uint32Array(wordCount), end: 0 }).words;
      return { words, lo: wordCount, hi: wordCount };
    }
    const lo = first[k]! >>> 5;
    const hi = (last[k]! >>> 5) + 1;
    let buffer = own ? undefined : buffers.find((b) => b.end <= lo);
    if (!buffer) buffers.push((buffer = { words: new Uint32Array(wordCount), end: 0 }));
    buffer.end = hi;
    return { words: buffer.words, lo, hi };
  });
  for (let i = 0; i < n; i += 1) if (of[i]! >= 0) setBit(bits[of[i]!]!, i);
  // The span from the first to the last lot: what trim gives a set of its own.
  return {
    values,
    bits,
    byValue: new Map(values.map((v) => [v, bits[code.get(v)!]!])),
    counts: new Int32Array(values.length + 1),
    zeros: zeroRecord(values),
    codes,
    present,
  };
}

/**
 * The sets of an item whose lots may have several of its few `values` (`valuesOf`: a lot's value indexes, from a
 * small list of distinct lists): one set per value, of its own buffer trimmed to its span, and no per-lot codes.
 */
export function multipleChoiceSets(n: number, values: readonly string[], multiple: 'any' | 'all', valuesOf: (i: number) => readonly number[]): Choice {
  const bits = values.map(() => emptyBits(n));
  for (let i = 0; i < n; i += 1) for (const k of valuesOf(i)) setBit(bits[k]!, i);
  for (const set of bits) trim(set);
  return {
    values: [...values],
    bits,
    byValue: new Map(values.map((v, k) => [v, bits[k]!])),
    counts: new Int32Array(values.length + 1),
    codes: null,
    present: null,
    multiple,
    zeros: zeroRecord(values),
  };
}

/** A choice item's facet over the lots in `a ∧ b` (`b` null: every lot): each value's count, in one pass. */
export function choiceCounts(c: Choice, a: Bits, b: Bits | null): Record<string, number> {
  c.counts.fill(0);
  if (c.multiple) countEach(a, b, c.bits, c.counts);
  else if (c.codes) countCodes(a, b, c.codes, c.counts);
  else countValues(a, b, c.bits, c.present!, c.counts);
  return choiceRecord(c);
}

/** A choice item's facet from its `counts`: each value's count, in the item's order of values (ids ascending). */
export function choiceRecord(c: Choice): Record<string, number> {
  // Object.assign copies the flat array in one go; a spread at this one site, seeing each item's shape, is V8's generic
  // copy, key by key (266 KiB and 674 µs for the buildings' record against 37 KiB and 44 µs, a micro-benchmark).
  const choices: Record<string, number> = Object.assign({}, c.zeros);
  for (let v = 0; v < c.values.length; v += 1) choices[c.values[v]!] = c.counts[v]!;
  return choices;
}
