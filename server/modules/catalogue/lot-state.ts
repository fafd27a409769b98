import { LOT_STATUSES, type LotAuction, type LotStatus } from '#core/catalogue/types.ts';
import type { LotAuctionRow } from '../auctions/index.ts';
import type { LotReservationRow } from '../reservations/index.ts';
import type { LotLookup } from './lot-lookup.ts';

/**
 * A lot's one commercial state (DESIGN "A lot has one commercial state", core/catalogue/types.ts `LOT_STATUSES`),
 * decided here once per snapshot from the lot's row and its auction, and written into the snapshot's status column:
 * the lot index, the counts, the cards, the chessboard, the floor plans, the feeds, the PDF and the CRM all read that
 * column. An auction announced or live makes its lot `auction`; one over with a bid makes it `sold` (the server's
 * settling step then writes the lot's row sold: auction-sales.ts); one over without a bid gives the lot back its own
 * status. A free lot's online reservation (docs/guides/reservations.md) makes it `held` while its hold lasts and
 * `reserved` while the reservation is in force; the sales team's booked or sold, and an auction, outrank it. Once the
 * deal's contract is signed (and after the keys: `completed`) the lot is `sold`, whatever its row or an auction says
 * (the stage's change also writes the lot's row sold: ADR 034).
 */

/** Where a lot's auction stands at a moment: announced, live, over with a bid (sold), or null (over without one). */
export type AuctionPhaseNow = LotAuction['phase'] | 'ended_sold';

export function auctionPhase(a: { startsAt: Date; endsAt: Date; bidCount: number; result: 'sold' | null }, now: number): AuctionPhaseNow | null {
  // The sales team's word (or the settling step's) is final, whatever the clock says.
  if (a.result === 'sold') return 'ended_sold';
  if (now < a.startsAt.getTime()) return 'announced';
  if (now < a.endsAt.getTime()) return 'live';
  return a.bidCount > 0 ? 'ended_sold' : null;
}

/** The state of a lot whose row says `stored`, given where its auction stands: a sale is final, an auction outranks the rest. */
export function decideLotStatus(stored: LotStatus, phase: AuctionPhaseNow | null): LotStatus {
  if (stored === 'sold' || phase === 'ended_sold') return 'sold';
  if (phase === 'announced' || phase === 'live') return 'auction';
  return stored;
}

/**
 * The snapshot's auctions and reservations: the auction rows read, each one's phase at the snapshot's moment, what of
 * them the lots show (a page made from this snapshot depends on it: `key`), when the next one starts or ends, or a
 * hold or reservation runs out (`nextChange`, ms; the loader decides the states again then), the lots' own statuses
 * before them (`stored`: a bid, an auction's start or end, a reservation's change decides the states again from
 * these, without reading the lots again), the reservations read and each reserved lot's end (`reservedUntil`, by lot
 * index, ms).
 */
export type SnapshotAuctions = {
  rows: LotAuctionRow[];
  phases: (AuctionPhaseNow | null)[];
  key: string;
  nextChange: number;
  stored: Uint8Array;
  reservations: LotReservationRow[];
  reservedUntil: Map<number, number>;
};

/**
 * Decides the state of every reserved or auctioned lot of `table` (its status column) and links the announced and
 * live auctions' lots to their auction. A reservation holds only a lot its row says free, and an auction outranks it;
 * a deal whose contract is signed (`sold`) outranks everything.
 */
export function applyAuctions(
  table: { status: Uint8Array; auction: Int32Array },
  lotById: LotLookup<number>,
  rows: LotAuctionRow[],
  now: number,
  stored: Uint8Array = table.status.slice(),
  reservations: LotReservationRow[] = [],
): SnapshotAuctions {
  const phases: (AuctionPhaseNow | null)[] = [];
  const key: string[] = [];
  let nextChange = Number.POSITIVE_INFINITY;
  const reservedUntil = new Map<number, number>();
  const free = LOT_STATUSES.indexOf('free');
  for (const r of reservations) {
    // Read before `now` (the clock moved on since): a hold or reservation over holds nothing any more.
    if (r.until !== null && r.until <= now) continue;
    if (r.until !== null) nextChange = Math.min(nextChange, r.until);
    const i = lotById.get(r.lotId);
    // A hold or a reservation takes only a free lot; a deal's signed contract sells it whatever its row says.
    if (i === undefined || (table.status[i] !== free && r.state !== 'sold')) continue;
    table.status[i] = LOT_STATUSES.indexOf(r.state);
    if (r.state === 'reserved' && r.reservedUntil !== null) reservedUntil.set(i, r.reservedUntil);
    key.push(`r${r.lotId}:${r.state}:${r.reservedUntil ?? ''}`);
  }
  for (const [k, row] of rows.entries()) {
    const phase = auctionPhase(row, now);
    phases.push(phase);
    for (const at of [row.startsAt.getTime(), row.endsAt.getTime()]) if (at > now) nextChange = Math.min(nextChange, at);
    const i = lotById.get(row.lotId);
    if (i === undefined) continue;
    const status = decideLotStatus(LOT_STATUSES[table.status[i]!]!, phase);
    table.status[i] = LOT_STATUSES.indexOf(status);
    if (status === 'auction' && table.auction[i] === -1) table.auction[i] = k;
    key.push(`${row.id}:${phase}:${row.bestAmount ?? ''}:${row.endsAt.getTime()}`);
  }
  return { rows, phases, key: key.join(','), nextChange, stored, reservations, reservedUntil };
}

/** A snapshot with its lots' states decided again from these auctions and reservations, from the lots' own statuses it keeps. */
export function withLotAuctions<S extends { lots: { status: Uint8Array; auction: Int32Array }; lotById: LotLookup<number>; auctions: SnapshotAuctions }>(
  snap: S,
  rows: LotAuctionRow[],
  now: number,
  reservations: LotReservationRow[] = snap.auctions.reservations,
): S {
  const lots = { ...snap.lots, status: snap.auctions.stored.slice(), auction: new Int32Array(snap.lots.auction.length).fill(-1) };
  return { ...snap, lots, auctions: applyAuctions(lots, snap.lotById, rows, now, snap.auctions.stored, reservations) };
}

/** Lot `i`'s reservation end (ISO) while it is reserved («Забронирован до 12 декабря»), else null. */
export function lotReservedUntil(snap: { lots: { status: Uint8Array }; auctions: SnapshotAuctions }, i: number): string | null {
  const until = snap.auctions.reservedUntil.get(i);
  return until !== undefined && snap.lots.status[i] === LOT_STATUSES.indexOf('reserved') ? new Date(until).toISOString() : null;
}

/** Lot `i`'s auction as its card shows it (announced or live), or null. */
export function lotAuction(snap: { lots: { auction: Int32Array }; auctions: SnapshotAuctions }, i: number): LotAuction | null {
  const k = snap.lots.auction[i]!;
  const row = k >= 0 ? snap.auctions.rows[k] : undefined;
  const phase = k >= 0 ? snap.auctions.phases[k] : null;
  if (!row || (phase !== 'announced' && phase !== 'live')) return null;
  return {
    id: row.id,
    phase,
    startPrice: row.startPrice,
    bestAmount: row.bestAmount,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    url: `/auctions/${row.id}`,
  };
}
