import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EVENT_LIMITS, VITAL_METRICS } from '#core/experiments/events.ts';

/**
 * The experiment event store when ClickHouse is not configured (`CLICKHOUSE_URL` unset): the same two tables and
 * columns as in ClickHouse (server/modules/events/clickhouse.ts), written in batches by server/modules/events/store.ts. No IP
 * address, user agent or personal data: `user_id` is the visitor id (cookie `vid`), `ga_id` the analytics
 * client id, `url` a path and query without e-mails.
 */
export const experimentViews = pgTable(
  'experiment_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the exposure happened (the client's clock, as sent). */
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    userId: text('user_id').notNull(),
    experimentId: text('experiment_id').notNull(),
    variationId: text('variation_id').notNull(),
    gaId: text('ga_id').notNull(),
    value: text('value').notNull(),
    host: text('host').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    index('experiment_views_experiment_idx').on(t.experimentId, t.userId, t.timestamp),
    index('experiment_views_received_idx').on(t.receivedAt),
    check(
      'experiment_views_bounds',
      sql`char_length(${t.experimentId}) <= ${sql.raw(String(EVENT_LIMITS.id))} and char_length(${t.url}) <= ${sql.raw(String(EVENT_LIMITS.url))}`,
    ),
  ],
);

export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the page reported the metric (the client's clock: at page hide). */
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    userId: text('user_id').notNull(),
    gaId: text('ga_id').notNull(),
    metric: text('metric').notNull(),
    /** Milliseconds (LCP, INP, FCP, TTFB) or the unitless layout shift score (CLS). */
    value: doublePrecision('value').notNull(),
    host: text('host').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    index('web_vitals_user_idx').on(t.userId, t.timestamp),
    index('web_vitals_received_idx').on(t.receivedAt),
    check('web_vitals_metric', sql`${t.metric} in (${sql.raw(VITAL_METRICS.map((m) => `'${m}'`).join(', '))})`),
    check('web_vitals_value', sql`${t.value} >= 0`),
  ],
);
