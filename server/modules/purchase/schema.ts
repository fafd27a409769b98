import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LotType } from '#core/catalogue/types.ts';
import type { FinanceKind, MortgageKind } from '#core/purchase/types.ts';
import { localized } from '../../db/schema/localized.ts';
import { media } from '../content/schema-media.ts';

/** Partner banks: their names and logos (a media path served through the image proxy). */
export const banks = pgTable('banks', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  logo: text('logo'),
  /** The logo in the media library; the path above is its copy. */
  logoMediaId: integer('logo_media_id').references(() => media.id, { onDelete: 'restrict' }),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Finance programmes (core/purchase/types.ts): partner banks' mortgage programmes, special mortgage offers and
 * the developer's instalment plans, in one shape. Written by the seed and by `npm run offers:import`.
 */
export const financeProgrammes = pgTable(
  'finance_programmes',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<FinanceKind>().notNull(),
    bankId: text('bank_id').references(() => banks.id, { onDelete: 'restrict' }),
    mortgageKind: text('mortgage_kind').$type<MortgageKind>(),
    name: localized('name').notNull(),
    conditions: localized('conditions').notNull(),
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    markup: numeric('markup', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    minDownPayment: numeric('min_down_payment', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    maxTermMonths: integer('max_term_months').notNull(),
    /** An instalment plan paid off by completion: its term capped per lot by the months left (migration 0027). */
    untilCompletion: boolean('until_completion').notNull().default(false),
    maxLoan: bigint('max_loan', { mode: 'number' }),
    projects: text('projects').array().notNull().default([]),
    lotTypes: text('lot_types').array().$type<LotType[]>().notNull(),
    lots: text('lots').array().notNull().default([]),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_programmes_kind_idx').on(t.kind),
    // The import's schema checks each row first (core/purchase/schemas.ts); these keep any other writer honest.
    check('finance_programmes_kind_check', sql`${t.kind} in ('mortgage', 'special', 'installment')`),
    check('finance_programmes_bank_check', sql`(${t.kind} = 'installment') = (${t.bankId} is null)`),
    check(
      'finance_programmes_bounds_check',
      sql`${t.rate} >= 0 and ${t.markup} >= 0 and ${t.minDownPayment} between 0 and 100 and ${t.maxTermMonths} between 1 and 600`,
    ),
    check('finance_programmes_dates_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check('finance_programmes_until_completion_check', sql`not ${t.untilCompletion} or ${t.kind} = 'installment'`),
  ],
);
