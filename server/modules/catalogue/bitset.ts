/**
 * Fixed-size bitsets over lot positions, 32 lots per word. Each set may remember the span of words that
 * can hold ones (`lo`..`hi`): lots of one building or project sit next to each other in the index, so
 * counting a building's lots touches a few words instead of all of them. A set is read only within its span:
 * outside it the words may belong to other sets sharing the buffer (the index's per-building sets do), so
 * `inSet`, not `hasBit`, tests a set that did not come out of `and`, `or` of several, or `emptyBits`.
 */
export type Bits = { words: Uint32Array; lo: number; hi: number };

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function emptyBits(size: number): Bits {
  const words = new Uint32Array(wordsFor(size));
  return { words, lo: 0, hi: words.length };
}

export function fullBits(size: number): Bits {
  const bits = emptyBits(size);
  bits.words.fill(0xffffffff);
  const tail = size & 31;
  if (tail && bits.words.length) bits.words[bits.words.length - 1] = (1 << tail) - 1;
  return bits;
}

export function setBit(bits: Bits, i: number): void {
  bits.words[i >>> 5]! |= 1 << (i & 31);
}

export function hasBit(words: Uint32Array, i: number): boolean {
  return ((words[i >>> 5]! >>> (i & 31)) & 1) === 1;
}

/** Whether lot `i` is in `bits`, reading only its span. */
export function inSet(bits: Bits, i: number): boolean {
  const w = i >>> 5;
  return w >= bits.lo && w < bits.hi && ((bits.words[w]! >>> (i & 31)) & 1) === 1;
}

/** Shrinks `lo`/`hi` to the words that hold ones (call once after building a set). */
export function trim(bits: Bits): Bits {
  let lo = 0;
  let hi = bits.words.length;
  while (lo < hi && bits.words[lo] === 0) lo += 1;
  while (hi > lo && bits.words[hi - 1] === 0) hi -= 1;
  bits.lo = lo;
  bits.hi = hi;
  return bits;
}

/**
 * Each 16-bit number's count of ones: a word's count is two lookups in this 64 KB table (`ones`), cheaper than the
 * shifts and masks of a bit-twiddling count, in every count of the facets.
 */
const ONES16 = new Uint8Array(1 << 16);
for (let x = 1; x < ONES16.length; x += 1) ONES16[x] = (x & 1) + ONES16[x >>> 1]!;

/** The ones of a 32-bit word, by lookup. */
export function ones(x: number): number {
  return ONES16[x & 0xffff]! + ONES16[x >>> 16]!;
}

export function count(bits: Bits): number {
  let n = 0;
  const w = bits.words;
  for (let i = bits.lo; i < bits.hi; i += 1) n += ones(w[i]!);
  return n;
}

/** |a ∧ b| without building the intersection. */
export function countAnd(a: Bits, b: Bits): number {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  let n = 0;
  const aw = a.words;
  const bw = b.words;
  for (let i = lo; i < hi; i += 1) n += ones(aw[i]! & bw[i]!);
  return n;
}

/** |a ∧ b ∧ c| without building either intersection (`b` null: every lot). */
export function countAnd3(a: Bits, b: Bits | null, c: Bits): number {
  if (!b) return countAnd(a, c);
  const lo = Math.max(a.lo, b.lo, c.lo);
  const hi = Math.min(a.hi, b.hi, c.hi);
  let n = 0;
  const aw = a.words;
  const bw = b.words;
  const cw = c.words;
  for (let i = lo; i < hi; i += 1) {
    n += ones(aw[i]! & bw[i]! & cw[i]!);
  }
  return n;
}

/**
 * How many lots of a ∧ b (`b` null: every lot) are in each of `sets` (a lot may be in several; each set readable over
 * every word), into `counts[k]`: one pass over the words of a ∧ b for all the sets, not one per set.
 */
