import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A client's renders in the current window, and the milliseconds until that window ends. */
export type RenderCount = { current: number; ttlMs: number };

/**
 * Counts each client's renders of uncached variants in fixed windows. The site passes its rate-limit store
 * (`rateLimitStoreCounter`: Redis with REDIS_URL, so the count holds across instances); alone, the proxy counts in
 * this process's memory (`memoryRenderCounter`).
 */
export type RenderCounter = { incr(client: string, windowMs: number, max: number): Promise<RenderCount> };

/** Clients whose window is remembered in memory; the least recently seen are forgotten. */
const TRACKED_CLIENTS = 10_000;

export function memoryRenderCounter(now: () => number = Date.now): RenderCounter {
  const windows = new LRUCache<string, { count: number; start: number }>({ max: TRACKED_CLIENTS });
  return {
    async incr(client, windowMs) {
      const at = now();
      let entry = windows.get(client);
      if (!entry || at - entry.start >= windowMs) entry = { count: 0, start: at };
      entry.count += 1;
      windows.set(client, entry);
      return { current: entry.count, ttlMs: entry.start + windowMs - at };
    },
  };
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** @fastify/rate-limit's store contract (its Redis and memory stores, and the site's `rateLimitStore`). */
export type RateLimitStoreLike = { incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void };

/**
 * The site's rate-limit store as a render counter: the same Redis counters the other per-client limits use (and their
 * per-instance fallback while Redis is away). The key is a hash of the client's address, not the address itself.
 */
export function rateLimitStoreCounter(store: RateLimitStoreLike): RenderCounter {
  return {
    incr(client, windowMs, max) {
      const key = createHash('sha256').update(client).digest('base64url').slice(0, 22);
      return new Promise((resolve, reject) => {
        store.incr(
          key,
          (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve({ current: result.current, ttlMs: result.ttl })),
          windowMs,
          max,
        );
      });
    },
  };
}
