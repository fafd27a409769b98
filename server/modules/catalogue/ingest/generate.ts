import type { Finish, LotStatus } from '#core/catalogue/types.ts';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { buildings, commercialPremises, floors, lots, MediaRef, projectProgress, projects, sections, seoFilters } from '../schema.ts';
import type { portalBuildingIds } from '../../../db/schema/index.ts';
import { demoPortalIds } from './demo-portal-ids.ts';
import { seeded, type Rand } from '../../images/index.ts';
import type { BuildingBlueprint, ProjectBlueprint } from './demo-blueprint.ts';
import { DEMO_PROJECTS } from './demo-projects.ts';
import { boxPath, corridorFloorBoxes, facadeBands, FACADE_SIZE, FLOOR_PLAN_SIZE, GENPLAN_SIZE, polygonPath, undergroundBoxes, type Box } from './geometry.ts';
import { FLAT_LAYOUTS, layoutShares, type FlatLayoutCode } from './layouts.ts';
import { SEO_FILTERS } from './seo-filters.ts';

/**
 * Turns the demo blueprints into catalogue rows, deterministically: the same options always give the same
 * ids, numbers, prices and statuses. `copies > 1` repeats the four projects (ids 5, 6, …, names numbered)
 * with their own prices and sales, to make a large catalogue for benchmarks.
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

export const DEMO_LOT_COUNT = 3304;
/** The month the demo's construction reports run up to, so the catalogue does not change with the clock. */
export const PROGRESS_MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

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

const demoPicture = (name: keyof typeof DEMO_MEDIA): MediaRef => ({ src: DEMO_MEDIA[name], ...DEMO_MEDIA_SIZE });
const round = (value: number, step: number) => Math.round(value / step) * step;
const between = (rand: Rand, a: number, b: number) => a + rand() * (b - a);
const choose = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length) % items.length] as T;

const SIZE_FACTOR: Record<FlatLayoutCode, number> = { st: 1.12, '1k': 1.07, '2e': 1.05, '2k': 1, '3e': 0.98, '3k': 0.96, '4e': 0.95, '4k': 0.94 };
const VIEW_FACTOR: Record<string, number> = { river: 1.05, city: 1.05, park: 1.03, forest: 1.03, boulevard: 1.01 };
const FINISH_FACTOR: Record<Finish, number> = { none: 0.93, whitebox: 0.97, finished: 1, furnished: 1.06 };

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

type Ids = { project: number; building: number; section: number; floor: number; lot: number; progress: number };

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

type LotContext = {
  data: CatalogueData;
  ids: Ids;
  bp: ProjectBlueprint;
  b: BuildingBlueprint;
  rand: Rand;
  projectId: number;
  buildingId: number;
  sectionId: number;
  slug: string;
  number: number;
  counters: Record<'flat' | 'parking' | 'pantry' | 'commercial', number>;
  sales: { sold: number; booked: number };
  priceFactor: number;
};

const clamp01 = (v: number) => Math.min(0.99, Math.max(0, v));

function newFloor(ctx: LotContext, number: number, plan: MediaRef): number {
  const id = (ctx.ids.floor += 1);
  ctx.data.floors.push({ id, sectionId: ctx.sectionId, number, plan });
  return id;
}

function status(ctx: LotContext, soldBias = 1): LotStatus {
  const r = ctx.rand();
  if (r < ctx.sales.sold * soldBias) return 'sold';
  if (r < ctx.sales.sold * soldBias + ctx.sales.booked) return 'booked';
  return 'free';
}

/** Lots still on sale sometimes carry a crossed-out old price. */
function oldPrice(ctx: LotContext, price: number, lotStatus: LotStatus): number | null {
  if (lotStatus === 'sold' || ctx.rand() >= 0.1) return null;
  return round(price / (1 - choose(ctx.rand, [0.05, 0.07, 0.1, 0.12])), 1000);
}

function baseLot(ctx: LotContext, floorId: number, floor: number) {
  return {
    id: (ctx.ids.lot += 1),
    projectId: ctx.projectId,
    buildingId: ctx.buildingId,
    sectionId: ctx.sectionId,
    floorId,
    floor,
    completion: ctx.b.completion,
  };
}

