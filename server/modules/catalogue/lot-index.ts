import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import {
  FACET_ITEMS,
  FLAG_ITEMS,
  LOT_FILTER_ITEMS,
  RANGE_ITEMS,
  ROOM_CHOICES,
  roomChoice,
  type ChoiceItem,
  type FilterItemName,
  type FlagItem,
  type RangeItem,
} from '#core/catalogue/filter-items.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import {
  and,
  count,
  countAnd3,
  countCodes,
  countValues,
  emptyBits,
  emptyIn,
  inSet,
  newArena,
  or,
  reset,
  setBit,
  setsMet,
  trim,
  wordsFor,
  type Arena,
  type Bits,
  type WordCodes,
} from './bitset.ts';
import { hasFinish } from '#core/catalogue/offer.ts';
import { offerOf } from './dto.ts';
import type { Snapshot } from './snapshot.ts';

/** The default order's kinds: what most visitors look for first. Indexed like LOT_TYPES. */
const TYPE_RANK = LOT_TYPES.map((type) => ({ flat: 0, commercial: 1, parking: 2, pantry: 3 })[type]);

/**
 * The lot filter's index: for every choice value a bitset of the lots having it, for every range the lots
 * sorted by that value. A filter is an AND of per-item sets; the facet of item X is counted on the AND of
 * every item's set except X's (so a visitor sees what else is on offer), which prefix and suffix products
 * give for all items at once. Counts are popcounts, so they are exact and cost microseconds.
 *
 * Only listed lots are in the universe: lots for sale (not premises let for rent) of projects whose sales
 * have started (not presale). Sold lots are in it, but the default status filter leaves them out.
 */
export { CHOICE_ITEMS, FACET_ITEMS, FLAG_ITEMS, RANGE_ITEMS } from '#core/catalogue/filter-items.ts';
export type { ChoiceItem, FlagItem, RangeItem } from '#core/catalogue/filter-items.ts';
export type FacetItem = FilterItemName;

/**
 * A choice item: each value's set, and what counts a facet's values in one pass (`counts` is reused, with a last slot
 * for lots without a value). Many values (projects, buildings): each lot's value as a code (`values.length`: none) by
 * word (`countCodes`). A few values (rooms, statuses): each word's mask of the values its lots have (bit
 * `values.length`: lots without one; `countValues`).
 */
type Choice = {
  values: string[];
  bits: Bits[];
  byValue: Map<string, Bits>;
  counts: Int32Array;
  codes: WordCodes | null;
  present: Uint32Array | null;
};
type Sorted = {
  perm: Uint32Array;
  /** The lots' values the order sorts by (`column[perm[k]]` ascending; a snapshot's column or the payments). */
  column: ArrayLike<number>;
  /**
   * The same order split by group (lot kind and room choice, `LotIndex.groups`): group g's lots are
   * `grouped[groupStart[g]]`..`grouped[groupStart[g + 1]]`.
   */
  grouped: Uint32Array;
  groupStart: Uint32Array;
  /**
   * `prefixes[j]`: the words of the set of the first `j × step` lots of `perm` (the last: all of them), so a range is
   * mostly one pass of `prefixes[to] ∧ ¬prefixes[from]` and only its two ends are set lot by lot.
   */
  prefixes: Uint32Array[];
  step: number;
};
export type ItemStats = { choices?: Record<string, number>; range?: { min: number; max: number } | null; count?: number };
export type FacetCounts = { count: number; items: Record<FacetItem, ItemStats> };

