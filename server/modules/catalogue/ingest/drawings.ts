/**
 * The catalogue's pictures, drawn as SVG in the site's muted palette: master plans with building outlines,
 * facades with floor bands, floor plans with lot outlines, lot plans, project covers and construction
 * progress. Pure functions of the blueprints; media.ts rasterises them (the image proxy refuses SVG).
 */
import { circle, line, polygon, rect, seeded, type Rand } from '../../images/index.ts';
import type { BuildingBlueprint, ProjectBlueprint } from './demo-projects.ts';
import { buildingProgress } from './generate.ts';
import { corridorFloorBoxes, facadeBands, FACADE_SIZE, FLOOR_PLAN_SIZE, GENPLAN_SIZE, SECTION, UNDERGROUND, undergroundBoxes, type Box } from './geometry.ts';
import { FLAT_LAYOUTS, LOT_PLAN_SIZE, ROOM_BAND, layoutRooms, type LotLayoutCode } from './layouts.ts';

export const PALETTE = {
  ink: '#1c2321',
  muted: '#5b6663',
  line: '#dfe3e0',
  paper: '#f7f6f2',
  sand: '#efe9dd',
  sandDark: '#e3dac8',
  brand: '#1c5148',
  brand50: '#eef6f4',
  brand100: '#d5e9e4',
  brand300: '#79b5a7',
  accent: '#c8793a',
  glass: '#a9bcc4',
  glassDark: '#7f98a3',
  green: '#a9bd95',
  greenDark: '#8fa27b',
  water: '#b6d0db',
  concrete: '#e4e2dc',
};

const FONT = `font-family="DejaVu Sans, Arial, sans-serif"`;

export function svg(size: { width: number; height: number }, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}"><defs>${defs}</defs>${body}</svg>`;
}

const text = (x: number, y: number, value: string, size: number, fill: string, extra = '') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" fill="${fill}" text-anchor="middle" dominant-baseline="central" ${extra}>${value}</text>`;
const boxRect = (b: Box, fill: string, extra = '') => rect(b.x, b.y, b.w, b.h, fill, extra);

function tree(rand: Rand, x: number, y: number, r: number): string {
  const tone = [PALETTE.greenDark, '#7d9a6d', '#9cb487'][Math.floor(rand() * 3)]!;
  return circle(x + 3, y + 4, r, '#6c6458', 'opacity="0.18"') + circle(x, y, r, tone);
}

