import type { auctions } from '../../db/schema/index.ts';

/**
 * What may change in an auction once announced (ADR 020), for every way the sales team changes one: the import
 * (server/modules/auctions/import.ts) and the back office (server/modules/content/editor/kinds/auctions.ts).
 */
type AuctionRow = typeof auctions.$inferSelect;

/** The terms bids were made on, in the import's names: once an auction has bids they no longer change. */
export const TERMS_FIXED_BY_BIDS = ['lot', 'start_price', 'min_step', 'starts_at'] as const;
export type FixedTerm = (typeof TERMS_FIXED_BY_BIDS)[number];

export type AuctionTerms = { lot: number; start_price: number; min_step: number; starts_at: Date };

/** The terms a change would move under the auction's bids (none when it has no bids). */
export function termsMovedUnderBids(current: AuctionRow, next: AuctionTerms): FixedTerm[] {
  if (current.bidCount === 0) return [];
  const now: AuctionTerms = { lot: current.lotId, start_price: current.startPrice, min_step: current.minStep, starts_at: current.startsAt };
  return TERMS_FIXED_BY_BIDS.filter((term) => (term === 'starts_at' ? now.starts_at.getTime() !== next.starts_at.getTime() : now[term] !== next[term]));
}

/** Whether two auctions' times meet (a lot is auctioned once at a time, unless one is cancelled). */
export const auctionsOverlap = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * The end an auction runs to after its announced end is set to `plannedEnd`: an extension its bids made past the new
 * end is kept (bids came in its last minutes), else the announced end.
 */
export function endAfterChange(current: AuctionRow | null, plannedEnd: Date): Date {
  const extended = current !== null && current.bidCount > 0 && current.endsAt > plannedEnd && current.plannedEndsAt < current.endsAt;
  return extended ? current.endsAt : plannedEnd;
}
