import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { OFFICE_KINDS, type OfficeException, type OfficeWeek } from '#core/content/offices.ts';
import { localized } from '../../db/schema/localized.ts';

/**
 * The sales offices (issue #14 "Contacts and offices"): the one source the contact page, each project's
 * offices, `/api/office/`, `/api/contact_page/` and the meeting booking form read. `id` is the number a
 * meeting lead names (`office`); `schedule` is the weekly opening hours, Monday first, a day off `null`, and
 * `exceptions` the dated holidays and changed days, both wall-clock times in the office's `time_zone` (checked by
 * core/content/office-schemas.ts through the back office's kind). `photo` is a media path for the image proxy.
 */
export const offices = pgTable(
  'offices',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: OFFICE_KINDS }).notNull(),
    position: integer('position').notNull().default(0),
    name: localized('name').notNull(),
    address: localized('address').notNull(),
    /** Digits with the country code (`+74950001010`), the main line first. */
    phones: jsonb('phones').$type<string[]>().notNull(),
    email: text('email'),
    schedule: jsonb('schedule').$type<OfficeWeek>().notNull(),
    /** The IANA time zone its hours are in (migration 0025). */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    /** Holidays (`hours` null) and days with other hours, each day once (migration 0025). */
    exceptions: jsonb('exceptions').$type<OfficeException[]>().notNull().default([]),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    photo: text('photo').notNull(),
    photoWidth: integer('photo_width').notNull(),
    photoHeight: integer('photo_height').notNull(),
    /** Whether visitors can book a meeting there (the meeting form's offices). */
    meetings: boolean('meetings').notNull().default(true),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offices_position_idx').on(t.position),
    check('offices_kind_check', sql`${t.kind} in ('head_office', 'sales_office')`),
    check('offices_slug_check', sql`${t.slug} ~ '^[a-z0-9-]{1,64}$'`),
    check('offices_lat_check', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    check('offices_schedule_check', sql`jsonb_typeof(${t.schedule}) = 'array' and jsonb_array_length(${t.schedule}) = 7`),
    check('offices_exceptions_check', sql`jsonb_typeof(${t.exceptions}) = 'array'`),
    check('offices_time_zone_check', sql`${t.timeZone} ~ '^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$'`),
    check('offices_phones_check', sql`jsonb_typeof(${t.phones}) = 'array'`),
    check('offices_photo_size_check', sql`${t.photoWidth} > 0 and ${t.photoHeight} > 0`),
  ],
);

/**
 * Which projects an office serves. `projectId` names a catalogue project without a foreign key, like
 * publications and slides: `catalogue:generate` replaces the projects (keeping their ids), and an office
 * outlives that; a link to a project the catalogue no longer has is simply not shown.
 */
export const officeProjects = pgTable(
  'office_projects',
  {
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.projectId] }), index('office_projects_project_idx').on(t.projectId)],
);
