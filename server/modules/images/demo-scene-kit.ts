import { between, blurFilter, CANVAS, circle, ellipse, linear, pick, polygon, radial, rect, type Rand } from './svg.ts';

/**
 * The demo developer's pictures, drawn as SVG: muted slate, stone and sky, warm lights in the windows.
 * Every scene is a pure function of its seed, so the generated originals are the same on every machine. Here what
 * the scenes share (sky, skyline, towers, trees); the views outside in demo-scenes.ts, the flat in demo-interior.ts.
 */
export type Scene = { defs: string; body: string };
export type Mode = 'day' | 'dusk';

export const W = CANVAS.width;
export const H = CANVAS.height;

export const WARM_LIGHTS = ['#ffd89a', '#f7c274', '#ffe6b8', '#f2b15f', '#fbd08a'];
export const GREENS = { day: ['#6f8a5e', '#7d9868', '#5e7a52', '#8aa375', '#718c62'], dusk: ['#2f3d33', '#364538', '#2a362e', '#3d4b3d', '#334036'] };

export function sky(mode: Mode): { defs: string; body: string } {
  const stops: [number, string][] =
    mode === 'day'
      ? [
          [0, '#7fa6c6'],
          [0.45, '#b9cfdf'],
          [0.75, '#e3e4df'],
          [1, '#efe7da'],
        ]
      : [
          [0, '#17203a'],
          [0.35, '#2f3c63'],
          [0.62, '#7a5e78'],
          [0.8, '#c9805f'],
          [1, '#eaa864'],
        ];
  const glow =
    mode === 'day'
      ? radial('sun', [
          [0, '#fff8e8', 0.9],
          [0.4, '#fff3dc', 0.35],
          [1, '#fff3dc', 0],
        ])
      : radial('sun', [
          [0, '#ffc27a', 0.7],
          [1, '#ffb060', 0],
        ]);
  return {
    defs: linear('sky', stops) + glow + blurFilter('soft', 9, [0, 0, W, 400]),
    body: rect(0, 0, W, H, 'url(#sky)') + (mode === 'day' ? circle(1260, 170, 360, 'url(#sun)') : ellipse(1100, 760, 900, 260, 'url(#sun)')),
  };
}

export function clouds(rand: Rand, count: number, mode: Mode): string {
  const fill = mode === 'day' ? '#ffffff' : '#d9a58a';
  let puffs = '';
  for (let i = 0; i < count; i += 1) {
    const cx = between(rand, 60, W - 60);
    const cy = between(rand, 60, 330);
    const size = between(rand, 50, 120);
    for (let j = 0; j < 6; j += 1)
      puffs += ellipse(
        cx + between(rand, -1.6, 1.6) * size,
        cy + between(rand, -0.25, 0.25) * size,
        size * between(rand, 0.6, 1.1),
        size * between(rand, 0.28, 0.45),
        fill,
      );
  }
  // One filtered group: a Gaussian blur per cloud would cost a full-canvas pass each.
  return `<g filter="url(#soft)" opacity="${mode === 'day' ? 0.55 : 0.3}">${puffs}</g>`;
}

