import type { FilterItemName } from '#core/catalogue/filter-items.ts';
import type { Bits } from './bitset.ts';

/**
 * The lots' profiles: for the items of a few values each (a kind, rooms, a finish, a status, the flags, the layout
 * features, the view, the windows' sides, the sun), each lot's values as one small code per group of items, so the
 * facets of all of them over one set are one pass over the set's lots (a histogram of codes per group), not one pass
 * over its words per item and value. A set of a few thousand lots costs those lots, not a million lots' words.
 *
 * Each item's per-lot value is its mask of values (bit v: the lot is in value v's set; a flag: bit 0), and the masks an
 * item has are numbered (a local id); a group's code is the mixed-radix number of its items' local ids, so a group
 * holds items while the product of their counts of masks stays within `GROUP_CODES`.
 */
export type ProfileGroup = {
  items: FilterItemName[];
  /** Each lot's code. */
  code: Uint16Array;
  /** For code c, the mask of the group's k-th item: `masks[c × items.length + k]`. */
  masks: Uint32Array;
  /** Scratch: lots per code of the last count. */
  hist: Int32Array;
};
export type Profiles = { groups: ProfileGroup[]; at: Partial<Record<FilterItemName, { group: number; k: number }>> };

/** Codes of a group at most: its histogram stays a few pages, cleared and read whole at each count. */
const GROUP_CODES = 4096;

/**
 * The profiles of `n` lots over `items`, each given by its value sets (`sets`, at most 32, each read only within its span).
 */
export function buildProfiles(n: number, items: { item: FilterItemName; sets: readonly Bits[] }[]): Profiles {
  const groups: ProfileGroup[] = [];
  const at: Profiles['at'] = {};
  let current: { items: FilterItemName[]; local: Uint16Array[]; maskLists: number[][]; size: number } | null = null;
  const close = () => {
    if (!current) return;
    const { local, maskLists, size } = current;
    const m = current.items.length;
    const code = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) {
      let c = 0;
      for (let k = 0; k < m; k += 1) c = c * maskLists[k]!.length + local[k]![i]!;
      code[i] = c;
    }
    const masks = new Uint32Array(size * m);
    for (let c = 0; c < size; c += 1) {
      let rest = c;
      for (let k = m - 1; k >= 0; k -= 1) {
        const d = maskLists[k]!.length;
        masks[c * m + k] = maskLists[k]![rest % d]!;
        rest = Math.floor(rest / d);
      }
    }
    groups.push({ items: current.items, code, masks, hist: new Int32Array(size) });
    current = null;
  };
  for (const { item, sets } of items) {
    const mask = new Uint32Array(n);
    sets.forEach((set, v) => {
      for (let w = set.lo; w < set.hi; w += 1) {
        let word = set.words[w]!;
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          mask[(w << 5) | (31 - Math.clz32(low))]! |= 1 << v;
        }
      }
    });
    const ids = new Map<number, number>();
    const local = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) {
      let id = ids.get(mask[i]!);
      if (id === undefined) ids.set(mask[i]!, (id = ids.size));
      local[i] = id;
    }
    const list = [...ids.keys()];
    if (current && current.size * list.length > GROUP_CODES) close();
    if (list.length > GROUP_CODES) continue;
    current ??= { items: [], local: [], maskLists: [], size: 1 };
    at[item] = { group: groups.length, k: current.items.length };
    current.items.push(item);
    current.local.push(local);
    current.maskLists.push(list);
    current.size *= list.length;
  }
  close();
  return { groups, at };
}

/** Counts the lots of `set` per code in each group of the mask `wanted` (their `hist`): one pass over the set's lots. */
export function countProfiles(profiles: Profiles, set: Bits, wanted: number): void {
  const codes: Uint16Array[] = [];
  const hists: Int32Array[] = [];
  profiles.groups.forEach((g, k) => {
    if ((wanted & (1 << k)) === 0) return;
    g.hist.fill(0);
    codes.push(g.code);
    hists.push(g.hist);
  });
  const m = codes.length;
  const words = set.words;
  for (let w = set.lo; w < set.hi; w += 1) {
    let word = words[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const i = (w << 5) | (31 - Math.clz32(low));
      for (let k = 0; k < m; k += 1) hists[k]![codes[k]![i]!]! += 1;
    }
  }
}

/** An item's count per value (its value v's lots into `counts[v]`, added) from the last `countProfiles` of its group. */
export function profileCounts(profiles: Profiles, item: FilterItemName, counts: Int32Array): void {
  const { group, k } = profiles.at[item]!;
  const { hist, masks, items } = profiles.groups[group]!;
  const m = items.length;
  for (let c = 0; c < hist.length; c += 1) {
    const h = hist[c]!;
    if (h === 0) continue;
    let mask = masks[c * m + k]!;
    while (mask !== 0) {
      const low = mask & -mask;
      mask ^= low;
      counts[31 - Math.clz32(low)]! += h;
    }
  }
}
