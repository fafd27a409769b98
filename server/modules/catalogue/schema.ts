import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BUILDING_MATERIALS } from '#core/feeds/portals.ts';
import type { Localized } from '#core/schemas/localized.ts';
import { localized } from '../../db/schema/localized.ts';

/**
 * The catalogue: projects → buildings → sections → floors → lots (spec §2). Ids are integers chosen by the
 * generator (stable across a re-generation, so URLs keep working); lots are also known by the natural key a
 * CRM feed uses, (project, type, number). Lots carry their project, building, section, floor number and
 * completion quarter denormalised: the feed and the filter read them without joins.
 */

export const PROJECT_STATUS_VALUES = ['completed', 'construction', 'presale'] as const;
export const LOT_TYPE_VALUES = ['flat', 'parking', 'pantry', 'commercial'] as const;
/** The status a lot's row stores (the sales team's); its one commercial state adds its auction's (core `LOT_STATUSES`). */
export const LOT_STATUS_VALUES = ['free', 'booked', 'sold'] as const;
export type StoredLotStatus = (typeof LOT_STATUS_VALUES)[number];
export const FINISH_VALUES = ['none', 'whitebox', 'finished', 'furnished'] as const;
export const ADVERTISEMENT_VALUES = ['sale', 'rent'] as const;

/** A generated picture under the media directory, with its intrinsic size (alt texts are made per language). */
export type MediaRef = { src: string; width: number; height: number };

/** Editorial blocks of a project page, each text in three languages. */
export type ProjectContent = {
  /** A figure and what it counts; a figure with units is localised (`2,8 м`, `2.8 m`). */
  indicators: { value: string | Localized; label: Localized }[];
  about: Localized[];
  infrastructure: { kind: string; name: Localized; distance: Localized }[];
  gallery: (MediaRef & { alt: Localized })[];
  purchaseInfo: { method: string; title: Localized; text: Localized }[];
  renderVsPhoto: { render: MediaRef; photo: MediaRef } | null;
  presentationUrl: string | null;
};

