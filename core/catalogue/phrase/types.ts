import type { Locale } from '#core/i18n/locales.ts';
import type { SpecItem } from '../types.ts';
import type { LotFilter } from '../filter-items.ts';
import type { CurrencyCode } from './numbers.ts';

/** A criterion a phrase gives: a choice's values, a range's bounds or a flag (a filter item by its registry name). */
export type Piece = { item: string; values?: string[]; min?: number; max?: number; flag?: true };

/**
 * Why words were not turned into the filter: `unknown` — no rule reads them; `rates` — an amount in another currency
 * while no fresh Bank of Russia rate is known (never guessed); `unsupported` — understood, but the filter has no such
 * criterion ("top floor" alone).
 */
export const IGNORED_REASONS = ['unknown', 'rates', 'unsupported'] as const;
export type IgnoredReason = (typeof IGNORED_REASONS)[number];

/** The Bank of Russia's rates the parser converts with: roubles per unit, and the rates' date (`YYYY-MM-DD`). */
export type PhraseRates = { date: string; perUnit: Record<CurrencyCode, number> };

/**
 * What the parser reads names and labels from, built by the catalogue from its data (server/modules/catalogue/phrase.ts):
 * the filter's specs in every language (each choice's and flag's printed label: the projects' names, the lot types,
 * finishes, features, views…), the names a project also goes by (its short slug), and the districts with their projects.
 */
export type PhraseVocabulary = {
  specs: Readonly<Record<Locale, readonly SpecItem[]>>;
  aliases: Readonly<Record<string, readonly string[]>>;
  districts: readonly { names: readonly string[]; projects: readonly string[] }[];
};

export type PhraseOptions = {
  /** The visitor's language: it settles what a figure means where languages differ («1,500»; a bare «до 15»). */
  lang: Locale;
  /** This year, for "next year" and for the quarters of a date range the catalogue has no lot in. */
  year: number;
  /** Fresh rates, or null: then an amount in another currency is ignored with the reason `rates`. */
  rates: PhraseRates | null;
};

export type PhraseResult = {
  /** The canonical filter query string (`serializeLotFilter`, without `?`): what /filter reads. */
  query: string;
  filter: LotFilter;
  /** Each understood part of the text with the filter parameters it gave (`rooms=2`, `price_max=15000000`), in the text's order. */
  understood: { text: string; param: string }[];
  /** The words not turned into the filter, in the text's order, with why. */
  ignored: { text: string; reason: IgnoredReason }[];
};
