import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PARTNER_KINDS } from '#core/content/home-blocks.ts';
import { localized } from '../../db/schema/localized.ts';
import { media } from '../content/schema-media.ts';

/**
 * The home page's main slider (spec §7 `/api/main_page_slider/`): one row per slide, shown by `position`.
 * `url` is a site path without the language prefix (or an absolute URL); `projectId` names the project a
 * slide is about, without a foreign key, like publications (`catalogue:generate` replaces the projects).
 */
export const homeSlides = pgTable(
  'home_slides',
  {
    id: serial('id').primaryKey(),
    position: integer('position').notNull().default(0),
    title: localized('title').notNull(),
    text: localized('text').notNull(),
    linkLabel: localized('link_label').notNull(),
    url: text('url').notNull(),
    projectId: integer('project_id'),
    /** A media path (image proxy source), its intrinsic size and its description. */
    image: text('image').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    imageAlt: localized('image_alt').notNull(),
    /** The picture in the media library; the path and size above are its copy. */
    imageMediaId: integer('image_media_id').references(() => media.id, { onDelete: 'restrict' }),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_slides_position_idx').on(t.position)],
);

/**
 * Partners other than banks (architects, contractors, agencies, the management company) with their logos,
 * for the home page's partners block (`/api/main_page_partners/`, which lists the partner banks of `banks`
 * first). A table of their own: the banks are written by the offers import, which may prune them.
 */
export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: PARTNER_KINDS }).notNull(),
  name: localized('name').notNull(),
  /** A raster media path (the image proxy refuses SVG). */
  logo: text('logo').notNull(),
  /** The logo in the media library; the path above is its copy. */
  logoMediaId: integer('logo_media_id').references(() => media.id, { onDelete: 'restrict' }),
  url: text('url'),
  position: integer('position').notNull().default(0),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
