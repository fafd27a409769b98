import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import type { portalBuildingIds } from '../../../db/schema/index.ts';
import type { buildings, commercialPremises, floors, lots, MediaRef, projectProgress, projects, sections, seoFilters } from '../schema.ts';
import { FACADE_SIZE, FLOOR_PLAN_SIZE, GENPLAN_SIZE } from './geometry.ts';

/**
 * The rows the demo generator (generate.ts) makes, the counters that number them, and where their pictures live
 * (media.ts draws them there).
 */
export type CatalogueData = {
  projects: (typeof projects.$inferInsert)[];
  buildings: (typeof buildings.$inferInsert)[];
  sections: (typeof sections.$inferInsert)[];
  floors: (typeof floors.$inferInsert)[];
  lots: (typeof lots.$inferInsert)[];
  commercial: (typeof commercialPremises.$inferInsert)[];
  progress: (typeof projectProgress.$inferInsert)[];
  seoFilters: (typeof seoFilters.$inferInsert)[];
  /** Each portal's ids of the buildings (the demo's invented ones; `npm run feeds:ids` replaces them). */
  portalIds: (typeof portalBuildingIds.$inferInsert)[];
};

export const media = {
  cover: (slug: string): MediaRef => ({ src: `catalogue/covers/${slug}.png`, ...GENPLAN_SIZE }),
  genplan: (slug: string): MediaRef => ({ src: `catalogue/genplans/${slug}.png`, ...GENPLAN_SIZE }),
  facade: (slug: string, building: number): MediaRef => ({ src: `catalogue/facades/${slug}-${building}.png`, ...FACADE_SIZE }),
  plan: (slug: string, building: number, kind: 'typical' | 'ground' | `u${number}`): MediaRef => ({
    src: `catalogue/plans/${slug}-${building}-${kind}.png`,
    ...FLOOR_PLAN_SIZE,
  }),
  progress: (slug: string, month: string): MediaRef => ({ src: `catalogue/progress/${slug}-${month}.png`, ...GENPLAN_SIZE }),
  progressBuilding: (slug: string, month: string, building: number): MediaRef => ({
    src: `catalogue/progress/${slug}-${month}-${building}.png`,
    ...GENPLAN_SIZE,
  }),
};

/** Where a demo picture (core/image/demo-media.ts) is, with its size. */
export const demoPicture = (name: keyof typeof DEMO_MEDIA): MediaRef => ({ src: DEMO_MEDIA[name], ...DEMO_MEDIA_SIZE });
/** The last id given to each kind of row. */
export type Ids = { project: number; building: number; section: number; floor: number; lot: number; progress: number };
