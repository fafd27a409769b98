import type { LotCard, LotStatus } from '#core/catalogue/types.ts';

/**
 * One colour per lot status on every screen (chessboard, floor plan, cards, legend), so a buyer learns
 * it once: green on sale, amber booked, light amber with a dark ring reserved online, grey sold, sand with an amber ring
 * in an auction. Text colours keep 4.5:1 on
 * their fills.
 */
/**
 * Reserved online (issue #39): the booked amber, lighter, with the dark amber ring (a dashed outline on plans), so it
 * reads as taken but apart from the sales team's booking. A hold (a buyer paying now) looks the same: the public sees
 * both as reserved.
 */
const RESERVED = {
  dot: 'bg-accent-800',
  swatch: 'bg-accent-50 ring-accent-800',
  badge: 'bg-accent-50 text-accent-800 ring-accent-800',
  shape: 'fill-accent/15 stroke-accent-800 [stroke-dasharray:6_4] hover:fill-accent/40 group-focus-visible:fill-accent/40 data-active:fill-accent/40',
};

/** A lot's chessboard cell by status: component classes (app/app.css, issue #40), one short name per cell. */
export const STATUS_CELL: Record<LotStatus, string> = {
  free: 'cell-free',
  booked: 'cell-booked',
  sold: 'cell-sold',
  auction: 'cell-auction',
  held: 'cell-reserved',
  reserved: 'cell-reserved',
};

/** A lot outside the visitor's filter: neutral, still readable. */
export const DIMMED_CELL = 'bg-paper text-muted ring-line hover:bg-line/40';

export const STATUS_DOT: Record<LotStatus, string> = {
  free: 'bg-brand-500',
  booked: 'bg-accent',
  sold: 'bg-line',
  auction: 'bg-ink',
  held: RESERVED.dot,
  reserved: RESERVED.dot,
};

export const STATUS_SWATCH: Record<LotStatus, string> = {
  free: 'bg-brand-100 ring-brand-300',
  booked: 'bg-accent-100 ring-accent-300',
  sold: 'bg-white ring-line',
  auction: 'bg-sand ring-accent',
  held: RESERVED.swatch,
  reserved: RESERVED.swatch,
};

export const STATUS_BADGE: Record<LotStatus, string> = {
  free: 'bg-brand-50 text-brand-800 ring-brand-200',
  booked: 'bg-accent-50 text-accent-800 ring-accent-200',
  sold: 'bg-paper text-muted ring-line',
  auction: 'bg-sand text-ink ring-accent',
  held: RESERVED.badge,
  reserved: RESERVED.badge,
};

/** SVG fills for plan outlines: translucent, so the drawing shows through. */
export const STATUS_SHAPE: Record<LotStatus, string> = {
  free: 'fill-brand-500/25 stroke-brand-600 hover:fill-brand-500/50 group-focus-visible:fill-brand-500/50 data-active:fill-brand-500/50',
  booked: 'fill-accent/25 stroke-accent-800 hover:fill-accent/50 group-focus-visible:fill-accent/50 data-active:fill-accent/50',
  sold: 'fill-ink/10 stroke-ink/30',
  auction: 'fill-sand/60 stroke-accent [stroke-width:3] hover:fill-accent/30 group-focus-visible:fill-accent/30 data-active:fill-accent/30',
  held: RESERVED.shape,
  reserved: RESERVED.shape,
};

/**
 * Premises let for rent (while free): white with the on-sale ring (dashed on plans), and their own legend entry,
 * so a unit for rent never reads as one for sale; booked and let ones look like any booked or sold lot.
 */
export const RENT_CELL = 'cell-rent';
export const RENT_SWATCH = 'bg-white ring-brand-500';
export const RENT_SHAPE =
  'fill-white/50 stroke-brand-600 [stroke-dasharray:8_5] hover:fill-brand-500/25 group-focus-visible:fill-brand-500/25 data-active:fill-brand-500/25';

const forRent = (lot: Pick<LotCard, 'status' | 'offer'>) => lot.offer === 'rent' && lot.status === 'free';
/** A lot's cell on the chessboard, by status and offer. */
export const cellLook = (lot: Pick<LotCard, 'status' | 'offer'>) => (forRent(lot) ? RENT_CELL : STATUS_CELL[lot.status]);
/** A lot's outline on a floor plan, by status and offer. */
export const shapeLook = (lot: Pick<LotCard, 'status' | 'offer'>) => (forRent(lot) ? RENT_SHAPE : STATUS_SHAPE[lot.status]);
/** Whether any of these lots is offered for rent: the legend then names the rent look. */
export const anyForRent = (lots: (Pick<LotCard, 'status' | 'offer'> | null)[]) => lots.some((lot) => lot !== null && forRent(lot));
/** Whether any of these lots is reserved online (or held): the legend then names the reserved look. */
export const anyReserved = (lots: (Pick<LotCard, 'status'> | null)[]) =>
  lots.some((lot) => lot !== null && (lot.status === 'reserved' || lot.status === 'held'));
/** Whether any of these lots is in an auction: the legend then names the auction look. */
export const anyInAuction = (lots: (Pick<LotCard, 'status'> | null)[]) => lots.some((lot) => lot !== null && lot.status === 'auction');
