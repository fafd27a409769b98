/**
 * Flat layouts of the demo catalogue and the sizes of non-residential lots. A layout is what a lot plan
 * picture shows; lots of one layout share it (the floor plan outlines each lot on its own floor).
 */
export type FlatLayoutCode = 'st' | '1k' | '2e' | '2k' | '3e' | '3k' | '4e' | '4k';
export type LotLayoutCode = FlatLayoutCode | 'parking' | 'pantry' | 'retail-s' | 'retail-m' | 'retail-l';

/** Rooms as the filter counts them (0 = studio), euro = kitchen-living room counted as a room. */
export type FlatLayout = { code: FlatLayoutCode; rooms: number; euro: boolean; area: [number, number]; living: number; kitchen: [number, number] };

export const FLAT_LAYOUTS: Record<FlatLayoutCode, FlatLayout> = {
  st: { code: 'st', rooms: 0, euro: false, area: [22, 28], living: 0.62, kitchen: [0, 0] },
  '1k': { code: '1k', rooms: 1, euro: false, area: [34, 41], living: 0.48, kitchen: [9, 11] },
  '2e': { code: '2e', rooms: 2, euro: true, area: [39, 46], living: 0.32, kitchen: [14, 17] },
  '2k': { code: '2k', rooms: 2, euro: false, area: [54, 63], living: 0.54, kitchen: [10, 13] },
  '3e': { code: '3e', rooms: 3, euro: true, area: [60, 69], living: 0.42, kitchen: [15, 19] },
  '3k': { code: '3k', rooms: 3, euro: false, area: [74, 86], living: 0.56, kitchen: [11, 14] },
  '4e': { code: '4e', rooms: 4, euro: true, area: [84, 96], living: 0.47, kitchen: [17, 22] },
  '4k': { code: '4k', rooms: 4, euro: false, area: [102, 124], living: 0.58, kitchen: [13, 17] },
};

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
export const lotPlanSrc = (layout: string) => `catalogue/lots/${layout}.png`;
