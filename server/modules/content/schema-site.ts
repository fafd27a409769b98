import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Localized } from '#core/schemas/localized.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { localized } from '../../db/schema/localized.ts';
import { MENU_NAMES } from '#core/content/menus.ts';
import { PAGE_TEMPLATES } from '#core/content/pages.ts';

/** Old URLs answered with a 301 (spec §3 "Redirect: old_path, new_path"). */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    oldPath: text('old_path').notNull(),
    newPath: text('new_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('redirects_old_path_key').on(t.oldPath)],
);

/**
 * Catch-all slug pages (policy pages and other editorial pages). `agents` and `partners` pages carry their
 * audience's booking form (broker tours, partner meetings) under their text.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    template: text('template', { enum: PAGE_TEMPLATES }).notNull().default('text'),
    title: localized('title').notNull(),
    description: localized('description').notNull(),
    /** Rich text (HTML of core/content/rich-text.ts's elements), cleaned by the server when written and read. */
    body: localized('body').notNull(),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_slug_key').on(t.slug)],
);

/** Header, footer, purchasing-method and mortgage menus; children form submenus. */
export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  menu: text('menu', { enum: MENU_NAMES }).notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  title: localized('title').notNull(),
  url: text('url').notNull(),
});

/**
 * One row of site-wide settings: phones, messengers, e-mail, support phone, socials, and the languages the sales
 * team speaks. A messenger left empty ('') is not offered (core/content/sales-contacts.ts); the back office edits
 * the messengers and languages (core/admin/kinds/settings.ts).
 */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  companyName: localized('company_name').notNull(),
  legalName: localized('legal_name').notNull(),
  address: localized('address').notNull(),
  workingHours: localized('working_hours').notNull(),
  phones: jsonb('phones').$type<{ label: Localized; number: string }[]>().notNull(),
  supportPhone: text('support_phone').notNull(),
  whatsapp: text('whatsapp').notNull(),
  telegram: text('telegram').notNull().default(''),
  wechat: text('wechat').notNull().default(''),
  salesLanguages: jsonb('sales_languages').$type<Locale[]>().notNull().default(['ru']),
  email: text('email').notNull(),
  socials: jsonb('socials').$type<{ network: string; url: string }[]>().notNull(),
  disclosureUrl: text('disclosure_url').notNull(),
  appStoreUrl: text('app_store_url').notNull(),
  googlePlayUrl: text('google_play_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Title and description per URL path (without locale prefix) for `/api/seo/get_page_meta/`. */
export const seoMeta = pgTable(
  'seo_meta',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    title: localized('title').notNull(),
    description: localized('description').notNull(),
  },
  (t) => [uniqueIndex('seo_meta_url_key').on(t.url)],
);

/**
 * One version per kind of data the pages show (server/db/versions.ts): a statement-level trigger on each
 * table bumps its kind's row in the writing transaction (migration 0020), so every instance that reads this table
 * (and, on PostgreSQL, hears `NOTIFY data_versions`) knows which cached pages and reads a change made stale.
 */
export const dataVersions = pgTable('data_versions', {
  kind: text('kind').primaryKey(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
