import { desc, eq, lte, sql } from 'drizzle-orm';
import { CURRENCIES, moscowDay, ratesFresh, type ChosenRate, type CurrencyCode, type CurrencyRates } from '#core/currency/rates.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';
import type { Db } from '../../db/client.ts';
import type { DailyRates } from './feed.ts';
import { currencyRates } from './schema.ts';

/** How long a loaded copy of the rates is answered before the database is asked again (a version change reloads sooner). */
const RATES_TTL_MS = 60_000;

/**
 * The rates as the site shows them (ADR 037): the newest day stored whose date has come (the bank sets the next
 * business day's rates in the afternoon: tomorrow's are not today's), with all four currencies, and only while
 * fresh (`ratesFresh`: at most three days old). Reads go through the shared caches, so a page render records the
 * offers' data version it read them at and a kept page follows a new day's rates.
 */
export function createCurrencyService(db: Db, policy: CachePolicy = STRICT_POLICY, now: () => Date = () => new Date(policy.now())) {
  async function load(): Promise<CurrencyRates | null> {
    const today = moscowDay(now());
    const [newest] = await db
      .select({ date: currencyRates.date })
      .from(currencyRates)
      .where(lte(currencyRates.date, today))
      .groupBy(currencyRates.date)
      .having(sql`count(*) = ${CURRENCIES.length}`)
      .orderBy(desc(currencyRates.date))
      .limit(1);
    if (!newest) return null;
    const rows = await db.select({ code: currencyRates.code, perUnit: currencyRates.perUnit }).from(currencyRates).where(eq(currencyRates.date, newest.date));
    return { date: newest.date, perUnit: Object.fromEntries(rows.map((row) => [row.code, Number(row.perUnit)])) as Record<CurrencyCode, number> };
  }
  const latest = cached(load, RATES_TTL_MS, policy, 'exchange rates');
  /** The last copy loaded, for `latestRates()`, which cannot wait for the database. */
  let held: CurrencyRates | null = null;

  async function current(): Promise<CurrencyRates | null> {
    held = await latest.get();
    return held && ratesFresh(held, now()) ? held : null;
  }

  return {
    /** The rates to show, or null when there are none or they are stale (then every surface shows roubles only). */
    current,
    /**
     * The same without waiting: the copy loaded last (at start, on each change of the rates, on each read), null when
     * none is loaded or it is stale. For code that converts on the spot, such as a search query's "$200k".
     */
    latestRates(): CurrencyRates | null {
      return held && ratesFresh(held, now()) ? held : null;
    },
    /** The visitor's currency with its rate and date, or null (no choice, no rates, stale rates). */
    async chosen(code: CurrencyCode | null): Promise<ChosenRate | null> {
      if (!code) return null;
      const rates = await current();
      return rates ? { code, perUnit: rates.perUnit[code], date: rates.date } : null;
    },
    /** Loads the rates again now (a change of the offers' data version, the job's new day). */
    async refresh(): Promise<void> {
      latest.invalidate();
      await current();
    },
    /**
     * Stores one day's rates unless that day is stored already (a repeated read writes nothing, so the data version
     * moves once a day). Returns whether the day is new.
     */
    async store(daily: DailyRates): Promise<boolean> {
      const [known] = await db.select({ code: currencyRates.code }).from(currencyRates).where(eq(currencyRates.date, daily.date)).limit(1);
      if (known) return false;
      const written = await db
        .insert(currencyRates)
        .values(daily.rates.map((rate) => ({ date: daily.date, code: rate.code, nominal: rate.nominal, value: rate.value, perUnit: rate.perUnit })))
        .onConflictDoNothing()
        .returning({ code: currencyRates.code });
      return written.length > 0;
    },
  };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
