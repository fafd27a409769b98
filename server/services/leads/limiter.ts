/**
 * Sliding-window counters in memory, per key (client IP). One process holds them; with several
 * instances they move to Redis (DESIGN "Scale-out"). The number of keys is capped so a flood of
 * spoofed addresses cannot grow memory without bound.
 */
export function createWindowCounter(maxKeys = 50_000) {
  const hits = new Map<string, number[]>();

  function recent(key: string, windowMs: number, now: number): number[] {
    const list = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  }

  return {
    count(key: string, windowMs: number, now = Date.now()): number {
      return recent(key, windowMs, now).length;
    },
    /** Records a hit unless `limit` hits already happened within the window. */
    hit(key: string, limit: number, windowMs: number, now = Date.now()): { ok: true } | { ok: false; retryAfterMs: number } {
      const list = recent(key, windowMs, now);
      if (list.length >= limit) return { ok: false, retryAfterMs: Math.max(1000, list[0]! + windowMs - now) };
      list.push(now);
      hits.delete(key); // re-insert: Map order doubles as least-recently-used order
      hits.set(key, list);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value!);
      return { ok: true };
    },
    record(key: string, now = Date.now()): void {
      const list = hits.get(key) ?? [];
      list.push(now);
      hits.delete(key);
      hits.set(key, list);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value!);
    },
    clear(): void {
      hits.clear();
    },
  };
}
export type WindowCounter = ReturnType<typeof createWindowCounter>;