export type LotIndex = {
  size: number;
  universe: Bits;
  choices: Record<ChoiceItem, Choice>;
  flags: Record<FlagItem, Bits>;
  ranges: Record<RangeItem, Sorted>;
  orderings: Record<BaseOrdering, Order>;
  /**
   * Descending orders that are not the ascending one walked backwards: lots without a monthly payment stay
   * last both ways (`page` reads these first).
   */
  descending: Partial<Record<BaseOrdering, Order>>;
  /**
   * Lots by kind and room choice (a flat's rooms, one group per other kind, at most 32): a range's extent is looked
   * for in each group that has lots in the set, so the walk does not cross, say, every parking space to reach the
   * cheapest flat. `groupsIn[w]`: the mask of the groups with a lot in word w.
   */
  groups: Bits[];
  groupsIn: Uint32Array;
  /** The mask of the groups of each value of the choices that groups are made of (a kind's, a room choice's). */
  groupsOf: Record<'type' | 'rooms', Uint32Array>;
  /** The default statuses' set (free and booked): most filters ask for it. */
  defaultStatus: Bits;
  /** Completion value of each lot as the filter names it ('done' or 'YYYY-QN'). */
  completionValues: string[];
  arena: Arena;
};

export const DONE = 'done';

/**
 * An order of every lot, each lot's place in it (`rank[perm[k]] = k`: a sparse set's page is picked by rank), and the
 * mask of the groups of each block of `PAGE_BLOCK` lots in it (a page's walk skips the blocks of groups the set has none of).
 */
type Order = { perm: Uint32Array; rank: Uint32Array; blocks: Uint32Array };

type BaseOrdering = 'recommended' | 'price' | 'monthly_payment' | 'area' | 'price_per_m2' | 'floor' | 'completion' | 'price_reduced';

/**
 * The index of `snapshot`; `monthly` is each lot's lowest monthly payment in whole roubles (NaN where no
 * programme applies: payments.ts), the `monthly_payment` range and order. Without it no lot has one. `drops` is each
 * lot's 30-day price drop in whole percent (history.ts, ADR 019), the `price_reduced` order; without it none has one.
 */
