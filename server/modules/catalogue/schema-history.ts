import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { LOT_STATUS_VALUES } from './schema.ts';

/**
 * Every lot's price and status through time (ADR 019): append-only, one row when a catalogue change (an import, a
 * regeneration, the demo seed) leaves a lot with a price or status other than its last recorded row, plus one first
 * row per lot. Written set-based in the change's own transaction (server/modules/catalogue/ingest/history.ts).
 *
 * `change` is the catalogue version (`catalogue_state.version`) that recorded the row (0: the demo's backfilled
 * past), so "what changed since version X" is `where change > X`; `previous_price` and `previous_status` are the
 * lot's last recorded ones (null on its first row), so a price drop is `price < previous_price` without a self-join.
 * No foreign key to `lots`: a regenerated catalogue keeps its lots' ids, and their history with them.
 */
export const lotHistory = pgTable(
  'lot_history',
  {
    lotId: integer('lot_id').notNull(),
    change: integer('change').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    price: bigint('price', { mode: 'number' }).notNull(),
    status: text('status', { enum: LOT_STATUS_VALUES }).notNull(),
    previousPrice: bigint('previous_price', { mode: 'number' }),
    previousStatus: text('previous_status', { enum: LOT_STATUS_VALUES }),
  },
  (t) => [
    // One row per lot and moment (a change is one transaction, one moment): the lot's last row (the diff) and its
    // history (the lot page) are a walk of this key.
    primaryKey({ columns: [t.lotId, t.at] }),
    // What a change recorded (alerts: drops and new lots since version X) and the rows of a time window (the
    // snapshot). Both grow with the insertion order, so block-range indexes serve them at almost no cost per row.
    index('lot_history_change_idx').using('brin', t.change),
    index('lot_history_at_idx').using('brin', t.at),
    check('lot_history_status_check', sql`${t.status} in ('free', 'booked', 'sold')`),
  ],
);
