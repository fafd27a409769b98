/**
 * The palette and the shapes every catalogue drawing shares (drawings.ts: the views of a project; plan-drawings.ts:
 * its floor and lot plans): the SVG document, captions, boxes and the north arrow.
 */
import { circle, polygon, rect } from '../../images/index.ts';
import type { Box } from './geometry.ts';

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

export const text = (x: number, y: number, value: string, size: number, fill: string, extra = '') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" fill="${fill}" text-anchor="middle" dominant-baseline="central" ${extra}>${value}</text>`;
export const boxRect = (b: Box, fill: string, extra = '') => rect(b.x, b.y, b.w, b.h, fill, extra);

/** A north arrow; `letter: false` leaves out the «N» (a lot plan carries no words of any language). */
export function compass(x: number, y: number, { letter = true }: { letter?: boolean } = {}): string {
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
