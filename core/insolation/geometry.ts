/**
 * The master plan in metres: building footprints (SVG path data in the genplan's pixels, `buildings.outline`) turned
 * into polygons in a frame of metres with x to the east and y to the north, from the plan's scale (metres per pixel)
 * and north (degrees clockwise from the plan's "up" to true north). Then the two questions the sun asks of them: where
 * a window sits on its building's facade, and how far along a ray the ray first meets a footprint.
 */

export type Point = { x: number; y: number };
export type Polygon = Point[];
export type PlanFrame = { scale: number; north: number };

/** Path data the footprints cannot be read from (a stray letter, a missing number): the caller skips that outline. */
export class OutlineError extends Error {
  override name = 'OutlineError';
}

/** Straight pieces a curve's segment is drawn with; an arc takes one per 22.5° of its sweep (at least two). */
const CURVE_STEPS = 8;
const ARC_STEP = Math.PI / 8;

/**
 * The polygons of SVG path data: every command of the SVG grammar, absolute or relative (M L H V Z C S Q T A),
 * curves and arcs flattened into short straight pieces (a rounded corner of an outline is a wall like another).
 * Throws an OutlineError when the data cannot be read.
 */
export function parsePath(d: string): [number, number][][] {
  const rings: [number, number][][] = [];
  let ring: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  /** The last curve's second control point (C/S) or control point (Q/T), for the S and T that reflect it. */
  let cubic: [number, number] | null = null;
  let quad: [number, number] | null = null;
  let i = 0;
  const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;
  const skip = () => {
    while (i < d.length && (d[i] === ',' || /\s/.test(d[i]!))) i++;
  };
  const num = (): number => {
    skip();
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(d);
    const v = m ? Number(m[0]) : Number.NaN;
    if (!m || !Number.isFinite(v)) throw new OutlineError(`outline: a number expected at ${i} of "${d.slice(0, 80)}"`);
    i += m[0].length;
    return v;
  };
  const flag = (): boolean => {
    skip();
    const c = d[i++];
    if (c !== '0' && c !== '1') throw new OutlineError(`outline: an arc flag (0 or 1) expected at ${i - 1} of "${d.slice(0, 80)}"`);
    return c === '1';
  };
  const close = () => {
    if (ring.length >= 3) rings.push(ring);
    ring = [];
  };
  const to = (px: number, py: number) => {
    if (!ring.length) ring.push([x, y]);
    ring.push([px, py]);
    x = px;
    y = py;
  };
  const bezier = (c1: [number, number], c2: [number, number], end: [number, number]) => {
    const [x0, y0] = [x, y];
    for (let k = 1; k <= CURVE_STEPS; k++) {
      const t = k / CURVE_STEPS;
      const s = 1 - t;
      const [a, b, c, e] = [s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t];
      if (k === CURVE_STEPS) to(end[0], end[1]);
      else to(a * x0 + b * c1[0] + c * c2[0] + e * end[0], a * y0 + b * c1[1] + c * c2[1] + e * end[1]);
    }
  };
  let command = '';
  for (skip(); i < d.length; skip()) {
    if (/[A-Za-z]/.test(d[i]!)) command = d[i++]!;
    else if (!command || command === 'Z' || command === 'z') throw new OutlineError(`outline: a command expected at ${i} of "${d.slice(0, 80)}"`);
    const rel = command === command.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const point = (): [number, number] => {
      const px = num();
      return [ox + px, oy + num()];
    };
    let nextCubic: [number, number] | null = null;
    let nextQuad: [number, number] | null = null;
    switch (command.toUpperCase()) {
      case 'M': {
        close();
        [x, y] = point();
        [startX, startY] = [x, y];
        ring.push([x, y]);
        // Pairs after a moveto are linetos.
        command = rel ? 'l' : 'L';
        break;
      }
      case 'Z':
        close();
        [x, y] = [startX, startY];
        break;
      case 'L':
        to(...point());
        break;
      case 'H':
        to(ox + num(), y);
        break;
      case 'V':
        to(x, oy + num());
        break;
      case 'C': {
        const [c1, c2, end] = [point(), point(), point()];
        bezier(c1, c2, end);
        nextCubic = c2;
        break;
      }
      case 'S': {
        const c1: [number, number] = cubic ? [2 * x - cubic[0], 2 * y - cubic[1]] : [x, y];
        const [c2, end] = [point(), point()];
        bezier(c1, c2, end);
        nextCubic = c2;
        break;
      }
      case 'Q':
      case 'T': {
        const c: [number, number] = command.toUpperCase() === 'Q' ? point() : quad ? [2 * x - quad[0], 2 * y - quad[1]] : [x, y];
        const end = point();
        // A quadratic curve is the cubic with control points two thirds of the way to its one.
        bezier([x + (2 / 3) * (c[0] - x), y + (2 / 3) * (c[1] - y)], [end[0] + (2 / 3) * (c[0] - end[0]), end[1] + (2 / 3) * (c[1] - end[1])], end);
        nextQuad = c;
        break;
      }
      case 'A': {
        const [rx, ry, rotation] = [num(), num(), num()];
        const [large, sweep] = [flag(), flag()];
        const end = point();
        for (const [px, py] of arcPoints([x, y], rx, ry, rotation, large, sweep, end)) to(px, py);
        break;
      }
      default:
        throw new OutlineError(`outline: unknown command "${command}" in "${d.slice(0, 80)}"`);
    }
    cubic = nextCubic;
    quad = nextQuad;
  }
  close();
  return rings;
}

/** An elliptical arc's points after its start, to its end (SVG 1.1 appendix F.6.5, the centre parameterisation). */
function arcPoints(
  [x1, y1]: [number, number],
  rx0: number,
  ry0: number,
  rotation: number,
  large: boolean,
  sweep: boolean,
  [x2, y2]: [number, number],
): [number, number][] {
  if (x1 === x2 && y1 === y2) return [];
  let rx = Math.abs(rx0);
  let ry = Math.abs(ry0);
  if (rx === 0 || ry === 0) return [[x2, y2]];
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const coef = (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (coef * rx * y1p) / ry;
  const cyp = (-coef * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = Math.max(2, Math.ceil(Math.abs(delta) / ARC_STEP));
  const out: [number, number][] = [];
  for (let k = 1; k < steps; k++) {
    const t = theta + (delta * k) / steps;
    out.push([cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos]);
  }
  out.push([x2, y2]);
  return out;
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
