import { between, blurFilter, circle, CANVAS, ellipse, line, linear, pick, polygon, radial, rect, seeded, type Rand } from './svg.ts';

/**
 * The demo developer's pictures, drawn as SVG: muted slate, stone and sky, warm lights in the windows.
 * Every scene is a pure function of its seed, so the generated originals are the same on every machine.
 */
export type Scene = { defs: string; body: string };
type Mode = 'day' | 'dusk';

const W = CANVAS.width;
const H = CANVAS.height;

const WARM_LIGHTS = ['#ffd89a', '#f7c274', '#ffe6b8', '#f2b15f', '#fbd08a'];
const GREENS = { day: ['#6f8a5e', '#7d9868', '#5e7a52', '#8aa375', '#718c62'], dusk: ['#2f3d33', '#364538', '#2a362e', '#3d4b3d', '#334036'] };

function sky(mode: Mode): { defs: string; body: string } {
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

function clouds(rand: Rand, count: number, mode: Mode): string {
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

function skyline(rand: Rand, horizon: number, color: string, opacity: number): string {
  let out = '';
  for (let x = -20; x < W;) {
    const w = between(rand, 40, 110);
    const h = between(rand, 40, 190);
    out += rect(x, horizon - h, w, h + 2, color);
    x += w + between(rand, -10, 14);
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

type Tower = {
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
function tower(t: Tower, mode: Mode, rand: Rand): string {
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

function windowFill(mode: Mode, rand: Rand, lit = 0.45, side = false): string {
  const r = rand();
  if (mode === 'dusk') return r < lit * (side ? 0.8 : 1) ? pick(rand, WARM_LIGHTS) : pick(rand, ['#1f2a3c', '#243147', '#2a364c']);
  if (r < 0.1) return '#e4e1da';
  if (r < 0.16) return '#54606c';
  return side ? 'url(#glassSide)' : 'url(#glass)';
}

const GLASS =
  linear('glass', [
    [0, '#9fb4c4'],
    [0.55, '#748a9c'],
    [1, '#5f7384'],
  ]) +
  linear('glassSide', [
    [0, '#7d90a0'],
    [1, '#55677a'],
  ]);

function tree(rand: Rand, cx: number, ground: number, size: number, mode: Mode): string {
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
function vignette(mode: Mode): string {
  return mode === 'dusk' ? rect(0, 0, W, H, 'url(#vignette)') : '';
}

/** Hero: three residential towers over a park, late morning. */
export function heroScene(): Scene {
  const rand = seeded(11);
  const s = sky('day');
  const ground = 760;
  let body = s.body + clouds(rand, 6, 'day') + skyline(rand, ground, '#aebcc7', 0.75);
  body += tower(
    { x: 1010, ground, width: 200, floors: 33, floorHeight: 19, cols: 6, side: 64, facade: '#c6ced5', sideFacade: '#9ea9b3', haze: 0.25 },
    'day',
    rand,
  );
  body += tower(
    { x: 250, ground, width: 230, floors: 27, floorHeight: 21, cols: 7, side: 72, facade: '#d9d2c7', sideFacade: '#b5ada1', balconies: true },
    'day',
    rand,
  );
  body += tower(
    { x: 640, ground, width: 270, floors: 22, floorHeight: 21, cols: 8, side: 84, facade: '#e8e3da', sideFacade: '#c3bbaf', balconies: true },
    'day',
    rand,
  );
  body += rect(0, ground, W, H - ground, 'url(#lawn)');
  body += `<path d="M 560 1000 C 700 900, 980 860, 1000 ${ground + 6} L 1050 ${ground + 6} C 1060 860, 880 930, 860 1000 Z" fill="#ddd5c7"/>`;
  for (let i = 0; i < 14; i += 1) body += tree(rand, between(rand, 0, W), between(rand, ground + 10, ground + 40), between(rand, 18, 30), 'day');
  body += tree(rand, 110, 990, 120, 'day') + tree(rand, 1490, 985, 130, 'day') + tree(rand, 1300, 960, 70, 'day') + tree(rand, 330, 950, 60, 'day');
  return {
    defs:
      s.defs +
      GLASS +
      linear('lawn', [
        [0, '#a3b18c'],
        [1, '#7d926d'],
      ]),
    body,
  };
}

/** Courtyard: the inner garden of a block, paths, a playground and a water feature. */
export function courtyardScene(): Scene {
  const rand = seeded(23);
  const s = sky('day');
  const ground = 600;
  let body = s.body + clouds(rand, 4, 'day');
  const facades = ['#e3ddd2', '#d3cbbd', '#cfd5da', '#e8e2d8'];
  for (let i = 0; i < 4; i += 1) {
    body += tower(
      {
        x: 150 + i * 330,
        ground,
        width: 330,
        floors: 9,
        floorHeight: 28,
        cols: 9,
        side: 0,
        facade: pick(rand, facades),
        sideFacade: '#b9b1a4',
        balconies: i % 2 === 0,
      },
      'day',
      rand,
    );
  }
  body += tower(
    { x: -60, ground: 720, width: 250, floors: 12, floorHeight: 44, cols: 5, side: 0, facade: '#cfc7ba', sideFacade: '#aba294', balconies: true },
    'day',
    rand,
  );
  body += tower({ x: 1410, ground: 720, width: 260, floors: 12, floorHeight: 44, cols: 5, side: 0, facade: '#c9d0d6', sideFacade: '#a2acb5' }, 'day', rand);
  body += rect(0, ground, W, H - ground, 'url(#lawn)');
  body += `<path d="M 0 ${ground + 160} C 400 ${ground + 60}, 1200 ${ground + 60}, 1600 ${ground + 170} L 1600 ${ground + 230} C 1200 ${ground + 120}, 400 ${ground + 120}, 0 ${ground + 230} Z" fill="#ddd5c7"/>`;
  body += `<path d="M 720 1000 C 760 880, 800 760, 790 ${ground + 20} L 830 ${ground + 20} C 850 760, 900 880, 980 1000 Z" fill="#e2dbce"/>`;
  body +=
    ellipse(800, ground + 150, 150, 34, '#d5ccbd') +
    ellipse(800, ground + 150, 118, 24, '#a6c3d0') +
    ellipse(780, ground + 145, 40, 6, '#d9e8ee', 'opacity="0.8"');
  body += ellipse(1180, ground + 300, 210, 60, '#c4937a') + ellipse(1180, ground + 300, 180, 46, '#cf9f86');
  for (const [x, h] of [
    [1110, 70],
    [1230, 90],
  ] as const)
    body += line(x, ground + 300, x, ground + 300 - h, '#5d6b78', 5) + rect(x - 30, ground + 300 - h, 60, 6, '#6d7b88');
  for (let i = 0; i < 5; i += 1) body += rect(300 + i * 230, ground + 118, 60, 9, '#7b6a5a') + rect(300 + i * 230, ground + 104, 60, 5, '#8d7b69');
  // Trees from back to front, so nearer ones overlap farther ones and grow with distance from the horizon.
  const trees: [number, number][] = [];
  for (let i = 0; i < 26; i += 1) trees.push([between(rand, 0, W), between(rand, ground + 15, H - 20)]);
  trees.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of trees) if (Math.abs(x - 800) > 120 || y > ground + 260) body += tree(rand, x, y, 14 + ((y - ground) / (H - ground)) * 80, 'day');
  return {
    defs:
      s.defs +
      GLASS +
      linear('lawn', [
        [0, '#9fae89'],
        [1, '#738a64'],
      ]),
    body,
  };
}

/** Interior: a living room facing a floor-to-ceiling window over the city. */
export function interiorScene(): Scene {
  const rand = seeded(37);
  const defs =
    linear('wall', [
      [0, '#ece7df'],
      [1, '#ddd5c9'],
    ]) +
    linear('floor', [
      [0, '#a8835d'],
      [1, '#7f6044'],
    ]) +
    linear('view', [
      [0, '#9dbbd2'],
      [0.7, '#dde5e8'],
      [1, '#efe8dc'],
    ]) +
    linear('light', [
      [0, '#fff6e0', 0.55],
      [1, '#fff6e0', 0],
    ]) +
    radial('lamp', [
      [0, '#ffe2a8', 0.9],
      [1, '#ffe2a8', 0],
    ]) +
    GLASS;
  const back = { x0: 220, y0: 60, x1: 1380, y1: 760 };
  let body = polygon(
    [
      [0, 0],
      [W, 0],
      [back.x1, back.y0],
      [back.x0, back.y0],
    ],
    '#f3efe9',
  );
  body +=
    polygon(
      [
        [0, 0],
        [back.x0, back.y0],
        [back.x0, back.y1],
        [0, H],
      ],
      '#d8cfc2',
    ) +
    polygon(
      [
        [W, 0],
        [back.x1, back.y0],
        [back.x1, back.y1],
        [W, H],
      ],
      '#cfc6b8',
    );
  body += rect(back.x0, back.y0, back.x1 - back.x0, back.y1 - back.y0, 'url(#wall)');
  body += polygon(
    [
      [0, H],
      [back.x0, back.y1],
      [back.x1, back.y1],
      [W, H],
    ],
    'url(#floor)',
  );
  for (let i = -8; i <= 8; i += 1) body += line(800 + i * 70, back.y1, 800 + i * 200, H, '#6e523a', 1.5, 'opacity="0.35"');
  // The window and the city beyond it.
  const win = { x: 400, y: 120, w: 800, h: 590 };
  let view = rect(win.x, win.y, win.w, win.h, 'url(#view)');
  view += skyline(rand, win.y + win.h - 110, '#a9b7c3', 0.8);
  view += tower(
    { x: 520, ground: win.y + win.h - 60, width: 120, floors: 20, floorHeight: 16, cols: 5, side: 34, facade: '#cfd6dc', sideFacade: '#a6b1ba', haze: 0.3 },
    'day',
    rand,
  );
  view += tower(
    { x: 900, ground: win.y + win.h - 60, width: 150, floors: 16, floorHeight: 17, cols: 6, side: 40, facade: '#dcd5ca', sideFacade: '#b8b0a3', haze: 0.25 },
    'day',
    rand,
  );
  view += rect(win.x, win.y + win.h - 60, win.w, 60, '#8fa07e');
  body += `<clipPath id="pane">${rect(win.x, win.y, win.w, win.h, '#000')}</clipPath><g clip-path="url(#pane)">${view}</g>`;
  body += `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" fill="none" stroke="#3f4651" stroke-width="14"/>`;
  for (const x of [win.x + win.w / 3, win.x + (2 * win.w) / 3]) body += line(x, win.y, x, win.y + win.h, '#3f4651', 8);
  body += line(win.x, win.y + win.h - 150, win.x + win.w, win.y + win.h - 150, '#3f4651', 6);
  body += polygon(
    [
      [win.x, back.y1],
      [win.x + win.w, back.y1],
      [win.x + win.w + 260, H],
      [win.x - 120, H],
    ],
    'url(#light)',
  );
  // Furniture: rug, sofa, table, plant, lamp.
  body +=
    polygon(
      [
        [360, 800],
        [1240, 800],
        [1420, 975],
        [180, 975],
      ],
      '#d7cfc2',
    ) +
    polygon(
      [
        [400, 812],
        [1200, 812],
        [1360, 960],
        [240, 960],
      ],
      '#cec4b5',
    );
  body += ellipse(800, 770, 330, 18, '#2b2622', 'opacity="0.25"');
  body += rect(500, 600, 600, 110, '#7d8894', 'rx="22"') + rect(470, 680, 660, 90, '#6f7a86', 'rx="18"');
  for (let i = 0; i < 3; i += 1) body += rect(530 + i * 185, 615, 170, 80, '#8a95a1', 'rx="16"');
  body += rect(440, 640, 70, 130, '#66717d', 'rx="18"') + rect(1090, 640, 70, 130, '#66717d', 'rx="18"');
  body += rect(555, 632, 90, 60, '#c9a27e', 'rx="12" opacity="0.9"');
  body +=
    ellipse(800, 880, 200, 34, '#3a3430', 'opacity="0.22"') +
    rect(620, 830, 360, 18, '#4a403a', 'rx="6"') +
    line(650, 848, 650, 890, '#3b332e', 6) +
    line(950, 848, 950, 890, '#3b332e', 6);
  body += rect(690, 812, 60, 18, '#e9e4dc', 'rx="3"') + circle(890, 818, 14, '#5e7a52');
  body += rect(262, 700, 70, 80, '#b7a795', 'rx="8"');
  for (let i = 0; i < 14; i += 1)
    body += ellipse(
      297 + between(rand, -60, 60),
      640 + between(rand, -90, 40),
      16,
      46,
      pick(rand, GREENS.day),
      `transform="rotate(${Math.round(between(rand, -50, 50))} 297 700)"`,
    );
  body += line(800, 0, 800, 180, '#3f4651', 2) + ellipse(800, 200, 70, 26, '#3f4651') + ellipse(800, 212, 160, 90, 'url(#lamp)');
  body +=
    line(1300, 520, 1300, 860, '#3f4651', 5) +
    ellipse(1300, 860, 40, 8, '#3f4651') +
    polygon(
      [
        [1262, 470],
        [1338, 470],
        [1360, 530],
        [1240, 530],
      ],
      '#efe3cf',
    ) +
    circle(1300, 520, 150, 'url(#lamp)');
  return { defs, body };
}

/** Master plan: the district from above, blocks with courtyards, parks, a river and the project site. */
export function masterplanScene(): Scene {
  const rand = seeded(41);
  const defs =
    linear('land', [
      [0, '#e6e1d5'],
      [1, '#dcd6c8'],
    ]) + blurFilter('shade', 4, [0, 0, W, 760]);
  let body = rect(0, 0, W, H, 'url(#land)');
  body += `<path d="M -50 820 C 300 700, 520 930, 860 850 S 1400 700, 1700 780" stroke="#9fbfcf" stroke-width="110" fill="none"/>`;
  body += `<path d="M -50 820 C 300 700, 520 930, 860 850 S 1400 700, 1700 780" stroke="#b6d0db" stroke-width="70" fill="none"/>`;
  const cols = [60, 330, 600, 870, 1140, 1410];
  const rows = [50, 290, 530];
  for (const x of [310, 580, 850, 1120, 1390]) body += rect(x, 0, 20, 700, '#cbc5b8');
  for (const y of [270, 510]) body += rect(0, y, W, 20, '#cbc5b8');
  body += rect(0, 700, W, 26, '#bdb7a9');
  let shadows = '';
  let blocks = '';
  cols.forEach((x, ci) =>
    rows.forEach((y, ri) => {
      const park = (ci === 2 && ri === 1) || (ci === 4 && ri === 0);
      const project = ci >= 3 && ci <= 4 && ri >= 1;
      if (park) {
        blocks += rect(x, y, 230, 200, '#a7bb92', 'rx="14"');
        blocks += `<path d="M ${x + 10} ${y + 190} C ${x + 80} ${y + 100}, ${x + 150} ${y + 120}, ${x + 220} ${y + 10}" stroke="#e3dccd" stroke-width="8" fill="none"/>`;
        for (let i = 0; i < 40; i += 1)
          blocks += circle(x + between(rand, 14, 216), y + between(rand, 14, 186), between(rand, 7, 13), pick(rand, GREENS.day), 'opacity="0.95"');
        return;
      }
      const roof = project ? pick(rand, ['#c98b6b', '#d19a7b', '#bf826a']) : pick(rand, ['#d3cdc2', '#c8c1b4', '#dad4c9', '#bfb8ab']);
      const outer = { x: x + 10, y: y + 10, w: 210, h: 180 };
      const inner = { x: outer.x + 44, y: outer.y + 44, w: outer.w - 88, h: outer.h - 88 };
      shadows += rect(outer.x + 12, outer.y + 12, outer.w, outer.h, '#6c6458');
      blocks += rect(outer.x, outer.y, outer.w, outer.h, roof);
      blocks += rect(inner.x, inner.y, inner.w, inner.h, '#a9bd95');
      for (let i = 0; i < 5; i += 1)
        blocks += circle(inner.x + between(rand, 10, inner.w - 10), inner.y + between(rand, 10, inner.h - 10), 8, pick(rand, GREENS.day));
      if (rand() < 0.5) blocks += rect(outer.x + outer.w * 0.55, outer.y - 2, 40, 60, project ? '#b87659' : '#b3ab9d');
    }),
  );
  // Building shadows share one blur, drawn under every block.
  body += `<g filter="url(#shade)" opacity="0.35">${shadows}</g>` + blocks;
  body += `<rect x="856" y="278" width="540" height="440" fill="none" stroke="#9a4f36" stroke-width="6" stroke-dasharray="22 12" rx="8"/>`;
  for (let i = 0; i < 60; i += 1) body += circle(between(rand, 0, W), between(rand, 900, 1000), between(rand, 8, 14), pick(rand, GREENS.day));
  return { defs, body };
}

/**
 * The same building twice, for the render-versus-photo slider: a clean daytime render, and a
 * dusk "photograph" with lit windows, street lights and a vignette (grain is added after rendering).
 */
export function landmarkScene(mode: Mode): Scene {
  const rand = seeded(53);
  const s = sky(mode);
  const ground = 820;
  const dusk = mode === 'dusk';
  const p = dusk
    ? { facade: '#747a86', side: '#565d6a', wing: '#6c717c', wingSide: '#515763', plaza: '#4d4c52', lawn: '#2e3a31' }
    : { facade: '#e4ded4', side: '#bfb7aa', wing: '#d7d0c4', wingSide: '#b3ab9e', plaza: '#d3ccbf', lawn: '#8fa27b' };
  let body = s.body + clouds(rand, 5, mode) + skyline(rand, ground, dusk ? '#3b4460' : '#b4c1cb', dusk ? 0.9 : 0.7);
  body += tower(
    { x: 140, ground, width: 420, floors: 9, floorHeight: 28, cols: 12, side: 0, facade: p.wing, sideFacade: p.wingSide, balconies: true, lit: 0.55 },
    mode,
    rand,
  );
  body += tower({ x: 1010, ground, width: 440, floors: 7, floorHeight: 28, cols: 12, side: 0, facade: p.wing, sideFacade: p.wingSide, lit: 0.5 }, mode, rand);
  body += tower(
    { x: 580, ground, width: 320, floors: 25, floorHeight: 26, cols: 8, side: 110, facade: p.facade, sideFacade: p.side, balconies: true, lit: 0.6 },
    mode,
    rand,
  );
  body += rect(0, ground, W, H - ground, p.plaza);
  for (let i = 0; i < 18; i += 1) body += line(i * 100 - 40, H, 800 + (i - 9) * 30, ground, dusk ? '#5a5960' : '#c4bcae', 2, 'opacity="0.6"');
  body += rect(0, ground + 60, W, 40, p.lawn);
  for (let i = 0; i < 9; i += 1) body += tree(rand, 80 + i * 185, ground + 95, 44, mode);
  for (let i = 0; i < 6; i += 1) {
    const x = 160 + i * 260;
    body += line(x, H - 40, x, ground + 20, dusk ? '#22252b' : '#4b5563', 6) + rect(x - 16, ground + 14, 32, 10, dusk ? '#2b2f36' : '#4b5563');
    if (dusk) body += circle(x, ground + 30, 90, 'url(#streetlight)') + circle(x, ground + 26, 8, '#fff2d0');
  }
  const defs =
    s.defs +
    GLASS +
    radial('streetlight', [
      [0, '#ffd58f', 0.75],
      [1, '#ffd58f', 0],
    ]) +
    radial(
      'vignette',
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.55],
      ],
      0.5,
      0.5,
      0.75,
    );
  return { defs, body: body + vignette(mode) };
}

/** A two-room flat as an architectural plan: walls, windows, doors and furniture, on white. */
export function floorPlanScene(): Scene {
  const wall = '#2f3640';
  const thin = (x1: number, y1: number, x2: number, y2: number) => line(x1, y1, x2, y2, '#9aa3ad', 3, 'stroke-linecap="round"');
  const door = (x: number, y: number, r: number, sweep: string) =>
    `<path d="${sweep}" fill="none" stroke="#7b8590" stroke-width="2.5"/>` + line(x, y, x + r, y, '#7b8590', 2.5);
  let body = rect(0, 0, W, H, '#ffffff');
  body += rect(200, 120, 1200, 760, '#f5f2ed');
  body += rect(200, 120, 520, 420, '#efe9df') + rect(720, 120, 680, 420, '#f3efe8') + rect(1020, 540, 380, 340, '#eae6df');
  body += `<pattern id="hatch" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="16" stroke="#c9c2b6" stroke-width="3"/></pattern>`;
  body += rect(200, 880, 600, 90, 'url(#hatch)') + `<rect x="200" y="880" width="600" height="90" fill="none" stroke="${wall}" stroke-width="6"/>`;
  body += `<path d="M 200 120 H 1400 V 880 H 200 Z" fill="none" stroke="${wall}" stroke-width="22" stroke-linejoin="miter"/>`;
  for (const [x1, y1, x2, y2] of [
    [720, 120, 720, 440],
    [720, 520, 720, 880],
    [200, 540, 600, 540],
    [680, 540, 1020, 540],
    [1020, 540, 1020, 700],
    [1020, 780, 1020, 880],
    [1100, 540, 1400, 540],
  ] as const) {
    body += line(x1, y1, x2, y2, wall, 12);
  }
  for (const [x, y, w] of [
    [330, 120, 260],
    [880, 120, 380],
    [1400, 640, 0],
    [300, 880, 0],
  ] as const) {
    if (w) body += rect(x, y - 11, w, 22, '#ffffff') + line(x, y - 5, x + w, y - 5, '#6b8ba3', 3) + line(x, y + 5, x + w, y + 5, '#6b8ba3', 3);
  }
  body += rect(1389, 620, 22, 180, '#ffffff') + line(1395, 620, 1395, 800, '#6b8ba3', 3) + line(1405, 620, 1405, 800, '#6b8ba3', 3);
  body += rect(400, 869, 240, 22, '#ffffff') + line(400, 875, 640, 875, '#6b8ba3', 3) + line(400, 885, 640, 885, '#6b8ba3', 3);
  body += door(720, 440, 80, 'M 800 440 A 80 80 0 0 1 720 520') + door(600, 540, 80, 'M 680 540 A 80 80 0 0 0 600 460');
  body += door(1020, 700, 80, 'M 1100 700 A 80 80 0 0 1 1020 780') + door(1020, 540, 80, 'M 1100 540 A 80 80 0 0 0 1020 460');
  // Furniture in thin lines: bed, wardrobe, sofa, table, kitchen, bath.
  body += `<g fill="none" stroke="#9aa3ad" stroke-width="3">`;
  body += `<rect x="300" y="200" width="260" height="300" rx="8"/><rect x="320" y="215" width="100" height="60" rx="10"/><rect x="440" y="215" width="100" height="60" rx="10"/>`;
  body += `<rect x="230" y="420" width="60" height="100"/><rect x="610" y="150" width="90" height="240"/>`;
  body += `<rect x="780" y="420" width="300" height="90" rx="12"/><rect x="1120" y="180" width="240" height="150" rx="8"/>`;
  body += `<rect x="800" y="150" width="200" height="120" rx="6"/>`;
  body += `<rect x="240" y="580" width="60" height="280"/><rect x="320" y="780" width="320" height="70"/><circle cx="480" cy="690" r="70"/>`;
  body += `<rect x="1060" y="580" width="140" height="260" rx="30"/><rect x="1260" y="580" width="110" height="70" rx="10"/><ellipse cx="1315" cy="800" rx="40" ry="52"/>`;
  body += `</g>`;
  body += thin(760, 560, 1000, 560);
  return { defs: '', body };
}