export function countEach(a: Bits, b: Bits | null, sets: readonly Bits[], counts: Int32Array): void {
  let lo = b ? Math.max(a.lo, b.lo) : a.lo;
  let hi = b ? Math.min(a.hi, b.hi) : a.hi;
  // Only the words some set has lots in.
  let setsLo = hi;
  let setsHi = lo;
  for (const set of sets) {
    if (set.lo >= set.hi) continue;
    setsLo = Math.min(setsLo, set.lo);
    setsHi = Math.max(setsHi, set.hi);
  }
  lo = Math.max(lo, setsLo);
  hi = Math.min(hi, setsHi);
  const aw = a.words;
  const bw = b ? b.words : aw;
  const words = sets.map((set) => set.words);
  const m = words.length;
  for (let i = lo; i < hi; i += 1) {
    const s = aw[i]! & bw[i]!;
    if (s === 0) continue;
    for (let k = 0; k < m; k += 1) counts[k]! += ones(s & words[k]![i]!);
  }
}

/**
 * Every lot's code (a project, a building) by word: `pure[w]` is the code of all the lots of word w when they share one;
 * -2 - d when the word's lots are the first lot's code's then code d's, the first's being `first[w]`; -1 else.
 */
export type WordCodes = { code: Uint16Array | Uint32Array; pure: Int32Array; first: Uint32Array };

/**
 * How many lots of a ∧ b (`b` null: every lot) have each code, added into `counts[code]`. Lots of a building sit
 * together, so most words are of one code and cost one popcount whatever the number of values, the words between two
 * buildings two; in another word each lot of the set is looked up.
 */
export function countCodes(a: Bits, b: Bits | null, codes: WordCodes, counts: Int32Array): void {
  const { code, pure, first } = codes;
  const lo = b ? Math.max(a.lo, b.lo) : a.lo;
  const hi = b ? Math.min(a.hi, b.hi) : a.hi;
  const aw = a.words;
  const bw = b ? b.words : aw;
  // The count of a run of words of one code is kept aside and added once the run ends.
  let run = 0;
  let inRun = 0;
  for (let i = lo; i < hi; i += 1) {
    let s = aw[i]! & bw[i]!;
    if (s === 0) continue;
    const p = pure[i]!;
    if (p >= 0) {
      if (p !== run) {
        counts[run]! += inRun;
        run = p;
        inRun = 0;
      }
      inRun += ones(s);
      continue;
    }
    const base = i << 5;
    if (p < -1) {
      const f = s & first[i]!;
      if (f !== 0) counts[code[base]!]! += ones(f);
      if (f !== s) counts[-2 - p]! += ones(s ^ f);
      continue;
    }
    while (s !== 0) {
      const low = s & -s;
      counts[code[base | (31 - Math.clz32(low))]!]! += 1;
      s ^= low;
    }
  }
  counts[run]! += inRun;
}

/**
 * How many lots of a ∧ b (`b` null: every lot) are in each of `sets` (disjoint, each readable over every word), added
 * into `counts`; `present[w]` is the mask of the sets with a lot in word w, and bit `sets.length` that of lots in none
 * (counted into `counts[sets.length]`). In a word, the sets it has are counted in turn and the last gets what the
 * others left: a word of one value's lots costs one popcount, and the count stops when the word's lots are all counted.
 */
export function countValues(a: Bits, b: Bits | null, sets: readonly Bits[], present: Uint32Array, counts: Int32Array): void {
  const lo = b ? Math.max(a.lo, b.lo) : a.lo;
  const hi = b ? Math.min(a.hi, b.hi) : a.hi;
  const aw = a.words;
  const bw = b ? b.words : aw;
  const words = sets.map((set) => set.words);
  for (let i = lo; i < hi; i += 1) {
    const s = aw[i]! & bw[i]!;
    if (s === 0) continue;
    let m = present[i]!;
    let rest = ones(s);
    for (;;) {
      const low = m & -m;
      m ^= low;
      const v = 31 - Math.clz32(low);
      if (m === 0) {
        counts[v]! += rest;
        break;
      }
      const x = ones(s & words[v]![i]!);
      counts[v]! += x;
      rest -= x;
      if (rest === 0) break;
    }
  }
}

/**
 * Which of `sets` (at most 32, each readable over every word) have a lot in a ∧ b, as a bit mask, among the mask
 * `candidates` (the sets a ∧ b can meet at all): `within[w]` is the mask of the sets with a lot in word w, so a word is
 * looked at only while it may hold a candidate not found yet, and the pass ends once every candidate is found.
 */
