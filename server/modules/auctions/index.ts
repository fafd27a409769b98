/**
 * The auctions domain (ADR 020): a lot sold by bids. service.ts reads and bids, rules.ts holds the rules the back
 * office checks terms against, import.ts loads auctions from CSV, demo.ts seeds the demo's, routes.ts is the API.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { endAuctions, readLotAuctions, type LotAuctionRow } from './lot-states.ts';
export { auctionsOverlap, endAfterChange, termsMovedUnderBids, type FixedTerm } from './rules.ts';
