/**
 * The catalogue's plans, drawn as SVG like its views (drawings.ts): floor plans with lot outlines (typical, ground
 * and underground floors) and each lot layout's plan. Pure functions of the blueprints and layouts; media.ts
 * rasterises them.
 */
import { circle, line, polygon, rect } from '../../images/index.ts';
import type { BuildingBlueprint } from './demo-blueprint.ts';
import { boxRect, compass, PALETTE, svg } from './drawing-kit.ts';
import { corridorFloorBoxes, FLOOR_PLAN_SIZE, SECTION, UNDERGROUND, undergroundBoxes, type Box } from './geometry.ts';
import { FLAT_LAYOUTS, LOT_PLAN_SIZE, ROOM_BAND, layoutRooms, type LotLayoutCode } from './layouts.ts';

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
