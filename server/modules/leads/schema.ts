import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Where a lead is delivered: the generic signed webhook, e-mail, and the CRM adapters (issue #43, server/modules/crm/),
 * each with its own rows and its own outbox loop.
 */
export const DELIVERY_CHANNELS = ['crm', 'email', 'bitrix24', 'amocrm'] as const;

/**
 * Requests and subscriptions from every form (ADR 006). A row is committed before the visitor is told
 * "sent"; `idempotency_key` makes a repeated submit return the same answer instead of a second row.
 * Personal data (name, phone, e-mail) is stored only with the consent that `consent_at` records.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the normalised submission: the same key with a different body is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    topic: text('topic'),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    newsletter: boolean('newsletter').notNull().default(false),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** Kind-specific fields: request type and channel, office/date/slot, project, agency, comment… */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
    /** Where it came from: page URL, UTM tags, project/lot/promo of the page. */
    context: jsonb('context').$type<Record<string, string | number | null>>().notNull(),
    /**
     * Keyed hash of the client address (HMAC with ANTIBOT_SALT), never the address itself: the per-client
     * limits are counted from it, in the database, so they hold across instances (ADR 006).
     */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_idempotency_key_key').on(t.idempotencyKey),
    index('leads_phone_created_idx').on(t.phone, t.createdAt),
    index('leads_client_created_idx').on(t.clientKey, t.createdAt),
    index('leads_created_idx').on(t.createdAt),
  ],
);

/**
 * The transactional outbox: one row per lead and delivery channel, written in the lead's transaction.
 * The delivery job claims due rows (lease in `locked_until`), sends, and marks them delivered.
 */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: serial('id').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_deliveries_lead_channel_key').on(t.leadId, t.channel),
    index('lead_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    index('lead_deliveries_channel_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    check('lead_deliveries_channel_check', sql`${t.channel} in ('crm', 'email', 'bitrix24', 'amocrm')`),
  ],
);

/**
 * Booked time slots of meetings, broker tours and partner meetings: a unique (resource, start, seat)
 * makes double booking impossible even under concurrent submits.
 */
export const leadSlots = pgTable(
  'lead_slots',
  {
    id: serial('id').primaryKey(),
    resource: text('resource').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    seat: integer('seat').notNull().default(1),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('lead_slots_resource_start_seat_key').on(t.resource, t.startsAt, t.seat), index('lead_slots_lead_idx').on(t.leadId)],
);
