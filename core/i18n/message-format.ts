import { LOCALE_ENTRIES, type Locale } from './locales.ts';

/**
 * The site's one message interpolator: every text a visitor, an e-mail reader or a member of staff reads goes
 * through `formatMessage` (the public catalogs through `translate`/`translator` in messages.ts, the back office's
 * through its own lookup). It has no catalogs of its own, so the back office and tests import it without a language.
 *
 * A message is a text with `{name}` placeholders, or a plural message: one text per plural category of the
 * language (`{ one: '{count} лот', few: '{count} лота', many: '{count} лотов', other: '{count} лота' }`), chosen by
 * `Intl.PluralRules` from the number `count`. Keyed forms rather than ICU's `{count, plural, …}` syntax: the
 * catalogs are typed objects already (a missing form is a compile error, not a parse error), and filling a
 * placeholder needs one regular expression, not a parser in every page's bundle.
 */

/** Intl.PluralRules' categories; `other` is the one every language has. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** A message that depends on a count: the text of each category the language uses (more are allowed, `other` is required). */
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };
export type Message = string | PluralForms;
export type MessageParams = Record<string, string | number>;

/** An object of catalog is a plural message when its keys are plural categories, `other` among them. */
export function isPluralForms(value: unknown): value is PluralForms {
  if (typeof value !== 'object' || value === null || typeof (value as PluralForms).other !== 'string') return false;
  return Object.entries(value).every(([key, text]) => (PLURAL_CATEGORIES as readonly string[]).includes(key) && typeof text === 'string');
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** `{name}` filled from `params` as given (numbers as `String` writes them); a placeholder without its value stays. */
function fill(text: string, params: MessageParams | undefined): string {
  return params ? text.replace(PLACEHOLDER, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match)) : text;
}

// Made once per language: building an Intl object costs more than using it.
const RULES = new Map<Locale, Intl.PluralRules>();
const COUNTS = new Map<Locale, Intl.NumberFormat>();
const rulesOf = (locale: Locale) => RULES.get(locale) ?? RULES.set(locale, new Intl.PluralRules(LOCALE_ENTRIES[locale].iso)).get(locale)!;
const countsOf = (locale: Locale) => COUNTS.get(locale) ?? COUNTS.set(locale, new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso)).get(locale)!;

/**
 * A message in words. A text needs no language; a plural message takes the form `Intl.PluralRules` of `locale`
 * chooses for `params.count` (`other` when the language's category has no form of its own, or there is no count)
 * and writes `{count}` in the language's digits («1 234», "1,234"). Other placeholders are filled as given.
 */
export function formatMessage(message: string, params?: MessageParams): string;
export function formatMessage(message: Message, params: MessageParams | undefined, locale: Locale): string;
export function formatMessage(message: Message, params?: MessageParams, locale?: Locale): string {
  if (typeof message === 'string') return fill(message, params);
  const count = params?.count;
  if (typeof count !== 'number' || !locale) return fill(message.other, params);
  const text = message[rulesOf(locale).select(count)] ?? message.other;
  return fill(text, { ...params, count: countsOf(locale).format(count) });
}
