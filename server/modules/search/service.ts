import type { PublicationCard } from '#core/content/publications.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { formatDay } from '#core/i18n/dates.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { EMPTY_RESULTS, normalizeText, SEARCH_LIMIT, textMatches, type SearchHit, type SearchQuery, type SearchResults } from '#core/search/query.ts';
import { findInCatalogue, type CatalogueState } from '../catalogue/index.ts';

/** What the search reads: the catalogue in memory, the published pages and the listed publications (each versioned). */
type Sources = {
  catalogue: () => Promise<CatalogueState>;
  pageSlugs: () => Promise<string[]>;
  page: (slug: string, locale: Locale) => Promise<{ slug: string; title: string } | null>;
  publications: (kind: 'news' | 'promo', locale: Locale) => Promise<PublicationCard[]>;
};

/**
 * The site search (spec §9, core/search/query.ts): projects, lots by number, and content pages, news and promotions
 * by title, at most `SEARCH_LIMIT` together. Projects and pages are few and come whole; lots fill the rest. Every
 * source is a versioned read, so a results page is kept and answered like any other page. The query is never logged.
 */
export function createSearchService(sources: Sources) {
  return {
    async find(query: SearchQuery, locale: Locale): Promise<SearchResults> {
      if (query.state !== 'ready') return EMPTY_RESULTS;
      const [state, pages] = await Promise.all([sources.catalogue(), findPages(sources, query, locale)]);
      // Pages are listed whole unless they alone reach the limit; projects, then lots, fill the rest.
      const listedPages = pages.slice(0, SEARCH_LIMIT);
      const { projects, lots, projectCount, lotCount } = findInCatalogue(state, query, locale, SEARCH_LIMIT - listedPages.length);
      return { count: projectCount + lotCount + pages.length, projects, lots, pages: listedPages };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

/** Content pages, news and current promotions whose title (in the visitor's language) holds every word of the query. */
async function findPages(sources: Sources, query: { words: string[]; numbers: string[] }, locale: Locale): Promise<SearchHit[]> {
  const t = translatorOf(locale);
  const [slugs, news, promo] = await Promise.all([sources.pageSlugs(), sources.publications('news', locale), sources.publications('promo', locale)]);
  const pages = (await Promise.all(slugs.map((slug) => sources.page(slug, locale)))).filter((page) => page !== null);
  const hits: SearchHit[] = [];
  for (const page of pages) if (textMatches(query, [normalizeText(page.title)])) hits.push({ title: page.title, detail: null, url: `/${page.slug}` });
  for (const item of [...news, ...promo]) {
    // Press mentions live on other sites; news and promotions have their pages here.
    if (item.source || !textMatches(query, [normalizeText(item.title)])) continue;
    const detail =
      item.kind === 'promo'
        ? item.endsAt
          ? t('promo.until', { date: formatDay(item.endsAt, locale) })
          : null
        : t('publications.published', { date: formatDay(item.publishedAt, locale) });
    hits.push({ title: item.title, detail, url: item.url });
  }
  return hits;
}
