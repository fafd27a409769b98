import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUBLICATION_KINDS } from '#core/content/publications.ts';
import { SUBSCRIPTION_TOPICS } from '#core/validation/lead-forms.ts';
import type { LotType } from '#core/catalogue/types.ts';
import { localized } from '../../db/schema/localized.ts';
import { media } from './schema-media.ts';

/**
 * Promotions, news and press mentions in one table: they share a list screen, a card and the filter by
 * project and kind of premises (spec §2 "/news: same screen as the promotions list"). Promotions are
 * addressed by `id`, news by `slug`; press items carry the outlet and the article's address instead of a body.
 */
export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PUBLICATION_KINDS }).notNull(),
    slug: text('slug').notNull(),
    /** No foreign key: `catalogue:generate` replaces the projects, and a publication must keep its project. */
    projectId: integer('project_id'),
    realtyTypes: jsonb('realty_types').$type<LotType[]>().notNull().default([]),
    title: localized('title').notNull(),
    lead: localized('lead').notNull(),
    badge: localized('badge'),
    /** Rich text (HTML of core/content/rich-text.ts's elements), cleaned by the server when written and read. */
    body: localized('body').notNull(),
    /** A media path (image proxy source) and its intrinsic size. */
    image: text('image').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    /** The picture in the media library (its alt text, crop and focus point); the path and size above are its copy. */
    imageMediaId: integer('image_media_id').references(() => media.id, { onDelete: 'restrict' }),
    sourceName: localized('source_name'),
    sourceUrl: text('source_url'),
    publishedAt: date('published_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }),
    published: boolean('published').notNull().default(true),
    /** A published item appears from this moment (scheduled publishing); null: at once. */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'string' }),
    /** A published item leaves the site at this moment (scheduled unpublishing, migration 0038); null: it stays. */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_kind_slug_key').on(t.kind, t.slug),
    index('publications_kind_published_at_idx').on(t.kind, t.publishedAt),
    check('publications_unpublish_after_publish', sql`${t.unpublishAt} is null or ${t.publishAt} is null or ${t.unpublishAt} > ${t.publishAt}`),
  ],
);

/**
 * The site's editorial blocks, one row each, edited as a whole: `home` holds the home page's texts
 * (core/content/home.ts says their shape and checks it on every read). Seeded from the demo content.
 */
export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The subscription block's heading and text per topic (spec §3 "subscription headings per topic"), edited in the back
 * office. A topic without a row, or a language left empty, says the locale catalog's words (`forms.subscription`),
 * which migration 0024 copied here.
 */
export const subscriptionHeadings = pgTable(
  'subscription_headings',
  {
    topic: text('topic', { enum: SUBSCRIPTION_TOPICS }).primaryKey(),
    title: localized('title').notNull(),
    description: localized('description').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscription_headings_topic_check', sql`${t.topic} in (${sql.raw(SUBSCRIPTION_TOPICS.map((v) => `'${v}'`).join(', '))})`)],
);
