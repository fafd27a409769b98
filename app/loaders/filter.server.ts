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
import { LAYOUT_PARAM, layoutQuery, legacyLayout, readLotLayout } from '#app/components/catalogue/layout-toggle.tsx';

const FILTER_KEYS: ReadonlySet<string> = new Set<string>(LOT_FILTER_KEYS);

/**
 * A no-JavaScript submit reads `rooms=1&rooms=2&price_min=&layout=`: the page answers with a redirect to the
 * tidy address (`rooms=1,2`), so what the visitor shares or bookmarks is the same URL JavaScript writes.
 * Foreign parameters (utm_*, nometrics) ride along. An address from before the layout had its own name
 * (`?view=list`, `?view=grid`) answers 301 to the same page with `layout=`: one address per page, the old links kept.
 */
export function canonicalFilterRedirect(url: URL, filter: LotFilter): void {
  const params = url.searchParams;
  const legacy = legacyLayout(params);
  if (legacy) {
    const current = new URLSearchParams(params);
    current.delete('view');
    if (legacy.views.length) current.set('view', legacy.views.join(','));
    if (!current.has(LAYOUT_PARAM)) current.set(LAYOUT_PARAM, legacy.layout);
    throw redirect(tidyAddress(url.pathname, current, readLotFilter(current).filter), 301);
  }
  const keys = [...params.keys()];
  const untidy = keys.some((key, index) => keys.indexOf(key) !== index) || [...params.values()].some((value) => value.trim() === '');
  if (untidy) throw redirect(tidyAddress(url.pathname, params, filter));
}

/** The page's address as JavaScript writes it: the filter, the results' layout, the foreign parameters. */
function tidyAddress(pathname: string, params: URLSearchParams, filter: LotFilter): string {
  const foreign: Record<string, string> = {};
  for (const [key, value] of params) if (!FILTER_KEYS.has(key) && key !== LAYOUT_PARAM && value.trim() !== '') foreign[key] = value;
  // The sort select always submits; the catalogue's own order stays out of the address.
  const tidy = filter.ordering === DEFAULT_ORDERING ? { ...filter, ordering: undefined } : filter;
  return pathname + filterQuery(tidy, { ...layoutQuery(readLotLayout(params)), ...foreign });
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
    // Both layouts' URLs: switching between grid and list is a navigation, but cheap either way.
    page: { ...page, results: results.map((lot) => ({ ...lotCardView(lot), plan: sign(lot.plan, 'lotCard', 'lotRow') })) },
    layout: readLotLayout(url.searchParams),
    dropped: dropped.length > 0 || inRoubles.unconverted,
    seoLinks: seo.map((item) => ({ title: item.h1, url: item.url })),
    phrase: phrase ? { text: phrase.text, understood: phrase.understood, ignored: phrase.ignored, rest: own } : null,
    priceRate: code && rates ? { code, perUnit: rates.perUnit[code], date: rates.date } : null,
  };
  // No selection here: the hearts and counts come from the browser's store (the HTML is the same for every visitor).
  return data;
}
