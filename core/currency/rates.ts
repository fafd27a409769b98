import { COOKIES, readCookie, type Cookies } from '#core/http/cookies.ts';

/**
 * Prices in other currencies (issue #41, ADR 037): the Bank of Russia's official daily rate, shown beside roubles
 * with its date, never instead. Isomorphic: the server's module (server/modules/currency/) stores the rates, pages
 * and the PDF print them, the filter converts a price range with them.
 */

/** The currencies a visitor may see prices in beside roubles, in the switch's order (ISO 4217 codes, lower case). */
export const CURRENCIES = ['usd', 'eur', 'cny', 'aed'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** A rate older than this many days (by its date, Moscow calendar) is not shown: the conversion is hidden everywhere. */
export const STALE_AFTER_DAYS = 3;

/**
 * The Bank of Russia's rates of one day: roubles for one unit of each currency (its `VunitRate`, the rate divided
 * by its nominal: 10 yuan = 115,83 ₽ → 11.583). `date` is the day the rates are set for (`YYYY-MM-DD`).
 */
export type CurrencyRates = { date: string; perUnit: Record<CurrencyCode, number> };

/** What a page needs to print a conversion: the visitor's currency, its rate and the rate's date. */
export type ChosenRate = { code: CurrencyCode; perUnit: number; date: string };

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The visitor's choice from their cookies (`currency`); null for none or an unknown value: roubles only. */
export function currencyChoice(cookies: Cookies | string | null | undefined): CurrencyCode | null {
  const value = readCookie(cookies ?? '', COOKIES.currency);
  return isCurrencyCode(value) ? value : null;
}

/** The Moscow calendar day of an instant (`YYYY-MM-DD`): the Bank of Russia dates its rates by it. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

/** Whole days from the rates' date to today's Moscow day. */
function ageInDays(date: string, now: Date): number {
  return Math.round((Date.parse(`${moscowDay(now)}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether rates may be shown: not older than `STALE_AFTER_DAYS`. The bank sets Monday's rates on Saturday's
 * business day and a holiday's rates the day before, so a three-day weekend is still fresh on its Tuesday.
 */
export function ratesFresh(rates: Pick<CurrencyRates, 'date'>, now: Date): boolean {
  return ageInDays(rates.date, now) <= STALE_AFTER_DAYS;
}

/** The amount in the currency of `rate` for an amount in roubles. */
export function fromRoubles(roubles: number, rate: Pick<ChosenRate, 'perUnit'>): number {
  return roubles / rate.perUnit;
}

/** The amount in roubles for an amount in a currency (the filter's bounds), to the whole rouble. */
export function toRoubles(amount: number, perUnit: number): number {
  return Math.round(amount * perUnit);
}
