import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { PORTALS } from '#core/feeds/portals.ts';
import { buildings } from '../catalogue/schema.ts';

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Each property portal's own ids of a building (REFERENCE "Property portal feeds"): the portal's id of the
 * residential complex and of the house, per portal and building. Yandex's `yandex-building-id`/`yandex-house-id`,
 * CIAN's `JKSchema.Id`/`JKSchema.House.Id`, Avito's `NewDevelopmentId` (the house's id, else the complex's) and
 * DomClick's complex and house. Written by `npm run feeds:ids` (server/modules/feeds/ids.ts) and the demo seed; a building
 * without a row for a portal has its flats left out of that portal's feed. Rows go with their building.
 */
export const portalBuildingIds = pgTable(
  'portal_building_ids',
  {
    portal: text('portal', { enum: PORTALS }).notNull(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    complexId: text('complex_id').notNull(),
    houseId: text('house_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.portal, t.buildingId] }),
    check('portal_building_ids_portal_check', sql`${t.portal} in (${listed(PORTALS)})`),
    check(
      'portal_building_ids_ids_check',
      sql`char_length(${t.complexId}) between 1 and 64 and (${t.houseId} is null or char_length(${t.houseId}) between 1 and 64)`,
    ),
  ],
);
