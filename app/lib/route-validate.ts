import { data } from 'react-router';

/** Spec §2: buildingId accepts only letters, digits, underscore and hyphen, one or more. */
export const SLUG_ID = /^[A-Za-z0-9_-]+$/;
export const NUMERIC_ID = /^[1-9][0-9]{0,9}$/;
export const LOT_TYPES = ['flat', 'parking', 'pantry', 'commercial'] as const;
export type LotType = (typeof LOT_TYPES)[number];

export type NotFoundData = { message: string };

/**
 * The full path of the page asked for, as the 404 message names it: a page reached by a click is loaded as
 * `/path.data?_routes=…` (the router's data request), which is not the address the visitor sees.
 */
export function fullPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '') || '/';
  url.searchParams.delete('_routes');
  return decodeURIComponent(pathname) + url.search;
}

/**
 * A route's validate rule: anything but `true` answers 404 'Page Not Found: {full path}' (spec §2).
 */
export function validateRoute(request: Request, valid: boolean): void {
  if (valid !== true) throw data<NotFoundData>({ message: `Page Not Found: ${fullPath(request)}` }, { status: 404 });
}

/** An unknown slug: 404 'Page not found'. */
export function pageNotFound(): never {
  throw data<NotFoundData>({ message: 'Page not found' }, { status: 404 });
}
