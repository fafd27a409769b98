import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ViewTag, WindowSide } from '#core/insolation/types.ts';
import { lots, projects } from '../catalogue/schema.ts';

/**
 * The sun-and-view passport (issue #41, docs/guides/insolation.md): what an editor enters beside the catalogue
 * (neighbouring buildings, window views per section and floor range) and what the computation stores per lot.
 */

/** A building outside the project that shades it: footprint in the project's genplan pixel space, height in metres. */
export const insolationNeighbours = pgTable(
  'insolation_neighbours',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SVG path data (M/L/H/V/Z, absolute or relative) in the genplan's pixels, like `buildings.outline`. */
    outline: text('outline').notNull(),
    height: numeric('height', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('insolation_neighbours_project_idx').on(t.projectId), check('insolation_neighbours_height_check', sql`${t.height} > 0 and ${t.height} <= 600`)],
);

/** What the windows of one side look at, for a building (or one of its sections) and a range of floors: an editor's word over the plan's. */
export const windowViews = pgTable(
  'window_views',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingNumber: smallint('building_number').notNull(),
    /** Null: every section of the building. */
    sectionNumber: smallint('section_number'),
    floorFrom: smallint('floor_from').notNull().default(1),
    floorTo: smallint('floor_to').notNull().default(200),
    side: text('side').$type<WindowSide>().notNull(),
    tags: jsonb('tags').$type<ViewTag[]>().notNull(),
  },
  (t) => [
    index('window_views_project_idx').on(t.projectId),
    check('window_views_side_check', sql`${t.side} in ('north', 'south', 'east', 'west')`),
    check('window_views_floors_check', sql`${t.floorFrom} <= ${t.floorTo}`),
  ],
);

/**
 * One lot's sun and views, computed (server/modules/insolation/store.ts) after every catalogue write and on a first
 * start: minutes of direct sun on its windows on 21 March, 22 June and 22 December (shading by the project's own
 * buildings and the neighbours), whether it meets SanPiN 1.2.3685-21 and by which variant (`norm_rule`, e.g.
 * `central/continuous`; core/insolation/norm.ts), and the view tags of each window side. Lots without windows have
 * no row.
 */
export const lotInsolation = pgTable(
  'lot_insolation',
  {
    lotId: integer('lot_id')
      .primaryKey()
      .references(() => lots.id, { onDelete: 'cascade' }),
    marchMinutes: smallint('march_minutes').notNull(),
    juneMinutes: smallint('june_minutes').notNull(),
    decemberMinutes: smallint('december_minutes').notNull(),
    normMet: boolean('norm_met').notNull(),
    normRule: text('norm_rule').notNull(),
    views: jsonb('views').$type<Partial<Record<WindowSide, ViewTag[]>>>().notNull().default({}),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'lot_insolation_minutes_check',
      sql`${t.marchMinutes} between 0 and 1440 and ${t.juneMinutes} between 0 and 1440 and ${t.decemberMinutes} between 0 and 1440`,
    ),
  ],
);
