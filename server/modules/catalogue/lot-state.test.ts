import { describe, expect, it } from 'vitest';
import { isForSale, LOT_STATUSES, lotState, showsListPrice } from '#core/catalogue/types.ts';
import type { LotAuctionRow } from '../auctions/index.ts';
import type { LotReservationRow } from '../reservations/index.ts';
import { applyAuctions, auctionPhase, decideLotStatus, lotAuction, lotReservedUntil, withLotAuctions } from './lot-state.ts';

const HOUR = 3600_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * HOUR);
const row = (over: Partial<LotAuctionRow> = {}): LotAuctionRow => ({
  id: 7,
  lotId: 100,
  startPrice: 32_110_000,
  bestAmount: null,
  bidCount: 0,
  startsAt: at(-2),
  endsAt: at(5),
  result: null,
  ...over,
});

/** A lot's one commercial state, from its row's status and its auction (DESIGN "A lot has one commercial state"). */
describe("a lot's commercial state", () => {
  it('follows its auction through the clock: announced, live, then sold with a bid or back to its own status without', () => {
    expect(auctionPhase(row({ startsAt: at(1), endsAt: at(5) }), NOW)).toBe('announced');
    expect(auctionPhase(row(), NOW)).toBe('live');
    expect(auctionPhase(row({ endsAt: at(-1), bidCount: 2, bestAmount: 33_000_000 }), NOW)).toBe('ended_sold');
    expect(auctionPhase(row({ endsAt: at(-1) }), NOW)).toBeNull();
    // The sales team's "sold" is final whatever the clock says.
    expect(auctionPhase(row({ result: 'sold' }), NOW)).toBe('ended_sold');
  });

  it('a sale is final, an auction outranks booked and free, and an unsold auction leaves the status as it was', () => {
    expect(decideLotStatus('sold', 'live')).toBe('sold');
    expect(decideLotStatus('free', 'ended_sold')).toBe('sold');
    expect(decideLotStatus('booked', 'ended_sold')).toBe('sold');
    expect(decideLotStatus('free', 'announced')).toBe('auction');
    expect(decideLotStatus('booked', 'live')).toBe('auction');
    expect(decideLotStatus('free', null)).toBe('free');
    expect(decideLotStatus('booked', null)).toBe('booked');
  });

  it('"for sale" is a free lot offered for sale, and only lots for sale, booked or reserved show a list price', () => {
    const states = LOT_STATUSES.flatMap((status) => (['sale', 'rent', 'presale'] as const).map((offer) => ({ status, offer })));
    expect(states.filter(isForSale)).toEqual([{ status: 'free', offer: 'sale' }]);
    expect(LOT_STATUSES.filter((status) => showsListPrice({ status }))).toEqual(['free', 'booked', 'held', 'reserved']);
    expect(lotState({ status: 'free', offer: 'rent' })).toBe('rent');
    expect(lotState({ status: 'booked', offer: 'rent' })).toBe('booked');
    expect(lotState({ status: 'auction', offer: 'sale' })).toBe('auction');
  });

  it("writes each auctioned lot's state into the snapshot's status column and links the running ones to their auction", () => {
    const code = (s: (typeof LOT_STATUSES)[number]) => LOT_STATUSES.indexOf(s);
    // Lots 100..104 at indexes 0..4: live, announced, ended with a bid, ended without, and an already sold one in an auction.
    const table = { status: Uint8Array.from([code('free'), code('booked'), code('free'), code('free'), code('sold')]), auction: new Int32Array(5).fill(-1) };
    const lotById = new Map([100, 101, 102, 103, 104].map((id, i) => [id, i]));
    const rows = [
      row({ id: 1, lotId: 102, endsAt: at(-3), bidCount: 4, bestAmount: 31_060_000 }),
      row({ id: 2, lotId: 103, endsAt: at(-2) }),
      row({ id: 3, lotId: 100, bidCount: 1, bestAmount: 32_110_000 }),
      row({ id: 4, lotId: 101, startsAt: at(24), endsAt: at(48) }),
      row({ id: 5, lotId: 104 }),
      row({ id: 6, lotId: 999 }),
    ];
    const auctions = applyAuctions(table, lotById, rows, NOW);
    expect([...table.status].map((k) => LOT_STATUSES[k])).toEqual(['auction', 'auction', 'sold', 'free', 'sold']);
    const snap = { lots: table, auctions };
    expect(lotAuction(snap, 0)).toEqual({
      id: 3,
      phase: 'live',
      startPrice: 32_110_000,
      bestAmount: 32_110_000,
      startsAt: at(-2).toISOString(),
      endsAt: at(5).toISOString(),
      url: '/auctions/3',
    });
    expect(lotAuction(snap, 1)?.phase).toBe('announced');
    expect([2, 3, 4].map((i) => lotAuction(snap, i))).toEqual([null, null, null]);
    // The next moment a state moves with the clock: the live auction's end (the loader reads the catalogue again then).
    expect(auctions.nextChange).toBe(at(5).getTime());
  });

  it("decides the states again from new auction rows on the lots' own statuses: a bid, then the end", () => {
    const code = (s: (typeof LOT_STATUSES)[number]) => LOT_STATUSES.indexOf(s);
    const lots = { status: Uint8Array.from([code('free'), code('booked')]), auction: new Int32Array(2).fill(-1) };
    const lotById = new Map([
      [100, 0],
      [101, 1],
    ]);
    const snap = { lots, lotById, auctions: applyAuctions(lots, lotById, [row()], NOW) };
    expect(LOT_STATUSES[snap.lots.status[0]!]).toBe('auction');
    const bid = withLotAuctions(snap, [row({ bidCount: 1, bestAmount: 32_500_000 })], NOW);
    expect(lotAuction(bid, 0)?.bestAmount).toBe(32_500_000);
    expect(bid.auctions.key).not.toBe(snap.auctions.key);
    const ended = withLotAuctions(bid, [row({ bidCount: 1, bestAmount: 32_500_000 })], at(6).getTime());
    expect([...ended.lots.status].map((k) => LOT_STATUSES[k])).toEqual(['sold', 'booked']);
    // Without its auction the lot has its own status back; the snapshot it came from is left as it was.
    expect([...withLotAuctions(ended, [], NOW).lots.status].map((k) => LOT_STATUSES[k])).toEqual(['free', 'booked']);
    expect(LOT_STATUSES[snap.lots.status[0]!]).toBe('auction');
  });

  it('makes a free lot held while its hold lasts and reserved until its end, below a booking, a sale and an auction', () => {
    const code = (s: (typeof LOT_STATUSES)[number]) => LOT_STATUSES.indexOf(s);
    // Lots 100..105: free held, free reserved, booked with a reservation, sold with one, free in an auction with one,
    // and a free lot whose deal moved on past the reservation's end.
    const stored = ['free', 'free', 'booked', 'sold', 'free', 'free'] as const;
    const lots = { status: Uint8Array.from(stored.map(code)), auction: new Int32Array(6).fill(-1) };
    const lotById = new Map([100, 101, 102, 103, 104, 105].map((id, i) => [id, i]));
    const reservations: LotReservationRow[] = [
      { lotId: 100, state: 'held', until: at(0.25).getTime(), reservedUntil: null },
      { lotId: 101, state: 'reserved', until: at(72).getTime(), reservedUntil: at(72).getTime() },
      { lotId: 102, state: 'reserved', until: at(72).getTime(), reservedUntil: at(72).getTime() },
      { lotId: 103, state: 'reserved', until: at(72).getTime(), reservedUntil: at(72).getTime() },
      { lotId: 104, state: 'reserved', until: at(72).getTime(), reservedUntil: at(72).getTime() },
      { lotId: 105, state: 'reserved', until: null, reservedUntil: null },
    ];
    const snap = { lots, lotById, auctions: applyAuctions(lots, lotById, [row({ lotId: 104 })], NOW, undefined, reservations) };
    const states = (s: { lots: { status: Uint8Array } }) => [...s.lots.status].map((k) => LOT_STATUSES[k]);
    expect(states(snap)).toEqual(['held', 'reserved', 'booked', 'sold', 'auction', 'reserved']);
    expect([0, 1, 2, 5].map((i) => lotReservedUntil(snap, i))).toEqual([null, at(72).toISOString(), null, null]);
    // The next change is the hold's end; then the lot is free again, decided from the rows read before.
    expect(snap.auctions.nextChange).toBe(at(0.25).getTime());
    const later = withLotAuctions(snap, [row({ lotId: 104 })], at(1).getTime());
    expect(states(later)).toEqual(['free', 'reserved', 'booked', 'sold', 'auction', 'reserved']);
    expect(later.auctions.nextChange).toBe(at(5).getTime());
    // At the reservation's end the lot is free again (the deal that moved on keeps its lot).
    const over = withLotAuctions(later, [], at(73).getTime());
    expect(states(over)).toEqual(['free', 'free', 'booked', 'sold', 'free', 'reserved']);
    expect(lotReservedUntil(over, 1)).toBeNull();
    expect(over.auctions.key).not.toBe(later.auctions.key);
  });

  it('makes a lot whose deal signed its contract (or completed) sold, over its row, a booking and an auction', () => {
    const code = (s: (typeof LOT_STATUSES)[number]) => LOT_STATUSES.indexOf(s);
    // Lots 100..103: free (a catalogue written again), booked, free in an auction, and free with a completed deal.
    const lots = { status: Uint8Array.from((['free', 'booked', 'free', 'free'] as const).map(code)), auction: new Int32Array(4).fill(-1) };
    const lotById = new Map([100, 101, 102, 103].map((id, i) => [id, i]));
    const sold = (lotId: number): LotReservationRow => ({ lotId, state: 'sold', until: null, reservedUntil: null });
    const snap = { lots, lotById, auctions: applyAuctions(lots, lotById, [row({ lotId: 102 })], NOW, undefined, [100, 101, 102, 103].map(sold)) };
    expect([...snap.lots.status].map((k) => LOT_STATUSES[k])).toEqual(['sold', 'sold', 'sold', 'sold']);
    expect(lotAuction(snap, 2)).toBeNull();
    // It never runs out with the clock.
    expect(snap.auctions.nextChange).toBe(at(5).getTime());
    expect([...withLotAuctions(snap, [], at(24 * 400).getTime()).lots.status].map((k) => LOT_STATUSES[k])).toEqual(['sold', 'sold', 'sold', 'sold']);
  });
});
