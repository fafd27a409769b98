import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { MEDIA_KINDS } from '#core/admin/media.ts';
import type { FocusPoint } from '#core/image/types.ts';
import type { MediaCrop } from '#core/image/media.ts';
import { localized } from '../../db/schema/localized.ts';

/**
 * The media library (issue #42, ADR 041): one row per picture editors can find again and reuse. `src` is its file in the
 * media store (`uploads/ab/ab12….jpeg`, named by its bytes: a replaced file is a new path, so every URL made of it
 * changes); `version` counts its replacements. Its alt text (three languages), crop and focus point are the
 * picture's: every item using it shows them. Items name it by a `*_media_id` column (ON DELETE RESTRICT: a picture
 * in use cannot be deleted) beside their copy of its path and size, which a replacement rewrites.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull().default('photo'),
    src: text('src').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The file's type and size as stored (null for a picture adopted from an item, which came without them). */
    type: text('type'),
    bytes: integer('bytes'),
    /** The name of the file as the editor uploaded it (searchable), or the file's own name. */
    fileName: text('file_name').notNull(),
    alt: localized('alt').notNull(),
    /** What stays in view when a box crops the picture: fractions of its width and height (of the crop's, if any). */
    focus: jsonb('focus').$type<FocusPoint>(),
    /** The area shown wherever it is used: fractions of the picture's width and height. */
    crop: jsonb('crop').$type<MediaCrop>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_src_idx').on(t.src),
    index('media_created_idx').on(t.createdAt),
    check('media_kind_check', sql`${t.kind} in (${sql.raw(MEDIA_KINDS.map((k) => `'${k}'`).join(', '))})`),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
