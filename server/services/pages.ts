import { and, eq } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { pick, type Block } from '#core/schemas/localized.ts';
import type { Db } from '../db/client.ts';
import { pages } from '../db/schema/index.ts';

export type PageView = { slug: string; template: 'text' | 'disclosure'; title: string; description: string; body: Block[]; updatedAt: string };

export function createPageService(db: Db) {
  return {
    /** Slugs of the published pages, for the sitemap. */
    async slugs(): Promise<string[]> {
      const rows = await db.select({ slug: pages.slug }).from(pages).where(eq(pages.published, true)).orderBy(pages.slug);
      return rows.map((row) => row.slug);
    },

    /** A published page by its slug (`privacy`, `docs/terms`), in `locale`; null when there is none. */
    async bySlug(slug: string, locale: Locale): Promise<PageView | null> {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.slug, slug), eq(pages.published, true)));
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
  };
}
export type PageService = ReturnType<typeof createPageService>;
