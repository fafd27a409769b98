import { asc, eq } from 'drizzle-orm';
import { DEFAULT_LIMIT, DEFAULT_LOT_STATUSES, parseLotFilter, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/filter-items.ts';
import type { LotCard, Page } from '#core/catalogue/types.ts';
import type { CollectionDetail, CollectionSummary } from '#core/content/collections.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { customCollections } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

/** What a collection needs of the catalogue: its filter (the lot index) and its cards by id. */
type Catalogue = {
  filter: (filter: LotFilter, locale: Locale) => Promise<Page<LotCard>>;
  lotsByIds: (ids: string[], locale: Locale) => Promise<LotCard[]>;
};

type Row = typeof customCollections.$inferSelect;
export type CollectionPaging = { limit?: number | undefined; offset?: number | undefined; ordering?: LotFilter['ordering'] | undefined };

/**
 * Curated collections (spec §7 `/api/custom_collect/`): rows read through the shared cache, lots and counts from
 * the catalogue's lot index at each call, so a collection shows exactly what the filter it links to shows. A
 * curator's list (`lot_ids`) keeps the lots of it still on offer, narrowed by the saved filter when there is one.
 */
export function createCollectionService(db: Db, catalogue: Catalogue, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(
    async () =>
      db.select().from(customCollections).where(eq(customCollections.published, true)).orderBy(asc(customCollections.position), asc(customCollections.id)),
    30_000,
    policy,
    'collections',
  );

  /** The saved filter; a query the codec no longer reads (an item renamed) leaves the collection empty, not the whole catalogue. */
  function savedFilter(row: Row): LotFilter | null {
    if (row.query === null) return {};
    const parsed = parseLotFilter(new URLSearchParams(row.query));
    return parsed.ok ? parsed.filter : null;
  }

  async function lotsOf(row: Row, locale: Locale, paging: CollectionPaging): Promise<Page<LotCard>> {
    const limit = paging.limit ?? DEFAULT_LIMIT;
    const offset = paging.offset ?? 0;
    const filter = savedFilter(row);
    if (!filter) return { count: 0, next: null, previous: null, results: [] };
    const { limit: _l, offset: _o, ...criteria } = filter;
    if (row.lotIds === null) {
      const page = await catalogue.filter({ ...criteria, ordering: paging.ordering ?? criteria.ordering, limit, offset }, locale);
      return withLinks(page.count, page.results, limit, offset);
    }
    // A curator's list: its lots on offer, in the curator's order, within the saved filter if any.
    const statuses = criteria.status ?? DEFAULT_LOT_STATUSES;
    let lots = (await catalogue.lotsByIds(row.lotIds, locale)).filter((lot) => statuses.includes(lot.status));
    if (row.query !== null) {
      const within = await catalogue.filter({ ...criteria, limit: 200, offset: 0 }, locale);
      if (within.count <= 200) {
        const ids = new Set(within.results.map((lot) => lot.id));
        lots = lots.filter((lot) => ids.has(lot.id));
      }
    }
    return withLinks(lots.length, lots.slice(offset, offset + limit), limit, offset);
  }

  function summary(row: Row, locale: Locale, count: number): CollectionSummary {
    const filter = row.lotIds === null ? savedFilter(row) : null;
    return {
      slug: row.slug,
      title: pick(row.title, locale),
      description: pick(row.description, locale),
      count,
      url: `/${row.slug}`,
      filterUrl: filter ? `/filter?${serializeLotFilter(filter).toString()}` : null,
    };
  }

  return {
    /** The published collections in one language, each with the number of its lots on offer now. */
    async list(locale: Locale): Promise<CollectionSummary[]> {
      const all = await rows.get();
      return Promise.all(all.map(async (row) => summary(row, locale, (await lotsOf(row, locale, { limit: 1 })).count)));
    },

    /** The slugs of the published collections (the sitemap, the slug page). */
    async slugs(): Promise<string[]> {
      return (await rows.get()).map((row) => row.slug);
    },

    /** When each published collection last changed, by its slug (the sitemap's `lastmod`). */
    async updatedTimes(): Promise<Map<string, Date>> {
      return new Map((await rows.get()).map((row) => [row.slug, row.updatedAt]));
    },

    /** One collection with a page of its lots; null when there is none by that slug. */
    async bySlug(slug: string, locale: Locale, paging: CollectionPaging = {}): Promise<CollectionDetail | null> {
      const row = (await rows.get()).find((r) => r.slug === slug);
      if (!row) return null;
      const lots = await lotsOf(row, locale, paging);
      return { ...summary(row, locale, lots.count), intro: row.intro[locale].length ? row.intro[locale] : row.intro.ru, lots };
    },

    invalidate: rows.invalidate,
  };
}
export type CollectionService = ReturnType<typeof createCollectionService>;

/** `next`/`previous` as the page's query (`?offset=…`), the form the catalogue's own pages use; the API makes them absolute. */
function withLinks(count: number, results: LotCard[], limit: number, offset: number): Page<LotCard> {
  const at = (o: number) => `?limit=${limit}${o > 0 ? `&offset=${o}` : ''}`;
  return {
    count,
    next: offset + limit < count ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    results,
  };
}
