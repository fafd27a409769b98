/**
 * Flat layouts of the demo catalogue and the sizes of non-residential lots. A layout is what a lot plan
 * picture shows; lots of one layout share it (the floor plan outlines each lot on its own floor).
 */
export type FlatLayoutCode = 'st' | '1k' | '2e' | '2k' | '3e' | '3k' | '4e' | '4k';
export type LotLayoutCode = FlatLayoutCode | 'parking' | 'pantry' | 'retail-s' | 'retail-m' | 'retail-l';

/** Rooms as the filter counts them (0 = studio), euro = kitchen-living room counted as a room. */
export type FlatLayout = { code: FlatLayoutCode; rooms: number; euro: boolean; area: [number, number] };

export const FLAT_LAYOUTS: Record<FlatLayoutCode, FlatLayout> = {
  st: { code: 'st', rooms: 0, euro: false, area: [22, 28] },
  '1k': { code: '1k', rooms: 1, euro: false, area: [34, 41] },
  '2e': { code: '2e', rooms: 2, euro: true, area: [39, 46] },
  '2k': { code: '2k', rooms: 2, euro: false, area: [54, 63] },
  '3e': { code: '3e', rooms: 3, euro: true, area: [60, 69] },
  '3k': { code: '3k', rooms: 3, euro: false, area: [74, 86] },
  '4e': { code: '4e', rooms: 4, euro: true, area: [84, 96] },
  '4k': { code: '4k', rooms: 4, euro: false, area: [102, 124] },
};

/** The share of a flat's plan taken by the band of rooms at the windows; the rest is bathrooms, hall and wardrobe. */
export const ROOM_BAND = 0.62;

/**
 * The rooms at the windows of a layout's plan, left to right, as widths relative to each other: the
 * bedrooms (or a studio's one room), then the kitchen (a kitchen-living room in a euro layout, wider).
 * The plan picture draws these shapes, and the demo catalogue's living and kitchen areas are their shares.
 */
export function layoutRooms(layout: FlatLayout): { part: number; kitchen: boolean }[] {
  if (layout.rooms === 0) return [{ part: 1, kitchen: false }];
  const bedrooms = layout.euro ? layout.rooms - 1 : layout.rooms;
  return [...Array.from({ length: bedrooms }, () => ({ part: 1, kitchen: false })), { part: layout.euro ? 1.3 : 0.7, kitchen: true }];
}

/**
 * The shares of a flat's total area that are living rooms and kitchen, from the plan's room shapes (a studio
 * has no separate kitchen: null). living + kitchen + the service band = 1, so the figures add up to the total.
 */
export function layoutShares(layout: FlatLayout): { living: number; kitchen: number | null } {
  const rooms = layoutRooms(layout);
  const total = rooms.reduce((sum, room) => sum + room.part, 0);
  const share = (kitchen: boolean) => (ROOM_BAND * rooms.filter((room) => room.kitchen === kitchen).reduce((sum, room) => sum + room.part, 0)) / total;
  return { living: share(false), kitchen: layout.rooms === 0 ? null : share(true) };
}

export const LOT_LAYOUT_CODES: readonly LotLayoutCode[] = [
  ...(Object.keys(FLAT_LAYOUTS) as FlatLayoutCode[]),
  'parking',
  'pantry',
  'retail-s',
  'retail-m',
  'retail-l',
];

/** Lot plan pictures: one per layout, all this size. */
export const LOT_PLAN_SIZE = { width: 1200, height: 900 } as const;
/**
 * The drawing's edition, part of every plan's address: a plan's picture is cached for good under its URL, so
 * a new drawing takes a new address (2: no figures or letters on the shared picture; the page prints each lot's).
 */
export const LOT_PLAN_EDITION = 2;
export const lotPlanSrc = (layout: string) => `catalogue/lots/${layout}.v${LOT_PLAN_EDITION}.png`;
