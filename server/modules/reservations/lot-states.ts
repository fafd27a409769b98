import { and, asc, eq, gt, inArray, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dealSold, reservations, SOLD_DEAL_STAGES } from './schema.ts';

/**
 * What the catalogue reads of reservations to decide its lots' one commercial state (DESIGN "A lot has one commercial
 * state"; server/modules/catalogue/lot-state.ts): the reservations that hold or sold their lot at `now`. Read in the
 * catalogue snapshot's own transaction, so a lot's row and its reservation are one reading.
 */
export type LotReservationRow = {
  lotId: number;
  /** `sold`: the deal's contract is signed (a stage of `SOLD_DEAL_STAGES`, or the deal completed at the keys). */
  state: 'held' | 'reserved' | 'sold';
  /**
   * When it stops holding the lot by itself (ms): a hold's `hold_expires_at`, a reservation's `ends_at` while its
   * deal is at its first stage; null for a deal that moved on (it keeps the lot until the sales team ends it).
   */
  until: number | null;
  /** The reservation's end as the public reads it («Забронирован до 12 декабря», ms): `ends_at` while in force, else null. */
  reservedUntil: number | null;
};

/** A deal that sold its lot: a paid reservation whose contract is signed, or one completed (the keys handed over). */
export const soldByDeal = () =>
  or(and(eq(reservations.state, 'reserved'), inArray(reservations.dealStage, [...SOLD_DEAL_STAGES])), eq(reservations.state, 'completed'));

/** The reservations holding their lot at `now` (holds not yet run out; paid reservations in force, or past their end with the deal moved on) or sold it. */
export async function readLotReservations(db: Pick<Executor, 'select'>, now: Date): Promise<LotReservationRow[]> {
  const rows = await db
    .select({
      lotId: reservations.lotId,
      state: reservations.state,
      holdExpiresAt: reservations.holdExpiresAt,
      endsAt: reservations.endsAt,
      dealStage: reservations.dealStage,
    })
    .from(reservations)
    .where(
      or(
        and(eq(reservations.state, 'held'), gt(reservations.holdExpiresAt, now)),
        and(eq(reservations.state, 'reserved'), or(gt(reservations.endsAt, now), ne(reservations.dealStage, 'reserved'))),
        eq(reservations.state, 'completed'),
      ),
    )
    .orderBy(asc(reservations.lotId));
  return rows.map((row) => {
    const ends = row.endsAt?.getTime() ?? null;
    const inForce = ends !== null && ends > now.getTime();
    if (row.state === 'held') return { lotId: row.lotId, state: 'held', until: row.holdExpiresAt.getTime(), reservedUntil: null };
    if (row.state === 'completed' || dealSold(row.dealStage)) return { lotId: row.lotId, state: 'sold', until: null, reservedUntil: null };
    return { lotId: row.lotId, state: 'reserved', until: row.dealStage === 'reserved' ? ends : null, reservedUntil: inForce ? ends : null };
  });
}

/**
 * The lots an online deal sold (`soldByDeal`), of `lotIds` or all of them: nothing may put them back on sale while
 * the deal stands (the catalogue's import refuses to, a hold is refused).
 */
export async function lotsSoldByDeals(db: Pick<Executor, 'select'>, lotIds?: readonly number[]): Promise<Set<number>> {
  if (lotIds && !lotIds.length) return new Set();
  const rows = await db
    .select({ lotId: reservations.lotId })
    .from(reservations)
    .where(and(lotIds ? inArray(reservations.lotId, [...lotIds]) : undefined, soldByDeal()));
  return new Set(rows.map((row) => row.lotId));
}