export function buildLotIndex(snapshot: Snapshot, monthly?: Float64Array, drops?: Uint8Array): LotIndex {
  const t = snapshot.lots;
  const n = t.size;
  const universe = emptyBits(n);
  // Listed: lots on sale (offerOf: not premises let for rent, not lots of a project in presale).
  for (let i = 0; i < n; i += 1) if (offerOf(snapshot, i) === 'sale') setBit(universe, i);
  trim(universe);

  const completionOf = t.strings.completion.values.map((v) => v || DONE);
  const completionValues = [...new Set(completionOf)].sort((a, b) => (a === DONE ? -1 : b === DONE ? 1 : a.localeCompare(b)));

  // A value's set is written only within its span of words, in a buffer it shares with the values whose spans do
  // not meet its own: a project's or a building's lots sit together, so a million lots in 3,600 buildings take a few
  // buffers, not one each (bitset.ts: a set is read only within its span).
  const wordCount = wordsFor(n);
  const choice = (values: string[], valueOf: (i: number) => string | null): Choice => {
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
      codes,
      present,
    };
  };
  const choices: Record<ChoiceItem, Choice> = {
    project: choice(
      snapshot.projects.map((p) => String(p.id)),
      (i) => String(snapshot.projects[t.project[i]!]!.id),
    ),
    building: choice(
      snapshot.buildings.map((b) => String(b.id)),
      (i) => String(snapshot.buildings[t.building[i]!]!.id),
    ),
    type: choice([...LOT_TYPES], (i) => LOT_TYPES[t.type[i]!]!),
    rooms: choice([...ROOM_CHOICES], (i) => (t.rooms[i]! < 0 ? null : roomChoice(t.rooms[i]!))),
    completion: choice(completionValues, (i) => completionOf[t.completion[i]!]!),
    // Only kinds that have a finish are in a finish choice: a parking space is not "no finish".
    finish: choice([...FINISHES], (i) => (hasFinish(LOT_TYPES[t.type[i]!]!) ? FINISHES[t.finish[i]!]! : null)),
    status: choice([...LOT_STATUSES], (i) => LOT_STATUSES[t.status[i]!]!),
  };

  const flag = (test: (i: number) => boolean): Bits => {
    const bits = emptyBits(n);
    for (let i = 0; i < n; i += 1) if (test(i)) setBit(bits, i);
    return trim(bits);
  };
  const topFloor = (i: number) => snapshot.sections[t.section[i]!]!.floorsCount;
  const flags: Record<FlagItem, Bits> = {
    euro: flag((i) => t.euro[i] === 1),
    discount: flag((i) => t.oldPrice[i]! > t.price[i]!),
    not_first_floor: flag((i) => t.floor[i] !== 1),
    not_last_floor: flag((i) => t.floor[i] !== topFloor(i)),
  };

  // Ties broken by lot id, so pages are stable: every order starts from the lots in id order and sorts stably.
  const byId = idOrder(t.id);
  const sortBy = (key: (i: number) => number): Uint32Array => {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i += 1) keys[i] = key(i);
    return orderBy(keys, byId);
  };
  // Groups: one per kind and room choice (rooms -1: the kind's only group).
  const groupOf = new Uint8Array(n);
  const groupKey = new Map<string, number>();
  for (let i = 0; i < n; i += 1) {
    const key = `${t.type[i]}:${t.rooms[i]! < 0 ? '' : roomChoice(t.rooms[i]!)}`;
    let g = groupKey.get(key);
    if (g === undefined) groupKey.set(key, (g = groupKey.size));
    groupOf[i] = g;
  }
  const groupCount = groupKey.size;
  // Kinds × (room choices and none): a mask of 32 bits holds them all.
  if (groupCount > 32) throw new Error(`${groupCount} lot groups: at most 32`);
  const groups = Array.from({ length: groupCount }, () => emptyBits(n));
  const groupsIn = new Uint32Array(wordCount);
  for (let i = 0; i < n; i += 1) {
    setBit(groups[groupOf[i]!]!, i);
    groupsIn[i >>> 5]! |= 1 << groupOf[i]!;
  }
  for (const bits of groups) trim(bits);
  const groupsOf = { type: new Uint32Array(LOT_TYPES.length), rooms: new Uint32Array(ROOM_CHOICES.length) };
  for (const [key, g] of groupKey) {
    const [type, rooms] = key.split(':');
    groupsOf.type[Number(type)]! |= 1 << g;
    if (rooms) groupsOf.rooms[ROOM_CHOICES.indexOf(rooms as (typeof ROOM_CHOICES)[number])]! |= 1 << g;
  }
  /** `perm` with each lot's place in it and its blocks' groups. */
  const order = (perm: Uint32Array): Order => {
    const rank = new Uint32Array(perm.length);
    const blocks = new Uint32Array(Math.ceil(perm.length / PAGE_BLOCK));
    for (let k = 0; k < perm.length; k += 1) {
      rank[perm[k]!] = k;
      blocks[(k / PAGE_BLOCK) | 0]! |= 1 << groupOf[perm[k]!]!;
    }
    return { perm, rank, blocks };
  };
  const withGroups = (perm: Uint32Array, values: ArrayLike<number>): Sorted => {
    // A stable counting sort by group keeps each group's lots in the range's order.
    const groupStart = new Uint32Array(groupCount + 1);
    for (let k = 0; k < perm.length; k += 1) groupStart[groupOf[perm[k]!]! + 1]! += 1;
    for (let g = 0; g < groupCount; g += 1) groupStart[g + 1]! += groupStart[g]!;
    const fill = groupStart.slice(0, groupCount);
    const grouped = new Uint32Array(perm.length);
    for (let k = 0; k < perm.length; k += 1) {
      const i = perm[k]!;
      grouped[fill[groupOf[i]!]!++] = i;
    }
    const step = Math.max(1, Math.ceil(perm.length / RANGE_PREFIXES));
    const prefixes: Uint32Array[] = [new Uint32Array(wordCount)];
    for (let j = 1; (j - 1) * step < perm.length; j += 1) {
      const words = Uint32Array.from(prefixes[j - 1]!);
      for (let k = (j - 1) * step; k < Math.min(perm.length, j * step); k += 1) words[perm[k]! >>> 5]! |= 1 << (perm[k]! & 31);
      prefixes.push(words);
    }
    return { perm, column: values, grouped, groupStart, prefixes, step };
  };
  const sorted = (values: ArrayLike<number>): Sorted => withGroups(orderBy(Float64Array.from(values), byId), values);
  // A range over the lots that have a value (NaN: none): a lot without one is outside every bound and every extent.
  const sortedSome = (values: ArrayLike<number>): Sorted => {
    const perm = orderBy(
      Float64Array.from(values),
      byId.filter((i) => !Number.isNaN(values[i]!)),
    );
    return withGroups(perm, values);
  };
  const payments = monthly ?? new Float64Array(n).fill(Number.NaN);
  const ranges: Record<RangeItem, Sorted> = {
    price: sorted(t.price),
    monthly_payment: sortedSome(payments),
    area: sorted(t.area),
    floor: sorted(t.floor),
  };
  // Ordered by monthly payment: the lots that have one (both ways), then the rest by price.
  const unpaid = ranges.price.perm.filter((i) => Number.isNaN(payments[i]!));
  const paid = ranges.monthly_payment.perm;
  const paidDesc = Uint32Array.from(paid).reverse();
  const completionRank = new Map(completionValues.map((v, r) => [v, r]));
  const rankOf = t.strings.completion.values.map((v) => completionRank.get(v || DONE) ?? 0);
  return {
    size: n,
    universe,
    choices,
    flags,
    ranges,
    orderings: {
      recommended: order(sortBy((i) => TYPE_RANK[t.type[i]!]! * 1e12 + t.price[i]!)),
      price: order(ranges.price.perm),
      monthly_payment: order(concat(paid, unpaid)),
      area: order(ranges.area.perm),
      floor: order(ranges.floor.perm),
      price_per_m2: order(sortBy((i) => t.pricePerM2[i]!)),
      completion: order(sortBy((i) => rankOf[t.completion[i]!]! * 1e12 + t.price[i]!)),
      // Most reduced first (the percent the card shows), then the cheapest; lots not reduced follow, cheapest first.
      price_reduced: order(sortBy((i) => -(drops?.[i] ?? 0) * 1e12 + t.price[i]!)),
    },
    descending: { monthly_payment: order(concat(paidDesc, unpaid)) },
    groups,
    groupsIn,
    groupsOf,
    defaultStatus: or(
      DEFAULT_LOT_STATUSES.map((v) => choices.status.byValue.get(v)!),
      n,
    ),
    completionValues,
    arena: newArena(n),
  };
}

