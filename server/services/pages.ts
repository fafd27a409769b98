import { asc, eq } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { pick, type Block } from '#core/schemas/localized.ts';
import type { Db } from '../db/client.ts';
import { pages } from '../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from './cache.ts';

export type PageView = {
  slug: string;
  template: 'text' | 'disclosure' | 'agents' | 'partners';
  title: string;
  description: string;
  body: Block[];
  updatedAt: string;
};

/** Pages are few and change rarely: the published ones are read together and reused this long. */
const PAGES_TTL_MS = 30_000;

export function createPageService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const published = cached(
    async () => {
      const rows = await db.select().from(pages).where(eq(pages.published, true)).orderBy(asc(pages.slug));
      return new Map(rows.map((row) => [row.slug, row]));
    },
    PAGES_TTL_MS,
    policy,
    'pages',
  );
  return {
    /** Slugs of the published pages, for the sitemap; `without` leaves out the pages of those templates. */
    async slugs(without: readonly PageView['template'][] = []): Promise<string[]> {
      return [...(await published.get()).values()].filter((row) => !without.includes(row.template)).map((row) => row.slug);
    },

    /** A published page by its slug (`privacy`, `docs/terms`), in `locale`; null when there is none. */
    async bySlug(slug: string, locale: Locale): Promise<PageView | null> {
      const row = (await published.get()).get(slug);
      if (!row) return null;
      return {
        slug: row.slug,
        template: row.template,
        title: pick(row.title, locale),
        description: pick(row.description, locale),
        body: pick(row.body, locale),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
    invalidate: published.invalidate,
  };
}
export type PageService = ReturnType<typeof createPageService>;
