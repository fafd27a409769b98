/**
 * A preview of a public page with an item's draft (issue #42, ADR 042): the public page's own address with
 * `?preview={kind}:{id}` (`/en/news/new-school?preview=news:12`). The server honours it only for a member of staff
 * who may edit content, renders the page's own route with the draft, and lets no cache keep the answer
 * (server/http/preview.ts). Deliberately not a parameter any page reads for the page cache (core/http/page-query.ts).
 */
export const PREVIEW_PARAMETER = 'preview';

export type PreviewRequest = { kind: string; id: string };

const VALUE = /^([a-z]{2,32}):([1-9]\d{0,17})$/;

/** The preview a page address asks for, or null. */
export function readPreview(url: string): PreviewRequest | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const value = new URLSearchParams(url.slice(q + 1)).get(PREVIEW_PARAMETER);
  const match = value ? VALUE.exec(value) : null;
  return match ? { kind: match[1]!, id: match[2]! } : null;
}

/** The preview's address: the public page's (with its language prefix) and the item asked for. */
export function previewHref(pagePath: string, kind: string, id: string): string {
  return `${pagePath}?${PREVIEW_PARAMETER}=${kind}:${id}`;
}

/** What a previewed page says above itself: a draft, the saved item (no draft), or a draft that does not pass yet. */
export type PreviewBanner = { state: 'draft' | 'saved' | 'invalid'; fields: string[]; edit: string };
