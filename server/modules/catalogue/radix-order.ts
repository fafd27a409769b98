/**
 * `positions` stably ordered by `keys[i]` ascending (-0 as 0; keys are never NaN here: lots without a value are
 * left out first). Given in lot id order, ties stay in id order: what a comparator `keys[a] - keys[b] || id[a] - id[b]`
 * gives, without its tens of millions of calls for a million lots. An LSD radix sort over the keys' IEEE bits mapped
 * to unsigned order, 16 bits a pass; a pass where every key has the same digit is skipped.
 */
export function orderBy(keys: Float64Array, positions: Uint32Array): Uint32Array {
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
export function idOrder(ids: Int32Array): Uint32Array {
  const all = new Uint32Array(ids.length);
  for (let i = 0; i < all.length; i += 1) all[i] = i;
  return orderBy(Float64Array.from(ids), all);
}

export function concat(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