/**
 * `positions` stably ordered by `keys[i]` ascending (-0 as 0; keys are never NaN here: lots without a value are
 * left out first). Given in lot id order, ties stay in id order: what a comparator `keys[a] - keys[b] || id[a] - id[b]`
 * gives, without its tens of millions of calls for a million lots. An LSD radix sort over the keys' IEEE bits mapped
 * to unsigned order, 16 bits a pass; a pass where every key has the same digit is skipped.
 */
function orderBy(keys: Float64Array, positions: Uint32Array): Uint32Array {
  const m = positions.length;
  const hi = new Uint32Array(keys.length);
  const lo = new Uint32Array(keys.length);
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  const [low, high] = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? [0, 1] : [1, 0];
  for (let k = 0; k < m; k += 1) {
    const i = positions[k]!;
    f[0] = keys[i]! + 0;
    const h = u[high]!;
    const l = u[low]!;
    // Negative numbers: all bits inverted (larger magnitude first); others: the sign bit set.
    hi[i] = h & 0x80000000 ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lo[i] = h & 0x80000000 ? ~l >>> 0 : l;
  }
  let from = Uint32Array.from(positions);
  let to = new Uint32Array(m);
  const counts = new Uint32Array(0x10000);
  for (const [words, shift] of [
    [lo, 0],
    [lo, 16],
    [hi, 0],
    [hi, 16],
  ] as const) {
    counts.fill(0);
    for (let k = 0; k < m; k += 1) counts[(words[from[k]!]! >>> shift) & 0xffff]! += 1;
    if (m === 0 || counts[(words[from[0]!]! >>> shift) & 0xffff] === m) continue;
    let sum = 0;
    for (let d = 0; d < 0x10000; d += 1) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let k = 0; k < m; k += 1) {
      const i = from[k]!;
      const d = (words[i]! >>> shift) & 0xffff;
      to[counts[d]!] = i;
      counts[d]! += 1;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Lot positions in id order (ids are unique). */
function idOrder(ids: Int32Array): Uint32Array {
  const all = new Uint32Array(ids.length);
  for (let i = 0; i < all.length; i += 1) all[i] = i;
  return orderBy(Float64Array.from(ids), all);
}

function concat(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** First position in `perm`, ascending by `column`, whose value is not below `x` (or, `strict`, above it). */
function bound(perm: Uint32Array, column: ArrayLike<number>, x: number, strict: boolean): number {
  let lo = 0;
  let hi = perm.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const value = column[perm[mid]!]!;
    if (value < x || (strict && value === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many prefix sets each range keeps (`Sorted.prefixes`): the ends set lot by lot are at most 2 / this of the lots. */
const RANGE_PREFIXES = 32;

function rangeBits(index: LotIndex, item: RangeItem, min: number | undefined, max: number | undefined): Bits {
  const { perm, column, prefixes, step } = index.ranges[item];
  const from = min === undefined ? 0 : bound(perm, column, min, false);
  const to = max === undefined ? perm.length : bound(perm, column, max, true);
  const bits = emptyIn(index.arena);
  const words = bits.words;
  // The whole prefixes inside [from, to): jf × step ≥ from, jt × step ≤ to (the last prefix holds every lot).
  const jf = Math.ceil(from / step);
  const jt = to === perm.length ? prefixes.length - 1 : Math.floor(to / step);
  let setTo = to;
  if (jt > jf) {
    const upper = prefixes[jt]!;
    const lower = prefixes[jf]!;
    for (let w = 0; w < words.length; w += 1) words[w] = upper[w]! & ~lower[w]!;
    setTo = Math.min(to, jf * step);
    // Lots from the end of prefix jt to `to`.
    for (let k = Math.min(perm.length, jt * step); k < to; k += 1) words[perm[k]! >>> 5]! |= 1 << (perm[k]! & 31);
  }
  for (let k = from; k < setTo; k += 1) words[perm[k]! >>> 5]! |= 1 << (perm[k]! & 31);
  return bits;
}

/** A constrained item's set, and the mask of the groups its lots can be in (a kind's or room choice's: every group else). */
type Dimension = { item: FacetItem; bits: Bits; groups: number };

const ALL_GROUPS = -1;

/** One set per constrained item; the status item always constrains (its default hides sold lots). */
export function dimensions(index: LotIndex, filter: LotFilter): Dimension[] {
  const dims: Dimension[] = [];
  const choose = (item: ChoiceItem, values: readonly string[] | undefined) => {
    if (!values?.length) return;
    const c = index.choices[item];
    const sets = values.flatMap((v) => {
      const bits = c.byValue.get(v);
      return bits ? [bits] : [];
    });
    let groups = ALL_GROUPS;
    if (item === 'type' || item === 'rooms') {
      const of = index.groupsOf[item];
      groups = 0;
      for (const v of values) {
        const k = c.values.indexOf(v);
        if (k >= 0) groups |= of[k]!;
      }
    }
    dims.push({ item, bits: sets.length ? or(sets, index.size, index.arena) : emptyIn(index.arena), groups });
  };
  for (const item of LOT_FILTER_ITEMS) {
    if (item.kind === 'choice') {
      if (item.name === 'status' && !filter.status?.length) dims.push({ item: 'status', bits: index.defaultStatus, groups: ALL_GROUPS });
      else choose(item.name, filter[item.name]);
    } else if (item.kind === 'flag') {
      if (filter[item.name]) dims.push({ item: item.name, bits: index.flags[item.name], groups: ALL_GROUPS });
    } else {
      const min = filter[`${item.name}_min`];
      const max = filter[`${item.name}_max`];
      if (min !== undefined || max !== undefined) dims.push({ item: item.name, bits: rangeBits(index, item.name, min, max), groups: ALL_GROUPS });
    }
  }
  return dims;
}

/**
 * The lots matching `filter`, and with `facets` every item's facet. Bitsets come from the index's arena:
 * the result is valid until the next evaluation on this index (callers use it synchronously).
 */
export function evaluate(index: LotIndex, filter: LotFilter, withFacets: boolean): { result: Bits; facets: FacetCounts | null; groups: number } {
  reset(index.arena);
  const arena = index.arena;
  const dims = dimensions(index, filter);
  const k = dims.length;
  // prefix[i] = universe ∧ D0 … D(i-1); suffix[i] = Di ∧ … ∧ D(k-1) (null = everything).
  const prefix: Bits[] = [index.universe];
  for (let i = 0; i < k; i += 1) prefix.push(and(prefix[i]!, dims[i]!.bits, arena));
  const result = prefix[k]!;
  // The groups the lots of prefix[i] ∧ suffix[j] can be in: those every dimension of both allows.
  const allowed = (from: number, to: number) => {
    let mask = ALL_GROUPS;
    for (let i = from; i < to; i += 1) mask &= dims[i]!.groups;
    return mask;
  };
  const resultAllows = allowed(0, k);
  if (!withFacets) return { result, facets: null, groups: resultAllows };
  const suffix: (Bits | null)[] = new Array<Bits | null>(k + 1).fill(null);
  for (let i = k - 1; i >= 0; i -= 1) suffix[i] = suffix[i + 1] ? and(dims[i]!.bits, suffix[i + 1]!, arena) : dims[i]!.bits;
  const items = {} as Record<FacetItem, ItemStats>;
  // The groups with lots in the result: every unconstrained range's extent looks in the same ones.
  let resultGroups: number | null = null;
  // Item X's facet is counted on prefix ∧ suffix around X's own set, never built: the counts and the extents read both.
  for (const item of FACET_ITEMS) {
    const at = dims.findIndex((d) => d.item === item);
    const a = at < 0 ? result : prefix[at]!;
    const b = at < 0 ? null : (suffix[at + 1] ?? null);
    if ((RANGE_ITEMS as readonly string[]).includes(item)) {
      const groups =
        at < 0
          ? (resultGroups ??= setsMet(a, b, index.groups, index.groupsIn, resultAllows))
          : setsMet(a, b, index.groups, index.groupsIn, allowed(0, at) & allowed(at + 1, k));
      items[item] = { range: extent(index, item as RangeItem, a, b, groups) };
    } else if ((FLAG_ITEMS as readonly string[]).includes(item)) items[item] = { count: countAnd3(a, b, index.flags[item as FlagItem]) };
    else items[item] = { choices: choiceCounts(index.choices[item as ChoiceItem], a, b) };
  }
  return { result, facets: { count: count(result), items }, groups: resultGroups ?? resultAllows };
}

export const matching = (index: LotIndex, filter: LotFilter): Bits => evaluate(index, filter, false).result;
export const facetCounts = (index: LotIndex, filter: LotFilter): FacetCounts => evaluate(index, filter, true).facets!;

/**
 * Smallest and largest value of a range item among the lots in `a ∧ b`: in each group (kind and room choice) of the
 * mask `groups` (those with lots in the set), a walk from each end of the group's sorted lots. Groups keep the walks
 * short: a set of large flats does not walk past every parking space, storage room and studio first.
 */
function extent(index: LotIndex, item: RangeItem, a: Bits, b: Bits | null, groups: number): { min: number; max: number } | null {
  const { grouped, column, groupStart } = index.ranges[item];
  const set = b ?? a;
  let min = Infinity;
  let max = -Infinity;
  for (let g = 0; g < index.groups.length; g += 1) {
    if ((groups & (1 << g)) === 0) continue;
    const from = groupStart[g]!;
    const to = groupStart[g + 1]!;
    // A walk from each end, as long as it reads fewer lots than the group's lots in the set would cost.
    const stop = Math.min(to, from + EXTENT_WALK);
    let lo = from;
    while (lo < stop && !(inSet(a, grouped[lo]!) && inSet(set, grouped[lo]!))) lo += 1;
    if (lo === stop && stop < to) {
      const found = scanExtent(a, b, index.groups[g]!, column);
      if (found && found.min < min) min = found.min;
      if (found && found.max > max) max = found.max;
      continue;
    }
    // The group has lots in the set, but perhaps none with a value of this item (a monthly payment).
    if (lo === to) continue;
    let hi = to - 1;
    while (!(inSet(a, grouped[hi]!) && inSet(set, grouped[hi]!))) hi -= 1;
    const low = column[grouped[lo]!]!;
    const high = column[grouped[hi]!]!;
    if (low < min) min = low;
    if (high > max) max = high;
  }
  return min === Infinity ? null : { min, max };
}

/** Lots the walk of `extent` reads from a group's first before it reads the group's lots in the set instead. */
const EXTENT_WALK = 16384;

/** Smallest and largest value of `column` (NaN: none) among the lots of a ∧ b ∧ `group` (`b` null: every lot). */
function scanExtent(a: Bits, b: Bits | null, group: Bits, column: ArrayLike<number>): { min: number; max: number } | null {
  const lo = Math.max(a.lo, group.lo, b ? b.lo : 0);
  const hi = Math.min(a.hi, group.hi, b ? b.hi : a.hi);
  const bw = b ? b.words : a.words;
  let min = Infinity;
  let max = -Infinity;
  for (let w = lo; w < hi; w += 1) {
    let word = a.words[w]! & bw[w]! & group.words[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const value = column[(w << 5) | (31 - Math.clz32(low))]!;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return min === Infinity ? null : { min, max };
}

/** A choice item's facet over the lots in `a ∧ b` (`b` null: every lot): each value's count, in one pass. */
function choiceCounts(c: Choice, a: Bits, b: Bits | null): Record<string, number> {
  c.counts.fill(0);
  if (c.codes) countCodes(a, b, c.codes, c.counts);
  else countValues(a, b, c.bits, c.present!, c.counts);
  const choices: Record<string, number> = {};
  for (let v = 0; v < c.values.length; v += 1) choices[c.values[v]!] = c.counts[v]!;
  return choices;
}

/**
 * Choice items with at most this many values (and none) have a buffer per value, readable over every word, and are
 * counted value by value (`Choice`).
 */
const FEW_VALUES = 31;

export type Ordering = NonNullable<LotFilter['ordering']>;

/**
 * Lot positions of one page of `set`, in `ordering` (descending orders walk the sort backwards); `groups`: a mask of
 * the groups (`LotIndex.groups`) that hold the set's lots, whose blocks the walk reads (the others it steps over: the
 * cheapest flats come after every parking space). The walk stops when the page is full, or when it has read as many
 * lots as picking the page among the set's lots by their ranks would cost (a few projects' lots), which it does then.
 */
export function page(index: LotIndex, set: Bits, ordering: Ordering, offset: number, limit: number, groups = ALL_GROUPS): number[] {
  const base = (ordering.startsWith('-') ? ordering.slice(1) : ordering) as BaseOrdering;
  const own = ordering.startsWith('-') ? index.descending[base] : undefined;
  const desc = ordering.startsWith('-') && !own;
  const { perm, rank, blocks } = own ?? index.orderings[base];
  const want = offset + limit;
  if (limit <= 0) return [];
  const size = count(set);
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

/** Lots a block of an order has (`Order.blocks`). */
const PAGE_BLOCK = 32;

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
