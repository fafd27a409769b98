import { DEFAULT_LIMIT, serializeLotFilter } from '#core/catalogue/filter.ts';
import { applicableFacets } from '#core/catalogue/filter-items.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import type { Facets, LotCard, Page } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { count } from './bitset.ts';
import { lotCard } from './dto.ts';
import { evaluate } from './lot-index-evaluate.ts';
import { page } from './lot-index-page.ts';
import type { CatalogueState } from './state.ts';

/** One evaluation of the filter for both the page and (optionally) the facets. */
export function search(s: CatalogueState, filter: LotFilter, locale: Locale, withFacets: boolean): { page: Page<LotCard>; facets: Facets | null } {
  const { result, facets, groups } = evaluate(s.index, filter, withFacets, true);
  // Counted once: the facets' count is the result's.
  const total = facets ? facets.count : count(result);
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const offset = filter.offset ?? 0;
  const results = page(s.index, result, filter.ordering ?? 'recommended', offset, limit, groups, total).map((i) =>
    lotCard(s.snap, i, locale, s.payments, s.facts),
  );
  const at = (o: number) => `?${serializeLotFilter({ ...filter, offset: o > 0 ? o : undefined }).toString()}`;
  return {
    page: { count: total, next: offset + limit < total ? at(offset + limit) : null, previous: offset > 0 ? at(Math.max(0, offset - limit)) : null, results },
    // Only the items that mean something for the chosen lot types (no rooms for parking spaces): `evaluate` counted no others.
    facets: facets && applicableFacets(facets, filter.type),
  };
}
