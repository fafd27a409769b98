import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { redirects } from '../db/schema/index.ts';

export type RedirectRow = { old_path: string; new_path: string };
type Logger = { warn: (obj: object, msg: string) => void };

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

export function createRedirectService(db: Db, log: Logger) {
  let table: { exact: Map<string, string>; stripped: Map<string, string> } | null = null;
  let loading: Promise<void> | null = null;

  async function list(): Promise<RedirectRow[]> {
    const rows = await db.select().from(redirects).orderBy(asc(redirects.id));
    return rows.map((row) => ({ old_path: row.oldPath, new_path: row.newPath }));
  }

  /** Loaded once on demand; a failed load logs a warning and leaves the list empty (spec §8). */
  async function ensureLoaded(): Promise<void> {
    if (table) return;
    loading ??= list()
      .then((rows) => {
        const exact = new Map<string, string>();
        const stripped = new Map<string, string>();
        for (const row of rows) {
          exact.set(row.old_path, row.new_path);
          if (!stripped.has(normalizeRedirectPath(row.old_path))) stripped.set(normalizeRedirectPath(row.old_path), row.new_path);
        }
        table = { exact, stripped };
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'redirects could not be loaded; serving pages without them');
        table = { exact: new Map(), stripped: new Map() };
      })
      .finally(() => {
        loading = null;
      });
    await loading;
  }

  return {
    list,
    /** The target for a request path, or null. Never matches a path onto itself. */
    async match(path: string): Promise<string | null> {
      await ensureLoaded();
      const target = table!.exact.get(path) ?? table!.stripped.get(normalizeRedirectPath(path)) ?? null;
      // `/old/contacts/` → `/contacts` must not send `/contacts` (stripped to the same key) to itself.
      if (!target || samePath(target, path)) return null;
      return target;
    },
    /** Call after the table changes; the next request loads it again. */
    invalidate() {
      table = null;
    },
  };
}
export type RedirectService = ReturnType<typeof createRedirectService>;
