import { FILTER_ITEMS } from '../../filter-items.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { PhraseRates, PhraseResult } from '../types.ts';
import type { PhraseCase } from './case.ts';
import en from './en.ts';
import ru from './ru.ts';
import zh from './zh.ts';

/**
 * The phrase search's test set (issue #41): queries as buyers type them, each with the filter it must give, as the
 * canonical query string /filter reads, and the words it must report as not understood (none unless listed).
 *
 * The set is read against the demo catalogue (its projects Linden Quarter = 1, Pine Shore = 2, Northern Heights = 3;
 * its completion quarters 2027-Q2 … 2029-Q4; its districts), in the year `PHRASE_CASES_YEAR` and at the rates
 * `PHRASE_CASES_RATES` (so "$200k" is 16 000 000 ₽). The unit test (server/modules/catalogue/phrase.test.ts) fails on
 * any case; `npm run bench -- search` prints the share parsed exactly per language and the time per query.
 */
export type { PhraseCase };

export const PHRASE_CASES: Record<Locale, readonly PhraseCase[]> = { ru, en, zh };
export const PHRASE_CASES_YEAR = 2026;
export const PHRASE_CASES_RATES: PhraseRates = { date: '2026-11-28', perUnit: { usd: 80, eur: 92, cny: 11, aed: 22 } };

/** Whether a result is the case's: the same filter and the same words not understood. */
export function caseMatches(result: PhraseResult, expected: PhraseCase): boolean {
  const ignored = result.ignored.map((item) => item.text);
  return result.query === expected[1] && JSON.stringify(ignored) === JSON.stringify(expected[2] ?? []);
}

const ITEM_NAMES = new Set<string>(FILTER_ITEMS.map((item) => item.name));
/**
 * The filter items a case expects that the registry does not have (yet): a case for an item another change is adding
 * waits for it (the unit test skips it, the bench counts it apart) instead of failing or being left out.
 */
export function missingItems(expected: PhraseCase): string[] {
  const names = [...new URLSearchParams(expected[1]).keys()].map((key) => key.replace(/_(?:min|max)$/, ''));
  return [...new Set(names.filter((name) => !ITEM_NAMES.has(name)))];
}
