import { data } from 'react-router';

/** Spec §2: buildingId accepts only letters, digits, underscore and hyphen, one or more. */
export const SLUG_ID = /^[A-Za-z0-9_-]+$/;
export const LOT_TYPES = ['flat', 'parking', 'pantry', 'commercial'] as const;
export type LotType = (typeof LOT_TYPES)[number];

export type NotFoundData = { message: string };

/**
 * The full path of the page asked for, as the 404 message names it. `url` is the loader's own `url` argument: the
 * address the visitor sees, also when a click loads the page as `/path.data?_routes=…` (the router's data request).
 */
export function fullPath(url: URL): string {
  return decodeURIComponent(url.pathname) + url.search;
}

/**
 * A route's validate rule: anything but `true` answers 404 'Page Not Found: {full path}' (spec §2).
 */
export function validateRoute(url: URL, valid: boolean): void {
  if (valid !== true) throw data<NotFoundData>({ message: `Page Not Found: ${fullPath(url)}` }, { status: 404 });
}

/** An unknown slug: 404 'Page not found'. */
export function pageNotFound(): never {
  throw data<NotFoundData>({ message: 'Page not found' }, { status: 404 });
}
