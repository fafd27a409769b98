import type { FilterItemName } from '#core/catalogue/filter-items.ts';
import type { Bits } from './bitset.ts';

/** A range's values per lot: a snapshot's column (prices, areas: doubles; floors: shorts) or the payments. */
export type RangeColumn = Float64Array | Int16Array;

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
  /** Its codes' place in `Profiles.hist` (and in the lots' codes). */
  base: number;
  size: number;
  /** For code c, the mask of the group's k-th item: `masks[c × items.length + k]`. */
  masks: Uint32Array;
};
export type Profiles = {
  groups: ProfileGroup[];
  at: Partial<Record<FilterItemName, { group: number; k: number }>>;
  /** Each lot's code in each group, the group's `base` added: lot i's in group g at `codes[i × groups.length + g]`. */
  codes: Uint16Array;
  /** Scratch: lots per code (every group's, each at its `base`) of the last count. */
  hist: Int32Array;
};

/** Values of an item at most: its masks are numbered by a table of 2^MASK_BITS entries (more: counted word by word). */
const MASK_BITS = 16;

/** Codes of a group at most: its histogram stays a few pages, cleared and read whole at each count. */
const GROUP_CODES = 4096;

/**
 * The profiles of `n` lots over `items`, each given by its value sets (`sets`, each read only within its span); an item
 * of more than MASK_BITS values, or of more masks than GROUP_CODES, has none.
 */
export function buildProfiles(n: number, items: { item: FilterItemName; sets: readonly Bits[] }[]): Profiles {
  const groups: ProfileGroup[] = [];
  const codesOf: Uint16Array[] = [];
  const at: Profiles['at'] = {};
  let base = 0;
  let current: { items: FilterItemName[]; local: Uint16Array[]; maskLists: number[][]; size: number } | null = null;
  const close = () => {
    if (!current) return;
    const { local, maskLists, size } = current;
    const m = current.items.length;
    const code = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) {
      let c = 0;
      for (let k = 0; k < m; k += 1) c = c * maskLists[k]!.length + local[k]![i]!;
      code[i] = base + c;
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
    groups.push({ items: current.items, base, size, masks });
    codesOf.push(code);
    base += size;
    current = null;
  };
  for (const { item, sets } of items) {
    if (sets.length > MASK_BITS) continue;
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
    const idOf = new Int32Array(1 << sets.length).fill(-1);
    const list: number[] = [];
    const local = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) {
      let id = idOf[mask[i]!]!;
      if (id < 0) {
        idOf[mask[i]!] = id = list.length;
        list.push(mask[i]!);
      }
      local[i] = id;
    }
    if (current && current.size * list.length > GROUP_CODES) close();
    if (list.length > GROUP_CODES || base + GROUP_CODES > 0x10000) continue;
    current ??= { items: [], local: [], maskLists: [], size: 1 };
    at[item] = { group: groups.length, k: current.items.length };
    current.items.push(item);
    current.local.push(local);
    current.maskLists.push(list);
    current.size *= list.length;
  }
  close();
  // Interleaved, so a lot's codes are read together.
  const m = groups.length;
  const codes = new Uint16Array(n * m);
  for (let g = 0; g < m; g += 1) {
    const code = codesOf[g]!;
    for (let i = 0; i < n; i += 1) codes[i * m + g] = code[i]!;
  }
  return { groups, at, codes, hist: new Int32Array(base) };
}

/**
 * Counts the lots of `set` per code of every group (`hist`), in one pass over the set's lots; in the same pass the
 * smallest and largest value of each of `columns` among them (NaN: none) into `extents` (`[2j]`, `[2j + 1]`; ±Infinity
 * when none has one).
 */
export function countProfiles(profiles: Profiles, set: Bits, columns: readonly RangeColumn[] = [], extents: Float64Array = new Float64Array(0)): void {
  const { codes, hist } = profiles;
  hist.fill(0);
  const m = profiles.groups.length;
  // Each kind of column in a loop of its own: each loop reads one kind of array.
  const doubles = columns.flatMap((c, j) => (c instanceof Float64Array ? [{ c, j }] : []));
  const shorts = columns.flatMap((c, j) => (c instanceof Int16Array ? [{ c, j }] : []));
  for (let j = 0; j < columns.length; j += 1) {
    extents[2 * j] = Infinity;
    extents[2 * j + 1] = -Infinity;
  }
  const f = doubles.map((d) => d.c);
  const fj = doubles.map((d) => d.j);
  const s = shorts.map((d) => d.c);
  const sj = shorts.map((d) => d.j);
  const words = set.words;
  for (let w = set.lo; w < set.hi; w += 1) {
    let word = words[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const i = (w << 5) | (31 - Math.clz32(low));
      const at = i * m;
      for (let g = 0; g < m; g += 1) hist[codes[at + g]!]! += 1;
      for (let k = 0; k < f.length; k += 1) {
        const v = f[k]![i]!;
        const j = 2 * fj[k]!;
        if (v < extents[j]!) extents[j] = v;
        if (v > extents[j + 1]!) extents[j + 1] = v;
      }
      for (let k = 0; k < s.length; k += 1) {
        const v = s[k]![i]!;
        const j = 2 * sj[k]!;
        if (v < extents[j]!) extents[j] = v;
        if (v > extents[j + 1]!) extents[j + 1] = v;
      }
    }
  }
}

/** An item's count per value (its value v's lots into `counts[v]`, added) from the last `countProfiles`. */
export function profileCounts(profiles: Profiles, item: FilterItemName, counts: Int32Array): void {
  const { group, k } = profiles.at[item]!;
  const { base, size, masks, items } = profiles.groups[group]!;
  const hist = profiles.hist;
  const m = items.length;
  for (let c = 0; c < size; c += 1) {
    const h = hist[base + c]!;
    if (h === 0) continue;
    let mask = masks[c * m + k]!;
    while (mask !== 0) {
      const low = mask & -mask;
      mask ^= low;
      counts[31 - Math.clz32(low)]! += h;
    }
  }
}
