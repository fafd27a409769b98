import { LOCALE_ENTRIES, type Locale } from './locales.ts';

/**
 * A percentage as its language writes it, the one way every surface does (cards, the top bar, the calculator, the
 * informer, PDFs, mails): Intl's percent style, so Russian puts a no-break space before the sign («4,5 %») and
 * English and Chinese none ("4.5%", "4.5%"). `value` is in percent (4.5 = 4.5 %), as the programmes store it; at
 * most two decimals, none when they are zero («30 %», «9,75 %»).
 */
export function formatPercent(value: number, locale: Locale, fractionDigits = 2): string {
  return percentFormat(locale, fractionDigits).format(value / 100);
}

const FORMATS = new Map<string, Intl.NumberFormat>();
function percentFormat(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let format = FORMATS.get(key);
  if (!format) FORMATS.set(key, (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, { style: 'percent', maximumFractionDigits: fractionDigits })));
  return format;
}
