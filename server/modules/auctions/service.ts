import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { auctionResult, auctionStatus, extendedEnd, formatRoubles, maximumBid, minimumBid, type AuctionLot, type AuctionView } from '#core/auctions/auction.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { auctionBids, auctions } from '../../db/schema/index.ts';
import type { LeadService, SubmitMeta, SubmitOutcome } from '../leads/index.ts';
import { ClaimRefused } from '../leads/index.ts';
import { recordRead } from '../../db/read-tracking.ts';

type AuctionRow = typeof auctions.$inferSelect;

/** How long an ended auction stays in the lists (its own page and the lot's keep showing it). */
export const RECENTLY_ENDED_MS = 30 * 24 * 3600_000;
const RECENTLY_ENDED_MAX = 10;
/** How far the lists' lower bound may move (time passing) before their kept rows are read again. */
const LISTS_KEPT_MS = 60_000;

export type AuctionLists = { live: AuctionView[]; scheduled: AuctionView[]; ended: AuctionView[] };

export type BidOutcome = { type: 'not_found' } | (SubmitOutcome & { auction?: AuctionView | null });

type Lots = (ids: string[], locale: Locale) => Promise<LotCard[]>;

function lotOf(card: LotCard | undefined): AuctionLot | null {
  if (!card) return null;
  const { id, number, type, rooms, euro, area, floor, projectName, url } = card;
  return { id, number, type, rooms, euro, area, floor, projectName, url };
}

/** The public view of a row: no bidder, ever (the bids' leads are never read here). */
export function auctionView(row: AuctionRow, now: Date, lot: AuctionLot | null): AuctionView {
  // A cancelled auction is over whatever its times said.
  const status = row.result === 'cancelled' ? 'ended' : auctionStatus(row, now);
  return {
    id: row.id,
    lotId: row.lotId,
    status,
    startPrice: row.startPrice,
    minStep: row.minStep,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    plannedEndsAt: row.plannedEndsAt.toISOString(),
    extendMinutes: row.extendMinutes,
    bestAmount: row.bestAmount,
    bidCount: row.bidCount,
    minimumBid: minimumBid(row),
    maximumBid: maximumBid(row),
    result: auctionResult(row, status),
    lot,
  };
}

/**
 * Auctions (issue #16, ADR 020): the lists the informer and the auctions page show, one auction, a lot's
 * auction, and bids. A bid is a lead of kind `auction_bid` through the one lead pipeline (ADR 006: validation,
 * idempotency, budgets, proof of work, outbox); its own step runs inside the lead's transaction: the auction's
 * row is locked (`SELECT … FOR UPDATE`), the bid checked against the best and the end, the bid written and the
 * summary and end moved — so concurrent bids queue on the row and exactly one wins at each level.
 */
