/**
 * The master plan in metres: building footprints (SVG path data in the genplan's pixels, `buildings.outline`) turned
 * into polygons in a frame of metres with x to the east and y to the north, from the plan's scale (metres per pixel)
 * and north (degrees clockwise from the plan's "up" to true north). Then the two questions the sun asks of them: where
 * a window sits on its building's facade, and how far along a ray the ray first meets a footprint.
 */

export type Point = { x: number; y: number };
export type Polygon = Point[];
export type PlanFrame = { scale: number; north: number };

/** The polygons of SVG path data: M/L/H/V/Z, absolute or relative (curves are not footprints and are refused). */
export function parsePath(d: string): [number, number][][] {
  const tokens = d.match(/[MLHVZmlhvz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const rings: [number, number][][] = [];
  let ring: [number, number][] = [];
  let x = 0;
  let y = 0;
  let command = '';
  let k = 0;
  const num = (): number => {
    const v = Number(tokens[k++]);
    if (!Number.isFinite(v)) throw new Error(`outline: a number expected in "${d}"`);
    return v;
  };
  const close = () => {
    if (ring.length >= 3) rings.push(ring);
    ring = [];
  };
  while (k < tokens.length) {
    const token = tokens[k]!;
    if (/^[A-Za-z]$/.test(token)) {
      command = token;
      k += 1;
      if (command === 'Z' || command === 'z') {
        close();
        continue;
      }
    }
    switch (command) {
      case 'M':
      case 'm': {
        close();
        const [dx, dy] = [num(), num()];
        [x, y] = command === 'm' ? [x + dx, y + dy] : [dx, dy];
        ring.push([x, y]);
        command = command === 'm' ? 'l' : 'L';
        break;
      }
      case 'L':
      case 'l': {
        const [dx, dy] = [num(), num()];
        [x, y] = command === 'l' ? [x + dx, y + dy] : [dx, dy];
        ring.push([x, y]);
        break;
      }
      case 'H':
      case 'h':
        x = command === 'h' ? x + num() : num();
        ring.push([x, y]);
        break;
      case 'V':
      case 'v':
        y = command === 'v' ? y + num() : num();
        ring.push([x, y]);
        break;
      default:
        throw new Error(`outline: only M, L, H, V and Z are footprints ("${d}")`);
    }
  }
  close();
  return rings;
}

/** A plan point (pixels, y down) in metres east and north of the plan's origin. */
export function toMetres([px, py]: [number, number], frame: PlanFrame): Point {
  const r = px * frame.scale;
  const u = -py * frame.scale;
  const t = (frame.north * Math.PI) / 180;
  return { x: r * Math.cos(t) - u * Math.sin(t), y: r * Math.sin(t) + u * Math.cos(t) };
}

/** The footprints of an outline, in metres. */
export const footprints = (outline: string, frame: PlanFrame): Polygon[] => parsePath(outline).map((ring) => ring.map((p) => toMetres(p, frame)));

/** Unit vector of a compass bearing (degrees clockwise from north). */
export const bearingVector = (bearing: number): Point => ({ x: Math.sin((bearing * Math.PI) / 180), y: Math.cos((bearing * Math.PI) / 180) });

/** The bearing (0–360) of a vector. */
export const bearingOf = (v: Point): number => ((Math.atan2(v.x, v.y) * 180) / Math.PI + 360) % 360;

/**
 * Distance along the ray from `p` in direction `v` (unit) to where it first crosses the polygon's boundary, farther
 * than `from`; Infinity when it does not.
 */
export function rayEntry(p: Point, v: Point, poly: Polygon, from = 1e-6): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const det = v.x * -ey - v.y * -ex;
    if (Math.abs(det) < 1e-12) continue;
    const wx = a.x - p.x;
    const wy = a.y - p.y;
    const t = (wx * -ey - wy * -ex) / det;
    const s = (v.x * wy - v.y * wx) / det;
    if (t > from && s >= 0 && s <= 1 && t < best) best = t;
  }
  return best;
}

/** Signed area (positive counter-clockwise in the east/north frame). */
const signedArea = (poly: Polygon): number =>
  poly.reduce((sum, a, i) => sum + a.x * poly[(i + 1) % poly.length]!.y - poly[(i + 1) % poly.length]!.x * a.y, 0) / 2;

/** A point on a facade and the bearing its wall faces (outward normal). */
export type FacadePoint = { point: Point; facing: number };

/**
 * Where a window facing `side` (a bearing: 0 north, 90 east…) sits on a footprint, at `u` (0–1) of the way across the
 * footprint's extent along the facade (west to east for a north or south side, north to south for an east or west
 * one): the outermost boundary point in the side's direction on that line, with its wall's outward bearing.
 */
export function facadePoint(poly: Polygon, side: number, u: number): FacadePoint | null {
  const d = bearingVector(side);
  // Across the facade, in plan order: west to east along a north or south wall, north to south along an east or west one.
  const a = Math.abs(d.y) >= Math.abs(d.x) ? { x: 1, y: 0 } : { x: 0, y: -1 };
  const along = poly.map((q) => q.x * a.x + q.y * a.y);
  const lo = Math.min(...along);
  const hi = Math.max(...along);
  const t = lo + Math.min(0.999, Math.max(0.001, u)) * (hi - lo);
  const ccw = signedArea(poly) > 0;
  let best: FacadePoint | null = null;
  let bestDepth = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const pa = p.x * a.x + p.y * a.y;
    const qa = q.x * a.x + q.y * a.y;
    if ((pa - t) * (qa - t) > 0 || pa === qa) continue;
    const s = (t - pa) / (qa - pa);
    const point = { x: p.x + s * (q.x - p.x), y: p.y + s * (q.y - p.y) };
    const depth = point.x * d.x + point.y * d.y;
    if (depth <= bestDepth) continue;
    const ex = q.x - p.x;
    const ey = q.y - p.y;
    // Outward normal: to the right of the edge for a counter-clockwise ring, to the left for a clockwise one.
    const normal = ccw ? { x: ey, y: -ex } : { x: -ey, y: ex };
    bestDepth = depth;
    best = { point, facing: bearingOf(normal) };
  }
  return best;
}
