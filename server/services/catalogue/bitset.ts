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

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function count(bits: Bits): number {
  let n = 0;
  const w = bits.words;
  for (let i = bits.lo; i < bits.hi; i += 1) n += popcount32(w[i]!);
  return n;
}

/** |a ∧ b| without building the intersection. */
export function countAnd(a: Bits, b: Bits): number {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  let n = 0;
  const aw = a.words;
  const bw = b.words;
  for (let i = lo; i < hi; i += 1) n += popcount32(aw[i]! & bw[i]!);
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
    const x = aw[i]! & bw[i]! & cw[i]!;
    if (x !== 0) n += popcount32(x);
  }
  return n;
}

/**
 * For every set of `sets`, |a ∧ b ∧ set| into `out`, in one pass over the words of a ∧ b (never built): a word of
 * a ∧ b that is zero costs one test whatever the number of sets. `b` null: every lot.
 */
export function countsAnd(a: Bits, b: Bits | null, sets: readonly Bits[], out: number[]): void {
  const k = sets.length;
  for (let v = 0; v < k; v += 1) out[v] = 0;
  const lo = b ? Math.max(a.lo, b.lo) : a.lo;
  const hi = b ? Math.min(a.hi, b.hi) : a.hi;
  const aw = a.words;
  const bw = b ? b.words : null;
  for (let i = lo; i < hi; i += 1) {
    const s = bw ? aw[i]! & bw[i]! : aw[i]!;
    if (s === 0) continue;
    for (let v = 0; v < k; v += 1) {
      const set = sets[v]!;
      if (i < set.lo || i >= set.hi) continue;
      const x = s & set.words[i]!;
      if (x !== 0) out[v]! += popcount32(x);
    }
  }
}

/** For every set of `sets`, whether a ∧ b ∧ set has a lot (non-zero in `out`), in one pass without counting. */
export function anyAnd(a: Bits, b: Bits | null, sets: readonly Bits[], out: number[]): void {
  const k = sets.length;
  for (let v = 0; v < k; v += 1) out[v] = 0;
  const lo = b ? Math.max(a.lo, b.lo) : a.lo;
  const hi = b ? Math.min(a.hi, b.hi) : a.hi;
  const aw = a.words;
  const bw = b ? b.words : null;
  for (let i = lo; i < hi; i += 1) {
    const s = bw ? aw[i]! & bw[i]! : aw[i]!;
    if (s === 0) continue;
    for (let v = 0; v < k; v += 1) {
      const set = sets[v]!;
      if (i >= set.lo && i < set.hi) out[v]! |= s & set.words[i]!;
    }
  }
}

/**
 * Zeroed buffers reused by the bitsets of one query, so answering a filter leaves nothing behind for the
 * garbage collector (whose pauses, not the counting, would set the tail latency). Sets taken from an
 * arena live until its next `reset`; queries are synchronous, so one arena per index is enough.
 */
export type Arena = { size: number; buffers: Uint32Array[]; used: number };

export const newArena = (size: number): Arena => ({ size, buffers: [], used: 0 });

export function reset(arena: Arena): void {
  arena.used = 0;
}

function take(arena: Arena | undefined, size: number): Uint32Array {
  if (!arena) return new Uint32Array(wordsFor(size));
  let words = arena.buffers[arena.used];
  if (words) words.fill(0);
  else arena.buffers.push((words = new Uint32Array(wordsFor(arena.size))));
  arena.used += 1;
  return words;
}

export function emptyIn(arena: Arena): Bits {
  const words = take(arena, arena.size);
  return { words, lo: 0, hi: words.length };
}

/** a ∧ b, in a buffer of `arena` (or a fresh one). */
export function and(a: Bits, b: Bits, arena?: Arena): Bits {
  const out = take(arena, a.words.length * 32);
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.max(lo, Math.min(a.hi, b.hi));
  const aw = a.words;
  const bw = b.words;
  for (let i = lo; i < hi; i += 1) out[i] = aw[i]! & bw[i]!;
  return { words: out, lo, hi };
}

/** The union of `sets` (at least one), in a buffer of `arena` (or a fresh one). */
export function or(sets: Bits[], size: number, arena?: Arena): Bits {
  if (sets.length === 1) return sets[0]!;
  const words = take(arena, size);
  const out: Bits = { words, lo: 0, hi: words.length };
  let lo = out.words.length;
  let hi = 0;
  for (const set of sets) {
    const w = set.words;
    for (let i = set.lo; i < set.hi; i += 1) out.words[i]! |= w[i]!;
    lo = Math.min(lo, set.lo);
    hi = Math.max(hi, set.hi);
  }
  out.lo = Math.min(lo, hi);
  out.hi = hi;
  return out;
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
