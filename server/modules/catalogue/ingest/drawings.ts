/**
 * The catalogue's views of a project, drawn as SVG in the site's muted palette (drawing-kit.ts): master plans with
 * building outlines, facades with floor bands, project covers and construction progress. Pure functions of the
 * blueprints; media.ts rasterises them (the image proxy refuses SVG). Floor and lot plans: plan-drawings.ts.
 */
import { circle, line, polygon, rect, seeded, type Rand } from '../../images/index.ts';
import type { BuildingBlueprint, ProjectBlueprint } from './demo-blueprint.ts';
import { compass, PALETTE, svg, text } from './drawing-kit.ts';
import { buildingProgress } from './demo-progress.ts';
import { facadeBands, FACADE_SIZE, GENPLAN_SIZE } from './geometry.ts';

function tree(rand: Rand, x: number, y: number, r: number): string {
  const tone = [PALETTE.greenDark, '#7d9a6d', '#9cb487'][Math.floor(rand() * 3)]!;
  return circle(x + 3, y + 4, r, '#6c6458', 'opacity="0.18"') + circle(x, y, r, tone);
}

// ---------------------------------------------------------------------------------------------------
// Master plan
// ---------------------------------------------------------------------------------------------------

export function genplanSvg(bp: ProjectBlueprint): string {
  const rand = seeded(bp.slug.length * 97 + 11);
  const { width: W, height: H } = GENPLAN_SIZE;
  let body = rect(0, 0, W, H, PALETTE.sand);
  // Streets around the plot and a footpath grid.
  body += rect(0, 0, W, 44, '#ddd5c5') + rect(0, 0, 44, H, '#ddd5c5') + rect(W - 44, 0, 44, H, '#ddd5c5');
  body += line(44, 22, W - 44, 22, '#ffffff', 3, 'stroke-dasharray="26 18"');
  if (bp.scenery.river) {
    body += `<path d="M -20 900 C 300 840, 620 960, 980 900 S 1450 850, 1620 890 L 1620 1020 L -20 1020 Z" fill="${PALETTE.water}"/>`;
    body += `<path d="M -20 900 C 300 840, 620 960, 980 900 S 1450 850, 1620 890" fill="none" stroke="#e9e2d3" stroke-width="14"/>`;
  } else body += rect(0, H - 44, W, 44, '#ddd5c5');
  const [px, py, pw, ph] = bp.scenery.park;
  body += rect(px, py, pw, ph, PALETTE.green, 'rx="28"');
  body += `<path d="M ${px + 20} ${py + ph - 30} C ${px + pw * 0.3} ${py + ph * 0.4}, ${px + pw * 0.6} ${py + ph * 0.7}, ${px + pw - 20} ${py + 30}" fill="none" stroke="#e9e2d3" stroke-width="10"/>`;
  for (let i = 0; i < Math.round((pw * ph) / 2600); i += 1) body += tree(rand, px + 16 + rand() * (pw - 32), py + 16 + rand() * (ph - 32), 9 + rand() * 7);
  if (bp.scenery.school) {
    const [sx, sy, sw, sh] = bp.scenery.school;
    body += rect(sx, sy, sw, sh, '#e7dccb', `rx="18" stroke="${PALETTE.sandDark}" stroke-width="4"`);
    body += rect(sx + 24, sy + 24, sw * 0.45, sh * 0.4, '#cfc3ae', 'rx="6"');
    body += rect(sx + sw * 0.55, sy + sh * 0.45, sw * 0.38, sh * 0.45, '#b9c9a6', `rx="10" stroke="#ffffff" stroke-width="3"`);
  }
  // Courtyard walks between the buildings.
  for (let i = 0; i < 3; i += 1) body += line(60 + i * 500, 120 + i * 40, 560 + i * 480, 820 - i * 60, '#e6dfcf', 16, 'stroke-linecap="round"');
  for (let i = 0; i < 26; i += 1) body += tree(rand, 70 + rand() * (W - 140), 70 + rand() * (H - 160), 8 + rand() * 6);
  let shadows = '';
  let blocks = '';
  for (const [i, b] of bp.buildings.entries()) {
    shadows += polygon(
      b.outline.map(([x, y]) => [x + 14, y + 14]),
      '#6c6458',
      'opacity="0.22"',
    );
    blocks += polygon(b.outline, bp.palette.accent, `stroke="#ffffff" stroke-width="6" stroke-linejoin="round"`);
    const cx = b.outline.reduce((a, [x]) => a + x, 0) / b.outline.length;
    const cy = b.outline.reduce((a, [, y]) => a + y, 0) / b.outline.length;
    blocks += circle(cx, cy, 30, '#ffffff') + text(cx, cy + 1, String(i + 1), 30, PALETTE.ink, 'font-weight="bold"');
  }
  return svg(GENPLAN_SIZE, body + shadows + blocks + compass(W - 90, H - 110));
}