export function skyline(rand: Rand, horizon: number, color: string, opacity: number): string {
  let out = '';
  for (let x = -20; x < W;) {
    const w = between(rand, 40, 110);
    const h = between(rand, 40, 190);
    out += rect(x, horizon - h, w, h + 2, color);
    x += w + between(rand, -10, 14);
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

export type Tower = {
  x: number;
  ground: number;
  width: number;
  floors: number;
  floorHeight: number;
  cols: number;
  side: number;
  facade: string;
  sideFacade: string;
  balconies?: boolean;
  haze?: number;
  hazeColor?: string;
  lit?: number;
};

/** A residential block in two-face perspective: a front elevation and a receding side, windows on both. */
export function tower(t: Tower, mode: Mode, rand: Rand): string {
  const h = t.floors * t.floorHeight;
  const top = t.ground - h;
  const drop = t.side * 0.22;
  const rise = t.side * 0.06;
  // Side face corners: left edge is the front face's right edge; the far edge recedes toward the horizon.
  const sidePoint = (u: number, v: number): [number, number] => [
    t.x + t.width + u * t.side,
    t.ground - u * rise + v * (top + u * drop - (t.ground - u * rise)),
  ];
  let out = '';
  if (t.side > 0) out += polygon([sidePoint(0, 0), sidePoint(0, 1), sidePoint(1, 1), sidePoint(1, 0)], t.sideFacade);
  out += rect(t.x, top, t.width, h, t.facade);

  const margin = t.width * 0.05;
  const cell = (t.width - margin * 2) / t.cols;
  const sideCols = t.side > 0 ? Math.max(2, Math.round(t.side / cell)) : 0;
  for (let f = 1; f < t.floors; f += 1) {
    const y = t.ground - (f + 1) * t.floorHeight + t.floorHeight * 0.2;
    const wh = t.floorHeight * 0.6;
    for (let c = 0; c < t.cols; c += 1) out += rect(t.x + margin + c * cell + cell * 0.12, y, cell * 0.76, wh, windowFill(mode, rand, t.lit));
    for (let c = 0; c < sideCols; c += 1) {
      const u0 = (c + 0.18) / sideCols;
      const u1 = (c + 0.82) / sideCols;
      const v0 = (t.ground - y - wh) / h;
      const v1 = (t.ground - y) / h;
      out += polygon([sidePoint(u0, v0), sidePoint(u0, v1), sidePoint(u1, v1), sidePoint(u1, v0)], windowFill(mode, rand, t.lit, true));
    }
    if (t.balconies) {
      const slab = t.ground - f * t.floorHeight;
      out += rect(t.x - 5, slab - 3, t.width + 10, 3.5, mode === 'day' ? '#f1eee9' : '#8d8f96');
      out += rect(t.x - 5, slab - t.floorHeight * 0.32, t.width + 10, t.floorHeight * 0.32 - 3, mode === 'day' ? '#dce6ec' : '#3b4658', 'opacity="0.35"');
    }
  }
  // Ground floor: lobby and shops, glazed and lit.
  out += rect(t.x + margin, t.ground - t.floorHeight * 0.95, t.width - margin * 2, t.floorHeight * 0.85, mode === 'day' ? '#5d6b78' : '#f3c47e');
  out += rect(t.x + t.width * 0.18, top - t.floorHeight * 0.9, t.width * 0.64, t.floorHeight * 0.9, t.sideFacade);
  if (t.haze) {
    // Atmospheric perspective: distant buildings fade toward the sky's colour.
    const veil = t.hazeColor ?? '#dfe6ea';
    out += rect(t.x, top - t.floorHeight, t.width, h + t.floorHeight, veil, `opacity="${t.haze}"`);
    if (t.side > 0) out += polygon([sidePoint(0, 0), sidePoint(0, 1.05), sidePoint(1, 1.05), sidePoint(1, 0)], veil, `opacity="${t.haze}"`);
  }
  return out;
}

export function windowFill(mode: Mode, rand: Rand, lit = 0.45, side = false): string {
  const r = rand();
  if (mode === 'dusk') return r < lit * (side ? 0.8 : 1) ? pick(rand, WARM_LIGHTS) : pick(rand, ['#1f2a3c', '#243147', '#2a364c']);
  if (r < 0.1) return '#e4e1da';
  if (r < 0.16) return '#54606c';
  return side ? 'url(#glassSide)' : 'url(#glass)';
}

export const GLASS =
  linear('glass', [
    [0, '#9fb4c4'],
    [0.55, '#748a9c'],
    [1, '#5f7384'],
  ]) +
  linear('glassSide', [
    [0, '#7d90a0'],
    [1, '#55677a'],
  ]);

export function tree(rand: Rand, cx: number, ground: number, size: number, mode: Mode): string {
  const greens = GREENS[mode];
  let out = ellipse(cx, ground, size * 0.9, size * 0.16, '#1f2a22', 'opacity="0.25"');
  out += rect(cx - size * 0.06, ground - size * 1.25, size * 0.12, size * 1.25, mode === 'day' ? '#5b4a3c' : '#2b231d');
  const crownY = ground - size * 1.65;
  for (let i = 0; i < 7; i += 1) {
    out += circle(cx + between(rand, -0.55, 0.55) * size, crownY + between(rand, -0.45, 0.35) * size, size * between(rand, 0.42, 0.62), pick(rand, greens));
  }
  out += ellipse(cx - size * 0.18, crownY - size * 0.25, size * 0.32, size * 0.22, mode === 'day' ? '#a4b98d' : '#4a5a48', 'opacity="0.6"');
  return out;
}

/** Darkened corners, as a camera lens gives them; renders stay even. */
export function vignette(mode: Mode): string {
  return mode === 'dusk' ? rect(0, 0, W, H, 'url(#vignette)') : '';
}