function addFlatFloor(ctx: LotContext, floor: number): void {
  const { b, bp, rand } = ctx;
  const floorId = newFloor(ctx, floor, media.plan(ctx.slug, ctx.number, 'typical'));
  const boxes = corridorFloorBoxes(b.mix.map((code) => FLAT_LAYOUTS[code].area[0] + FLAT_LAYOUTS[code].area[1]));
  const top = Math.ceil(b.mix.length / 2);
  for (const [position, code] of b.mix.entries()) {
    const layout = FLAT_LAYOUTS[code];
    const box = boxes[position] as Box;
    const area = Math.round(between(rand, layout.area[0], layout.area[1]) * 10) / 10;
    // Living rooms and kitchen are the plan's room shapes scaled to the lot's total, so living + kitchen + the
    // rest = total. (Two draws of the former random shares are still taken, so every other figure of the demo
    // catalogue stays what it was.)
    const shares = layoutShares(layout);
    if (shares.kitchen !== null) rand();
    rand();
    const kitchen = shares.kitchen === null ? null : Math.round(area * shares.kitchen * 10) / 10;
    const living = Math.round(area * shares.living * 10) / 10;
    const northRow = position < top;
    const view = bp.views[northRow ? 0 : 1] as string;
    const windows = [northRow ? 'north' : 'south'];
    if (position === 0 || position === top) windows.push('west');
    if (position === top - 1 || position === b.mix.length - 1) windows.push('east');
    const finish = choose(rand, bp.finishes);
    const topFloor = floor === b.floors;
    const perM2 =
      bp.pricePerM2 *
      ctx.priceFactor *
      (1 + 0.007 * (floor - 5)) *
      SIZE_FACTOR[code] *
      (VIEW_FACTOR[view] ?? 1) *
      FINISH_FACTOR[finish] *
      between(rand, 0.985, 1.015);
    const price = round(area * perM2, 100);
    // Small flats on low floors sell first.
    const lotStatus = status(ctx, 1 + (layout.rooms <= 1 ? 0.08 : -0.05) + (floor < 6 ? 0.05 : 0));
    const features = [rand() < 0.6 ? 'loggia' : 'balcony'];
    if (layout.rooms >= 2) features.push('wardrobe');
    if (layout.rooms >= 3) features.push('master_bedroom');
    if (layout.rooms >= 3 && !layout.euro) features.push('two_bathrooms');
    if (topFloor && rand() < 0.5) features.push('terrace');
    if (bp.views.includes('city') && floor > 12) features.push('panoramic_windows');
    if (layout.rooms >= 2 && rand() < 0.3) features.push('laundry');
    ctx.counters.flat += 1;
    ctx.data.lots.push({
      ...baseLot(ctx, floorId, floor),
      type: 'flat',
      status: lotStatus,
      number: String(ctx.counters.flat),
      position,
      rooms: layout.rooms,
      euro: layout.euro,
      area,
      livingArea: living,
      kitchenArea: kitchen,
      price,
      pricePerM2: Math.round(price / area),
      oldPrice: oldPrice(ctx, price, lotStatus),
      finish,
      ceiling: topFloor && floor > 20 ? bp.ceiling + 0.3 : bp.ceiling,
      view,
      windows,
      features,
      layout: code,
      shape: boxPath(box),
    });
  }
}

function addCommercialFloor(ctx: LotContext): void {
  const { b, bp, rand } = ctx;
  const floorId = newFloor(ctx, 1, media.plan(ctx.slug, ctx.number, 'ground'));
  const weights = Array.from({ length: b.commercial }, (_, i) => [1.4, 1, 1.2, 0.8][i % 4] as number);
  const boxes = corridorFloorBoxes(weights);
  for (const [position, box] of boxes.entries()) {
    const area = Math.round(between(rand, 0.09, 0.11) * box.w * 1.1 * 10) / 10;
    const rent = rand() < 0.35;
    const perM2 = rent ? round((bp.commercialPerM2 * ctx.priceFactor) / 130, 10) : bp.commercialPerM2 * ctx.priceFactor * between(rand, 0.95, 1.05);
    const price = round(area * perM2, 100);
    const lotStatus = status(ctx, 0.7);
    const lot = {
      ...baseLot(ctx, floorId, 1),
      type: 'commercial' as const,
      status: lotStatus,
      number: String((ctx.counters.commercial += 1)),
      position,
      rooms: null,
      euro: false,
      area,
      livingArea: null,
      kitchenArea: null,
      price,
      pricePerM2: Math.round(price / area),
      oldPrice: rent ? null : oldPrice(ctx, price, lotStatus),
      finish: choose(rand, ['none', 'whitebox'] as const),
      ceiling: 4.2,
      view: bp.views[position < Math.ceil(boxes.length / 2) ? 0 : 1] as string,
      windows: [position < Math.ceil(boxes.length / 2) ? 'north' : 'south'],
      features: ['street_entrance', ...(rand() < 0.7 ? ['shop_window'] : []), ...(rand() < 0.5 ? ['wet_point'] : [])],
      layout: area < 70 ? 'retail-s' : area < 120 ? 'retail-m' : 'retail-l',
      shape: boxPath(box),
    };
    ctx.data.lots.push(lot);
    ctx.data.commercial.push({
      lotId: lot.id,
      purpose: choose(rand, ['shop', 'cafe', 'office', 'services', 'clinic']),
      separateEntrance: true,
      powerKw: round(area * between(rand, 0.12, 0.2), 0.5),
      advertisement: rent ? 'rent' : 'sale',
    });
  }
}

