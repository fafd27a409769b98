import { asc, eq } from 'drizzle-orm';
import type { PageTemplate } from '#core/content/pages.ts';
import { isEmptyRichText } from '#core/content/rich-text.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { sanitizeRichText } from './sanitize.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type PageView = {
  slug: string;
  template: PageTemplate;
  title: string;
  description: string;
  /** Rich text (HTML of core/content/rich-text.ts's elements), cleaned by the server. */
  body: string;
  updatedAt: string;
};

/** Pages are few and change rarely: the published ones are read together and reused this long. */
const PAGES_TTL_MS = 30_000;

type Row = typeof pages.$inferSelect;

function view(row: Row, locale: Locale): PageView {
  return {
    slug: row.slug,
    template: row.template,
    title: pick(row.title, locale),
    description: pick(row.description, locale),
    // A translation without text (an emptied editor leaves `<p></p>`) falls back to Russian, as the other texts do.
    body: isEmptyRichText(row.body[locale]) ? row.body.ru : row.body[locale],
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export function createPageService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  // Bodies are cleaned again as they are read, as the publications' are: a row written by SQL is held to the same list.
  const published = cached(
    async () => {
      const rows = await db.select().from(pages).where(eq(pages.published, true)).orderBy(asc(pages.slug));
      return new Map(
        rows.map((row) => [
          row.slug,
          { ...row, body: { ru: sanitizeRichText(row.body.ru), en: sanitizeRichText(row.body.en), zh: sanitizeRichText(row.body.zh) } },
        ]),
      );
    },
    PAGES_TTL_MS,
    policy,
    'pages',
  );
  return {
    /** Slugs of the published pages, for the sitemap; `without` leaves out the pages of those templates. */
    async slugs(without: readonly PageTemplate[] = []): Promise<string[]> {
      return [...(await published.get()).values()].filter((row) => !without.includes(row.template)).map((row) => row.slug);
    },

    /** When each published page last changed, by its slug (the sitemap's `lastmod`). */
    async updatedTimes(): Promise<Map<string, Date>> {
      return new Map([...(await published.get()).values()].map((row) => [row.slug, row.updatedAt]));
    },

    /** A published page by its slug (`privacy`, `docs/terms`), in `locale`; null when there is none. */
    async bySlug(slug: string, locale: Locale): Promise<PageView | null> {
      const row = (await published.get()).get(slug);
      return row ? view(row, locale) : null;
    },
    /** A page as it would show with a draft's row (issue #42's preview, staff only), published or not. */
    preview(draftRow: Record<string, unknown>, locale: Locale): PageView {
      // The table's row as the editor's binding wrote it over the saved one (server/modules/content/editor/drafts.ts).
      const row = draftRow as Row;
      return view({ ...row, body: { ru: sanitizeRichText(row.body.ru), en: sanitizeRichText(row.body.en), zh: sanitizeRichText(row.body.zh) } }, locale);
    },
    invalidate: published.invalidate,
  };
}
export type PageService = ReturnType<typeof createPageService>;
