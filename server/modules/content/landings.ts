import { asc, eq } from 'drizzle-orm';
import type { Landing } from '#core/content/landings.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { multilingualLandings } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

type Row = typeof multilingualLandings.$inferSelect;
export type LandingLink = { slug: string; locale: Locale; title: string; url: string };

/**
 * Multilingual landings (spec §7 `/api/multilingual_landing/{slug}/`): one version per language, read through the
 * shared cache. A landing is not in every language: `best` answers the version in the language asked for, else
 * the English one, else the first.
 */
export function createLandingService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(
    async () => db.select().from(multilingualLandings).where(eq(multilingualLandings.published, true)).orderBy(asc(multilingualLandings.id)),
    30_000,
    policy,
    'landings',
  );

  function view(row: Row, versions: Row[]): Landing {
    return {
      ...row.content,
      slug: row.slug,
      locale: row.locale,
      url: `/${row.slug}`,
      locales: versions.map((v) => v.locale).sort((a, b) => LOCALES.indexOf(a) - LOCALES.indexOf(b)),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function versionsOf(slug: string): Promise<Row[]> {
    return (await rows.get()).filter((r) => r.slug === slug);
  }

  return {
    /** The landing's version in `locale` exactly; null when it has none in that language. */
    async get(slug: string, locale: Locale): Promise<Landing | null> {
      const versions = await versionsOf(slug);
      const row = versions.find((v) => v.locale === locale);
      return row ? view(row, versions) : null;
    },

    /** The version in `locale`, else English, else the first; null when there is no landing by that slug. */
    async best(slug: string, locale: Locale): Promise<Landing | null> {
      const versions = await versionsOf(slug);
      const row = versions.find((v) => v.locale === locale) ?? versions.find((v) => v.locale === 'en') ?? versions[0];
      return row ? view(row, versions) : null;
    },

    /** The landings written in `locale`, as links (the home page and the footer of that language; paths without prefix). */
    async links(locale: Locale): Promise<LandingLink[]> {
      return (await rows.get())
        .filter((r) => r.locale === locale)
        .map((r) => ({ slug: r.slug, locale: r.locale, title: r.content.hero.title, url: `/${r.slug}` }));
    },

    /**
     * Every landing's path (without prefix), the languages it is written in and when each language's version last
     * changed (the sitemap: each version is a row of its own).
     */
    async pages(): Promise<{ path: string; locales: Locale[]; updatedAt: Partial<Record<Locale, Date>> }[]> {
      const all = await rows.get();
      const slugs = [...new Set(all.map((r) => r.slug))];
      return slugs.map((slug) => {
        const versions = all.filter((r) => r.slug === slug);
        return {
          path: `/${slug}`,
          locales: versions.map((r) => r.locale).sort((a, b) => LOCALES.indexOf(a) - LOCALES.indexOf(b)),
          updatedAt: Object.fromEntries(versions.map((r) => [r.locale, r.updatedAt])),
        };
      });
    },

    invalidate: rows.invalidate,
  };
}
export type LandingService = ReturnType<typeof createLandingService>;