function addUnderground(ctx: LotContext, level: number): void {
  const { b, bp, rand } = ctx;
  const spec = b.underground[level - 1]!;
  const floorId = newFloor(ctx, -level, media.plan(ctx.slug, ctx.number, `u${level}`));
  const boxes = undergroundBoxes(spec.parking, spec.pantries);
  let position = 0;
  for (const box of boxes.parking) {
    const wide = rand() < 0.12;
    const area = Math.round((wide ? between(rand, 17, 19.5) : between(rand, 13.25, 15.5)) * 10) / 10;
    const price = round(bp.parkingPrice * ctx.priceFactor * (wide ? 1.15 : 1) * between(rand, 0.94, 1.06), 1000);
    const lotStatus = status(ctx, 0.8);
    ctx.data.lots.push({
      ...baseLot(ctx, floorId, -level),
      type: 'parking',
      status: lotStatus,
      number: String((ctx.counters.parking += 1)),
      position: position++,
      rooms: null,
      euro: false,
      area,
      livingArea: null,
      kitchenArea: null,
      price,
      pricePerM2: Math.round(price / area),
      oldPrice: oldPrice(ctx, price, lotStatus),
      finish: 'none',
      ceiling: 2.5,
      view: null,
      windows: [],
      features: [...(rand() < 0.2 ? ['ev_charging'] : []), ...(wide ? ['wide'] : [])],
      layout: 'parking',
      shape: boxPath(box),
    });
  }
  for (const box of boxes.pantries) {
    const area = Math.round(between(rand, 3.2, 8.5) * 10) / 10;
    const price = round(area * bp.pricePerM2 * ctx.priceFactor * 0.55, 1000);
    const lotStatus = status(ctx, 0.7);
    ctx.data.lots.push({
      ...baseLot(ctx, floorId, -level),
      type: 'pantry',
      status: lotStatus,
      number: String((ctx.counters.pantry += 1)),
      position: position++,
      rooms: null,
      euro: false,
      area,
      livingArea: null,
      kitchenArea: null,
      price,
      pricePerM2: Math.round(price / area),
      oldPrice: oldPrice(ctx, price, lotStatus),
      finish: 'none',
      ceiling: 2.5,
      view: null,
      windows: [],
      features: rand() < 0.3 ? ['near_lift'] : [],
      layout: 'pantry',
      shape: boxPath(box),
    });
  }
}

/** Months from a quarter's end back to when building started (30 months of works). */
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}
export const quarterEndMonth = (quarter: string) => `${quarter.slice(0, 4)}-${String(Number(quarter.slice(6)) * 3).padStart(2, '0')}`;

/** Share of works done by `month` for a building finishing in `completion`, and floors of its frame standing. */
export function buildingProgress(completion: string, floorsCount: number, month: string): { floorsBuilt: number; percent: number } {
  const total = 30;
  const left = monthsBetween(month, quarterEndMonth(completion));
  const done = Math.min(1, Math.max(0, (total - left) / total));
  return { floorsBuilt: Math.min(floorsCount, Math.round((done / 0.65) * floorsCount)), percent: Math.round(done * 100) };
}

function addProgress(data: CatalogueData, ids: Ids, projectId: number, bp: ProjectBlueprint, buildingIds: number[]): void {
  for (const month of PROGRESS_MONTHS) {
    const states = bp.buildings.map((b, i) => ({
      buildingId: buildingIds[i]!,
      floors: b.floors,
      ...buildingProgress(b.completion ?? '2026-Q1', b.floors, month),
    }));
    const line = (lang: 'ru' | 'en' | 'zh') =>
      states
        .map((s, i) => {
          const n = i + 1;
          const framed = s.floorsBuilt >= s.floors;
          if (lang === 'ru')
            return framed
              ? `Корпус ${n}: каркас готов, идут фасадные и инженерные работы (${s.percent}%).`
              : `Корпус ${n}: возведено ${s.floorsBuilt} из ${s.floors} этажей.`;
          if (lang === 'en')
            return framed
              ? `Building ${n}: the frame is complete; facades and services are under way (${s.percent}%).`
              : `Building ${n}: ${s.floorsBuilt} of ${s.floors} floors built.`;
          return framed ? `${n}号楼：主体结构已封顶，外立面和机电工程施工中（${s.percent}%）。` : `${n}号楼：已建成${s.floorsBuilt}/${s.floors}层。`;
        })
        .join(' ');
    data.progress.push({
      id: (ids.progress += 1),
      projectId,
      month,
      text: { ru: line('ru'), en: line('en'), zh: line('zh') },
      // The site seen from afar, then a close-up of each building still going up (or being finished).
      photos: [
        { ...media.progress(bp.slug, month), caption: { ru: 'Общий вид стройплощадки', en: 'The construction site', zh: '施工现场全景' } },
        ...states.map((s, i) => ({
          ...media.progressBuilding(bp.slug, month, i + 1),
          caption: {
            ru: `Корпус ${i + 1}: ${s.percent}% работ`,
            en: `Building ${i + 1}: ${s.percent}% of works done`,
            zh: `${i + 1}号楼：已完成${s.percent}%`,
          },
        })),
      ],
      buildings: states.map(({ buildingId, floorsBuilt, percent }) => ({ buildingId, floorsBuilt, percent })),
    });
  }
}
