import { and, eq } from 'drizzle-orm';
import { reservationByToken } from './deals-token.ts';
import { lockReservation, recordEvent, touched } from './deals-stages.ts';
import type { PaymentFlow } from './flow.ts';
import { requestRefund, type RefundState } from './refunds.ts';
import { dealSold, reservationEvents, reservations, type ReservationRow } from './schema.ts';

const DAY_MS = 86_400_000;

/** Until when the buyer may cancel a paid reservation and be refunded: `refund_window_days` after the payment. */
export function refundWindowEnd(row: Pick<ReservationRow, 'paidAt' | 'refundWindowDays'>): Date | null {
  return row.paidAt ? new Date(row.paidAt.getTime() + row.refundWindowDays * DAY_MS) : null;
}

/**
 * Whether the buyer may cancel with a refund at `now` (the deal page shows the form while this holds): a paid
 * reservation, within its refund window, whose contract is not signed yet (a signed contract sold the lot: ADR 034).
 */
export function buyerMayCancel(row: Pick<ReservationRow, 'state' | 'paidAt' | 'refundWindowDays' | 'paymentId' | 'dealStage'>, now: Date): boolean {
  const end = refundWindowEnd(row);
  return row.state === 'reserved' && row.paymentId !== null && !dealSold(row.dealStage) && end !== null && now.getTime() < end.getTime();
}

/**
 * The buyer's cancel:
 * - `canceled`: the reservation is canceled, the lot free, and the deposit's refund asked of the provider (`refund`:
 *   where it stands; `pending` is finished by the reconciliation job when the provider did not answer);
 * - `not_found`: no reservation opens with this token under this id (the same answer for a wrong id and a wrong token);
 * - `closed`: not a paid reservation any more, its contract signed, or the refund window has passed (the manager
 *   handles it).
 */
export type CancelOutcome =
  { type: 'canceled'; id: string; refund: RefundState | null } | { type: 'not_found' } | { type: 'closed'; reason: 'state' | 'window' };

/**
 * Cancels a paid reservation at its buyer's request, within the refund window (issue #39, ADR 034). The token proves
 * the buyer (it comes in the body or a header, never the URL). The cancel is committed first, with the refund marked
 * pending, so the lot is free at once and the refund, asked next of the provider, is owed even if the process dies
 * before the provider answers. A repeat after the cancel answers `closed` and refunds nothing twice.
 */
export async function cancelByBuyer(flow: PaymentFlow, id: string, token: string): Promise<CancelOutcome> {
  const found = await reservationByToken(flow.db, token);
  if (!found || found.id !== id.toLowerCase()) return { type: 'not_found' };
  const now = flow.now();
  const verdict = await flow.db.transaction(async (tx): Promise<CancelOutcome> => {
    const row = await lockReservation(tx, found.id);
    if (!row) return { type: 'not_found' };
    if (row.state !== 'reserved' || row.paymentId === null || dealSold(row.dealStage)) return { type: 'closed', reason: 'state' };
    if (!buyerMayCancel(row, now)) return { type: 'closed', reason: 'window' };
    await tx
      .update(reservations)
      .set({ state: 'canceled', canceledAt: now, cancelReason: 'buyer', refundStatus: 'pending', ...touched() })
      .where(and(eq(reservations.id, row.id), eq(reservations.state, 'reserved')));
    await recordEvent(tx, flow.fanout, { reservationId: row.id, kind: 'canceled', at: now, source: 'buyer', data: { reason: 'buyer', refund: true } });
    return { type: 'canceled', id: row.id, refund: 'pending' };
  });
  if (verdict.type !== 'canceled') return verdict;
  flow.log.info({ reservation: verdict.id }, 'reservation canceled by its buyer; refunding');
  flow.changed();
  return { ...verdict, refund: await requestRefund(flow, verdict.id, 'buyer') };
}

/** What a CRM's "lost" deal did to its reservation (`releaseByCrm`). */
export type CrmRelease = 'released' | 'duplicate' | 'unchanged' | 'not_found';

/**
 * Cancels a reservation because its deal was lost in a CRM (Bitrix24's LOSE, amoCRM's closed-lost: ADR 040), as a
 * staff cancel does: the lot is free at once, a `canceled` row of the timeline (source `crm`, `external_id` the CRM's
 * deal and stage, so a repeated webhook is a `duplicate`) goes to the CRMs' outboxes. The deposit is refunded as the
 * buyer's own cancel would be (`buyerMayCancel`: paid, within the refund window, contract not signed): the refund is
 * committed `pending` and the reconciliation job asks it of the provider (reconcile.ts). A deal whose contract is
 * signed sold the lot, and a reservation no longer held or reserved is left `unchanged`: the sales team handles those.
 */
export async function releaseByCrm(
  db: PaymentFlow['db'],
  reservationId: string,
  change: { at: Date; externalId: string; fanout: PaymentFlow['fanout'] },
): Promise<CrmRelease> {
  return db.transaction(async (tx): Promise<CrmRelease> => {
    const row = await lockReservation(tx, reservationId);
    if (!row) return 'not_found';
    const [seen] = await tx
      .select({ id: reservationEvents.id })
      .from(reservationEvents)
      .where(and(eq(reservationEvents.reservationId, row.id), eq(reservationEvents.externalId, change.externalId)));
    if (seen) return 'duplicate';
    if ((row.state !== 'reserved' && row.state !== 'held') || dealSold(row.dealStage)) return 'unchanged';
    const refund = row.state === 'reserved' && buyerMayCancel(row, change.at);
    await tx
      .update(reservations)
      .set({ state: 'canceled', canceledAt: change.at, cancelReason: 'crm', ...(refund ? { refundStatus: 'pending' } : {}), ...touched() })
      .where(eq(reservations.id, row.id));
    await recordEvent(tx, change.fanout, {
      reservationId: row.id,
      kind: 'canceled',
      at: change.at,
      source: 'crm',
      externalId: change.externalId,
      data: { reason: 'crm', refund },
    });
    return 'released';
  });
}
