import { LOCALE_ENTRIES, type Locale } from '#core/i18n/locales.ts';
import type { Translate } from '#core/i18n/messages.ts';
import { keptIn } from '#core/memo.ts';
import { fromRoubles, type ChosenRate, type CurrencyCode } from './rates.ts';

/** Money in one currency as the language writes it, to three significant figures: «164 000 $», "US$164,000", «US$164,000». */
const MONEY = new Map<Locale, Map<CurrencyCode, Intl.NumberFormat>>();
/** The rate's day as the language writes it: «28 ноября», "28 November", «11月28日». */
const DAY = new Map<Locale, Intl.DateTimeFormat>();

function moneyFormat(locale: Locale, code: CurrencyCode): Intl.NumberFormat {
  return keptIn(
    keptIn(MONEY, locale, () => new Map()),
    code,
    () =>
      new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, {
        style: 'currency',
        currency: code.toUpperCase(),
        // The yuan's narrow sign «¥» reads as the yen outside Chinese: «CN¥» there, «¥» in Chinese.
        currencyDisplay: code === 'cny' && locale !== 'zh' ? 'symbol' : 'narrowSymbol',
        // An approximation («≈»): three figures say it, more would pretend a precision a daily rate does not have.
        maximumSignificantDigits: 3,
      }),
  );
}

/** An amount in a currency as the language writes it: `currencyAmount('en', 'usd', 164000)` → "$164,000". */
export function currencyAmount(locale: Locale, code: CurrencyCode, amount: number): string {
  return moneyFormat(locale, code).format(amount);
}

/** The rate's date (`YYYY-MM-DD`) as a day of the month: «28 ноября», "28 November", «11月28日». */
export function rateDay(locale: Locale, date: string): string {
  const format = keptIn(DAY, locale, () => new Intl.DateTimeFormat(LOCALE_ENTRIES[locale].iso, { day: 'numeric', month: 'long', timeZone: 'UTC' }));
  return format.format(new Date(`${date}T12:00:00Z`));
}

/**
 * A price in roubles in the visitor's currency, said as an approximation with its source and date: «≈ 164 000 $ по
 * курсу Банка России на 28 ноября», "≈ $164,000 at the Bank of Russia rate of 28 November". `perMonth` for a rent.
 * Printed beside the roubles (never instead) on the card, the lot page, the comparison and the PDF sheet.
 */
export function convertedPrice(locale: Locale, t: Translate, roubles: number, rate: ChosenRate, perMonth = false): string {
  const amount = currencyAmount(locale, rate.code, fromRoubles(roubles, rate));
  return t(perMonth ? 'currency.convertedPerMonth' : 'currency.converted', { amount, date: rateDay(locale, rate.date) });
}
