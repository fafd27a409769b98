import { between, circle, ellipse, line, linear, pick, polygon, radial, rect, seeded } from './svg.ts';
import { GLASS, GREENS, H, skyline, tower, W, type Scene } from './demo-scene-kit.ts';

/** The demo's flat (demo-scene-kit.ts): its living room, and its plan. */

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
