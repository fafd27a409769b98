import {
  CHOICE_ITEMS,
  FACET_ITEMS,
  FLAG_ITEMS,
  itemApplies,
  LOT_FILTER_ITEMS,
  RANGE_ITEMS,
  type ChoiceItem,
  type FlagItem,
  type RangeItem,
} from '#core/catalogue/filter-items.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { and, count, countAnd3, emptyIn, inSet, or, reset, setsMet, type Bits } from './bitset.ts';
import { choiceCounts, choiceRecord } from './lot-index-choice.ts';
import { countProfiles, profileCounts } from './lot-index-profile.ts';
import { ALL_GROUPS, type FacetCounts, type FacetItem, type ItemStats, type LotIndex } from './lot-index.ts';

/**
 * A filter's lots and facets on the index (lot-index.ts): a filter is an AND of per-item sets; the facet of item X is
 * counted on the AND of every item's set except X's, which prefix and suffix products give for all items at once.
 */

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
    // Every chosen value (a lot's features): the AND of their sets; an unknown value leaves none.
    if (c.multiple === 'all') {
      const known = sets.length === values.length;
      let bits = known ? sets[0]! : emptyIn(index.arena);
      for (let k = 1; known && k < sets.length; k += 1) bits = and(bits, sets[k]!, index.arena);
      dims.push({ item, bits, groups: ALL_GROUPS });
      return;
    }
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
 * the result is valid until the next evaluation on this index (callers use it synchronously). With `applicable`, the
 * facets leave out the items that do not apply to the filter's lot types (what `applicableFacets` drops): they are not counted.
 */
export function evaluate(
  index: LotIndex,
  filter: LotFilter,
  withFacets: boolean,
  applicable = false,
): { result: Bits; facets: FacetCounts | null; groups: number } {
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
  const wanted = (item: FacetItem) => !applicable || itemApplies(item, filter.type);
  // Counted on the result: an item without a constraint of its own, or one all of whose chosen values a lot must have.
  const onResult = (item: FacetItem) =>
    !dims.some((d) => d.item === item) || ((CHOICE_ITEMS as readonly string[]).includes(item) && index.choices[item as ChoiceItem].multiple === 'all');
  const total = count(result);
  // The items of a few values counted on the result: from its lots' profiles in one pass when it has few lots for its
  // words (each of its lots costs about what a word costs each item's value), else word by word as the others.
  // The same pass reads the extents of the ranges counted on the result.
  const profiled = total <= PROFILE_LOTS_PER_WORD * (result.hi - result.lo);
  // A result of very few lots: its ranges' extents too, read lot by lot in the same pass (walks from each end of the
  // sorted lots, `extent`, would cross many lots of other projects before they reach one of its own).
  const scanned = profiled && total * SCAN_RANGES_PER_LOT <= index.size ? RANGE_ITEMS.filter((item) => wanted(item) && onResult(item)) : [];
  if (profiled) {
    countProfiles(
      index.profiles,
      result,
      scanned.map((item) => index.ranges[item].column),
      index.extents,
    );
    resultGroups = setsMet(result, null, index.groups, index.groupsIn, resultAllows);
  }
  const fromProfile = (item: FacetItem) => profiled && index.profiles.at[item] !== undefined && onResult(item);
  // Item X's facet is counted on prefix ∧ suffix around X's own set, never built: the counts and the extents read both.
  for (const item of FACET_ITEMS) {
    if (!wanted(item)) continue;
    if (fromProfile(item)) {
      if ((FLAG_ITEMS as readonly string[]).includes(item)) {
        FLAG_COUNT[0] = 0;
        profileCounts(index.profiles, item, FLAG_COUNT);
        items[item] = { count: FLAG_COUNT[0]! };
      } else {
        const c = index.choices[item as ChoiceItem];
        c.counts.fill(0);
        profileCounts(index.profiles, item, c.counts);
        items[item] = { choices: choiceRecord(c) };
      }
      continue;
    }
    const j = scanned.indexOf(item as RangeItem);
    if (j >= 0) {
      const min = index.extents[2 * j]!;
      items[item] = { range: min === Infinity ? null : { min, max: index.extents[2 * j + 1]! } };
      continue;
    }
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
    else {
      const c = index.choices[item as ChoiceItem];
      // Values all of which a lot must have: each counts the result's lots that have it too (what ticking it leaves).
      items[item] = { choices: c.multiple === 'all' ? choiceCounts(c, result, null) : choiceCounts(c, a, b) };
    }
  }
  return { result, facets: { count: total, items }, groups: resultGroups ?? resultAllows };
}

/** A flag's count from the profiles (`profileCounts` adds into it). */
const FLAG_COUNT = new Int32Array(1);

/** Lots of the result per word of its span below which its profiles count the items of a few values (`evaluate`). */
const PROFILE_LOTS_PER_WORD = 4;

/** A result of at most one lot in this many of the index: its ranges' extents read with its profiles (`evaluate`). */
const SCAN_RANGES_PER_LOT = 256;

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