// ---------------------------------------------------------------------------------------------------
// Facades, covers and construction progress
// ---------------------------------------------------------------------------------------------------

type Elevation = {
  x: number;
  ground: number;
  width: number;
  floors: number;
  floorHeight: number;
  sections: number;
  commercial: boolean;
  facade: string;
  accent: string;
  built?: number;
};

/** A building seen from the front: floor slabs, windows per section, shop windows on a commercial ground floor. */
function elevation(e: Elevation, rand: Rand): string {
  const built = e.built ?? e.floors;
  const top = e.ground - built * e.floorHeight;
  const sectionWidth = e.width / e.sections;
  let body = '';
  for (let s = 0; s < e.sections; s += 1) {
    const x = e.x + s * sectionWidth;
    const tone = s % 2 ? e.facade : shade(e.facade, -6);
    body += rect(x, top, sectionWidth, built * e.floorHeight, tone);
    const cols = Math.max(3, Math.round(sectionWidth / 58));
    const cw = sectionWidth / cols;
    for (let f = 1; f <= built; f += 1) {
      const y = e.ground - f * e.floorHeight;
      if (f === 1 && e.commercial) {
        for (let c = 0; c < cols; c += 2) body += rect(x + c * cw + 6, y + 6, cw * 1.6, e.floorHeight - 8, PALETTE.glassDark, 'rx="2"');
        continue;
      }
      if (e.built !== undefined && f > built - 2) continue;
      for (let c = 0; c < cols; c += 1) {
        const wx = x + c * cw + cw * 0.22;
        const lit = rand() < 0.12;
        body += rect(wx, y + e.floorHeight * 0.2, cw * 0.56, e.floorHeight * 0.6, lit ? '#e9d9b4' : PALETTE.glass);
        if (c % 3 === 1 && f > 1) body += rect(wx - cw * 0.12, y + e.floorHeight * 0.78, cw * 0.8, e.floorHeight * 0.08, shade(e.facade, -28));
      }
    }
    body += line(x, top, x, e.ground, shade(e.facade, -18), 2);
  }
  for (let f = 1; f < built; f += 1) body += line(e.x, e.ground - f * e.floorHeight, e.x + e.width, e.ground - f * e.floorHeight, shade(e.facade, -14), 1.5);
  if (e.built === undefined || e.built >= e.floors) body += rect(e.x - 6, top - 10, e.width + 12, 12, e.accent);
  return body;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, v + amount));
  return `#${[c(n >> 16), c((n >> 8) & 255), c(n & 255)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function sky(width: number, height: number, id: string, dusty = false): { defs: string; body: string } {
  const defs = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dusty ? '#dfe4e6' : '#d9ebe6'}"/><stop offset="1" stop-color="${PALETTE.paper}"/></linearGradient>`;
  return { defs, body: rect(0, 0, width, height, `url(#${id})`) };
}

export function facadeSvg(bp: ProjectBlueprint, b: BuildingBlueprint, number: number): string {
  const rand = seeded(number * 31 + bp.slug.length);
  const { width: W, height: H } = FACADE_SIZE;
  const geo = facadeBands(b.floors, b.underground.length);
  const s = sky(W, H, 'sky');
  let body = s.body;
  for (let i = 0; i < 7; i += 1) body += rect(rand() * W, geo.ground - 120 - rand() * 280, 90 + rand() * 120, 400, '#dfe4e2');
  body += elevation(
    {
      x: geo.left,
      ground: geo.ground,
      width: geo.width,
      floors: b.floors,
      floorHeight: geo.floorHeight,
      sections: b.sections,
      commercial: b.commercial > 0,
      facade: bp.palette.facade,
      accent: bp.palette.accent,
    },
    rand,
  );
  // Below ground: a cut through the parking levels.
  body += rect(0, geo.ground, W, H - geo.ground, '#d8cfbd');
  for (let y = geo.ground + 30; y < H; y += 36) body += line(0, y, W, y, '#cdc3ae', 2, 'stroke-dasharray="6 30"');
  for (const [n, y, h] of geo.bands) {
    if (n > 0) continue;
    body += rect(geo.left, y, geo.width, h, PALETTE.concrete, `stroke="${PALETTE.muted}" stroke-width="2"`);
    for (let x = geo.left + 30; x < geo.left + geo.width - 60; x += 90) body += rect(x, y + h - 20, 56, 16, '#b9c2c6', 'rx="6"');
  }
  body += rect(0, geo.ground - 4, W, 8, '#b7ad99');
  for (let i = 0; i < 6; i += 1) body += tree(rand, 40 + i * 230 + rand() * 40, geo.ground - 26, 26 + rand() * 10);
  return svg(FACADE_SIZE, body, s.defs);
}

