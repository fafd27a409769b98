import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LandingContent } from '#core/content/landings.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { localized } from '../../db/schema/localized.ts';

/**
 * Curated lot selections (spec §7 `/api/custom_collect/`), each a page at `/{slug}`. The lots are a saved filter
 * (`query`, the canonical query string of core/catalogue/filter.ts, as `seo_filters` keep it) and/or the lots a
 * curator picked (`lot_ids`); at least one of the two.
 */
export const customCollections = pgTable(
  'custom_collections',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    position: smallint('position').notNull().default(0),
    title: localized('title').notNull(),
    description: localized('description').notNull(),
    intro: jsonb('intro').$type<{ ru: string[]; en: string[]; zh: string[] }>().notNull(),
    query: text('query'),
    lotIds: jsonb('lot_ids').$type<string[]>(),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_collections_slug_key').on(t.slug),
    check('custom_collections_lots', sql`${t.query} is not null or ${t.lotIds} is not null`),
    check('custom_collections_slug', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,63}$'`),
  ],
);

/**
 * Landings for foreign buyers (spec §7 `/api/multilingual_landing/{slug}/`): one row per language version, its
 * page at `/{locale}/{slug}`. Each version is written for its readers, so the content is one language's, whole.
 */
export const multilingualLandings = pgTable(
  'multilingual_landings',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    content: jsonb('content').$type<LandingContent>().notNull(),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('multilingual_landings_slug_locale_key').on(t.slug, t.locale),
    check('multilingual_landings_locale', sql`${t.locale} in ('ru', 'en', 'zh')`),
    check('multilingual_landings_slug', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,63}$'`),
  ],
);
