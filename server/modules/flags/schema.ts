import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FeatureRule } from '#core/flags/features.ts';

/**
 * Feature flags and experiments (ADR 015), one row per GrowthBook feature: its default value and its rules, an
 * experiment being a rule with variations. `GET /api/features/{clientKey}` answers these rows as the SDK's payload
 * (`dateUpdated` is the latest `updated_at`); `npm run flags:set` writes them.
 */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  defaultValue: jsonb('default_value').$type<unknown>().notNull(),
  rules: jsonb('rules').$type<FeatureRule[]>().notNull().default([]),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
