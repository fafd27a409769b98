/**
 * The snapshot's look-ups of a lot's index (by id, by project, kind and number) over its columns, in typed arrays
 * instead of Maps: a Map of a million lots holds ~15 MB of entries (and its keys: ~40 MB of `project:type:number`
 * strings) and costs seconds of the load in hashing, growing and collecting (ADR 005, "Loading 1M lots"). They answer
 * like a Map's `get`: the last lot added with a key wins.
 */
export type LotLookup<K> = Pick<ReadonlyMap<K, number>, 'get'>;

/**
 * Lots by id, `ids[i]` being lot i's: a direct table when the ids are dense (a database's serial ids are), a Map
 * otherwise.
 */
export function lotIdLookup(ids: Int32Array, n: number): LotLookup<number> {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i += 1) {
    if (ids[i]! < min) min = ids[i]!;
    if (ids[i]! > max) max = ids[i]!;
  }
  if (n === 0 || max - min >= 2 * n + 1024) {
    const map = new Map<number, number>();
    for (let i = 0; i < n; i += 1) map.set(ids[i]!, i);
    return map;
  }
  const at = new Int32Array(max - min + 1).fill(-1);
  for (let i = 0; i < n; i += 1) at[ids[i]! - min] = i;
  return {
    get(id: number): number | undefined {
      const k = id - min;
      // Not an integer in range (NaN, -1 for an unparsable id) finds no lot, as a Map's miss.
      if (!(k >= 0 && k < at.length) || !Number.isInteger(k)) return undefined;
      const i = at[k]!;
      return i < 0 ? undefined : i;
    },
  };
}

/** FNV-1a over a lot's project index, kind code and number. */
function keyHash(project: number, type: number, number: string): number {
  let h = (2166136261 ^ project) >>> 0;
  h = Math.imul(h, 16777619) ^ type;
  for (let k = 0; k < number.length; k += 1) h = Math.imul(h, 16777619) ^ number.charCodeAt(k);
  return Math.imul(h, 16777619) >>> 0;
}

/**
 * Lots by `lotKey(projectId, type, number)` (snapshot.ts): an open-addressing table of lot indexes over the project,
 * type and number columns. `projectIdx` gives a project id's index (`ProjectNode.idx`), `typeCode` a kind's code.
 */
export function lotKeyLookup(
  columns: { project: Uint32Array; type: Uint8Array; number: readonly string[] },
  n: number,
  projectIdx: (projectId: number) => number | undefined,
  typeCode: (type: string) => number,
): LotLookup<string> {
  let capacity = 1024;
  while (capacity < 2 * n) capacity *= 2;
  const mask = capacity - 1;
  // Lot index + 1; 0: empty.
  const slots = new Int32Array(capacity);
  const find = (project: number, type: number, number: string): number => {
    let s = keyHash(project, type, number) & mask;
    for (;;) {
      const i = slots[s]! - 1;
      if (i < 0 || (columns.project[i] === project && columns.type[i] === type && columns.number[i] === number)) return s;
      s = (s + 1) & mask;
    }
  };
  for (let i = 0; i < n; i += 1) slots[find(columns.project[i]!, columns.type[i]!, columns.number[i]!)] = i + 1;
  return {
    get(key: string): number | undefined {
      const a = key.indexOf(':');
      const b = key.indexOf(':', a + 1);
      if (a < 0 || b < 0) return undefined;
      // Only a key as the catalogue writes it: `01`, ` 1` or `0x1` are not project 1 (a Map of key strings would miss them).
      const projectText = key.slice(0, a);
      const projectId = Number(projectText);
      if (String(projectId) !== projectText) return undefined;
      const project = projectIdx(projectId);
      const type = typeCode(key.slice(a + 1, b));
      if (project === undefined || type < 0) return undefined;
      const i = slots[find(project, type, key.slice(b + 1))]! - 1;
      return i < 0 ? undefined : i;
    },
  };
}
