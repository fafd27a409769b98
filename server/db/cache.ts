import { describeDatabaseError } from './faults.ts';
import { recordRead, untracked } from './read-tracking.ts';
import { FROZEN_VERSIONS, type DataKind, type DataVersions } from './versions.ts';

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
  /** The data versions this process follows: a cache whose kind moved loads again on its next read (none: TTL only). */
  versions?: DataVersions;
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
  return {
    maxStaleMs,
    retryMs: opts.retryMs ?? DEFAULT_RETRY_MS,
    now: opts.now ?? Date.now,
    health: createFaultLog(log, maxStaleMs),
    versions: opts.versions ?? FROZEN_VERSIONS,
  };
}

/** No stale copies and no log: what a service made on its own (a test, a script) gets. */
export const STRICT_POLICY: CachePolicy = {
  maxStaleMs: 0,
  retryMs: 0,
  now: () => Date.now(),
  health: { failed: () => {}, recovered: () => {}, down: false },
  versions: FROZEN_VERSIONS,
};

/** The kind of data each shared cache holds (by its name), for the data versions; the rest is site content. */
const KIND_OF: Record<string, DataKind> = {
  'finance programmes': 'offers',
  'partner banks': 'offers',
  // The Bank of Russia's daily rates (server/modules/currency/, migration 0032): their table moves the offers' version.
  'exchange rates': 'offers',
  publications: 'publications',
};

export type Cached<T> = { get: () => Promise<T>; invalidate: () => void };

/**
 * Holds one loaded value, reloading it after `ttlMs` or on `invalidate()`. Concurrent callers share one
 * load; a failed load is not cached. When a reload fails, the last good value is answered instead while it
 * is younger than `ttlMs + policy.maxStaleMs`; without one, `fallback()` when given, else the error.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number, policy: CachePolicy = STRICT_POLICY, what = 'content', fallback?: () => T): Cached<T> {
  const kind = KIND_OF[what] ?? 'content';
  const versions = policy.versions ?? FROZEN_VERSIONS;
  /** The value and the data version it was loaded at (a page render records that version: page-cache.ts). */
  let value: { data: T; at: number; version: number } | null = null;
  let failedAt: number | null = null;
  let pending: { promise: Promise<{ data: T; version: number }>; version: number } | null = null;
  const usable = (now: number) => value !== null && now - value.at < ttlMs + policy.maxStaleMs;

  function reload(): Promise<{ data: T; version: number }> {
    const version = versions.get(kind);
    // A load started before the version moved would bring what the change replaced: start another.
    if (pending && pending.version === version) return pending.promise;
    const promise = untracked(load)
      .then(
        (data) => {
          // A slower load of an older version never replaces a newer one.
          if (!value || value.version <= version) value = { data, at: policy.now(), version };
          failedAt = null;
          policy.health.recovered(what);
          return { data, version };
        },
        (error: unknown) => {
          const now = policy.now();
          policy.health.failed(error, what);
          if (!usable(now) && !fallback) throw error;
          failedAt = now;
          return usable(now) ? { data: value!.data, version: value!.version } : { data: fallback!(), version: -1 };
        },
      )
      .finally(() => {
        if (pending?.promise === promise) pending = null;
      });
    pending = { promise, version };
    return promise;
  }

  /** What the caller gets, with the version it was loaded at recorded for the page being rendered (if any). */
  function answer(loaded: { data: T; version: number }): T {
    // A fallback (the database down, no copy) is no version at all: the page showing it is not kept.
    recordRead(kind, loaded.version < 0 ? `fallback@${policy.now()}` : loaded.version);
    return loaded.data;
  }

  return {
    async get() {
      const now = policy.now();
      const fresh = value && now - value.at < ttlMs && value.version === versions.get(kind);
      if (fresh) return answer(value!);
      // The database failed a moment ago: answer the copy without asking it again on every request.
      if (failedAt !== null && now - failedAt < policy.retryMs) {
        if (usable(now)) return answer(value!);
        if (fallback) return answer({ data: fallback(), version: -1 });
      }
      return answer(await reload());
    },
    invalidate() {
      value = null;
      failedAt = null;
    },
  };
}
