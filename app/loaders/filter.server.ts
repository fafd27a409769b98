import { redirect, type RouterContextProvider } from 'react-router';
import type { LotFilter } from '#core/catalogue/service.ts';
import { LOT_FILTER_KEYS } from '#core/catalogue/filter.ts';
import { lotCardView } from '#core/catalogue/types.ts';
import { filterInRoubles } from '#core/currency/filter.ts';
import { currencyChoice } from '#core/currency/rates.ts';
import { appContext } from '#app/lib/context.server.ts';
import { readPhrase } from '#app/loaders/phrase.server.ts';
import { filterQuery, readLotFilter, requestLocale } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { withReserveLinks } from '#app/loaders/reservation-offers.server.ts';
import type { FilterScreenData } from '#app/components/catalogue/filter-screen.tsx';
import { DEFAULT_ORDERING } from '#app/components/catalogue/sort-select.tsx';
import { readLotView } from '#app/components/catalogue/view-toggle.tsx';

const FILTER_KEYS: ReadonlySet<string> = new Set<string>(LOT_FILTER_KEYS);

/**
 * A no-JavaScript submit reads `rooms=1&rooms=2&price_min=&view=`: the page answers with a redirect to the
 * tidy address (`rooms=1,2`), so what the visitor shares or bookmarks is the same URL JavaScript writes.
 * Foreign parameters (utm_*, nometrics) ride along.
 */
export function canonicalFilterRedirect(url: URL, filter: LotFilter): void {
  const params = url.searchParams;
  const keys = [...params.keys()];
  const untidy = keys.some((key, index) => keys.indexOf(key) !== index) || [...params.values()].some((value) => value.trim() === '');
  if (!untidy) return;
  const view = readLotView(params);
  const foreign: Record<string, string> = {};
  for (const [key, value] of params) if (!FILTER_KEYS.has(key) && key !== 'view' && value.trim() !== '') foreign[key] = value;
  // The sort select always submits; the catalogue's own order stays out of the address.
  const tidy = filter.ordering === DEFAULT_ORDERING ? { ...filter, ordering: undefined } : filter;
  throw redirect(url.pathname + filterQuery(tidy, { view: view === 'grid' ? undefined : view, ...foreign }));
}

/** Everything the filter screen shows for a filter: results, facet counts, specs, the SEO pages to link to. */
export async function loadFilterScreen(request: Request, url: URL, context: Readonly<RouterContextProvider>, base: LotFilter = {}) {
  const { filter: own, dropped } = readLotFilter(url.searchParams);
  canonicalFilterRedirect(url, own);
  // The search box's words (issue #41): read into the filter; a parameter of the address beside them wins.
  const phrase = await readPhrase(url, context, requestLocale(url));
  const asked = { ...base, ...phrase?.filter, ...own };
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  // Price bounds in another currency (ADR 037) are found in roubles at the day's rate; without one they are dropped
  // (said like any other parameter the page could not read). The range is shown in the filter's currency, else in
  // the visitor's (their cookie: such a page is theirs, page-cache.ts).
  const code = asked.currency ?? currencyChoice(request.headers.get('cookie'));
  const rates = code ? await context.get(appContext).services.currency.current() : null;
  const inRoubles = filterInRoubles(asked, rates);
  const filter = inRoubles.unconverted ? inRoubles.filter : asked;
  // One evaluation of the lot index gives the results and every facet count.
  const [specs, { page, facets }, seo] = await Promise.all([
    catalogue.specs(locale),
    catalogue.filterWithFacets(inRoubles.filter, locale),
    catalogue.seoFilters(locale),
  ]);
  const sign = pictureSigner(context, request);
  // The lots whose page offers online reservation carry their card's link (issue #39): the lot page's own rule.
  const results = await withReserveLinks(context, page.results, locale);
  const data: FilterScreenData = {
    filter,
    specs,
    facets,
    // Both views' URLs: switching between grid and list is a navigation, but cheap either way.
    page: { ...page, results: results.map((lot) => ({ ...lotCardView(lot), plan: sign(lot.plan, 'lotCard', 'lotRow') })) },
    view: readLotView(url.searchParams),
    dropped: dropped.length > 0 || inRoubles.unconverted,
    seoLinks: seo.map((item) => ({ title: item.h1, url: item.url })),
    phrase: phrase ? { text: phrase.text, understood: phrase.understood, ignored: phrase.ignored, rest: own } : null,
    priceRate: code && rates ? { code, perUnit: rates.perUnit[code], date: rates.date } : null,
  };
  // No selection here: the hearts and counts come from the browser's store (the HTML is the same for every visitor).
  return data;
}
