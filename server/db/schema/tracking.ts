import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Experiment exposures (spec §3). Kept in PostgreSQL here; at scale they go to ClickHouse, which the
 * spec's endpoint name anticipates (DESIGN "Scale-out").
 */
export const experimentEvents = pgTable(
  'experiment_events',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    experimentId: text('experiment_id').notNull(),
    variationId: text('variation_id').notNull(),
    gaId: text('ga_id'),
    value: text('value'),
    host: text('host').notNull(),
    url: text('url').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    tableName: text('table_name').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('experiment_events_experiment_idx').on(t.experimentId, t.variationId)],
);
