import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redirects } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type RedirectRow = { old_path: string; new_path: string };

/**
 * Spec §2: the first occurrence of "/old" is stripped from both the old path and the current path
 * before they are compared (the original site's `path.replace('/old', '')`). We also ignore a trailing
 * slash and letter case of the path, so `/Old/Flats/` finds `/old/flats`. An exact match wins over a
 * stripped one.
 */
export function normalizeRedirectPath(path: string): string {
  let p = path.toLowerCase().replace('/old', '');
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function samePath(a: string, b: string): boolean {
  const clean = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p).toLowerCase();
  return clean(a.split('?')[0] ?? a) === clean(b);
}

type Table = { exact: Map<string, string>; stripped: Map<string, string> };
const EMPTY: Table = { exact: new Map(), stripped: new Map() };

/** Redirects change with a release of content, not per visit: the table is read again after this long. */
const REDIRECTS_TTL_MS = 5 * 60_000;

export function createRedirectService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  async function list(): Promise<RedirectRow[]> {
    const rows = await db.select().from(redirects).orderBy(asc(redirects.id));
    return rows.map((row) => ({ old_path: row.oldPath, new_path: row.newPath }));
  }

  // A failed first load leaves the list empty (spec §8; the fault is logged once by the cache) and is
  // tried again a few seconds later, so redirects come back with the database.
  const table = cached(
    async (): Promise<Table> => {
      const exact = new Map<string, string>();
      const stripped = new Map<string, string>();
      for (const row of await list()) {
        exact.set(row.old_path, row.new_path);
        if (!stripped.has(normalizeRedirectPath(row.old_path))) stripped.set(normalizeRedirectPath(row.old_path), row.new_path);
      }
      return { exact, stripped };
    },
    REDIRECTS_TTL_MS,
    { ...policy, retryMs: Math.max(policy.retryMs, 1_000) },
    'redirects',
    () => EMPTY,
  );

  return {
    list,
    /** The target for a request path, or null. Never matches a path onto itself. */
    async match(path: string): Promise<string | null> {
      const { exact, stripped } = await table.get();
      const target = exact.get(path) ?? stripped.get(normalizeRedirectPath(path)) ?? null;
      // `/old/contacts/` → `/contacts` must not send `/contacts` (stripped to the same key) to itself.
      if (!target || samePath(target, path)) return null;
      return target;
    },
    /** Call after the table changes; the next request loads it again. */
    invalidate: table.invalidate,
  };
}
export type RedirectService = ReturnType<typeof createRedirectService>;
