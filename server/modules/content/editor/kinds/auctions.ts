import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { auctions as table, lots } from '../../../../db/schema/index.ts';
import { auctionsOverlap, endAfterChange, termsMovedUnderBids, type FixedTerm } from '../../../auctions/index.ts';
import { sellLots } from '../../../catalogue/index.ts';
import { pick, type Binding } from '../binding.ts';

type Auction = typeof table.$inferSelect;

const FIELD_OF_TERM: Record<FixedTerm, string> = { lot: 'lotId', start_price: 'startPrice', min_step: 'minStep', starts_at: 'startsAt' };

async function current(tx: Db, id: string | number | null): Promise<Auction | null> {
  if (id === null) return null;
  const [row] = await tx
    .select()
    .from(table)
    .where(eq(table.id, Number(id)));
  return row ?? null;
}

/** Auctions (`auctions`, ADR 020), at `/auctions/{id}`, under the auctions import's rules (server/modules/auctions/rules.ts). */
export const auctions: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => ({
    ...pick(row, ['lotId', 'startPrice', 'minStep', 'extendMinutes', 'result']),
    startsAt: (row.startsAt as Date).toISOString(),
    plannedEndsAt: (row.plannedEndsAt as Date).toISOString(),
  }),
  toRow: (values, row) => {
    const planned = new Date(values.plannedEndsAt as string);
    return {
      ...pick(values, ['lotId', 'startPrice', 'minStep', 'extendMinutes', 'result']),
      startsAt: new Date(values.startsAt as string),
      plannedEndsAt: planned,
      // An extension its bids made past the new end is kept, as the import keeps it.
      endsAt: endAfterChange(row as Auction | null, planned),
      updatedAt: new Date(),
    };
  },
  publicPath: (row) => `/auctions/${String(row.id)}`,
  // The sales team's "sold" sells the lot in the same transaction (DESIGN "A lot has one commercial state").
  written: async (tx, row) => {
    if (row.result === 'sold') await sellLots(tx, [row.lotId as number]);
  },
  // The import's rules (ADR 020): bids are never lost or moved under them — an auction with bids is not deleted and
  // keeps its lot, start price, step and start; a lot is auctioned once at a time; the lot is the catalogue's.
  refuse: async (tx, id, values) => {
    const now = await current(tx, id);
    if (!values) return now && now.bidCount > 0 ? { field: 'result', message: 'auctionHasBids' } : null;
    const lotId = values.lotId as number;
    const [lot] = await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, lotId));
    if (!lot) return { field: 'lotId', message: 'unknownLot' };
    const startsAt = new Date(values.startsAt as string);
    if (now) {
      const moved = termsMovedUnderBids(now, {
        lot: lotId,
        start_price: values.startPrice as number,
        min_step: values.minStep as number,
        starts_at: startsAt,
      });
      if (moved.length) return { field: FIELD_OF_TERM[moved[0]!], message: 'auctionBidsFixed' };
    }
    if (values.result === 'cancelled') return null;
    const window = { startsAt, endsAt: endAfterChange(now, new Date(values.plannedEndsAt as string)) };
    const others = await tx
      .select()
      .from(table)
      .where(and(eq(table.lotId, lotId), sql`${table.result} is distinct from 'cancelled'`, ...(id === null ? [] : [ne(table.id, Number(id))])));
    return others.some((other) => auctionsOverlap(other, window)) ? { field: 'lotId', message: 'auctionOverlap' } : null;
  },
};
