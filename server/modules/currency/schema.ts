import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Bank of Russia's official daily rates (migration 0032, ADR 037): one row per day the rates are set for and
 * currency. `per_unit` is roubles for one unit (VunitRate), `value` and `nominal` what the feed said (10 yuan =
 * 115,8300 ₽). A new row moves the offers' data version, so kept pages showing a conversion follow.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    date: date('date', { mode: 'string' }).notNull(),
    code: text('code', { enum: ['usd', 'eur', 'cny', 'aed'] }).notNull(),
    nominal: integer('nominal').notNull(),
    value: numeric('value', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    perUnit: numeric('per_unit', { precision: 18, scale: 8, mode: 'number' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'currency_rates_pkey', columns: [table.date, table.code] }),
    check('currency_rates_code_check', sql`${table.code} in ('usd', 'eur', 'cny', 'aed')`),
    check('currency_rates_nominal_check', sql`${table.nominal} > 0`),
    check('currency_rates_per_unit_check', sql`${table.perUnit} > 0`),
  ],
);
