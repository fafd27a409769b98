import type { Localized } from '#core/schemas/localized.ts';
import { seeded, type Rand } from '../../images/index.ts';
import { demoPicture, media, type CatalogueData, type Ids } from './catalogue-data.ts';
import type { ProjectBlueprint } from './demo-blueprint.ts';
import { addCommercialFloor, addFlatFloor, addUnderground, between, clamp01, type LotContext } from './demo-lots.ts';
import { demoPortalIds } from './demo-portal-ids.ts';
import { addProgress } from './demo-progress.ts';
import { DEMO_PROJECTS } from './demo-projects.ts';
import { facadeBands, polygonPath } from './geometry.ts';
import { SEO_FILTERS } from './seo-filters.ts';

/**
 * Turns the demo blueprints into catalogue rows, deterministically: the same options always give the same
 * ids, numbers, prices and statuses. `copies > 1` repeats the four projects (ids 5, 6, …, names numbered)
 * with their own prices and sales, to make a large catalogue for benchmarks. A section's floors and lots are
 * made by demo-lots.ts, a project's construction reports by demo-progress.ts.
 */

export const DEMO_LOT_COUNT = 3304;

export const buildingName = (number: number, tower: boolean): Localized =>
  tower ? { ru: `Башня ${number}`, en: `Tower ${number}`, zh: `${number}号塔楼` } : { ru: `Корпус ${number}`, en: `Building ${number}`, zh: `${number}号楼` };

const suffixed = (text: Localized, copy: number): Localized =>
  copy === 0 ? text : { ru: `${text.ru} ${copy + 1}`, en: `${text.en} ${copy + 1}`, zh: `${text.zh} ${copy + 1}` };

/** The demo catalogue (copies = 1) or a multiple of it. */
export function generateCatalogue(options: { copies?: number } = {}): CatalogueData {
  const copies = Math.max(1, Math.floor(options.copies ?? 1));
  const data: CatalogueData = { projects: [], buildings: [], sections: [], floors: [], lots: [], commercial: [], progress: [], seoFilters: [], portalIds: [] };
  const ids = { project: 0, building: 0, section: 0, floor: 0, lot: 0, progress: 0 };
  for (let copy = 0; copy < copies; copy += 1) {
    for (const [index, blueprint] of DEMO_PROJECTS.entries()) addProject(data, ids, blueprint, copy, seeded(1000 * copy + index + 1));
  }
  data.seoFilters = SEO_FILTERS.map((page, position) => ({ ...page, position }));
  return data;
}

/** How many copies of the demo make at least `lots` lots. */
export function copiesForLots(lotCount: number): number {
  return Math.max(1, Math.ceil(lotCount / DEMO_LOT_COUNT));
}

function addProject(data: CatalogueData, ids: Ids, bp: ProjectBlueprint, copy: number, rand: Rand): void {
  const projectId = (ids.project += 1);
  const slug = copy === 0 ? bp.slug : `${bp.slug}-${copy + 1}`;
  // Copies price and sell differently, so a large catalogue's facets are not the demo's times N.
  const priceFactor = copy === 0 ? 1 : between(rand, 0.85, 1.2);
  const soldShift = copy === 0 ? 0 : between(rand, -0.15, 0.15);
  const tower = bp.buildings.every((b) => b.sections === 1);
  data.projects.push({
    id: projectId,
    shortSlug: slug,
    shared: bp.shared,
    status: bp.status,
    position: projectId,
    name: suffixed(bp.name, copy),
    tagline: bp.tagline,
    description: bp.description,
    district: bp.district,
    address: bp.address,
    completion: bp.completion,
    completionLabel: bp.completionLabel,
    lat: bp.lat,
    lng: bp.lng,
    cover: media.cover(bp.slug),
    genplan: media.genplan(bp.slug),
    content: {
      ...bp.content,
      gallery: [{ ...media.cover(bp.slug), alt: bp.name }, ...bp.content.gallery.map((name) => ({ ...demoPicture(name), alt: bp.name }))],
      renderVsPhoto: bp.content.renderVsPhoto ? { render: demoPicture('renderDay'), photo: demoPicture('photoDusk') } : null,
    },
  });
  const counters = { flat: 0, parking: 0, pantry: 0, commercial: 0 };
  const sales = { sold: clamp01(bp.sold + (bp.sold > 0 && bp.sold < 0.9 ? soldShift : 0)), booked: bp.booked };
  const buildingIds: number[] = [];
  for (const [bIndex, b] of bp.buildings.entries()) {
    const buildingId = (ids.building += 1);
    buildingIds.push(buildingId);
    const number = bIndex + 1;
    data.buildings.push({
      id: buildingId,
      projectId,
      number,
      name: buildingName(number, tower),
      status: bp.status === 'completed' ? 'completed' : bp.status,
      completion: b.completion,
      originalCompletion: b.originalCompletion && b.originalCompletion !== b.completion ? b.originalCompletion : null,
      floorsCount: b.floors,
      material: bp.material,
      undergroundFloors: b.underground.length,
      outline: polygonPath(b.outline),
      facade: media.facade(bp.slug, number),
      facadeFloors: facadeBands(b.floors, b.underground.length).bands,
    });
    data.portalIds.push(...demoPortalIds(bp.slug, number, copy).map((row) => ({ ...row, buildingId })));
    for (let s = 1; s <= b.sections; s += 1) {
      const sectionId = (ids.section += 1);
      data.sections.push({ id: sectionId, buildingId, number: s, floorsCount: b.floors, risers: b.mix.length });
      const ctx: LotContext = { data, ids, bp, b, rand, projectId, buildingId, sectionId, slug: bp.slug, number, counters, sales, priceFactor };
      for (let level = b.underground.length; level >= 1; level -= 1) addUnderground(ctx, level);
      for (let floor = 1; floor <= b.floors; floor += 1) {
        if (floor === 1 && b.commercial > 0) addCommercialFloor(ctx);
        else addFlatFloor(ctx, floor);
      }
    }
  }
  if (bp.status === 'construction') addProgress(data, ids, projectId, bp, buildingIds);
}
