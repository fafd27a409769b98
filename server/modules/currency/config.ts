import { z } from 'zod';
import { httpUrl } from '../../lib/env.ts';

/** Where the Bank of Russia publishes its official daily rates (windows-1251 XML). */
export const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

/**
 * The Bank of Russia's daily rates (ADR 037, docs/guides/currencies.md): where the job reads them, how often it
 * looks for a new day's rates, and how long one request may take. `off` stops the job: rates already stored are
 * shown until they are three days old, then prices are in roubles only.
 */
export const currencyConfigSchema = z
  .object({
    CBR_DAILY_URL: z
      .union([z.literal('off'), httpUrl()])
      .default(CBR_DAILY_URL)
      .describe(
        "The Bank of Russia's XML_daily feed the rates job reads (USD, EUR, CNY, AED), or off. Tests point it at a loopback stand-in (tests/support/fake-cbr.ts).",
      ),
    CBR_RATES_EVERY_MIN: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(60)
      .describe(
        'Minutes between two reads of the feed. The bank sets the next business day’s rates once a day (around 15:30 Moscow time); a read that brings a day already stored writes nothing.',
      ),
    CBR_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(500)
      .max(120_000)
      .default(10_000)
      .describe('Timeout of one request to the feed (ms); a failed read is retried three times with backoff, then at the next run.'),
  })
  .meta({ title: 'Exchange rates' })
  .describe('Prices in other currencies: the Bank of Russia’s official daily rates, read by a job (server/modules/currency/).');

export type CurrencyConfig = { url: string | null; everyMs: number; timeoutMs: number };

/** The job's settings from the loaded configuration; `url` null when the job is off. */
export function currencyConfig(config: { CBR_DAILY_URL: string; CBR_RATES_EVERY_MIN: number; CBR_TIMEOUT_MS: number }): CurrencyConfig {
  return { url: config.CBR_DAILY_URL === 'off' ? null : config.CBR_DAILY_URL, everyMs: config.CBR_RATES_EVERY_MIN * 60_000, timeoutMs: config.CBR_TIMEOUT_MS };
}
