import { safeText } from '#core/schemas/text.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './limits.ts';

export { SEARCH_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_PARAM } from './limits.ts';

/**
 * The site search (spec §9 "footer search limit 200"): what a visitor types in the footer's field, read the same way
 * by the search page (`/search?q=`) and the API (`/api/search/?q=`). It finds projects by name, lots by the number
 * their page shows («№ 22», «22 号»), and content pages, news and promotions by title.
 */

/** The query as sent: trimmed, without NUL or half an emoji, at most `SEARCH_MAX_LENGTH` characters. */
export const searchText = safeText().trim().max(SEARCH_MAX_LENGTH);

/** What a query asks, once checked: nothing yet, too short, too long, or the words and numbers to look for. */
export type SearchQuery =
  { state: 'empty' } | { state: 'short'; text: string } | { state: 'long' } | { state: 'ready'; text: string; words: string[]; numbers: string[] };

/**
 * Text as it is compared: NFKC (full-width digits and letters), lower case, «ё» as «е», quotes and punctuation
 * around words as spaces, one space between words. Applied to the query and to every name and title alike.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}\s/-]+/gu, ' ')
    .replace(/(^|\s)[-/]+|[-/]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A lot's number as it is compared: normalized, with the number sign («№», «#», «号») and spaces dropped. */
export function normalizeNumber(number: string): string {
  return normalizeText(number.replace(/[№#号]/g, ' ')).replaceAll(' ', '');
}

/**
 * Reads a query (`q` of the page or the API; a repeated `q` is read as its first value). A word with a digit is a
 * lot number; the others are words, each of which must appear in what is found.
 */
export function readSearchQuery(q: unknown): SearchQuery {
  const raw = Array.isArray(q) ? q[0] : q;
  if (raw === undefined || raw === null) return { state: 'empty' };
  const parsed = searchText.safeParse(raw);
  if (!parsed.success) return typeof raw === 'string' && raw.trim().length > SEARCH_MAX_LENGTH ? { state: 'long' } : { state: 'empty' };
  const text = parsed.data;
  const tokens = normalizeText(text.replace(/[№#号]/g, ' '))
    .split(' ')
    .filter(Boolean);
  if (tokens.length === 0) return text ? { state: 'short', text } : { state: 'empty' };
  const numbers = tokens.filter((token) => /\p{N}/u.test(token));
  const words = tokens.filter((token) => !/\p{N}/u.test(token));
  if (numbers.length === 0 && words.join(' ').length < SEARCH_MIN_LENGTH) return { state: 'short', text };
  return { state: 'ready', text, words, numbers };
}

/** True when every word of the query appears in one of `texts` (already normalized). */
export function hasEveryWord(words: readonly string[], texts: readonly string[]): boolean {
  return words.every((word) => texts.some((text) => text.includes(word)));
}

/**
 * How a lot's number answers the query's numbers: 2 the same number, 1 a number that begins with it (typing «12»
 * finds 12, then 120…129), 0 not at all. `number` is normalized (`normalizeNumber`).
 */
export function numberMatch(numbers: readonly string[], number: string): 0 | 1 | 2 {
  let best: 0 | 1 | 2 = 0;
  for (const wanted of numbers) {
    if (number === wanted) return 2;
    if (number.startsWith(wanted)) best = 1;
  }
  return best;
}

/** What a name or title answers: every word and every number of the query appears in it (in any of its languages). */
export function textMatches(query: { words: readonly string[]; numbers: readonly string[] }, texts: readonly string[]): boolean {
  return hasEveryWord([...query.words, ...query.numbers], texts);
}

/** One thing found: its title in the visitor's language, a line about it, and its address (without the language prefix). */
export type SearchHit = { title: string; detail: string | null; url: string };

/** The answer, grouped by kind; `count` counts everything that matched, the groups hold at most `SEARCH_LIMIT` together. */
export type SearchResults = {
  count: number;
  projects: SearchHit[];
  lots: SearchHit[];
  pages: SearchHit[];
};

/** Nothing found, or nothing asked yet. */
export const EMPTY_RESULTS: SearchResults = { count: 0, projects: [], lots: [], pages: [] };
