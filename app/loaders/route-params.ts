import { redirect } from 'react-router';
import { parseLotFilter, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter, ProjectScope } from '#core/catalogue/service.ts';
import { LOT_TYPES, type LotType } from '#core/catalogue/types.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { readSelectionCookie } from '#app/lib/selection.ts';
import { SLUG_ID, validateRoute } from '#app/lib/route-validate.ts';

/**
 * The catalogue routes' validate rules (spec §2; a failed rule answers 404 'Page Not Found: {full path}')
 * and what every catalogue loader reads from the request: locale, the visitor's selection, the filter.
 *
 * Each takes the loader's `url` argument, never `new URL(request.url)`: after a click the router loads a page as
 * `/en/projects/1.data?_routes=…`, whose path is not the page's (a redirect to "the right address" would loop,
 * `/en.data` would read as Russian).
 */

export type ProjectParams = { id?: string; sharedProjectsId?: string; buildingId?: string; sectionId?: string; floorId?: string };

/** `/projects/{id}/…` or `/shared-projects/{sharedProjectsId}/…`: every id one or more of [A-Za-z0-9_-]. */
export function projectRoute(url: URL, params: ProjectParams) {
  const shared = params.sharedProjectsId !== undefined;
  const projectId = (shared ? params.sharedProjectsId : params.id) ?? '';
  const nested = [params.buildingId, params.sectionId, params.floorId].filter((value): value is string => value !== undefined);
  validateRoute(url, SLUG_ID.test(projectId) && nested.every((value) => SLUG_ID.test(value)));
  const scope: ProjectScope = { shared };
  return {
    shared,
    scope,
    projectId,
    buildingId: params.buildingId ?? '',
    sectionId: params.sectionId ?? '',
    floorId: params.floorId ?? '',
  };
}

/**
 * One address per project: `project.url` (catalogue dto: `/shared-projects/{id}` for a shared project,
 * `/projects/{id}` otherwise). A page reached at the other form (`/projects/3/building/7?rooms=2`, or `/projects/03`)
 * answers 301 to the same page at the project's address, with the locale prefix, the rest of the path and the
 * query string kept (server/http/security.ts writes the Location through core/http/safe-location.ts).
 */
export function keepProjectAddress(url: URL, project: { url: string }): void {
  const { prefixed, locale, path } = splitLocalePath(url.pathname);
  const match = /^\/(?:projects|shared-projects)\/[^/]+(\/.*)?$/.exec(path);
  if (!match) return;
  const canonical = `${prefixed ? `/${locale}` : ''}${project.url}${match[1] ?? ''}`;
  if (canonical !== url.pathname) throw redirect(canonical + url.search, 301);
}

const SHORT_SLUG = /^[a-z0-9][a-z0-9-]*$/;
const LOT_NUMBER = /^[A-Za-z0-9._-]+$/;

/** `/{projectShortSlug}/{lotType}/{number}`: a lowercase slug, one of the lot types, a lot number. */
export function lotRoute(url: URL, params: { projectShortSlug?: string; lotType?: string; number?: string }) {
  const slug = params.projectShortSlug ?? '';
  const type = params.lotType ?? '';
  const number = params.number ?? '';
  validateRoute(url, SHORT_SLUG.test(slug) && (LOT_TYPES as readonly string[]).includes(type) && LOT_NUMBER.test(number));
  return { slug, type: type as LotType, number };
}

export function seoFilterRoute(url: URL, params: { slug?: string }): string {
  const slug = params.slug ?? '';
  validateRoute(url, SLUG_ID.test(slug));
  return slug;
}

export function requestLocale(url: URL): Locale {
  return splitLocalePath(url.pathname).locale;
}

/** Ids in the visitor's selection cookie: only for /selection, which is private (other pages' hearts fill in the browser). */
export function requestSelection(request: Request): string[] {
  return readSelectionCookie(request.headers.get('cookie')) ?? [];
}

/**
 * The filter in a page URL, forgiving: a hand-edited or outdated parameter is dropped rather than failing
 * the page (the API answers 400 instead; a visitor deserves results).
 */
export function readLotFilter(params: URLSearchParams): { filter: LotFilter; dropped: string[] } {
  const first = parseLotFilter(params);
  if (first.ok) return { filter: first.filter, dropped: [] };
  const dropped = Object.keys(first.errors);
  const clean = new URLSearchParams(params);
  for (const key of dropped) clean.delete(key);
  // An inverted range names only its _min: drop the pair.
  for (const key of dropped) if (key.endsWith('_min')) clean.delete(key.replace(/_min$/, '_max'));
  const second = parseLotFilter(clean);
  return { filter: second.ok ? second.filter : {}, dropped };
}

/** The filter as a query string, commas kept readable (`rooms=1,2`, not `rooms=1%2C2`). */
export function filterQuery(filter: LotFilter, extra: Record<string, string | undefined> = {}): string {
  const params = serializeLotFilter(filter);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

/** The parts of a filter a building, section or floor screen carries on to the next one. */
export function carriedFilter(filter: LotFilter): LotFilter {
  const { project: _p, building: _b, limit: _l, offset: _o, ordering: _s, ...rest } = filter;
  return rest;
}
