import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { BENEFIT_ICONS, RARE_FORMATS, STORY_CARD_KINDS, STORY_LOT_TYPES } from '#core/content/stories.ts';
import { localized } from '../../db/schema/localized.ts';
import { media } from '../content/schema-media.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Stories on phones (spec §7 `/api/stories_mobile/`): a ring each on the home page, by `position`. A story may be
 * about a kind of lot (`lot_type`, the spec's `slug=flat`) and one of its rare formats (`rare_format`, the spec's
 * `rare_format_type`); `url` is where its ring leads without JavaScript (a site path without the language prefix).
 */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    title: localized('title').notNull(),
    lotType: text('lot_type', { enum: STORY_LOT_TYPES }),
    rareFormat: text('rare_format', { enum: RARE_FORMATS }),
    url: text('url').notNull(),
    /** The ring's picture: a media path (image proxy source), its intrinsic size and its description. */
    cover: text('cover').notNull(),
    coverWidth: integer('cover_width').notNull(),
    coverHeight: integer('cover_height').notNull(),
    coverAlt: localized('cover_alt').notNull(),
    /** The cover in the media library; the path and size above are its copy. */
    coverMediaId: integer('cover_media_id').references(() => media.id, { onDelete: 'restrict' }),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stories_position_idx').on(t.position),
    check('stories_slug_check', sql`${t.slug} ~ '^[a-z0-9_-]{1,64}$'`),
    check('stories_lot_type_check', sql`${t.lotType} is null or ${t.lotType} in (${list(STORY_LOT_TYPES)})`),
    // Rare formats are formats of flats.
    check('stories_rare_format_check', sql`${t.rareFormat} is null or (${t.lotType} = 'flat' and ${t.rareFormat} in (${list(RARE_FORMATS)}))`),
  ],
);

/** A story's cards, by `position`: a picture with a caption, or a text; either may link on (the filter, a project). */
export const storyCards = pgTable(
  'story_cards',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: STORY_CARD_KINDS }).notNull(),
    title: localized('title').notNull(),
    text: localized('text').notNull(),
    image: text('image'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageAlt: localized('image_alt'),
    /** The picture in the media library; the path and size above are its copy. */
    imageMediaId: integer('image_media_id').references(() => media.id, { onDelete: 'restrict' }),
    linkUrl: text('link_url'),
    linkLabel: localized('link_label'),
  },
  (t) => [
    index('story_cards_story_idx').on(t.storyId, t.position),
    check('story_cards_kind_check', sql`${t.kind} in (${list(STORY_CARD_KINDS)})`),
    // A picture card has its picture, with its size and description; a text card has none.
    check(
      'story_cards_image_check',
      sql`(${t.kind} = 'picture') = (${t.image} is not null and ${t.imageWidth} is not null and ${t.imageHeight} is not null and ${t.imageAlt} is not null)`,
    ),
    check('story_cards_link_check', sql`(${t.linkUrl} is null) = (${t.linkLabel} is null)`),
  ],
);

/**
 * Benefits (spec §7 `/api/benefits_popup/`, `/api/benefits_project_page/`): a project's own (`project_id`), or the
 * developer's, shown with every project (`project_id` null, no foreign key, like publications: `catalogue:generate`
 * replaces the projects). Each is shown in the "why this project" dialog, in the project page's benefits section, or both.
 */
export const benefits = pgTable(
  'benefits',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id'),
    position: integer('position').notNull().default(0),
    title: localized('title').notNull(),
    text: localized('text').notNull(),
    icon: text('icon', { enum: BENEFIT_ICONS }).notNull(),
    inPopup: boolean('in_popup').notNull().default(true),
    onPage: boolean('on_page').notNull().default(true),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('benefits_project_idx').on(t.projectId, t.position),
    check('benefits_icon_check', sql`${t.icon} in (${list(BENEFIT_ICONS)})`),
    check('benefits_shown_check', sql`${t.inPopup} or ${t.onPage}`),
  ],
);
