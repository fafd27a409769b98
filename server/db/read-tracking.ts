import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one page render read (server/http/page-cache.ts): a rendered page may be kept only when every piece of data
 * it shows is versioned, so that a change can make it stale. Versioned reads say which kind of data at which
 * version they answered from (`recordRead`); the shared caches and the lot index load their data outside the
 * render (`untracked`), so only a query a render makes directly reaches the database client's hook
 * (`queryInRender`), which marks the render as not cacheable.
 */
export type RenderReads = {
  /** Kind of data → the version the render saw; a kind seen at two versions (a change mid-render) is `null`. */
  versions: Map<string, string | null>;
  /** Features the render evaluated (their values may differ per visitor). */
  features: Set<string>;
  /** The first query made directly by the render (not through a versioned read): the page cannot be kept. */
  direct: string | null;
};

const storage = new AsyncLocalStorage<RenderReads>();

/** Runs a render, collecting what it reads. */
export function trackReads<T>(reads: RenderReads, render: () => Promise<T>): Promise<T> {
  return storage.run(reads, render);
}

export function newRenderReads(): RenderReads {
  return { versions: new Map(), features: new Set(), direct: null };
}

/** A versioned read: the render depends on `kind` at `version`. */
export function recordRead(kind: string, version: string | number): void {
  const reads = storage.getStore();
  if (!reads) return;
  const seen = reads.versions.get(kind);
  const now = String(version);
  if (seen === undefined) reads.versions.set(kind, now);
  else if (seen !== now) reads.versions.set(kind, null);
}

/** A feature flag or experiment the render evaluated. */
export function recordFeature(key: string): void {
  storage.getStore()?.features.add(key);
}

/** The database client's hook (server/db/client.ts): a query outside any versioned read, inside a render. */
export function queryInRender(sql: string): void {
  const reads = storage.getStore();
  if (reads && reads.direct === null) reads.direct = sql.slice(0, 80);
}

/** Runs a shared load (a cache's, the lot index's) outside the render that happened to start it. */
export function untracked<T>(load: () => Promise<T>): Promise<T> {
  return storage.exit(async () => await load());
}

/** A read the caller versions itself (e.g. a lot's history, written with the catalogue version): its queries do not count as direct. */
export async function versionedQuery<T>(kind: string, version: string | number, load: () => Promise<T>): Promise<T> {
  const result = await storage.exit(async () => await load());
  recordRead(kind, version);
  return result;
}
