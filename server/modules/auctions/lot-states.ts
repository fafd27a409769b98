import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auctions, lots } from '../../db/schema/index.ts';

/**
 * What the catalogue reads of auctions to decide its lots' one commercial state (DESIGN "A lot has one commercial
 * state"; server/modules/catalogue/lot-state.ts): the auctions not yet over or over but not yet settled, and the
 * step that settles an ended auction. Read in the catalogue snapshot's own transaction, so a lot's row and its
 * auction are one reading.
 */
export type LotAuctionRow = {
  id: number;
  lotId: number;
  startPrice: number;
  bestAmount: number | null;
  bidCount: number;
  startsAt: Date;
  endsAt: Date;
  /** `sold` when the sales team or the settling step said so; null while undecided. */
  result: 'sold' | null;
};

/** A lot not yet marked sold in its row: an auction that sold it still has to. */
const lotNotSold = sql`exists (select 1 from ${lots} where ${lots.id} = ${auctions.lotId} and ${lots.status} <> 'sold')`;

/**
 * The auctions a lot's state follows: those without a result that are not over yet or are over with a bid (sold,
 * until `endAuctions` settles it), and those whose result is `sold` while their lot's row is not yet sold (the sales
 * team's word in the back office or the import, until the settling step writes the lot). A cancelled auction, or one
 * that ended without a bid or was declared not sold, gives the lot back its own status, so it is not read. Ending first.
 * `lotId`: one lot's only (a reader of one lot outside the snapshot: the CRM's card).
 */
export async function readLotAuctions(db: Executor, now: Date, lotId?: number): Promise<LotAuctionRow[]> {
  return db
    .select({
      id: auctions.id,
      lotId: auctions.lotId,
      startPrice: auctions.startPrice,
      bestAmount: auctions.bestAmount,
      bidCount: auctions.bidCount,
      startsAt: auctions.startsAt,
      endsAt: auctions.endsAt,
      result: sql<'sold' | null>`case when ${auctions.result} = 'sold' then 'sold' end`,
    })
    .from(auctions)
    .where(
      and(
        or(and(isNull(auctions.result), or(gt(auctions.endsAt, now), gt(auctions.bidCount, 0))), and(eq(auctions.result, 'sold'), lotNotSold)),
        lotId === undefined ? undefined : eq(auctions.lotId, lotId),
      ),
    )
    .orderBy(asc(auctions.endsAt), asc(auctions.id));
}

/**
 * Ends the auctions whose end has passed and that have no result yet, in the caller's transaction (which also marks
 * their lots sold: server/modules/catalogue/auction-sales.ts): each gets its result, sold when it had a bid, else not
 * sold. The rows are locked as a bid locks them (`FOR UPDATE`), so a bid racing the end either lands before (and
 * moves the end, which then has not passed) or sees the result. Returns the lots sold: by these auctions, and by
 * auctions the sales team declared sold whose lot's row is not yet sold.
 */
export async function endAuctions(tx: Executor, now: Date): Promise<{ auctionId: number; lotId: number }[]> {
  const ended = await tx
    .select({ id: auctions.id, lotId: auctions.lotId, bidCount: auctions.bidCount })
    .from(auctions)
    .where(and(isNull(auctions.result), lte(auctions.endsAt, now)))
    .orderBy(asc(auctions.id))
    .for('update');
  if (ended.length)
    await tx
      .update(auctions)
      .set({ result: sql`case when ${auctions.bidCount} > 0 then 'sold' else 'not_sold' end`, updatedAt: now })
      .where(and(isNull(auctions.result), lte(auctions.endsAt, now)));
  const declared = await tx
    .select({ auctionId: auctions.id, lotId: auctions.lotId })
    .from(auctions)
    .where(and(eq(auctions.result, 'sold'), lotNotSold));
  const sold = ended.filter((row) => row.bidCount > 0).map((row) => ({ auctionId: row.id, lotId: row.lotId }));
  return [...sold, ...declared.filter((row) => !sold.some((s) => s.auctionId === row.auctionId))];
}
