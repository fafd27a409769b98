import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import {
  CHOICE_ITEMS,
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
import { FILTER_LOT_STATUSES, filterStatus, FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { emptyBits, newArena, or, setBit, trim, wordsFor, type Arena, type Bits } from './bitset.ts';
import { hasFinish } from '#core/catalogue/offer.ts';
import { offerOf } from './dto.ts';
import type { Snapshot } from './snapshot.ts';
import { choiceSets, multipleChoiceSets, type Choice } from './lot-index-choice.ts';
import { HIGH_CEILING_M, LAYOUT_FEATURES, lotFeatures, SUN_MARCH_HOURS, VIEWS, WINDOW_SIDES } from '#core/catalogue/lot-features.ts';
import { listOf } from './snapshot.ts';
import { concat, idOrder, orderBy } from './radix-order.ts';
import { buildProfiles, type Profiles, type RangeColumn } from './lot-index-profile.ts';

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
 *
 * Built here; a choice item's sets in lot-index-choice.ts, a filter's lots and facets in lot-index-evaluate.ts, a
 * page of lots in an order in lot-index-page.ts.
 */
export { CHOICE_ITEMS, FACET_ITEMS, FLAG_ITEMS, RANGE_ITEMS } from '#core/catalogue/filter-items.ts';
export type { ChoiceItem, FlagItem, RangeItem } from '#core/catalogue/filter-items.ts';
export type FacetItem = FilterItemName;

export type Sorted = {
  perm: Uint32Array;
  /** The lots' values the order sorts by (`column[perm[k]]` ascending; a snapshot's column or the payments). */
  column: RangeColumn;
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
  /** The default statuses' set (the lots for sale, free): most filters ask for it. */
  defaultStatus: Bits;
  /** Completion value of each lot as the filter names it ('done' or 'YYYY-QN'). */
  completionValues: string[];
  /** The items of a few values as each lot's codes (lot-index-profile.ts): their facets over a small set in one pass. */
  profiles: Profiles;
  /** Scratch: the extents of the ranges read with the profiles (`countProfiles`). */
  extents: Float64Array;
  arena: Arena;
};

export const DONE = 'done';

/**
 * An order of every lot, each lot's place in it (`rank[perm[k]] = k`: a sparse set's page is picked by rank), and the
 * mask of the groups of each block of `PAGE_BLOCK` lots in it (a page's walk skips the blocks of groups the set has none of).
 */
export type Order = { perm: Uint32Array; rank: Uint32Array; blocks: Uint32Array };

export type BaseOrdering = 'recommended' | 'price' | 'monthly_payment' | 'area' | 'price_per_m2' | 'floor' | 'completion' | 'price_reduced';

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

  const wordCount = wordsFor(n);
  const choice = (values: string[], valueOf: (i: number) => string | null): Choice => choiceSets(n, values, valueOf);
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
    status: choice([...FILTER_LOT_STATUSES], (i) => filterStatus(LOT_STATUSES[t.status[i]!]!)),
    ...lotFacts(snapshot),
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
    sun_norm: flag((i) => t.sunNormMet[i] === 1),
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
  const withGroups = (perm: Uint32Array, values: RangeColumn): Sorted => {
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
  const sorted = (values: RangeColumn): Sorted => withGroups(orderBy(Float64Array.from(values), byId), values);
  // A range over the lots that have a value (NaN: none): a lot without one is outside every bound and every extent.
  const sortedSome = (values: RangeColumn): Sorted => {
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
    profiles: buildProfiles(
      n,
      LOT_FILTER_ITEMS.flatMap((item) =>
        (FLAG_ITEMS as readonly string[]).includes(item.name)
          ? [{ item: item.name, sets: [flags[item.name as FlagItem]] }]
          : (CHOICE_ITEMS as readonly string[]).includes(item.name) && !choices[item.name as ChoiceItem].codes
            ? [{ item: item.name, sets: choices[item.name as ChoiceItem].bits }]
            : [],
      ),
    ),
    extents: new Float64Array(2 * RANGE_ITEMS.length),
    arena: newArena(n),
  };
}

/**
 * The items of what a lot has (core/catalogue/lot-features.ts): its layout features (stored and read from its windows
 * and ceiling), its view and its windows' sides. A lot's lists are few distinct strings (interned), so each distinct
 * combination is read once.
 */
function lotFacts(snapshot: Snapshot): Pick<Record<ChoiceItem, Choice>, 'features' | 'view' | 'windows' | 'sun_march'> {
  const t = snapshot.lots;
  const n = t.size;
  const codesOf = (values: readonly string[], list: readonly string[]) => list.map((v) => values.indexOf(v)).filter((k) => k >= 0);
  const seen = new Map<string, number[]>();
  const features = (i: number): readonly number[] => {
    const type = LOT_TYPES[t.type[i]!]!;
    const key = `${type}|${t.features[i]}|${t.windows[i]}|${t.ceiling[i]! >= HIGH_CEILING_M}`;
    let codes = seen.get(key);
    if (!codes) {
      const facts = { type, features: listOf(t, t.features[i]!), windows: listOf(t, t.windows[i]!), ceiling: t.ceiling[i]! };
      seen.set(key, (codes = codesOf(LAYOUT_FEATURES, lotFeatures(facts))));
    }
    return codes;
  };
  const byList = (values: readonly string[], column: Uint32Array, read: (code: number) => readonly string[]) => {
    const cache = new Map<number, number[]>();
    return (i: number): readonly number[] => {
      const code = column[i]!;
      let codes = cache.get(code);
      if (!codes) cache.set(code, (codes = codesOf(values, read(code))));
      return codes;
    };
  };
  return {
    features: multipleChoiceSets(n, LAYOUT_FEATURES, 'all', features),
    // The tags of all its windows (lot_insolation.views, `lotViewTags`): `side:tag` pairs, an interned list per lot.
    view: multipleChoiceSets(
      n,
      VIEWS,
      'any',
      byList(VIEWS, t.windowViews, (code) => listOf(t, code).map((pair) => pair.slice(pair.indexOf(':') + 1))),
    ),
    windows: multipleChoiceSets(
      n,
      WINDOW_SIDES,
      'any',
      byList(WINDOW_SIDES, t.windows, (code) => listOf(t, code)),
    ),
    sun_march: multipleChoiceSets(n, SUN_MARCH_HOURS, 'any', (i) => THRESHOLDS[thresholdsMet(t.sunMarch[i]!)]!),
  };
}

/** The thresholds of SUN_MARCH_HOURS a lot meets are always the first k: `THRESHOLDS[k]`, shared by every lot. */
const THRESHOLDS = [...SUN_MARCH_HOURS.map((_, k) => SUN_MARCH_HOURS.slice(0, k).map((__, j) => j)), SUN_MARCH_HOURS.map((_, j) => j)];
const THRESHOLD_MINUTES = SUN_MARCH_HOURS.map((h) => Number(h) * 60);
/** How many thresholds `minutes` meets (-1: no result, none), without a list per lot. */
function thresholdsMet(minutes: number): number {
  let k = 0;
  while (k < THRESHOLD_MINUTES.length && minutes >= THRESHOLD_MINUTES[k]!) k += 1;
  return k;
}

/** How many prefix sets each range keeps (`Sorted.prefixes`): the ends set lot by lot are at most 2 / this of the lots. */
const RANGE_PREFIXES = 32;

/** Lots a block of an order has (`Order.blocks`). */
export const PAGE_BLOCK = 32;

/** The mask of every group (`LotIndex.groups`). */
export const ALL_GROUPS = -1;
