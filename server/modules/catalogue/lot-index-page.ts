import type { LotFilter } from '#core/catalogue/service.ts';
import { count, type Bits } from './bitset.ts';
import { ALL_GROUPS, PAGE_BLOCK, type BaseOrdering, type LotIndex } from './lot-index.ts';

export type Ordering = NonNullable<LotFilter['ordering']>;

/**
 * Lot positions of one page of `set`, in `ordering` (descending orders walk the sort backwards); `groups`: a mask of
 * the groups (`LotIndex.groups`) that hold the set's lots, whose blocks the walk reads (the others it steps over: the
 * cheapest flats come after every parking space). The walk stops when the page is full, or when it has read as many
 * lots as picking the page among the set's lots by their ranks would cost (a few projects' lots), which it does then.
 * `size` is the set's count of lots, when the caller has it.
 */
export function page(index: LotIndex, set: Bits, ordering: Ordering, offset: number, limit: number, groups = ALL_GROUPS, size = count(set)): number[] {
  const base = (ordering.startsWith('-') ? ordering.slice(1) : ordering) as BaseOrdering;
  const own = ordering.startsWith('-') ? index.descending[base] : undefined;
  const desc = ordering.startsWith('-') && !own;
  const { perm, rank, blocks } = own ?? index.orderings[base];
  const want = offset + limit;
  if (limit <= 0) return [];
  // A lot read in the walk costs a word of the set; by rank, a lot of the set costs its rank, read far away in memory,
  // ~20 times more.
  const budget = Math.max(PAGE_WALK_MIN, 20 * size);
  const words = set.words;
  const out: number[] = [];
  let skipped = 0;
  let read = 0;
  for (let j = 0; j < blocks.length && out.length < limit; j += 1) {
    const block = desc ? blocks.length - 1 - j : j;
    read += 1;
    if ((blocks[block]! & groups) === 0) continue;
    const start = block * PAGE_BLOCK;
    const end = Math.min(perm.length, start + PAGE_BLOCK);
    for (let k = start; k < end && out.length < limit; k += 1) {
      const i = perm[desc ? start + end - 1 - k : k]!;
      if (((words[i >>> 5]! >>> (i & 31)) & 1) === 0) continue;
      if (skipped < offset) skipped += 1;
      else out.push(i);
    }
    read += end - start;
    if (read > budget && out.length < limit && j < blocks.length - 1) {
      // By rank: the `want` first of the set's lots (a descending walk's first are the highest ranks).
      const ranks = firstRanks(set, rank, desc, want);
      const picked: number[] = [];
      for (let r = offset; r < ranks.length; r += 1) picked.push(perm[desc ? perm.length - 1 - ranks[r]! : ranks[r]!]!);
      return picked;
    }
  }
  return out;
}

/** Lots the page walk always reads before it may turn to ranks. */
const PAGE_WALK_MIN = 4096;

/**
 * The `want` smallest places (`rank`, or from the end with `desc`) of the lots in `set`, ascending: a bounded max-heap
 * over one pass of the set's lots.
 */
function firstRanks(set: Bits, rank: Uint32Array, desc: boolean, want: number): number[] {
  const last = rank.length - 1;
  const heap: number[] = [];
  const words = set.words;
  for (let w = set.lo; w < set.hi; w += 1) {
    let word = words[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const r0 = rank[(w << 5) | (31 - Math.clz32(low))]!;
      const r = desc ? last - r0 : r0;
      if (heap.length < want) {
        // Sift up.
        let c = heap.length;
        heap.push(r);
        while (c > 0) {
          const parent = (c - 1) >> 1;
          if (heap[parent]! >= r) break;
          heap[c] = heap[parent]!;
          c = parent;
        }
        heap[c] = r;
      } else if (r < heap[0]!) {
        // Replace the largest, sift down.
        let c = 0;
        const n = heap.length;
        for (;;) {
          let child = 2 * c + 1;
          if (child >= n) break;
          if (child + 1 < n && heap[child + 1]! > heap[child]!) child += 1;
          if (heap[child]! <= r) break;
          heap[c] = heap[child]!;
          c = child;
        }
        heap[c] = r;
      }
    }
  }
  return heap.sort((x, y) => x - y);
}
