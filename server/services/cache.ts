/**
 * Holds one loaded value, reloading it after `ttlMs` or on `invalidate()`.
 * Concurrent callers share one load; a failed load is not cached.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number): { get: () => Promise<T>; invalidate: () => void } {
  let value: { data: T; at: number } | null = null;
  let pending: Promise<T> | null = null;
  return {
    get() {
      if (value && Date.now() - value.at < ttlMs) return Promise.resolve(value.data);
      pending ??= load()
        .then((data) => {
          value = { data, at: Date.now() };
          return data;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    invalidate() {
      value = null;
    },
  };
}
