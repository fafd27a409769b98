import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Drafts of published items (issue #42, ADR 042): one per item, beside it, keyed as the audit trail names the item
 * (`content_news`, its id). The values are the form's, not yet checked (a draft may be half written); they are
 * checked when the draft is published. The public site never reads this table (no data-version trigger).
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** A hash of `values` (editor/version.ts): an autosave is written only over the version its tab last saw. */
    version: text('version').notNull(),
    /** The live item's version the draft was started from: publishing over a live item changed since is a 409. */
    baseVersion: text('base_version').notNull(),
    staffId: text('staff_id'),
    staffEmail: text('staff_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'content_drafts_pkey', columns: [t.entity, t.entityId] })],
);
