import { eq } from 'drizzle-orm';
import { safeError } from '../../logger.ts';
import { kopecksToMoney, moneyToKopecks, PaymentProviderError, type ProviderRefund } from '../payments/index.ts';
import { lockReservation, recordEvent, touched } from './deals-stages.ts';
import type { PaymentFlow } from './flow.ts';
import { reservations } from './schema.ts';

/** A refund's state on the reservation: asked (the provider may not have it yet), done, or refused for good. */
export type RefundState = 'pending' | 'succeeded' | 'canceled' | 'failed';

/**
 * The one Idempotence-Key of a reservation's automatic or buyer's refund: asking again (a retry, the reconciliation
 * after a crash) gets the same refund, never a second one.
 */
export const refundKey = (reservationId: string) => `refund-${reservationId}`;

/**
 * Takes a reservation's pending refund one step: creates it at the provider (its key makes this safe to repeat) or,
 * once it has an id, reads it back; then records what the provider says. The state it was asked in is committed
 * before this is called (`refund_status = 'pending'`), so a process that dies here leaves the reconciliation job
 * a refund to finish. A provider that cannot be reached leaves it pending; a definite refusal marks it `failed`
 * for the sales team (logged as an error: the buyer is owed money).
 */
export async function requestRefund(flow: PaymentFlow, reservationId: string, source: 'provider' | 'job' | 'buyer' | 'staff'): Promise<RefundState | null> {
  const [row] = await flow.db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
  if (!row || row.refundStatus !== 'pending' || !row.paymentId) return (row?.refundStatus as RefundState | undefined) ?? null;
  let refund: ProviderRefund;
  try {
    refund = row.refundId
      ? await flow.provider.getRefund(row.refundId)
      : await flow.provider.createRefund({
          paymentId: row.paymentId,
          amount: kopecksToMoney(row.amountKopecks - row.refundedKopecks),
          description: `Возврат задатка: бронирование ${row.id}`,
          idempotenceKey: refundKey(row.id),
        });
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.retryable) {
      await flow.db.transaction(async (tx) => {
        const locked = await lockReservation(tx, reservationId);
        if (locked?.refundStatus !== 'pending') return;
        await tx
          .update(reservations)
          .set({ refundStatus: 'failed', ...touched() })
          .where(eq(reservations.id, reservationId));
        await recordEvent(tx, { crm: false }, { reservationId, kind: 'refund_failed', at: flow.now(), source, data: { code: error.code ?? null } });
      });
      flow.log.error(
        { reservation: reservationId, payment: row.paymentId, code: error.code, status: error.status },
        'refund refused by the provider: refund by hand',
      );
      flow.changed();
      return 'failed';
    }
    flow.log.warn({ reservation: reservationId, errorClass: safeError(error).type }, 'refund not confirmed by the provider yet; the reconciliation asks again');
    return 'pending';
  }
  return recordRefund(flow, refund, source);
}

/**
 * Records a refund as the provider's API answered it, on the reservation that asked for it: its id, its status, and,
 * once succeeded, the amount returned with a `refunded` event on the timeline (once: the external id is the refund's
 * id and status). A refund the provider canceled is marked so and logged as an error: the buyer is owed money.
 */
export async function recordRefund(flow: PaymentFlow, refund: ProviderRefund, source: 'provider' | 'job' | 'buyer' | 'staff'): Promise<RefundState | null> {
  const [byRefund] = await flow.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.refundId, refund.id)).limit(1);
  const [byPayment] = byRefund
    ? [byRefund]
    : await flow.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.paymentId, refund.paymentId)).limit(1);
  if (!byPayment) {
    flow.log.warn({ refund: refund.id, payment: refund.paymentId }, 'refund of no reservation of ours: ignored');
    return null;
  }
  const id = byPayment.id;
  const now = flow.now();
  const state = await flow.db.transaction(async (tx): Promise<RefundState | null> => {
    const row = await lockReservation(tx, id);
    if (!row || row.paymentId !== refund.paymentId || (row.refundId !== null && row.refundId !== refund.id)) return null;
    const before = row.refundStatus as RefundState | null;
    if (before === 'succeeded' || before === 'failed' || (before === refund.status && row.refundId === refund.id)) return before;
    const returned = refund.status === 'succeeded' ? Number(moneyToKopecks(refund.amount)) : row.refundedKopecks;
    await tx
      .update(reservations)
      .set({ refundId: refund.id, refundStatus: refund.status, refundedKopecks: returned, ...touched() })
      .where(eq(reservations.id, id));
    if (refund.status !== 'pending') {
      // Only a reservation that was paid and canceled by its buyer or staff told the CRM; its refund goes there too.
      const told = row.paidAt !== null && flow.fanout.crm;
      await recordEvent(
        tx,
        { crm: told },
        {
          reservationId: id,
          kind: refund.status === 'succeeded' ? 'refunded' : 'refund_failed',
          at: now,
          source,
          externalId: `${refund.id}:${refund.status}`,
          data: { refundId: refund.id, amountKopecks: returned },
        },
      );
    }
    return refund.status;
  });
  if (state === 'canceled') flow.log.error({ reservation: id, refund: refund.id }, 'refund canceled by the provider: refund by hand');
  else if (state === refund.status) flow.log.info({ reservation: id, refund: refund.id, status: refund.status, source }, 'refund recorded');
  flow.changed();
  return state;
}
