import { describeDatabaseError } from '../db/faults.ts';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/**
 * How the shared caches behave when the database fails: the last good copy keeps being served
 * (stale-if-error) for at most `maxStaleMs` past its TTL, the database is asked again at most every
 * `retryMs` meanwhile, and the fault is logged once when it starts and once when it ends.
 */
export type CachePolicy = {
  maxStaleMs: number;
  retryMs: number;
  now: () => number;
  /** Called by every cache on each failed and each successful load. */
  health: FaultLog;
};

/** One fault episode at a time for the whole process: the first failure is logged, and the first success after it. */
export type FaultLog = { failed: (error: unknown, what: string) => void; recovered: (what: string) => void; readonly down: boolean };

export function createFaultLog(log: Logger, maxStaleMs: number): FaultLog {
  let down = false;
  return {
    failed(error, what) {
      if (down) return;
      down = true;
      log.warn(
        { ...describeDatabaseError(error), what, maxStaleS: Math.round(maxStaleMs / 1000) },
        'database read failed: pages answer from their last good copy while it lasts',
      );
    },
    recovered(what) {
      if (!down) return;
      down = false;
      if (log.info) log.info({ what }, 'database available again: caches refresh from it');
      else log.warn({ what }, 'database available again: caches refresh from it');
    },
    get down() {
      return down;
    },
  };
}

/** Six hours: content a few hours old beats an error page, but a site cut off for longer should say so. */
export const DEFAULT_MAX_STALE_MS = 6 * 60 * 60 * 1000;
/** While the database fails, each cache asks it again at most this often (requests in between get the copy). */
export const DEFAULT_RETRY_MS = 5_000;

export function cachePolicy(log: Logger, opts: Partial<Omit<CachePolicy, 'health'>> = {}): CachePolicy {
  const maxStaleMs = opts.maxStaleMs ?? DEFAULT_MAX_STALE_MS;
  return { maxStaleMs, retryMs: opts.retryMs ?? DEFAULT_RETRY_MS, now: opts.now ?? Date.now, health: createFaultLog(log, maxStaleMs) };
}

/** No stale copies and no log: what a service made on its own (a test, a script) gets. */
export const STRICT_POLICY: CachePolicy = {
  maxStaleMs: 0,
  retryMs: 0,
  now: () => Date.now(),
  health: { failed: () => {}, recovered: () => {}, down: false },
};

export type Cached<T> = { get: () => Promise<T>; invalidate: () => void };

/**
 * Holds one loaded value, reloading it after `ttlMs` or on `invalidate()`. Concurrent callers share one
 * load; a failed load is not cached. When a reload fails, the last good value is answered instead while it
 * is younger than `ttlMs + policy.maxStaleMs`; without one, `fallback()` when given, else the error.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number, policy: CachePolicy = STRICT_POLICY, what = 'content', fallback?: () => T): Cached<T> {
  let value: { data: T; at: number } | null = null;
  let failedAt: number | null = null;
  let pending: Promise<T> | null = null;
  const usable = (now: number) => value !== null && now - value.at < ttlMs + policy.maxStaleMs;

  function reload(): Promise<T> {
    pending ??= load()
      .then(
        (data) => {
          value = { data, at: policy.now() };
          failedAt = null;
          policy.health.recovered(what);
          return data;
        },
        (error: unknown) => {
          const now = policy.now();
          policy.health.failed(error, what);
          if (!usable(now) && !fallback) throw error;
          failedAt = now;
          return usable(now) ? value!.data : fallback!();
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    get() {
      const now = policy.now();
      if (value && now - value.at < ttlMs) return Promise.resolve(value.data);
      // The database failed a moment ago: answer the copy without asking it again on every request.
      if (failedAt !== null && now - failedAt < policy.retryMs) {
        if (usable(now)) return Promise.resolve(value!.data);
        if (fallback) return Promise.resolve(fallback());
      }
      return reload();
    },
    invalidate() {
      value = null;
      failedAt = null;
    },
  };
}
