import type { View } from '#core/catalogue/lot-features.ts';
import type { Finish } from '#core/catalogue/types.ts';
import type { Rand } from '../../images/index.ts';
import type { MediaRef, StoredLotStatus as LotStatus } from '../schema.ts';
import { media, type CatalogueData, type Ids } from './catalogue-data.ts';
import type { BuildingBlueprint, ProjectBlueprint } from './demo-blueprint.ts';
import { boxPath, corridorFloorBoxes, undergroundBoxes, type Box } from './geometry.ts';
import { FLAT_LAYOUTS, layoutShares, type FlatLayoutCode } from './layouts.ts';

/**
 * The demo's floors and lots of one section, floor by floor (generate.ts walks the sections): flats on a corridor
 * floor, commercial premises on the ground floor, parking spaces and storerooms underground, each priced from the
 * blueprint and drawn from the project's seeded random numbers in a fixed order (the same options give the same rows).
 */

const round = (value: number, step: number) => Math.round(value / step) * step;
export const between = (rand: Rand, a: number, b: number) => a + rand() * (b - a);
const choose = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length) % items.length] as T;

const SIZE_FACTOR: Record<FlatLayoutCode, number> = { st: 1.12, '1k': 1.07, '2e': 1.05, '2k': 1, '3e': 0.98, '3k': 0.96, '4e': 0.95, '4k': 0.94 };
const VIEW_FACTOR: Record<View, number> = { water: 1.05, city: 1.05, park: 1.03, street: 1.01, courtyard: 1 };
const FINISH_FACTOR: Record<Finish, number> = { none: 0.93, whitebox: 0.97, finished: 1, furnished: 1.06 };

/** Two numbers in [0, 1) from a lot's place (section, floor, position): a draw that leaves the seeded sequence alone. */
function placeDraw(section: number, floor: number, position: number): [number, number] {
  const mix = (x: number) => {
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
  };
  const key = (section * 512 + floor) * 64 + position;
  return [mix(key * 2 + 1), mix(key * 2 + 2)];
}

export type LotContext = {
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

export const clamp01 = (v: number) => Math.min(0.99, Math.max(0, v));

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

export function addFlatFloor(ctx: LotContext, floor: number): void {
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
    const view = bp.views[northRow ? 0 : 1];
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
    // Drawn from the flat's place, not the seeded sequence, so every figure drawn before these were added stays as it was.
    // A corner flat (windows on two sides) often has a room with windows on both and a bathroom on the facade.
    const corner = windows.length === 2;
    const own = placeDraw(ctx.sectionId, floor, position);
    if (layout.rooms >= 1 && own[0] < (corner ? 0.6 : layout.rooms >= 3 ? 0.15 : 0)) features.push('two_window_room');
    if (layout.rooms >= 2 && own[1] < (corner ? 0.45 : 0.1)) features.push('bathroom_window');
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

export function addCommercialFloor(ctx: LotContext): void {
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

export function addUnderground(ctx: LotContext, level: number): void {
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
