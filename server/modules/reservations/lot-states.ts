import { and, asc, eq, gt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reservations } from './schema.ts';

/**
 * What the catalogue reads of reservations to decide its lots' one commercial state (DESIGN "A lot has one commercial
 * state"; server/modules/catalogue/lot-state.ts): the reservations that hold their lot at `now`. Read in the
 * catalogue snapshot's own transaction, so a lot's row and its reservation are one reading.
 */
export type LotReservationRow = {
  lotId: number;
  state: 'held' | 'reserved';
  /**
   * When it stops holding the lot by itself (ms): a hold's `hold_expires_at`, a reservation's `ends_at` while its
   * deal is at its first stage; null for a deal that moved on (it keeps the lot until the sales team ends it).
   */
  until: number | null;
  /** The reservation's end as the public reads it («Забронирован до 12 декабря», ms): `ends_at` while in force, else null. */
  reservedUntil: number | null;
};

/** The reservations holding their lot at `now` (holds not yet run out; paid reservations in force, or past their end with the deal moved on). */
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
      ),
    )
    .orderBy(asc(reservations.lotId));
  return rows.map((row) => {
    const ends = row.endsAt?.getTime() ?? null;
    const inForce = ends !== null && ends > now.getTime();
    if (row.state === 'held') return { lotId: row.lotId, state: 'held', until: row.holdExpiresAt.getTime(), reservedUntil: null };
    return { lotId: row.lotId, state: 'reserved', until: row.dealStage === 'reserved' ? ends : null, reservedUntil: inForce ? ends : null };
  });
}