/** A north arrow; `letter: false` leaves out the «N» (a lot plan carries no words of any language). */
function compass(x: number, y: number, { letter = true }: { letter?: boolean } = {}): string {
  return (
    circle(x, y, 30, '#ffffff', `stroke="${PALETTE.line}" stroke-width="2"`) +
    polygon(
      [
        [x, y - 22],
        [x + 9, y + 8],
        [x, y + 2],
        [x - 9, y + 8],
      ],
      PALETTE.ink,
    ) +
    (letter ? text(x, y - 44, 'N', 18, PALETTE.muted) : '')
  );
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
// Floor plans
// ---------------------------------------------------------------------------------------------------

function windowsOn(b: Box, side: 'top' | 'bottom', count: number): string {
  let out = '';
  const y = side === 'top' ? b.y : b.y + b.h;
  const w = Math.min(90, (b.w / count) * 0.5);
  for (let i = 0; i < count; i += 1) {
    const cx = b.x + ((i + 0.5) * b.w) / count;
    out +=
      rect(cx - w / 2, y - 9, w, 18, '#ffffff') +
      line(cx - w / 2, y - 4, cx + w / 2, y - 4, PALETTE.glassDark, 2.5) +
      line(cx - w / 2, y + 4, cx + w / 2, y + 4, PALETTE.glassDark, 2.5);
  }
  return out;
}

function core(): string {
  const {
    core: [a, b],
    corridor: [c0, c1],
    y1,
  } = SECTION;
  let out = rect(a, c1, b - a, y1 - c1, '#ffffff', `stroke="${PALETTE.ink}" stroke-width="8"`);
  out += rect(a + 12, c1 + 16, (b - a) / 2 - 18, y1 - c1 - 32, '#ffffff', `stroke="${PALETTE.muted}" stroke-width="3"`);
  for (let y = c1 + 32; y < y1 - 20; y += 18) out += line(a + 12, y, a + (b - a) / 2 - 6, y, PALETTE.muted, 2);
  out += rect(a + (b - a) / 2 + 8, c1 + 20, (b - a) / 2 - 20, 90, PALETTE.concrete, `stroke="${PALETTE.muted}" stroke-width="3"`);
  out += rect(a + (b - a) / 2 + 8, c1 + 130, (b - a) / 2 - 20, 90, PALETTE.concrete, `stroke="${PALETTE.muted}" stroke-width="3"`);
  out += rect(SECTION.x0, c0, SECTION.x1 - SECTION.x0, c1 - c0, '#ebe7df');
  return out;
}

/** A typical residential floor of one building: every flat outlined, lightly furnished by its rooms. */
export function typicalPlanSvg(b: BuildingBlueprint): string {
  const boxes = corridorFloorBoxes(b.mix.map((code) => FLAT_LAYOUTS[code].area[0] + FLAT_LAYOUTS[code].area[1]));
  const top = Math.ceil(b.mix.length / 2);
  let body = rect(0, 0, FLOOR_PLAN_SIZE.width, FLOOR_PLAN_SIZE.height, '#ffffff') + core();
  let windows = '';
  for (const [i, box] of boxes.entries()) {
    const code = b.mix[i]!;
    const rooms = FLAT_LAYOUTS[code].rooms;
    body += boxRect(box, i % 2 ? PALETTE.paper : PALETTE.sand);
    // Inner partitions: wet rooms along the corridor, living rooms at the windows.
    const north = i < top;
    const wetY = north ? box.y + box.h * 0.68 : box.y;
    body += rect(box.x + box.w * 0.08, wetY, box.w * 0.34, box.h * 0.32, '#e7edef', `stroke="${PALETTE.muted}" stroke-width="3"`);
    const splits = Math.max(1, rooms);
    for (let k = 1; k < splits; k += 1) {
      const x = box.x + (box.w * k) / splits;
      body += line(x, north ? box.y : box.y + box.h * 0.32, x, north ? box.y + box.h * 0.68 : box.y + box.h, PALETTE.muted, 4);
    }
    body += `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="${PALETTE.ink}" stroke-width="7"/>`;
    windows += windowsOn(box, north ? 'top' : 'bottom', Math.max(1, rooms + (rooms === 0 ? 1 : 0)));
  }
  body += `<rect x="${SECTION.x0}" y="${SECTION.y0}" width="${SECTION.x1 - SECTION.x0}" height="${SECTION.y1 - SECTION.y0}" fill="none" stroke="${PALETTE.ink}" stroke-width="16"/>`;
  return svg(FLOOR_PLAN_SIZE, body + windows + compass(1530, 90));
}

/** Floor 1 with commercial premises: open spaces, shop windows and street doors. */
export function groundPlanSvg(b: BuildingBlueprint): string {
  const boxes = corridorFloorBoxes(Array.from({ length: b.commercial }, (_, i) => [1.4, 1, 1.2, 0.8][i % 4] as number));
  const top = Math.ceil(boxes.length / 2);
  let body = rect(0, 0, FLOOR_PLAN_SIZE.width, FLOOR_PLAN_SIZE.height, '#ffffff') + core();
  let windows = '';
  for (const [i, box] of boxes.entries()) {
    body += boxRect(box, i % 2 ? PALETTE.brand50 : '#f3f6f4');
    for (let c = 1; c < 3; c += 1) body += rect(box.x + (box.w * c) / 3 - 9, box.y + box.h / 2 - 9, 18, 18, PALETTE.muted);
    body += `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="${PALETTE.ink}" stroke-width="7"/>`;
    const north = i < top;
    const y = north ? box.y : box.y + box.h;
    windows += rect(box.x + 20, y - 9, box.w - 40, 18, '#ffffff') + line(box.x + 20, y, box.x + box.w - 20, y, PALETTE.glassDark, 5);
    windows += polygon(
      [
        [box.x + box.w / 2 - 16, north ? y - 40 : y + 40],
        [box.x + box.w / 2 + 16, north ? y - 40 : y + 40],
        [box.x + box.w / 2, north ? y - 14 : y + 14],
      ],
      PALETTE.accent,
    );
  }
  body += `<rect x="${SECTION.x0}" y="${SECTION.y0}" width="${SECTION.x1 - SECTION.x0}" height="${SECTION.y1 - SECTION.y0}" fill="none" stroke="${PALETTE.ink}" stroke-width="16"/>`;
  return svg(FLOOR_PLAN_SIZE, body + windows + compass(1530, 90));
}

/** An underground level: stalls along the walls, a ramp, storage rooms on the island. */
export function undergroundPlanSvg(level: { parking: number; pantries: number }): string {
  const boxes = undergroundBoxes(level.parking, level.pantries);
  const { x0, x1, y0, y1 } = SECTION;
  let body = rect(0, 0, FLOOR_PLAN_SIZE.width, FLOOR_PLAN_SIZE.height, '#ffffff') + rect(x0, y0, x1 - x0, y1 - y0, PALETTE.concrete);
  for (const stall of boxes.parking) {
    body += `<rect x="${stall.x}" y="${stall.y}" width="${stall.w}" height="${stall.h}" fill="#ecebe6" stroke="#ffffff" stroke-width="5"/>`;
    body += rect(stall.x + stall.w * 0.2, stall.y + stall.h * 0.15, stall.w * 0.6, stall.h * 0.7, 'none', `stroke="#c3c6c2" stroke-width="3" rx="10"`);
  }
  for (const room of boxes.pantries)
    body += `<rect x="${room.x}" y="${room.y}" width="${room.w}" height="${room.h}" fill="${PALETTE.sand}" stroke="${PALETTE.ink}" stroke-width="4"/>`;
  const rampX = x1 - UNDERGROUND.rampWidth;
  body += rect(rampX, y0, UNDERGROUND.rampWidth, y1 - y0, '#dcd9d0');
  for (let y = y0 + 20; y < y1; y += 28) body += line(rampX + 10, y, rampX + UNDERGROUND.rampWidth - 10, y, '#c9c6bd', 4);
  for (const y of [y0 + UNDERGROUND.stallDepth + 60, y1 - UNDERGROUND.stallDepth - 60]) {
    for (let x = x0 + 120; x < rampX - 120; x += 260)
      body += polygon(
        [
          [x, y - 10],
          [x + 40, y],
          [x, y + 10],
        ],
        '#b4b8b4',
      );
  }
  body += `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="none" stroke="${PALETTE.ink}" stroke-width="16"/>`;
  return svg(FLOOR_PLAN_SIZE, body + compass(1530, 90));
}

// ---------------------------------------------------------------------------------------------------
// Lot plans
// ---------------------------------------------------------------------------------------------------

function door(x: number, y: number, r: number, up: boolean): string {
  const sweep = up ? `M ${x + r} ${y} A ${r} ${r} 0 0 0 ${x} ${y - r}` : `M ${x + r} ${y} A ${r} ${r} 0 0 1 ${x} ${y + r}`;
  return `<path d="${sweep}" fill="none" stroke="${PALETTE.muted}" stroke-width="2.5"/>` + line(x, y, x, up ? y - r : y + r, PALETTE.muted, 2.5);
}

/**
 * A flat layout's plan: room shapes, walls, doors, windows and furniture, and no figures or words. Lots of
 * one layout share the picture, so it must not print one lot's areas (nor one language's decimal comma):
 * the lot page and sheet print each lot's own figures beside it.
 */
function flatPlan(code: keyof typeof FLAT_LAYOUTS): string {
  const layout = FLAT_LAYOUTS[code];
  const { width: W, height: H } = LOT_PLAN_SIZE;
  const outer = { x: 120, y: 130, w: W - 240, h: H - 260 };
  const living = { ...outer, h: outer.h * ROOM_BAND };
  const service = { x: outer.x, y: outer.y + living.h, w: outer.w, h: outer.h - living.h };
  let body = rect(0, 0, W, H, '#ffffff') + boxRect(outer, PALETTE.paper);
  // Rooms at the windows: bedrooms, then the kitchen (or kitchen-living room), as layoutRooms sizes them.
  const rooms = layoutRooms(layout);
  const parts = rooms.map((room) => room.part);
  const total = parts.reduce((a, b) => a + b, 0);
  let x = living.x;
  let windows = '';
  for (const [i, { part, kitchen }] of rooms.entries()) {
    const w = (living.w * part) / total;
    body += rect(x, living.y, w, living.h, kitchen ? '#f1ebdf' : i % 2 ? PALETTE.paper : '#f4f1ea');
    if (i > 0) body += line(x, living.y, x, living.y + living.h, PALETTE.ink, 10);
    // Furniture in thin lines: a bed in bedrooms, a table and a counter in the kitchen.
    if (kitchen) {
      body += rect(x + 20, living.y + 24, w - 40, 52, 'none', `stroke="#9aa3ad" stroke-width="3"`);
      body += circle(x + w / 2, living.y + living.h - 110, 48, 'none', `stroke="#9aa3ad" stroke-width="3"`);
    } else {
      const bw = Math.min(170, w * 0.5);
      body += rect(x + (w - bw) / 2, living.y + 40, bw, 190, 'none', `stroke="#9aa3ad" stroke-width="3" rx="8"`);
    }
    windows +=
      rect(x + w * 0.2, living.y - 14, w * 0.6, 28, '#ffffff') +
      line(x + w * 0.2, living.y - 5, x + w * 0.8, living.y - 5, PALETTE.glassDark, 3) +
      line(x + w * 0.2, living.y + 5, x + w * 0.8, living.y + 5, PALETTE.glassDark, 3);
    x += w;
  }
  // Along the corridor: bathroom(s), hall, wardrobe.
  const baths = layout.rooms >= 3 && !layout.euro ? 2 : 1;
  const bathW = service.w * 0.2;
  for (let i = 0; i < baths; i += 1) {
    const bx = service.x + i * bathW;
    body += rect(bx, service.y, bathW, service.h, '#e7edef') + line(bx + bathW, service.y, bx + bathW, service.y + service.h, PALETTE.ink, 8);
    body += rect(bx + 20, service.y + 20, bathW - 40, 60, 'none', `stroke="#9aa3ad" stroke-width="3" rx="20"`);
  }
  body += line(service.x, service.y, service.x + service.w, service.y, PALETTE.ink, 8);
  for (let y = service.y + 20; y < service.y + service.h - 14; y += 14)
    body += line(service.x + service.w - 150, y, service.x + service.w - 30, y, '#c3c6c2', 3);
  for (let i = 1; i < parts.length + 1; i += 1) body += door(living.x + (living.w * i) / (parts.length + 1) - 30, service.y, 60, true);
  body += door(service.x + service.w * 0.55, service.y + service.h, 70, true);
  body += `<rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="${outer.h}" fill="none" stroke="${PALETTE.ink}" stroke-width="18"/>`;
  return svg(LOT_PLAN_SIZE, body + windows + compass(W - 70, 70, { letter: false }));
}

function parkingPlan(): string {
  const { width: W, height: H } = LOT_PLAN_SIZE;
  let body = rect(0, 0, W, H, PALETTE.concrete);
  body += rect(420, 140, 360, 620, '#ecebe6') + line(420, 140, 420, 760, '#ffffff', 12) + line(780, 140, 780, 760, '#ffffff', 12);
  body += `<rect x="480" y="200" width="240" height="500" rx="70" fill="none" stroke="${PALETTE.muted}" stroke-width="5"/>`;
  body += `<rect x="505" y="300" width="190" height="120" rx="24" fill="none" stroke="${PALETTE.muted}" stroke-width="4"/>`;
  body += `<rect x="505" y="520" width="190" height="100" rx="24" fill="none" stroke="${PALETTE.muted}" stroke-width="4"/>`;
  for (let x = 80; x < 380; x += 60) body += rect(x, 140, 4, 620, '#d6d4cd');
  body += polygon(
    [
      [600, 800],
      [570, 860],
      [630, 860],
    ],
    PALETTE.accent,
  );
  return svg(LOT_PLAN_SIZE, body);
}

function pantryPlan(): string {
  const { width: W, height: H } = LOT_PLAN_SIZE;
  let body = rect(0, 0, W, H, '#ffffff') + rect(360, 160, 480, 580, PALETTE.sand);
  for (let y = 220; y < 700; y += 80) body += rect(380, y, 150, 16, '#cfc3ae') + rect(670, y, 150, 16, '#cfc3ae');
  body += `<rect x="360" y="160" width="480" height="580" fill="none" stroke="${PALETTE.ink}" stroke-width="16"/>`;
  body += rect(540, 732, 120, 16, '#ffffff') + door(540, 740, 110, true);
  return svg(LOT_PLAN_SIZE, body);
}

function retailPlan(size: 's' | 'm' | 'l'): string {
  const { width: W, height: H } = LOT_PLAN_SIZE;
  const w = { s: 560, m: 760, l: 960 }[size];
  const outer = { x: (W - w) / 2, y: 150, w, h: 600 };
  let body = rect(0, 0, W, H, '#ffffff') + boxRect(outer, PALETTE.brand50);
  for (let c = 1; c < 3; c += 1)
    for (let r = 1; r < 3; r += 1) body += rect(outer.x + (outer.w * c) / 3 - 14, outer.y + (outer.h * r) / 3 - 14, 28, 28, PALETTE.muted);
  body +=
    rect(outer.x + outer.w - 200, outer.y + outer.h - 160, 200, 160, '#e7edef') +
    line(outer.x + outer.w - 200, outer.y + outer.h - 160, outer.x + outer.w - 200, outer.y + outer.h, PALETTE.ink, 8);
  body += `<rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="${outer.h}" fill="none" stroke="${PALETTE.ink}" stroke-width="18"/>`;
  body += rect(outer.x + 40, outer.y - 11, outer.w - 80, 22, '#ffffff') + line(outer.x + 40, outer.y, outer.x + outer.w - 40, outer.y, PALETTE.glassDark, 6);
  body += polygon(
    [
      [W / 2 - 20, 80],
      [W / 2 + 20, 80],
      [W / 2, 120],
    ],
    PALETTE.accent,
  );
  return svg(LOT_PLAN_SIZE, body);
}

export function lotPlanSvg(layout: LotLayoutCode): string {
  if (layout === 'parking') return parkingPlan();
  if (layout === 'pantry') return pantryPlan();
  if (layout === 'retail-s' || layout === 'retail-m' || layout === 'retail-l') return retailPlan(layout.slice(-1) as 's' | 'm' | 'l');
  return flatPlan(layout);
}