export function setsMet(a: Bits, b: Bits | null, sets: readonly Bits[], within: Uint32Array, candidates = -1): number {
  const lo = b ? Math.max(a.lo, b.lo) : a.lo;
  const hi = b ? Math.min(a.hi, b.hi) : a.hi;
  const aw = a.words;
  const bw = b ? b.words : aw;
  const all = candidates & (sets.length >= 32 ? -1 : (1 << sets.length) - 1);
  let found = 0;
  for (let i = lo; i < hi && found !== all; i += 1) {
    let pending = within[i]! & all & ~found;
    if (pending === 0) continue;
    const s = aw[i]! & bw[i]!;
    if (s === 0) continue;
    while (pending !== 0) {
      const low = pending & -pending;
      if ((s & sets[31 - Math.clz32(low)]!.words[i]!) !== 0) found |= low;
      pending ^= low;
    }
  }
  return found;
}

/**
 * Zeroed buffers reused by the bitsets of one query, so answering a filter leaves nothing behind for the
 * garbage collector (whose pauses, not the counting, would set the tail latency). Sets taken from an
 * arena live until its next `reset`; queries are synchronous, so one arena per index is enough. Each buffer
 * remembers the span its last set wrote (`dirty`), and only that span is cleared when it is taken again: a
 * building's set costs its own words, not a million lots' worth of zeros.
 */
export type Arena = { size: number; buffers: Uint32Array[]; dirty: number[]; used: number };

export const newArena = (size: number): Arena => ({ size, buffers: [], dirty: [], used: 0 });

export function reset(arena: Arena): void {
  arena.used = 0;
}

/** A zeroed buffer whose taker writes only words `lo`..`hi`. */
function take(arena: Arena | undefined, size: number, lo: number, hi: number): Uint32Array {
  if (!arena) return new Uint32Array(wordsFor(size));
  const k = arena.used;
  let words = arena.buffers[k];
  if (words) words.fill(0, arena.dirty[2 * k]!, arena.dirty[2 * k + 1]!);
  else arena.buffers.push((words = new Uint32Array(wordsFor(arena.size))));
  arena.dirty[2 * k] = lo;
  arena.dirty[2 * k + 1] = hi;
  arena.used += 1;
  return words;
}

/** An empty set over every word, to be written anywhere. */
export function emptyIn(arena: Arena): Bits {
  const length = wordsFor(arena.size);
  return { words: take(arena, arena.size, 0, length), lo: 0, hi: length };
}

/** a ∧ b, in a buffer of `arena` (or a fresh one). */
export function and(a: Bits, b: Bits, arena?: Arena): Bits {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.max(lo, Math.min(a.hi, b.hi));
  const out = take(arena, a.words.length * 32, lo, hi);
  const aw = a.words;
  const bw = b.words;
  for (let i = lo; i < hi; i += 1) out[i] = aw[i]! & bw[i]!;
  return { words: out, lo, hi };
}

/** The union of `sets` (at least one), in a buffer of `arena` (or a fresh one). */
export function or(sets: Bits[], size: number, arena?: Arena): Bits {
  if (sets.length === 1) return sets[0]!;
  let lo = wordsFor(size);
  let hi = 0;
  for (const set of sets) {
    if (set.lo >= set.hi) continue;
    lo = Math.min(lo, set.lo);
    hi = Math.max(hi, set.hi);
  }
  lo = Math.min(lo, hi);
  const words = take(arena, size, lo, hi);
  for (const set of sets) {
    const w = set.words;
    for (let i = set.lo; i < set.hi; i += 1) words[i]! |= w[i]!;
  }
  return { words, lo, hi };
}

/** Positions of the set bits, in order, from the `skip`-th one, at most `take` of them. */
export function positions(bits: Bits, skip = 0, take = Infinity): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let w = bits.lo; w < bits.hi && out.length < take; w += 1) {
    let word = bits.words[w]!;
    while (word !== 0 && out.length < take) {
      const low = word & -word;
      if (seen++ >= skip) out.push((w << 5) | (31 - Math.clz32(low)));
      word ^= low;
    }
  }
  return out;
}
