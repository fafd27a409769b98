import { bearingVector, facadePoint, footprints, OutlineError, rayEntry, type FacadePoint, type PlanFrame, type Point, type Polygon } from './geometry.ts';
import { countedPeriods, flatNorm, normRule, normZone, type NormZoneRule, type Periods } from './norm.ts';
import { sunTrack, type SunTrack } from './sun.ts';
import { isWindowSide, SUN_DATES, type SunSeason, type ViewTag, type WindowSide, type WindowViews } from './types.ts';

/**
 * Every lot's sun in one project (docs/guides/insolation.md): each window is a point on its building's facade at its
 * sill's height; for each minute of a day the sun shines on it when it is above the horizon, in front of the wall,
 * and its ray passes over every footprint in its way (the project's own buildings, the neighbours an editor entered),
 * each a prism of its footprint and height. Pure: the database's rows in, the figures out.
 */

/** Storey height, floor to floor (m): a building is `floors_count` storeys of it; floor N's floor is (N − 1) of them up. */
export const STOREY_M = 3;
/** Window sill above the floor (m): the window's point the sun is tested at. */
export const SILL_M = 0.8;
/** A wall faced by another of the project's buildings closer than this (m) looks onto a courtyard. */
export const COURTYARD_M = 120;
/** Windows from this floor up, with nothing of the project in front, look over the city rather than the street. */
export const CITY_FLOOR = 9;

export const SIDE_BEARING: Record<WindowSide, number> = { north: 0, east: 90, south: 180, west: 270 };

export type InsolationBuilding = { id: number; number: number; outline: string; floors: number; sections: { id: number; number: number }[] };
export type InsolationLot = {
  id: number;
  buildingId: number;
  sectionId: number;
  floor: number;
  position: number;
  /** null: not a flat (the norm is for flats); 0: a studio. */
  rooms: number | null;
  windows: readonly string[];
  /** What the developer's catalogue says the lot looks at (`lots.view`): its windows' tag where no editor's rule says otherwise. */
  view?: ViewTag | null;
};
export type ViewRule = { buildingNumber: number; sectionNumber: number | null; floorFrom: number; floorTo: number; side: WindowSide; tags: ViewTag[] };
export type InsolationProject = {
  lat: number;
  lng: number;
  frame: PlanFrame;
  buildings: InsolationBuilding[];
  neighbours: { outline: string; height: number }[];
  lots: InsolationLot[];
  viewRules: ViewRule[];
};

export type LotInsolationResult = {
  lotId: number;
  /** Minutes of direct sun on any of its windows. */
  minutes: Record<SunSeason, number>;
  normMet: boolean;
  /** `<zone>/<variant>` (`central/continuous`, `central/intermittent`, `central/reduced`, `central/none`) or `<zone>/not-flat`. */
  normRule: string;
  views: WindowViews;
};

type Obstacle = { poly: Polygon; height: number; buildingId: number | null };
/** One window point: where it is, what it faces, and per day and minute the height it must be above to see the sun. */
type Probe = { facade: FacadePoint; point: Point; clear: Map<string, Float32Array>; view: ViewTag | 'open' };

const DAYS = (rule: NormZoneRule): Record<SunSeason | 'norm', [number, number]> => ({
  march: [...SUN_DATES.march],
  june: [...SUN_DATES.june],
  december: [...SUN_DATES.december],
  norm: [rule.month, rule.day],
});

/** An outline the computation could not read and left out: a building (its lots get no figures) or a neighbour. */
export type SkippedOutline = { kind: 'building'; buildingId: number; number: number; reason: string } | { kind: 'neighbour'; index: number; reason: string };

