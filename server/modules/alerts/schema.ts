import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Alerts without an account (issue #16, ADR 021): a saved search (the filter's canonical query string) or a
 * followed lot, with the e-mail and consent that asked for it. Active only once confirmed (double opt-in) and
 * until unsubscribed. `since_change` is the catalogue version at confirmation: digests cover later changes only.
 */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['search', 'lot'] }).notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    /** The saved search: `serializeLotFilter` of its criteria (no paging or ordering); null for a followed lot. */
    query: text('query'),
    lotId: integer('lot_id'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    sinceChange: integer('since_change').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_subscriptions_active_idx')
      .on(t.sinceChange)
      .where(sql`${t.confirmedAt} is not null and ${t.unsubscribedAt} is null`),
    index('alert_subscriptions_email_idx').on(t.email),
    check('alert_subscriptions_target_check', sql`(${t.kind} = 'search' and ${t.query} is not null) or (${t.kind} = 'lot' and ${t.lotId} is not null)`),
  ],
);

/**
 * The alerts' outbox: one row per message to send, written in the transaction that makes it due (the
 * subscription's for a confirmation, the catalogue change's for digests). Unique per (subscription, kind,
 * change), so a digest is never enqueued twice; the job claims rows with a lease and marks them delivered.
 * `outcome`: `sent`, or `empty` when the change held nothing for this subscription (no message).
 */
export const alertMessages = pgTable(
  'alert_messages',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'digest'] }).notNull(),
    /** The catalogue version a digest covers (0 for a confirmation). */
    change: integer('change').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['sent', 'empty', 'inactive'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_messages_subscription_kind_change_key').on(t.subscriptionId, t.kind, t.change),
    index('alert_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
