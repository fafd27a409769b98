import type { Locale } from '#core/i18n/locales.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { seoMeta } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type PageMeta = { title?: string; description?: string };

/** `/en/projects/?x=1` → `/projects`: meta is stored once per page, not per locale or query. */
export function seoKey(url: string): string {
  const pathname = new URL(url, 'http://x').pathname;
  const { path } = splitLocalePath(pathname);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The language a page URL names by its prefix (`/en/projects` → `en`), or null for an unprefixed path. */
export function seoLocale(url: string): Locale | null {
  const { locale, prefixed } = splitLocalePath(new URL(url, 'http://x').pathname);
  return prefixed ? locale : null;
}

export function createSeoService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const table = cached(async () => new Map((await db.select().from(seoMeta)).map((row) => [row.url, row])), 60_000, policy, 'page meta');
  return {
    /** Title and description for a page URL in `locale`; `{}` when none is set. */
    async pageMeta(url: string, locale: Locale): Promise<PageMeta> {
      const row = (await table.get()).get(seoKey(url));
      return row ? { title: pick(row.title, locale), description: pick(row.description, locale) } : {};
    },
    invalidate: table.invalidate,
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
