/**
 * Loads the browser's internationalisation data (ICU) on a thread of its own while the page is still arriving
 * (ADR 030): the first Intl object costs a long task once per process, and ICU's data are shared by the process, so
 * the main thread's first one during hydration becomes cheap. The language comes as the worker's name; the formats
 * made are those the pages make first.
 */
const iso = self.name || 'ru-RU';
try {
  new Intl.NumberFormat(iso, { style: 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(1);
  new Intl.PluralRules(iso).select(1);
  new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }).format(0);
} finally {
  self.close();
}