/** `onSkip` hears of each outline left out; the computation itself never throws on an outline. */
export function computeProjectInsolation(project: InsolationProject, onSkip?: (skipped: SkippedOutline) => void): LotInsolationResult[] {
  const rule = normZone(project.lat);
  const tracks = Object.entries(DAYS(rule)).map(([key, [m, d]]) => [key, sunTrack(m, d, project.lat, project.lng)] as const);
  const obstacles: Obstacle[] = [];
  const shapeOf = new Map<number, Polygon>();
  const read = (outline: string, skipped: (reason: string) => SkippedOutline): Polygon[] => {
    try {
      return footprints(outline, project.frame);
    } catch (error) {
      if (!(error instanceof OutlineError)) throw error;
      onSkip?.(skipped(error.message));
      return [];
    }
  };
  for (const b of project.buildings) {
    const polys = read(b.outline, (reason) => ({ kind: 'building', buildingId: b.id, number: b.number, reason }));
    if (polys[0]) shapeOf.set(b.id, polys[0]);
    for (const poly of polys) obstacles.push({ poly, height: b.floors * STOREY_M, buildingId: b.id });
  }
  project.neighbours.forEach((n, index) => {
    for (const poly of read(n.outline, (reason) => ({ kind: 'neighbour', index, reason }))) obstacles.push({ poly, height: n.height, buildingId: null });
  });

  const buildingById = new Map(project.buildings.map((b) => [b.id, b]));
  // A lot's share of its section's facade on a side: the lots of one floor, section and side, in plan order.
  const rows = new Map<string, InsolationLot[]>();
  for (const lot of project.lots)
    for (const side of lot.windows) {
      const key = `${lot.sectionId}:${lot.floor}:${side}`;
      const row = rows.get(key) ?? [];
      row.push(lot);
      rows.set(key, row);
    }
  for (const row of rows.values()) row.sort((a, b) => a.position - b.position || a.id - b.id);

  const probes = new Map<string, Probe | null>();
  const probe = (building: InsolationBuilding, side: WindowSide, u: number): Probe | null => {
    const key = `${building.id}:${side}:${u.toFixed(5)}`;
    if (probes.has(key)) return probes.get(key)!;
    const shape = shapeOf.get(building.id);
    const facade = shape ? facadePoint(shape, SIDE_BEARING[side], u) : null;
    let made: Probe | null = null;
    if (facade) {
      const n = bearingVector(facade.facing);
      const point = { x: facade.point.x + n.x * 0.05, y: facade.point.y + n.y * 0.05 };
      const clear = new Map<string, Float32Array>();
      for (const [day, track] of tracks) clear.set(day, clearance(point, n, track, obstacles));
      made = { facade, point, clear, view: viewAhead(point, n, obstacles, building.id) };
    }
    probes.set(key, made);
    return made;
  };

  const normTrack = tracks.find(([k]) => k === 'norm')![1];
  const mask = new Uint8Array(1440);
  const clears: Float32Array[] = [];
  /** A side's sun on the calculation day at a sill's height: its longest counted period, then its counted total. */
  const sideSun = (p: Probe | null, height: number): [number, number] => {
    if (!p) return [0, 0];
    const clear = p.clear.get('norm')!;
    for (let m = 0; m < 1440; m++) mask[m] = height > clear[m]! ? 1 : 0;
    const periods = countedPeriods(mask, normTrack.sunrise, normTrack.sunset, rule.edge);
    return [Math.max(0, ...periods.map(([a, b]) => b - a)), periods.reduce((sum, [a, b]) => sum + b - a, 0)];
  };
  const out: LotInsolationResult[] = [];
  for (const lot of project.lots) {
    const building = buildingById.get(lot.buildingId);
    const sides = [...new Set(lot.windows.filter(isWindowSide))];
    // A lot of a building without a footprint (an outline not read) has no figures rather than wrong ones.
    if (!building || !shapeOf.has(building.id) || !sides.length || lot.floor < 1) continue;
    const sectionIndex = Math.max(
      0,
      building.sections.findIndex((s) => s.id === lot.sectionId),
    );
    const sectionNumber = building.sections[sectionIndex]?.number ?? null;
    const sections = Math.max(1, building.sections.length);
    const height = (lot.floor - 1) * STOREY_M + SILL_M;
    // Living rooms spread over the sides, the sunniest sides first (they take the remainder, and the one room of a
    // flat with more sides than rooms): the verdict does not depend on the order `lots.windows` is stored in. A studio
    // or a non-flat counts one.
    const roomCount = Math.max(1, lot.rooms ?? 1);
    const roomProbes: (Probe | null)[] = [];
    // The views keep the stored order of the sides.
    const views: WindowViews = Object.fromEntries(sides.map((side) => [side, []]));
    const lotProbes: Probe[] = [];
    const spans = sides.map((side) => {
      const row = rows.get(`${lot.sectionId}:${lot.floor}:${side}`) ?? [lot];
      const rank = row.indexOf(lot);
      const u0 = (sectionIndex + rank / row.length) / sections;
      const u1 = (sectionIndex + (rank + 1) / row.length) / sections;
      return { side, u0, u1, sun: sides.length > 1 ? sideSun(probe(building, side, (u0 + u1) / 2), height) : ([0, 0] as [number, number]) };
    });
    spans.sort((a, b) => b.sun[0] - a.sun[0] || b.sun[1] - a.sun[1] || SIDE_BEARING[a.side] - SIDE_BEARING[b.side]);
    spans.forEach(({ side, u0, u1 }, s) => {
      const here = Math.floor(roomCount / sides.length) + (s < roomCount % sides.length ? 1 : 0);
      const count = Math.max(1, here);
      let own: Probe | null = null;
      for (let r = 0; r < count; r++) {
        const p = probe(building, side, u0 + ((r + 0.5) / count) * (u1 - u0));
        if (p) lotProbes.push(p);
        if (p) own = p;
        if (r < here) roomProbes.push(p);
      }
      views[side] = viewTags(project.viewRules, building.number, sectionNumber, lot, side, own?.view ?? 'open');
    });
    // Counted without a mask: a minute is lit when the sill is above any of the lot's windows' clearance.
    const minutes = { march: 0, june: 0, december: 0 };
    for (const season of ['march', 'june', 'december'] as const) {
      clears.length = 0;
      for (const p of lotProbes) clears.push(p.clear.get(season)!);
      minutes[season] = litMinutes(clears, height);
    }
    let normMet = false;
    let ruleText = `${rule.zone}/not-flat`;
    if (lot.rooms !== null) {
      // The norm's continuous-period rule needs the minutes in order: one mask, reused room after room.
      const periods: Periods[] = roomProbes.map((p) => {
        if (!p) return [];
        const clear = p.clear.get('norm')!;
        for (let m = 0; m < 1440; m++) mask[m] = height > clear[m]! ? 1 : 0;
        return countedPeriods(mask, normTrack.sunrise, normTrack.sunset, rule.edge);
      });
      const result = flatNorm(rule, periods);
      normMet = result.met;
      ruleText = normRule(result);
    }
    out.push({ lotId: lot.id, minutes, normMet, normRule: ruleText, views });
  }
  return out;
}

