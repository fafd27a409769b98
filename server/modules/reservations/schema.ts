import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A reservation's life (docs/guides/reservations.md): `held` (unpaid, minutes) → `reserved` (paid, until `ends_at`) → one of the ends. */
export const RESERVATION_STATES = ['held', 'reserved', 'expired', 'canceled', 'ended', 'completed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
/** The states that hold the lot: at most one row of a lot is in one of them (`reservations_active_lot_key`). */
export const ACTIVE_RESERVATION_STATES = ['held', 'reserved'] as const satisfies readonly ReservationState[];

/** The deal's stages after the deposit (the deal tracker), in order. */
export const DEAL_STAGES = ['reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
/**
 * The stages at which the lot is sold (ADR 034 "A signed contract sells the lot"): from the signed contract on, the
 * catalogue shows the lot sold and its row says so; `keys` also completes the reservation (state `completed`).
 */
export const SOLD_DEAL_STAGES = ['contract_signed', 'registered', 'keys'] as const satisfies readonly DealStage[];
export const dealSold = (stage: DealStage): boolean => (SOLD_DEAL_STAGES as readonly DealStage[]).includes(stage);

export const RESERVATION_EVENT_SOURCES = ['buyer', 'provider', 'crm', 'staff', 'job'] as const;
export type ReservationEventSource = (typeof RESERVATION_EVENT_SOURCES)[number];

/**
 * One row per reservation attempt (issue #39, migration 0028). `lot_id` and `project_id` name catalogue rows without a
 * foreign key, like auctions: `catalogue:generate` replaces the lots (keeping their ids), and a paid reservation
 * outlives that. The terms (`amount_kopecks`, `period_days`, `refund_window_days`) are copied from the settings when
 * the hold is made: the terms the buyer saw. Personal data (name, phone, e-mail) is never logged nor put in a URL;
 * the buyer's deal token is never stored, only its SHA-256 (`token_hash`). `version` counts the row's updates
 * (optimistic concurrency of staff actions).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    lotId: integer('lot_id').notNull(),
    projectId: integer('project_id').notNull(),
    state: text('state', { enum: RESERVATION_STATES }).notNull(),
    dealStage: text('deal_stage', { enum: DEAL_STAGES }).notNull().default('reserved'),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['RUB'] })
      .notNull()
      .default('RUB'),
    periodDays: integer('period_days').notNull(),
    refundWindowDays: integer('refund_window_days').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The payment provider's id of the deposit's payment. */
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status'),
    refundId: text('refund_id'),
    refundStatus: text('refund_status'),
    refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull().default(0),
    tokenHash: text('token_hash').notNull(),
    tokenRevokedAt: timestamp('token_revoked_at', { withTimezone: true }),
    /** A staff user's id (staff_users.id), the buyer's manager. */
    managerId: text('manager_id'),
    /** The finance programme (finance_programmes.id) whose payment schedule the deal page shows. */
    programmeId: text('programme_id'),
    /** The reserve form's attempt that made this hold (its `idempotency_key`): a repeated post finds it (migration 0031). */
    attemptKey: text('attempt_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('reservations_active_lot_key')
      .on(t.lotId)
      .where(sql`${t.state} in ('held', 'reserved')`),
    uniqueIndex('reservations_payment_key').on(t.paymentId),
    uniqueIndex('reservations_token_hash_key').on(t.tokenHash),
    uniqueIndex('reservations_attempt_key')
      .on(t.attemptKey)
      .where(sql`${t.attemptKey} is not null`),
    index('reservations_lot_idx').on(t.lotId),
    index('reservations_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.state} = 'held'`),
    index('reservations_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.state} = 'reserved'`),
    check('reservations_state_check', sql`${t.state} in ('held', 'reserved', 'expired', 'canceled', 'ended', 'completed')`),
    check('reservations_deal_stage_check', sql`${t.dealStage} in ('reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys')`),
    check('reservations_amount_check', sql`${t.amountKopecks} > 0 and ${t.refundedKopecks} between 0 and ${t.amountKopecks}`),
    check('reservations_currency_check', sql`${t.currency} = 'RUB'`),
    check('reservations_terms_check', sql`${t.periodDays} between 1 and 365 and ${t.refundWindowDays} between 0 and 365`),
    check('reservations_reserved_check', sql`${t.state} <> 'reserved' or (${t.paidAt} is not null and ${t.endsAt} is not null)`),
  ],
);

/**
 * A deal's timeline and audit trail: `kind` is what happened (held, paid, refund_requested, refunded, expired,
 * canceled, ended, extended, stage, document, handover_booked…), `source` who said so. `external_id` (a CRM event's
 * id, a provider notification's payment id and status) is unique per reservation: a repeated delivery is a no-op.
 */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: serial('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    stage: text('stage', { enum: DEAL_STAGES }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: RESERVATION_EVENT_SOURCES }).notNull(),
    staffId: text('staff_id'),
    externalId: text('external_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('reservation_events_external_key').on(t.reservationId, t.externalId),
    index('reservation_events_reservation_idx').on(t.reservationId, t.at),
    check('reservation_events_source_check', sql`${t.source} in ('buyer', 'provider', 'crm', 'staff', 'job')`),
  ],
);

/** A deal's documents: files in the media store (`media_key`), served to the buyer through the deal token. */
export const reservationDocuments = pgTable(
  'reservation_documents',
  {
    id: serial('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mediaKey: text('media_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: text('staff_id'),
  },
  (t) => [index('reservation_documents_reservation_idx').on(t.reservationId)],
);

/**
 * The reservation terms: the row without a project is the site-wide default (absent: the RESERVATION_* environment
 * defaults, config.ts), a project's row overrides it (`reservationSettingsFor`).
 */
export const reservationSettings = pgTable(
  'reservation_settings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id'),
    enabled: boolean('enabled').notNull().default(false),
    depositKopecks: bigint('deposit_kopecks', { mode: 'number' }).notNull(),
    periodDays: integer('period_days').notNull(),
    refundWindowDays: integer('refund_window_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservation_settings_project_key').on(t.projectId),
    uniqueIndex('reservation_settings_site_key')
      .on(sql`(true)`)
      .where(sql`${t.projectId} is null`),
    check('reservation_settings_terms_check', sql`${t.depositKopecks} > 0 and ${t.periodDays} between 1 and 365 and ${t.refundWindowDays} between 0 and 365`),
  ],
);

/**
 * The transactional outbox of a deal's events to the CRM (ADR 006, server/jobs/outbox.ts): one row per event and
 * channel, written in the event's transaction; the delivery loop leases, sends and marks it, so each event reaches
 * the CRM exactly once (the receiver dedupes a resend after a crash by the event's id).
 */
export const reservationDeliveries = pgTable(
  'reservation_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => reservationEvents.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['crm', 'email', 'bitrix24', 'amocrm'] })
      .notNull()
      .default('crm'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservation_deliveries_event_channel_key').on(t.eventId, t.channel),
    index('reservation_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    index('reservation_deliveries_channel_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    check('reservation_deliveries_channel_check', sql`${t.channel} in ('crm', 'email', 'bitrix24', 'amocrm')`),
  ],
);

export type ReservationRow = typeof reservations.$inferSelect;
/** Where a deal's event is delivered: the generic webhook, and the CRM adapters (issue #43). */
export type ReservationDeliveryChannel = (typeof reservationDeliveries.$inferSelect)['channel'];
export type ReservationEventRow = typeof reservationEvents.$inferSelect;
export type ReservationSettingsRow = typeof reservationSettings.$inferSelect;
