import { LOT_FILTER_KEYS } from '#core/catalogue/filter.ts';
import { isTrackingParameter, parameterName } from './tracking-query.ts';

export { isTrackingParameter, withoutTracking } from './tracking-query.ts';

/**
 * What of a page address's query makes a page of its own (ADR 023). Tracking parameters — campaign tags and click ids
 * that ads, mail and social networks add — never change what the server renders: the server renders without them,
 * keeps one copy for all their values, and the browser reads them from its own address (the forms' hidden fields
 * after hydration, the visit's attribution). Any other parameter no page reads is rendered as asked but not kept, so
 * made-up parameters cannot fill the page cache and push the real pages out of it.
 */

/**
 * Every query parameter some page reads (its loader or its components): a page whose address carries any other is
 * answered but not kept. A name missing here costs only the kept copy of the pages asked with it.
 */
export const PAGE_QUERY_PARAMETERS: ReadonlySet<string> = new Set<string>([
  // The lot filter (core/catalogue/filter.ts) and its results' layout, on the filter, project, building, section and
  // floor pages; the chessboard's layer (`layer=sun`, app/components/catalogue/sun-layer.tsx).
  ...LOT_FILTER_KEYS,
  'layout',
  'layer',
  // Lists and their pages: projects, publications, progress, stories, search.
  'status',
  'district',
  'completion',
  'realty_types',
  'year',
  'building',
  'page',
  'offset',
  'before',
  'q',
  // Forms, bookings and offices.
  'topic',
  'landing',
  'office',
  'date',
  'form',
  // The purchase calculator (app/components/purchase/use-calculator.ts).
  'price',
  'down',
  'down_sum',
  'down_sum_was',
  'years',
  'months',
  'type',
  'programme',
  // The selection shared by link, alerts' links, previews and the rest.
  'ids',
  'diff',
  'token',
  'lang',
  'slug',
  'to',
  'from',
  'entity',
  'entity_id',
  'delivery',
  'lot_type',
  'realty_type',
  'staff',
  // React Router's own: the index route of a form post, the routes of a data request.
  'index',
  '_routes',
]);

export type PageQuery = {
  /** The path and query the page is rendered and kept for: the address without its tracking parameters. */
  url: string;
  /** The tracking parameters taken out, as they came (to carry them on through a redirect). */
  tracking: string;
  /** A parameter no page reads: the page is answered but not kept. */
  unknown: string | null;
};

/**
 * Splits a request's path and query (`/en/filter?rooms=2&utm_source=mail`) into what the page is made from and the
 * tracking parameters. The query is kept as written (no re-encoding), parameters in their order.
 */
export function pageQuery(url: string): PageQuery {
  const q = url.indexOf('?');
  if (q === -1) return { url, tracking: '', unknown: null };
  const path = url.slice(0, q);
  const kept: string[] = [];
  const tracking: string[] = [];
  let unknown: string | null = null;
  for (const part of url.slice(q + 1).split('&')) {
    if (part === '') continue;
    const name = parameterName(part);
    if (isTrackingParameter(name)) tracking.push(part);
    else {
      kept.push(part);
      if (unknown === null && !PAGE_QUERY_PARAMETERS.has(name)) unknown = name;
    }
  }
  return { url: kept.length ? `${path}?${kept.join('&')}` : path, tracking: tracking.join('&'), unknown };
}

/** `location` (a same-site path) with the tracking parameters `tracking` added back, for a redirect. */
export function withTracking(location: string, tracking: string): string {
  if (!tracking || !location.startsWith('/') || location.startsWith('//')) return location;
  const hash = location.indexOf('#');
  const [base, fragment] = hash === -1 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${tracking}${fragment}`;
}
