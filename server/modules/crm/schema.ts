import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a CRM calls our lead or reservation (migration 0036, ADR 040): written once the CRM acknowledged the lead or
 * made the reservation's deal, so a reservation's later events go to the same deal and a CRM's webhook about a deal
 * finds our reservation. `local_id` is our lead's or reservation's UUID, `external_id` the CRM's id.
 */
export const crmLinks = pgTable(
  'crm_links',
  {
    channel: text('channel', { enum: ['bitrix24', 'amocrm'] }).notNull(),
    kind: text('kind', { enum: ['lead', 'reservation'] }).notNull(),
    localId: text('local_id').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'crm_links_pkey', columns: [t.channel, t.kind, t.localId] }),
    index('crm_links_external_idx').on(t.channel, t.kind, t.externalId),
    check('crm_links_channel_check', sql`${t.channel} in ('bitrix24', 'amocrm')`),
    check('crm_links_kind_check', sql`${t.kind} in ('lead', 'reservation')`),
  ],
);

/** An adapter stopped because its CRM refused our credentials (null `paused_at`: running). */
export const crmAdapterStates = pgTable(
  'crm_adapter_states',
  {
    channel: text('channel', { enum: ['bitrix24', 'amocrm'] }).primaryKey(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('crm_adapter_states_channel_check', sql`${t.channel} in ('bitrix24', 'amocrm')`)],
);

export type CrmLinkRow = typeof crmLinks.$inferSelect;
