import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { auctions, lots } from '../../db/schema/index.ts';
import type { Tx } from './deals-stages.ts';
import { lotsSoldByDeals } from './lot-states.ts';

/**
 * Whether a lot may still be reserved at `now`, as `createHold` decides it: its row says free, no online deal sold it
 * (a catalogue written again may say free: lot-states.ts `soldByDeal`) and no auction has it (announced, live, or
 * over with a bid or sold). A payment that succeeds for a hold is applied only while this holds: the sales team may
 * have booked or sold the lot meanwhile, and then the buyer is refunded.
 */
export async function lotOffered(tx: Tx, lotId: number, now: Date): Promise<boolean> {
  const [lot] = await tx.select({ status: lots.status }).from(lots).where(eq(lots.id, lotId)).limit(1);
  if (lot?.status !== 'free') return false;
  if ((await lotsSoldByDeals(tx, [lotId])).size) return false;
  const [auction] = await tx
    .select({ id: auctions.id })
    .from(auctions)
    .where(
      and(
        eq(auctions.lotId, lotId),
        or(eq(auctions.result, 'sold'), and(isNull(auctions.result), or(gt(auctions.endsAt, now), sql`${auctions.bidCount} > 0`))),
      ),
    )
    .limit(1);
  return !auction;
}
