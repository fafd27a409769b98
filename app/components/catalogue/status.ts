import type { LotStatus } from '#core/catalogue/types.ts';

/**
 * One colour per lot status on every screen (chessboard, floor plan, cards, legend), so a buyer learns
 * it once: green on sale, amber booked, grey sold. Text colours keep 4.5:1 on their fills.
 */
export const STATUS_CELL: Record<LotStatus, string> = {
  free: 'bg-brand-100 text-brand-900 ring-brand-300 hover:bg-brand-200',
  booked: 'bg-accent-100 text-accent-800 ring-accent-300 hover:bg-accent-200',
  sold: 'bg-white text-muted line-through decoration-muted/50 ring-line',
};

/** A lot outside the visitor's filter: neutral, still readable. */
export const DIMMED_CELL = 'bg-paper text-muted ring-line hover:bg-line/40';

export const STATUS_DOT: Record<LotStatus, string> = { free: 'bg-brand-500', booked: 'bg-accent', sold: 'bg-line' };

export const STATUS_SWATCH: Record<LotStatus, string> = {
  free: 'bg-brand-100 ring-brand-300',
  booked: 'bg-accent-100 ring-accent-300',
  sold: 'bg-white ring-line',
};

export const STATUS_BADGE: Record<LotStatus, string> = {
  free: 'bg-brand-50 text-brand-800 ring-brand-200',
  booked: 'bg-accent-50 text-accent-800 ring-accent-200',
  sold: 'bg-paper text-muted ring-line',
};

/** SVG fills for plan outlines: translucent, so the drawing shows through. */
export const STATUS_SHAPE: Record<LotStatus, string> = {
  free: 'fill-brand-500/25 stroke-brand-600 hover:fill-brand-500/50 group-focus-visible:fill-brand-500/50 data-active:fill-brand-500/50',
  booked: 'fill-accent/25 stroke-accent-800 hover:fill-accent/50 group-focus-visible:fill-accent/50 data-active:fill-accent/50',
  sold: 'fill-ink/10 stroke-ink/30',
};
