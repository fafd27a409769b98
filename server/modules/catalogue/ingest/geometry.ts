/**
 * Where things are on the generated pictures: lot outlines on floor plans, floor bands on facades. The
 * drawings (media.ts) and the rows (generate.ts) both read these, so an outline always sits on its lot.
 */
export const FLOOR_PLAN_SIZE = { width: 1600, height: 1000 } as const;
export const FACADE_SIZE = { width: 1200, height: 1600 } as const;
export const GENPLAN_SIZE = { width: 1600, height: 1000 } as const;

export type Box = { x: number; y: number; w: number; h: number };

const r1 = (v: number) => Math.round(v * 10) / 10;
export const boxPath = (b: Box) => `M${r1(b.x)} ${r1(b.y)}H${r1(b.x + b.w)}V${r1(b.y + b.h)}H${r1(b.x)}Z`;
export const polygonPath = (points: [number, number][]) => `M${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L')}Z`;

/** The section's outer walls and its core (stairs and lifts) on every above-ground plan. */
export const SECTION = { x0: 120, x1: 1480, y0: 170, y1: 830, corridor: [455, 545] as [number, number], core: [710, 890] as [number, number] };

function split(x0: number, x1: number, weights: number[]): [number, number][] {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let x = x0;
  return weights.map((w) => {
    const width = ((x1 - x0) * w) / total;
    const span: [number, number] = [x, x + width];
    x += width;
    return span;
  });
}

/**
 * A typical floor: lots along both sides of a corridor, the core in the middle of the bottom row.
 * Widths follow the lots' areas. Order: top row left to right, then bottom-left, then bottom-right.
 */
export function corridorFloorBoxes(weights: number[]): Box[] {
  const { x0, x1, y0, y1, corridor, core } = SECTION;
  const top = Math.ceil(weights.length / 2);
  const bottom = weights.length - top;
  const left = Math.ceil(bottom / 2);
  const boxes: Box[] = [];
  for (const [a, b] of split(x0, x1, weights.slice(0, top))) boxes.push({ x: a, y: y0, w: b - a, h: corridor[0] - y0 });
  const bottomBox = (a: number, b: number): Box => ({ x: a, y: corridor[1], w: b - a, h: y1 - corridor[1] });
  for (const [a, b] of split(x0, core[0], weights.slice(top, top + left))) boxes.push(bottomBox(a, b));
  for (const [a, b] of split(core[1], x1, weights.slice(top + left))) boxes.push(bottomBox(a, b));
  return boxes;
}

/** Underground: parking stalls along both long walls, a ramp on the right, storage rooms on a central island. */
export const UNDERGROUND = { stallDepth: 170, rampWidth: 170, island: { x0: 420, x1: 1140, y0: 440, y1: 560 } };

export function undergroundBoxes(parking: number, pantries: number): { parking: Box[]; pantries: Box[] } {
  const { x0, x1, y0, y1 } = SECTION;
  const end = x1 - UNDERGROUND.rampWidth;
  const top = Math.ceil(parking / 2);
  const stalls: Box[] = [];
  const row = (count: number, y: number) => {
    const w = (end - x0) / Math.max(count, 1);
    for (let i = 0; i < count; i += 1) stalls.push({ x: x0 + i * w, y, w, h: UNDERGROUND.stallDepth });
  };
  row(top, y0);
  row(parking - top, y1 - UNDERGROUND.stallDepth);
  const { island } = UNDERGROUND;
  const rooms: Box[] = [];
  const perRow = Math.ceil(pantries / 2);
  const w = (island.x1 - island.x0) / Math.max(perRow, 1);
  const h = (island.y1 - island.y0) / 2;
  for (let i = 0; i < pantries; i += 1) {
    const col = i % perRow;
    const rowIndex = Math.floor(i / perRow);
    rooms.push({ x: island.x0 + col * w, y: island.y0 + rowIndex * h, w, h });
  }
  return { parking: stalls, pantries: rooms };
}

/** A facade: floors stacked from the ground line up, underground levels drawn as a cut below it. */
export function facadeBands(
  floors: number,
  underground: number,
): { ground: number; floorHeight: number; bands: [number, number, number][]; width: number; left: number } {
  const ground = FACADE_SIZE.height - 120 - underground * 52;
  const floorHeight = Math.min(62, Math.floor((ground - 170) / floors));
  const width = Math.min(980, 520 + floors * 12);
  const left = (FACADE_SIZE.width - width) / 2;
  const bands: [number, number, number][] = [];
  for (let n = floors; n >= 1; n -= 1) bands.push([n, ground - n * floorHeight, floorHeight]);
  for (let k = 1; k <= underground; k += 1) bands.push([-k, ground + 8 + (k - 1) * 52, 44]);
  return { ground, floorHeight, bands, width, left };
}