/** Minutes of the day in which a point at `height` is above at least one of the windows' clearances. */
function litMinutes(clears: Float32Array[], height: number): number {
  let n = 0;
  if (clears.length === 1) {
    const clear = clears[0]!;
    for (let m = 0; m < 1440; m++) if (height > clear[m]!) n++;
    return n;
  }
  for (let m = 0; m < 1440; m++)
    for (const clear of clears)
      if (height > clear[m]!) {
        n++;
        break;
      }
  return n;
}

/**
 * For each minute of the day, the height (m) above which a point at `p` with a wall facing `n` sees the sun: +Infinity
 * when the sun is down or behind the wall, −Infinity when nothing is in the way.
 */
function clearance(p: Point, n: Point, track: SunTrack, obstacles: Obstacle[]): Float32Array {
  const out = new Float32Array(1440);
  for (let m = 0; m < 1440; m++) {
    const v = { x: track.east[m]!, y: track.north[m]! };
    if (track.altitude[m]! <= 0 || v.x * n.x + v.y * n.y <= 0) {
      out[m] = Infinity;
      continue;
    }
    const tan = track.tan[m]!;
    let need = -Infinity;
    for (const o of obstacles) {
      const d = rayEntry(p, v, o.poly);
      if (d === Infinity) continue;
      const h = o.height - d * tan;
      if (h > need) need = h;
    }
    out[m] = need;
  }
  return out;
}

/** What is straight ahead of a window: another of the project's buildings close by (a courtyard), or open ground. */
function viewAhead(p: Point, n: Point, obstacles: Obstacle[], own: number): ViewTag | 'open' {
  for (const o of obstacles) {
    if (o.buildingId === null || o.buildingId === own) continue;
    if (rayEntry(p, n, o.poly) < COURTYARD_M) return 'courtyard';
  }
  return 'open';
}

/**
 * A window side's view tags, one fact for every surface (the passport, the filter, the lot's figures, the comparison):
 * an editor's rule for its building, section, floor and side if one matches (it knows the side); else the lot's own
 * view as the developer's catalogue gives it (`lots.view`); else the plan's guess — another of the project's buildings
 * ahead is a courtyard, open ground the street, or the city from the ninth floor up.
 */
function viewTags(
  rules: ViewRule[],
  building: number,
  section: number | null,
  lot: Pick<InsolationLot, 'floor' | 'view'>,
  side: WindowSide,
  ahead: ViewTag | 'open',
): ViewTag[] {
  const floor = lot.floor;
  const match = rules.find(
    (r) =>
      r.buildingNumber === building &&
      (r.sectionNumber === null || r.sectionNumber === section) &&
      r.side === side &&
      floor >= r.floorFrom &&
      floor <= r.floorTo,
  );
  if (match) return [...match.tags];
  if (lot.view) return [lot.view];
  if (ahead === 'courtyard') return ['courtyard'];
  return [floor >= CITY_FLOOR ? 'city' : 'street'];
}
