/**
 * Prices in other currencies (issue #41, ADR 037, docs/guides/currencies.md): the Bank of Russia's official daily
 * rates, stored by a job, read by pages, the PDF sheet and the filter. Other modules use it only through this file.
 *
 * The search parser converts "$200k" with `services.currency.latestRates()`: `{ date, perUnit: { usd, eur, cny, aed } }`
 * (roubles for one unit) or null when no rates are stored or they are older than three days; `toRoubles` from
 * `#core/currency/rates.ts` does the sum.
 */
export { createCurrencyService, type CurrencyService } from './service.ts';
export { startCurrencyRatesJob, readDailyRates } from './job.ts';
export { parseDailyRates, RatesFeedError, type DailyRates, type FeedRate } from './feed.ts';
export { currencyConfig, currencyConfigSchema, CBR_DAILY_URL, type CurrencyConfig } from './config.ts';
export { currencyRates } from './schema.ts';
