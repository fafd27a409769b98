import { join } from 'node:path';
import { circle, linear, rect, seeded, type Rand } from '../images/index.ts';
import { exists, writeSvgAsPng } from '../images/index.ts';

/**
 * The demo offices' photographs: a street-front view of each office (its glass front, canopy, trees and the
 * pavement), drawn at first start beside the other demo pictures and served through the image proxy. Without
 * words, so one picture serves every language; a real photo put at the same path is never overwritten.
 */
export const OFFICE_PHOTO_SIZE = { width: 1200, height: 800 } as const;

export const officePhotoSrc = (slug: string): string => `offices/${slug}.png`;

/** The demo offices (content/offices.ts, seeded into the database) by slug, with the seed of their drawing. */
const DEMO_OFFICES = [
  { slug: 'central', seed: 1 * 7919 },
  { slug: 'sosnovy', seed: 2 * 7919 },
  { slug: 'vysoty', seed: 3 * 7919 },
] as const;

const TONES: Record<string, { facade: string; trim: string; canopy: string }> = {
  central: { facade: '#d9d3c6', trim: '#1c5148', canopy: '#1c5148' },
  sosnovy: { facade: '#e6dccb', trim: '#5b6b4a', canopy: '#c8793a' },
  vysoty: { facade: '#cfd6d8', trim: '#33475b', canopy: '#2f6f86' },
};

function tree(rand: Rand, x: number, ground: number): string {
  const r = 46 + rand() * 22;
  return (
    rect(x - 6, ground - 110, 12, 110, '#6c5a45') +
    circle(x, ground - 130 - r / 2, r, '#8fa27b') +
    circle(x - r * 0.55, ground - 120, r * 0.7, '#7d9a6d') +
    circle(x + r * 0.5, ground - 126, r * 0.65, '#a9bd95')
  );
}

export function officePhotoSvg(slug: string, seed: number): string {
  const { width: W, height: H } = OFFICE_PHOTO_SIZE;
  const tone = TONES[slug] ?? TONES.central!;
  const rand = seeded(seed);
  const ground = 640;
  let body = rect(0, 0, W, H, 'url(#sky)');
  // The building: upper floors with windows, the office on the ground floor.
  body += rect(60, 70, W - 120, ground - 70, tone.facade);
  for (let row = 0; row < 3; row++) for (let col = 0; col < 8; col++) body += rect(110 + col * 130, 110 + row * 110, 80, 70, 'url(#glass)', 'rx="3"');
  body += rect(60, 430, W - 120, 14, tone.trim);
  // The canopy and the glass front with its door.
  body += rect(90, 444, W - 180, 26, tone.canopy);
  body += rect(120, 470, W - 240, ground - 470, 'url(#front)');
  for (let x = 120; x <= W - 120; x += 120) body += rect(x - 3, 470, 6, ground - 470, tone.trim);
  body += rect(W / 2 - 70, 500, 140, ground - 500, '#2a3431', 'opacity="0.55"');
  body += rect(W / 2 - 4, 500, 8, ground - 500, tone.trim);
  // Inside: the showroom's model on a table and warm lights.
  body +=
    rect(260, 580, 200, 16, '#efe9dd', 'opacity="0.85"') +
    rect(290, 548, 40, 32, '#ffffff', 'opacity="0.8"') +
    rect(340, 530, 50, 50, '#ffffff', 'opacity="0.75"');
  for (let x = 200; x < W - 200; x += 160) body += circle(x, 488, 6, '#fff4d6', 'opacity="0.9"');
  // Pavement, kerb, trees and a bench.
  body += rect(0, ground, W, H - ground, '#e4e2dc') + rect(0, ground + 90, W, 10, '#c9c6bd') + rect(0, ground + 100, W, H - ground - 100, '#9aa3a1');
  for (let x = 0; x < W; x += 80) body += rect(x, ground, 2, 90, '#d3d0c8');
  body += tree(rand, 70, ground + 40) + tree(rand, W - 70, ground + 40);
  body += rect(900, ground + 30, 120, 10, '#6c5a45') + rect(905, ground + 40, 8, 22, '#4d4a44') + rect(1007, ground + 40, 8, 22, '#4d4a44');
  const defs =
    linear('sky', [
      [0, '#dbe8ee'],
      [1, '#f4f1ea'],
    ]) +
    linear('glass', [
      [0, '#a9bcc4'],
      [1, '#7f98a3'],
    ]) +
    linear('front', [
      [0, '#b8cbd1'],
      [0.6, '#d9e4e6'],
      [1, '#c2d2d6'],
    ]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

/** Writes the demo offices' photos missing under `mediaDir`; returns how many were drawn. */
export async function ensureOfficePhotos(mediaDir: string): Promise<number> {
  let drawn = 0;
  for (const office of DEMO_OFFICES) {
    const target = join(mediaDir, officePhotoSrc(office.slug));
    if (await exists(target)) continue;
    await writeSvgAsPng(target, officePhotoSvg(office.slug, office.seed), 9);
    drawn += 1;
  }
  return drawn;
}