export function createAuctionService(
  db: Db,
  deps: {
    leads: LeadService;
    lots: Lots;
    read?: <T>(load: () => Promise<T>) => Promise<T>;
    /** The auctions' data version this process knows (services/versions.ts); without it, the lists are read every time. */
    version?: () => number;
  },
) {
  /** Reads pages show, versioned for the page cache (kind `auctions`: every bid and edit bumps it). */
  const read = deps.read ?? ((load) => load());
  /**
   * The rows of the lists, kept while the auctions' data version stands: the home page and every lot page show the
   * informer, and one query per page view was a tenth of the home page's render. They are read from `from` (the
   * lists' lower bound when read) and serve the next `LISTS_KEPT_MS` of lower bounds, each call filtering by its own.
   * A bid taken here drops them at once (`generation`); one taken elsewhere moves the version within a poll.
   */
  let kept: { version: number; from: number; rows: AuctionRow[] } | null = null;
  let generation = 0;
  async function recentRows(now: Date): Promise<AuctionRow[]> {
    const from = now.getTime() - RECENTLY_ENDED_MS;
    const version = deps.version?.();
    if (version !== undefined && kept && kept.version === version && from >= kept.from && from - kept.from < LISTS_KEPT_MS) {
      recordRead('auctions', version);
      return kept.rows.filter((row) => row.endsAt.getTime() >= from);
    }
    const started = generation;
    const rows = await read(() =>
      db
        .select()
        .from(auctions)
        .where(gte(auctions.endsAt, new Date(from)))
        .orderBy(asc(auctions.endsAt), asc(auctions.id))
        .then((r) => r),
    );
    if (version !== undefined && generation === started) kept = { version, from, rows };
    return rows;
  }
  async function withLots(rows: AuctionRow[], locale: Locale, now: Date): Promise<AuctionView[]> {
    const cards = await deps.lots([...new Set(rows.map((r) => String(r.lotId)))], locale);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return rows.map((row) => auctionView(row, now, lotOf(byId.get(String(row.lotId)))));
  }

  async function one(id: number, locale: Locale, now: Date): Promise<AuctionView | null> {
    const [row] = await read(() =>
      db
        .select()
        .from(auctions)
        .where(eq(auctions.id, id))
        .limit(1)
        .then((r) => r),
    );
    return row ? ((await withLots([row], locale, now))[0] ?? null) : null;
  }

  return {
    /** Live ones (ending first), scheduled ones (starting first), and the recently ended with their result. */
    async lists(locale: Locale, now = new Date()): Promise<AuctionLists> {
      const views = await withLots(await recentRows(now), locale, now);
      return {
        live: views.filter((v) => v.status === 'live'),
        scheduled: views.filter((v) => v.status === 'scheduled').sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id),
        ended: views
          .filter((v) => v.status === 'ended')
          .reverse()
          .slice(0, RECENTLY_ENDED_MAX),
      };
    },

    get: (id: number, locale: Locale, now = new Date()) => one(id, locale, now),

    /** A lot's auction: the live one, else the next scheduled, else the latest ended (null: never auctioned). */
    async forLot(lotId: number, locale: Locale, now = new Date()): Promise<AuctionView | null> {
      const rows = await read(() =>
        db
          .select()
          .from(auctions)
          .where(eq(auctions.lotId, lotId))
          .orderBy(desc(auctions.endsAt))
          .limit(20)
          .then((r) => r),
      );
      if (!rows.length) return null;
      const views = await withLots(rows, locale, now);
      return views.find((v) => v.status === 'live') ?? views.filter((v) => v.status === 'scheduled').at(-1) ?? views[0] ?? null;
    },

    /** Which lots have a live or scheduled auction (cards and lists may mark them). */
    async activeLotIds(now = new Date()): Promise<number[]> {
      const rows = await read(() =>
        db
          .select({ lotId: auctions.lotId })
          .from(auctions)
          .where(and(gte(auctions.endsAt, now), sql`${auctions.result} is distinct from 'cancelled'`))
          .then((r) => r),
      );
      return [...new Set(rows.map((r) => r.lotId))];
    },

    /**
     * A bid: the lead form's rules (name, phone, consent, idempotency key, limits, proof of work) and, in the
     * lead's transaction, the auction's: after the start, before the end, at least the best plus the step (the
     * start price for the first), at most the ceiling (`maximumBid`). Refusals name `amount` (409). Accepted: one
     * lead, its outbox rows and the bid.
     */
    async bid(id: number, input: Record<string, unknown>, meta: SubmitMeta): Promise<BidOutcome> {
      const [row] = await db.select({ id: auctions.id, lotId: auctions.lotId }).from(auctions).where(eq(auctions.id, id)).limit(1);
      if (!row) return { type: 'not_found' };
      const [card] = await deps.lots([String(row.lotId)], 'ru');
      const outcome = await deps.leads.submit(
        'auction_bid',
        { ...input, auction: String(id), ...(card ? { lot: card.url } : {}) },
        {
          ...meta,
          details: (data) => ({
            auction: id,
            lot: row.lotId,
            lot_number: card?.number ?? null,
            project: card?.projectName ?? null,
            amount: Number(data.amount),
          }),
          claim: async (tx, lead, now) => {
            const amount = Number(lead.data.amount);
            const [locked] = await tx.select().from(auctions).where(eq(auctions.id, id)).for('update');
            if (!locked) throw new ClaimRefused({ auction: ['choice'] });
            const status = auctionStatus(locked, now);
            if (status === 'scheduled') throw new ClaimRefused({ amount: ['auctionNotStarted'] });
            if (status === 'ended' || locked.result === 'cancelled') throw new ClaimRefused({ amount: ['auctionEnded'] });
            const least = minimumBid(locked);
            if (amount < least) throw new ClaimRefused({ amount: ['bidTooLow'] }, { amount: formatRoubles(least, lead.locale) });
            // The ceiling the page states (ADR 020): a bid far above the best would end the bidding for everyone else.
            const most = maximumBid(locked);
            if (amount > most) throw new ClaimRefused({ amount: ['bidTooHigh'] }, { amount: formatRoubles(most, lead.locale) });
            await tx.insert(auctionBids).values({ auctionId: id, amount, at: now, leadId: lead.id });
            await tx
              .update(auctions)
              .set({
                bestAmount: amount,
                bidCount: sql`${auctions.bidCount} + 1`,
                endsAt: extendedEnd(locked.endsAt, locked.extendMinutes, now),
                updatedAt: now,
              })
              .where(eq(auctions.id, id));
          },
        },
      );
      if (outcome.type === 'accepted') {
        generation += 1;
        kept = null;
      }
      if (outcome.type === 'accepted' || outcome.type === 'invalid') return { ...outcome, auction: await one(id, meta.locale, new Date()) };
      return outcome;
    },

    /** The accepted bids of some auctions, without who made them (tests, the sales team's export). */
    async bids(ids: number[]): Promise<{ auctionId: number; amount: number; at: Date; leadId: string | null }[]> {
      if (!ids.length) return [];
      return db
        .select({ auctionId: auctionBids.auctionId, amount: auctionBids.amount, at: auctionBids.at, leadId: auctionBids.leadId })
        .from(auctionBids)
        .where(inArray(auctionBids.auctionId, ids))
        .orderBy(asc(auctionBids.auctionId), asc(auctionBids.amount));
    },
  };
}
export type AuctionService = ReturnType<typeof createAuctionService>;
