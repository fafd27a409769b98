import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { leads } from '../leads/schema.ts';

/**
 * Lots sold by auction (issue #16, ADR 020). Times are UTC instants (shown in Moscow time). The status is not
 * stored: it follows from `starts_at`/`ends_at` and the clock (scheduled, live, ended), so nothing has to flip
 * it at the right second. `best_amount`/`bid_count` are the accepted bids' summary, written in the same
 * transaction as each bid under `SELECT … FOR UPDATE` of this row: the row is where concurrent bids queue, and
 * exactly one bid wins at each level. `extend_minutes`: a bid in the last N minutes moves `ends_at` to now + N.
 * `lot_id` names a catalogue lot without a foreign key, like offices and publications: `catalogue:generate`
 * replaces the lots (keeping their ids), and an auction outlives that.
 */
export const auctions = pgTable(
  'auctions',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id').notNull(),
    /** Whole roubles. */
    startPrice: bigint('start_price', { mode: 'number' }).notNull(),
    minStep: bigint('min_step', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The end as announced, before any extension. */
    plannedEndsAt: timestamp('planned_ends_at', { withTimezone: true }).notNull(),
    extendMinutes: integer('extend_minutes').notNull().default(0),
    bestAmount: bigint('best_amount', { mode: 'number' }),
    bidCount: integer('bid_count').notNull().default(0),
    /** Set by the sales team after the end (`sold`, `not_sold`, `cancelled`); without it an ended auction's result is its best bid. */
    result: text('result', { enum: ['sold', 'not_sold', 'cancelled'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auctions_ends_idx').on(t.endsAt),
    index('auctions_lot_idx').on(t.lotId),
    check('auctions_prices_check', sql`${t.startPrice} > 0 and ${t.minStep} > 0`),
    check('auctions_times_check', sql`${t.startsAt} < ${t.plannedEndsAt} and ${t.plannedEndsAt} <= ${t.endsAt}`),
    check('auctions_extend_check', sql`${t.extendMinutes} between 0 and 1440`),
    check('auctions_best_check', sql`(${t.bestAmount} is null and ${t.bidCount} = 0) or (${t.bestAmount} >= ${t.startPrice} and ${t.bidCount} > 0)`),
    check('auctions_result_check', sql`${t.result} is null or ${t.result} in ('sold', 'not_sold', 'cancelled')`),
  ],
);

/**
 * Accepted bids. The bidder is known only through the lead (`lead_id`): name and phone live in `leads`, never
 * here, and nothing that reads this table for the public shows who bid. `(auction_id, amount)` is unique: two
 * bids can never stand at the same level.
 */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: serial('id').primaryKey(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The bid's lead (kind `auction_bid`); null only for the demo's seeded bids, which no visitor made. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('auction_bids_auction_amount_key').on(t.auctionId, t.amount),
    uniqueIndex('auction_bids_lead_key').on(t.leadId),
    check('auction_bids_amount_check', sql`${t.amount} > 0`),
  ],
);
