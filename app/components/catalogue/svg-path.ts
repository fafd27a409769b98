/**
 * Where to put a label on an outline drawn as SVG path data (genplan buildings, plan lots): the bounding box
 * of the path's points and its centre. Curves count by their control points, which is close enough for a
 * badge and keeps this a few lines instead of a geometry library.
 */
export type Bounds = { x: number; y: number; width: number; height: number; cx: number; cy: number };

const COMMAND = /([MLHVCSQTAZmlhvcsqtaz])([^MLHVCSQTAZmlhvcsqtaz]*)/g;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;
/** Numbers per segment of each command (A: rx ry rotation large-arc sweep x y). */
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

export function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, letter = 'M', args = ''] of d.matchAll(COMMAND)) {
    const upper = letter.toUpperCase();
    const relative = letter !== upper;
    const numbers = (args.match(NUMBER) ?? []).map(Number);
    const arity = ARITY[upper] ?? 0;
    if (arity === 0) {
      x = startX;
      y = startY;
      continue;
    }
    for (let i = 0; i + arity <= numbers.length; i += arity) {
      const seg = numbers.slice(i, i + arity);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      if (upper === 'H') x = ox + seg[0]!;
      else if (upper === 'V') y = oy + seg[0]!;
      else if (upper === 'A') {
        x = ox + seg[5]!;
        y = oy + seg[6]!;
      } else {
        for (let j = 0; j + 1 < arity - 2; j += 2) points.push([ox + seg[j]!, oy + seg[j + 1]!]);
        x = ox + seg[arity - 2]!;
        y = oy + seg[arity - 1]!;
      }
      points.push([x, y]);
      if (upper === 'M' && i === 0) {
        startX = x;
        startY = y;
      }
    }
  }
  return points;
}

export function pathBounds(d: string): Bounds | null {
  const points = pathPoints(d);
  if (!points.length) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [px, py] of points) {
    minX = Math.min(minX, px);
    minY = Math.min(minY, py);
    maxX = Math.max(maxX, px);
    maxY = Math.max(maxY, py);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY, cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 };
}
