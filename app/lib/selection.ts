import { COOKIES, readCookie, serializeCookie } from '#core/http/cookies.ts';

/**
 * The visitor's selection of lots (no account): an ordered list of lot ids kept in a cookie, so the server
 * renders the /selection page (and the page actions change it without JavaScript), and mirrored in localStorage,
 * which survives cookie clean-ups and lets other tabs follow along (the `storage` event).
 */

export const SELECTION_STORAGE_KEY = 'selection';
/** Keeps the cookie far below the 4 KB limit and the compare table readable. */
export const SELECTION_LIMIT = 50;
const LOT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Ids from a comma list (cookie, `?ids=`), valid and unique, in the visitor's order, capped. */
export function parseSelectionIds(raw: string | null | undefined): string[] {
  if (!raw) return [];
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // a malformed escape: read the raw text, the id pattern drops anything odd
  }
  const ids: string[] = [];
  for (const part of text.split(',')) {
    const id = part.trim();
    if (LOT_ID.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length >= SELECTION_LIMIT) break;
  }
  return ids;
}

export function serializeSelectionIds(ids: readonly string[]): string {
  return ids.join(',');
}

/** The selection cookie's ids from a Cookie header or `document.cookie`; `null` when there is no cookie at all. */
export function readSelectionCookie(cookieHeader: string | null | undefined): string[] | null {
  const value = readCookie(cookieHeader, COOKIES.selection);
  return value === null ? null : parseSelectionIds(value);
}

/** The `Set-Cookie` value (or `document.cookie` assignment) that keeps `ids`: a year, like the language cookie. */
export function selectionCookie(ids: readonly string[], https: boolean): string {
  return serializeCookie(COOKIES.selection, serializeSelectionIds(ids), https);
}

export type SelectionChange = { intent: 'add' | 'remove' | 'toggle' | 'clear' | 'replace' | 'merge'; ids: readonly string[] };

/** One reducer for the browser store and the no-JavaScript form action, so both behave the same. */
export function applySelectionChange(current: readonly string[], change: SelectionChange): string[] {
  const valid = change.ids.filter((id) => LOT_ID.test(id));
  let next: string[];
  switch (change.intent) {
    case 'add':
      next = [...current, ...valid.filter((id) => !current.includes(id))];
      break;
    case 'remove':
      next = current.filter((id) => !valid.includes(id));
      break;
    case 'toggle':
      next = valid.reduce<string[]>((list, id) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]), [...current]);
      break;
    case 'clear':
      next = [];
      break;
    case 'replace':
      next = [...valid];
      break;
    case 'merge':
      next = [...current, ...valid.filter((id) => !current.includes(id))];
      break;
  }
  return parseSelectionIds(serializeSelectionIds(next));
}

/** `/selection?ids=…`: the link that shows someone else this selection. */
export function selectionShareUrl(origin: string, path: string, ids: readonly string[]): string {
  return `${origin}${path}?ids=${serializeSelectionIds(ids)}`;
}
