import { z } from 'zod';
import { AUCTION_RESULTS, AUCTION_STATUSES, BID_CEILING_STEPS } from '#core/auctions/auction.ts';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { apiError } from '../../http/api/schemas.ts';
import { leadAccepted } from '../leads/index.ts';

/** Auction answers (server/modules/auctions/service.ts, ADR 020): the public view never names a bidder. */
export const auctionLot = z
  .strictObject({
    id: z.string(),
    number: z.string(),
    type: z.enum(LOT_TYPES),
    rooms: z.number().int().nullable(),
    euro: z.boolean(),
    area: z.number(),
    floor: z.number().int(),
    projectName: z.string(),
    url: z.string().describe('The lot page, without the language prefix.'),
  })
  .meta({ id: 'AuctionLot' });

export const auction = z
  .strictObject({
    id: z.number().int(),
    lotId: z.number().int(),
    status: z.enum(AUCTION_STATUSES).describe('From the start and end times and the clock: scheduled, live or ended.'),
    startPrice: z.number().int().describe('Roubles.'),
    minStep: z.number().int().describe('Roubles: a bid is at least the best plus this.'),
    startsAt: z.string().describe('ISO instant (shown in Moscow time).'),
    endsAt: z.string().describe('ISO instant; moves to now + extendMinutes when a bid comes within the last extendMinutes.'),
    plannedEndsAt: z.string().describe('The end as announced, before any extension.'),
    extendMinutes: z.number().int(),
    bestAmount: z.number().int().nullable().describe('The best accepted bid; null before the first.'),
    bidCount: z.number().int(),
    minimumBid: z.number().int().describe('The least a bid may be now.'),
    maximumBid: z.number().int().describe(`The most a bid may be now: the best (the start price before the first bid) plus ${BID_CEILING_STEPS} steps.`),
    result: z.enum(AUCTION_RESULTS).nullable().describe('Ended auctions: sold (at bestAmount), not_sold or cancelled.'),
    lot: auctionLot.nullable(),
  })
  .meta({ id: 'Auction' });

export const auctionInformer = z
  .strictObject({
    now: z.string().describe("The server's clock, ISO: countdowns count from it."),
    live: z.array(auction),
    scheduled: z.array(auction),
    ended: z.array(auction).describe('Ended within the last 30 days, most recent first (at most 10).'),
  })
  .meta({ id: 'AuctionInformer' });

export const auctionOne = z.strictObject({ now: z.string(), auction }).meta({ id: 'AuctionAnswer' });

export const bidAccepted = leadAccepted.extend({ auction: auction.nullable() }).meta({ id: 'AuctionBidAccepted' });
const bidRefused = apiError.extend({ auction: auction.nullable().optional() });

export const bidAnswers = {
  201: bidAccepted,
  400: apiError,
  403: apiError.describe('Cross-site request, or the anti-bot check failed.'),
  404: apiError.describe('No auction with this id.'),
  409: bidRefused.describe(
    '`errors.amount`: below the least bid now ("must be at least X"), above the most ("may be at most X", `auction.maximumBid`), or bidding not open; `auction` is the state now.',
  ),
  413: apiError,
  422: apiError.describe('This Idempotency-Key was used for a different request.'),
  429: apiError.describe('Too many requests from this client or for this phone; Retry-After says when to try again.'),
  500: apiError,
  503: apiError.describe('The database is unavailable; Retry-After says when to try again.'),
};