function skylineScene(bp: ProjectBlueprint, progress: { month: string } | null): string {
  const rand = seeded(bp.slug.charCodeAt(0) * 13 + (progress ? Number(progress.month.slice(5)) : 0));
  const { width: W, height: H } = GENPLAN_SIZE;
  const ground = 840;
  const s = sky(W, H, 'sky', progress !== null);
  let body = s.body;
  for (let i = 0; i < 12; i += 1) body += rect(i * 140 + rand() * 40, ground - 160 - rand() * 200, 100 + rand() * 60, 400, progress ? '#d3d8d8' : '#dce3e0');
  const maxFloors = Math.max(...bp.buildings.map((b) => b.floors));
  const floorHeight = Math.min(26, Math.floor(560 / maxFloors));
  const gap = 40;
  const total = bp.buildings.reduce((a, b) => a + Math.min(260, 90 * b.sections), 0) + gap * (bp.buildings.length - 1);
  let x = (W - total) / 2;
  for (const b of bp.buildings) {
    const width = Math.min(260, 90 * b.sections);
    const built = progress ? buildingProgress(b.completion ?? '2026-Q1', b.floors, progress.month).floorsBuilt : undefined;
    body += elevation(
      {
        x,
        ground,
        width,
        floors: b.floors,
        floorHeight,
        sections: Math.min(b.sections, 3),
        commercial: b.commercial > 0,
        facade: progress && (built ?? 0) < b.floors ? '#c9c6bf' : bp.palette.facade,
        accent: bp.palette.accent,
        ...(built === undefined ? {} : { built }),
      },
      rand,
    );
    if (built !== undefined && built < b.floors) {
      // A tower crane over a building still going up.
      const top = ground - built * floorHeight;
      const mastX = x + width * 0.7;
      body +=
        rect(mastX, top - 160, 10, 160 + built * floorHeight, PALETTE.accent) +
        rect(mastX - 150, top - 170, 260, 10, PALETTE.accent) +
        line(mastX - 120, top - 160, mastX - 120, top - 60, PALETTE.ink, 2);
    }
    x += width + gap;
  }
  body += rect(0, ground, W, H - ground, progress ? '#cfc6b4' : PALETTE.green);
  body += rect(0, ground, W, 14, progress ? '#b7ad99' : '#e6dfcf');
  if (!progress) for (let i = 0; i < 14; i += 1) body += tree(rand, 40 + i * 115 + rand() * 30, ground + 10, 24 + rand() * 12);
  return svg(GENPLAN_SIZE, body, s.defs);
}

export const coverSvg = (bp: ProjectBlueprint) => skylineScene(bp, null);
export const progressSvg = (bp: ProjectBlueprint, month: string) => skylineScene(bp, { month });

/** A monthly close-up of one building: its frame as far as it stands, scaffolding and a crane while it rises. */
export function progressBuildingSvg(bp: ProjectBlueprint, b: BuildingBlueprint, month: string): string {
  const rand = seeded(b.floors * 31 + Number(month.slice(5)) * 7 + bp.slug.charCodeAt(1));
  const { width: W, height: H } = GENPLAN_SIZE;
  const ground = 860;
  const s = sky(W, H, 'sky', true);
  let body = s.body;
  const floorHeight = Math.min(30, Math.floor(640 / b.floors));
  const width = Math.min(900, 320 * Math.min(b.sections, 3));
  const x = (W - width) / 2;
  const built = buildingProgress(b.completion ?? '2026-Q1', b.floors, month).floorsBuilt;
  const rising = built < b.floors;
  // The rest of the frame, to come, as a faint outline.
  if (rising)
    body += rect(
      x,
      ground - b.floors * floorHeight,
      width,
      (b.floors - built) * floorHeight,
      'none',
      `stroke="${PALETTE.muted}" stroke-width="2" stroke-dasharray="10 10"`,
    );
  body += elevation(
    {
      x,
      ground,
      width,
      floors: b.floors,
      floorHeight,
      sections: Math.min(b.sections, 3),
      commercial: b.commercial > 0,
      facade: rising ? '#c9c6bf' : bp.palette.facade,
      accent: bp.palette.accent,
      built,
    },
    rand,
  );
  if (rising) {
    const top = ground - built * floorHeight;
    const mastX = x + width + 60;
    body +=
      rect(mastX, top - 200, 14, 200 + built * floorHeight, PALETTE.accent) +
      rect(mastX - 420, top - 212, 560, 14, PALETTE.accent) +
      line(mastX - 300, top - 198, mastX - 300, top - 80, PALETTE.ink, 3);
  }
  body += rect(0, ground, W, H - ground, '#cfc6b4');
  body += rect(0, ground, W, 14, '#b7ad99');
  return svg(GENPLAN_SIZE, body, s.defs);
}

// ---------------------------------------------------------------------------------------------------
