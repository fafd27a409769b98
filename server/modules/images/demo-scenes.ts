import { between, blurFilter, circle, ellipse, line, linear, pick, radial, rect, seeded } from './svg.ts';
import { clouds, GLASS, GREENS, H, sky, skyline, tower, tree, vignette, W, type Mode, type Scene } from './demo-scene-kit.ts';

/** The demo's views outside (demo-scene-kit.ts): the hero, a courtyard, the master plan and the landmark building. */

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
