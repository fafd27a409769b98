/**
 * The visitor's selection of lots (no account): an ordered list of lot ids kept in a cookie, so the server
 * renders the /selection page (and the page actions change it without JavaScript), and mirrored in localStorage,
 * which survives cookie clean-ups and lets other tabs follow along (the `storage` event).
 */

export const SELECTION_COOKIE = 'selection';
export const SELECTION_STORAGE_KEY = 'selection';
/** A year, like the language cookie: a selection is a slow decision. */
export const SELECTION_MAX_AGE_S = 365 * 24 * 60 * 60;
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

/** The selection cookie's value from a Cookie header; `null` when there is no cookie at all. */
export function readSelectionCookie(cookieHeader: string | null | undefined): string[] | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SELECTION_COOKIE) return parseSelectionIds(value.join('='));
  }
  return null;
}

export function selectionCookie(ids: readonly string[], secure: boolean): string {
  return `${SELECTION_COOKIE}=${encodeURIComponent(serializeSelectionIds(ids))}; Path=/; Max-Age=${SELECTION_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
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