export const projects = pgTable('projects', {
  id: integer('id').primaryKey(),
  shortSlug: text('short_slug').notNull().unique(),
  /** Built with a partner: served under /shared-projects/{id} as well. */
  shared: boolean('shared').notNull().default(false),
  status: text('status', { enum: PROJECT_STATUS_VALUES }).notNull(),
  position: smallint('position').notNull().default(0),
  name: localized('name').notNull(),
  tagline: localized('tagline').notNull(),
  description: localized('description').notNull(),
  district: localized('district').notNull(),
  address: localized('address').notNull(),
  /** 'YYYY-QN'; null once completed */
  completion: text('completion'),
  completionLabel: localized('completion_label').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  cover: jsonb('cover').$type<MediaRef>().notNull(),
  genplan: jsonb('genplan').$type<MediaRef>().notNull(),
  /** Metres per pixel of the genplan picture (editor-entered): what turns building outlines into metres for the sun (insolation). */
  genplanScale: doublePrecision('genplan_scale').notNull().default(0.2),
  /** Degrees clockwise from the genplan's "up" to true north's bearing on it: 0 when the plan's top is north (insolation). */
  genplanNorth: doublePrecision('genplan_north').notNull().default(0),
  content: jsonb('content').$type<ProjectContent>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const buildings = pgTable(
  'buildings',
  {
    id: integer('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    name: localized('name').notNull(),
    status: text('status', { enum: PROJECT_STATUS_VALUES }).notNull(),
    /** 'YYYY-QN', the completion quarter now planned; null once completed. */
    completion: text('completion'),
    /**
     * The quarter first announced when it differs from `completion` (a deadline moved): pages say "was Q4 2026,
     * now Q2 2027" rather than hide the move. Null when the deadline never moved.
     */
    originalCompletion: text('original_completion'),
    floorsCount: smallint('floors_count').notNull(),
    /** What the building is built of (`BUILDING_MATERIALS`); null when not recorded. Portals ask for it (Avito's `HouseType`). */
    material: text('material', { enum: BUILDING_MATERIALS }),
    undergroundFloors: smallint('underground_floors').notNull().default(0),
    /** The building's footprint on the project's master plan: SVG path data in the genplan's pixel space. */
    outline: text('outline').notNull(),
    facade: jsonb('facade').$type<MediaRef>().notNull(),
    /** Top and bottom of each floor band on the facade picture, in its pixels: `[[number, top, height], …]`. */
    facadeFloors: jsonb('facade_floors').$type<[number, number, number][]>().notNull(),
  },
  (t) => [
    uniqueIndex('buildings_project_number_key').on(t.projectId, t.number),
    check('buildings_material_check', sql`${t.material} is null or ${t.material} in ('brick', 'monolith', 'monolith_brick', 'panel', 'block', 'wood')`),
    check('buildings_original_completion_check', sql`${t.originalCompletion} is null or ${t.originalCompletion} ~ '^[0-9]{4}-Q[1-4]$'`),
  ],
);

export const sections = pgTable(
  'sections',
  {
    id: integer('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    floorsCount: smallint('floors_count').notNull(),
    /** Lots on a typical floor: the width of the section's chessboard. */
    risers: smallint('risers').notNull(),
  },
  (t) => [uniqueIndex('sections_building_number_key').on(t.buildingId, t.number)],
);

export const floors = pgTable(
  'floors',
  {
    id: integer('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    /** Negative underground (parking, storage rooms). */
    number: smallint('number').notNull(),
    plan: jsonb('plan').$type<MediaRef>().notNull(),
  },
  (t) => [uniqueIndex('floors_section_number_key').on(t.sectionId, t.number)],
);

export const lots = pgTable(
  'lots',
  {
    id: integer('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').notNull(),
    sectionId: integer('section_id').notNull(),
    floorId: integer('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'cascade' }),
    type: text('type', { enum: LOT_TYPE_VALUES }).notNull(),
    status: text('status', { enum: LOT_STATUS_VALUES }).notNull(),
    number: text('number').notNull(),
    floor: smallint('floor').notNull(),
    /** Place on its floor, 0-based: the column of the section chessboard. */
    position: smallint('position').notNull(),
    /** 0 = studio; null for non-residential lots */
    rooms: smallint('rooms'),
    euro: boolean('euro').notNull().default(false),
    area: numeric('area', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    livingArea: numeric('living_area', { precision: 8, scale: 2, mode: 'number' }),
    kitchenArea: numeric('kitchen_area', { precision: 8, scale: 2, mode: 'number' }),
    /** Roubles; for premises let (advertisement rent) the monthly rent. */
    price: bigint('price', { mode: 'number' }).notNull(),
    pricePerM2: bigint('price_per_m2', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    finish: text('finish', { enum: FINISH_VALUES }).notNull(),
    ceiling: numeric('ceiling', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    /** Codes, translated by the service: 'park', 'river', 'city', 'courtyard', 'boulevard'. */
    view: text('view'),
    windows: jsonb('windows').$type<string[]>().notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    completion: text('completion'),
    /** The lot plan's layout code: one generated picture per layout. */
    layout: text('layout').notNull(),
    /** Outline on its floor plan: SVG path data in the plan's pixel space. */
    shape: text('shape').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lots_project_type_number_key').on(t.projectId, t.type, t.number),
    index('lots_floor_idx').on(t.floorId),
    index('lots_building_idx').on(t.buildingId),
    index('lots_status_type_price_idx').on(t.status, t.type, t.price),
    // The catalogue's load reads the lots in this order (snapshot-lots.ts): along it, without a sort (migration 0040).
    index('lots_load_order_idx').on(t.projectId, t.buildingId, t.sectionId, t.floor, t.position, t.id),
  ],
);

/** What only commercial premises have (1:1 with a lot of type commercial). */
export const commercialPremises = pgTable('commercial_premises', {
  lotId: integer('lot_id')
    .primaryKey()
    .references(() => lots.id, { onDelete: 'cascade' }),
  /** 'shop', 'cafe', 'office', 'services', 'clinic' */
  purpose: text('purpose').notNull(),
  separateEntrance: boolean('separate_entrance').notNull(),
  powerKw: numeric('power_kw', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  /** Sold or let: `type_of_advertisement` on the commercial endpoints; let premises stay out of the lot filter. */
  advertisement: text('advertisement', { enum: ADVERTISEMENT_VALUES }).notNull(),
});

/** A photograph of a construction report, with its caption in three languages (its alt text too). */
export type ProgressPhoto = MediaRef & { caption?: Localized };

/**
 * Monthly construction reports: text, photos, and floors built per building (what progress3d draws). The
 * buildings a report lists are its scope: `/api/dynamic/?building=` finds the reports about a building.
 * Ids are chosen by the generator (stable across a re-generation: report pages keep their address).
 */
export const projectProgress = pgTable(
  'project_progress',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' */
    month: text('month').notNull(),
    text: localized('text').notNull(),
    photos: jsonb('photos').$type<ProgressPhoto[]>().notNull(),
    buildings: jsonb('buildings').$type<{ buildingId: number; floorsBuilt: number; percent: number }[]>().notNull(),
  },
  (t) => [uniqueIndex('project_progress_project_month_key').on(t.projectId, t.month)],
);

/** Landing pages of saved lot filters (/filter/{slug}). */
export const seoFilters = pgTable('seo_filters', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  position: smallint('position').notNull().default(0),
  title: localized('title').notNull(),
  h1: localized('h1').notNull(),
  description: localized('description').notNull(),
  text: jsonb('text').$type<{ ru: string[]; en: string[]; zh: string[] }>().notNull(),
  /** The filter as its canonical query string (core/catalogue/filter.ts). */
  query: text('query').notNull(),
});

/** One row: bumped by every change to lots, so each process knows when to rebuild its lot index. */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
