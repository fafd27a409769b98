import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { lots } from '../../db/schema/index.ts';
import { moneyToKopecks, type ProviderPayment } from '../payments/index.ts';
import { sendDealLink } from './deals-mail.ts';
import { isReservationId, lockReservation, recordEvent, touched, type Tx } from './deals-stages.ts';
import type { PaymentFlow } from './flow.ts';
import { lotOffered } from './offered.ts';
import { requestRefund } from './refunds.ts';
import { reservations, type ReservationRow } from './schema.ts';

const DAY_MS = 86_400_000;

/**
 * What a payment read back from the provider did to its reservation:
 * - `reserved`: it succeeded for a hold that still holds its lot, or that ran out while nobody took the lot → the lot
 *   is reserved until `ends_at`;
 * - `refunding`: it succeeded for an attempt that can no longer have the lot (the hold ran out and someone else took
 *   it, it was canceled, the lot left the sale) → a full refund is asked of the provider;
 * - `canceled`: the provider canceled it while the lot was held → the hold ends and the lot is free;
 * - `unchanged`: already applied (a repeated notification), or a status that changes nothing (pending);
 * - `ignored`: no reservation of ours is paid by it, or its amount, currency or metadata do not match one.
 */
export type PaymentOutcome = 'reserved' | 'refunding' | 'canceled' | 'unchanged' | 'ignored';

export type PaymentSource = 'provider' | 'job';

/** Why a payment does not pay for this reservation: the first field that differs, or null when it matches. */
export function paymentMismatch(row: Pick<ReservationRow, 'id' | 'lotId' | 'amountKopecks' | 'currency'>, payment: ProviderPayment): string | null {
  if (payment.amount.currency !== row.currency) return 'currency';
  let paid: bigint;
  try {
    paid = moneyToKopecks(payment.amount);
  } catch {
    return 'amount';
  }
  if (paid !== BigInt(row.amountKopecks)) return 'amount';
  if (payment.metadata.reservationId !== row.id) return 'metadata.reservationId';
  if (payment.metadata.lotId !== String(row.lotId)) return 'metadata.lotId';
  return null;
}

/**
 * The reservation a payment is for: the one that stored its id, or (a process killed after the provider created it
 * and before its id was written) the one its metadata names that stored no payment yet.
 */
async function reservationPaidBy(flow: PaymentFlow, payment: ProviderPayment): Promise<ReservationRow | null> {
  const [stored] = await flow.db.select().from(reservations).where(eq(reservations.paymentId, payment.id)).limit(1);
  if (stored) return stored;
  const named = payment.metadata.reservationId;
  if (!named || !isReservationId(named)) return null;
  const [orphan] = await flow.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, named.toLowerCase()), isNull(reservations.paymentId)))
    .limit(1);
  return orphan ?? null;
}

/** Events of a reservation that was paid go to the CRM; a hold that never was is none of its business. */
const fanoutFor = (flow: PaymentFlow, paid: boolean) => ({ crm: flow.fanout.crm && paid });

/**
 * Applies a payment as the provider's API answered it (never as a notification said it): matched against its
 * reservation (amount, currency, metadata), then in one transaction with the lot's row locked, as `createHold` locks
 * it, so a hold made at the same moment and this payment are decided one after the other. Idempotent: a repeat finds
 * the state already moved and changes nothing; the timeline's external id (`<payment id>:<status>`) is unique.
 * A payment that must be refunded is refunded here, after the commit (the reconciliation retries a refund that fails).
 */
export async function applyPayment(
  flow: PaymentFlow,
  payment: ProviderPayment,
  source: PaymentSource,
): Promise<{ outcome: PaymentOutcome; reservationId: string | null }> {
  const found = await reservationPaidBy(flow, payment);
  if (!found) {
    flow.log.warn({ payment: payment.id, status: payment.status }, 'payment pays for no reservation of ours: ignored');
    return { outcome: 'ignored', reservationId: null };
  }
  const mismatch = paymentMismatch(found, payment);
  if (mismatch) {
    flow.log.error({ reservation: found.id, payment: payment.id, mismatch }, 'payment does not match its reservation: ignored');
    return { outcome: 'ignored', reservationId: found.id };
  }
  const now = flow.now();
  const outcome = await flow.db.transaction(async (tx) => {
    await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, found.lotId)).for('update');
    const row = await lockReservation(tx, found.id);
    if (!row || (row.paymentId !== null && row.paymentId !== payment.id)) return 'ignored' as const;
    return decide(tx, flow, row, payment, source, now);
  });
  if (outcome === 'ignored') flow.log.warn({ reservation: found.id, payment: payment.id }, 'payment belongs to another attempt: ignored');
  if (outcome !== 'unchanged' && outcome !== 'ignored') {
    flow.log.info({ reservation: found.id, payment: payment.id, status: payment.status, outcome, source }, 'payment applied');
    flow.changed();
  }
  if (outcome === 'refunding') await requestRefund(flow, found.id, source);
  // The buyer's link by e-mail (when the site sends mail), in the background: the provider's answer does not wait for
  // an SMTP server, and a failure is logged there and leaves the link on the page the provider sent the buyer back to.
  if (outcome === 'reserved') void sendDealLink(flow.mail, { reservationId: found.id }).catch(() => {});
  return { outcome, reservationId: found.id };
}

/**
 * Whether a paid attempt may still take its lot: a hold still held, or one that ran out (the expiry job was first,
 * the payment's success a little late) while nobody else took the lot — and the lot is still offered (free, no
 * auction). The lot's row is locked: no hold can be made meanwhile.
 */
async function stillTheBuyers(tx: Tx, row: ReservationRow, now: Date): Promise<boolean> {
  if (row.state !== 'held' && row.state !== 'expired') return false;
  if (row.state === 'expired') {
    const [other] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.lotId, row.lotId), inArray(reservations.state, ['held', 'reserved']), ne(reservations.id, row.id)))
      .limit(1);
    if (other) return false;
  }
  return lotOffered(tx, row.lotId, now);
}

async function decide(tx: Tx, flow: PaymentFlow, row: ReservationRow, payment: ProviderPayment, source: PaymentSource, now: Date): Promise<PaymentOutcome> {
  const externalId = `${payment.id}:${payment.status}`;
  const mine = eq(reservations.id, row.id);
  if (payment.status === 'succeeded') {
    if (row.state === 'reserved' || row.refundStatus !== null) return 'unchanged';
    if (await stillTheBuyers(tx, row, now)) {
      const endsAt = new Date(now.getTime() + row.periodDays * DAY_MS);
      await tx
        .update(reservations)
        .set({ state: 'reserved', paidAt: now, endsAt, paymentId: payment.id, paymentStatus: 'succeeded', ...touched() })
        .where(mine);
      await recordEvent(tx, fanoutFor(flow, true), {
        reservationId: row.id,
        kind: 'paid',
        at: now,
        source,
        externalId,
        data: { paymentId: payment.id, endsAt: endsAt.toISOString(), ...(row.state === 'expired' ? { afterHold: true } : {}) },
      });
      return 'reserved';
    }
    // Paid, but the lot is no longer this buyer's (or never was): the money goes back, in full.
    const reason = row.state === 'held' ? 'lot_unavailable' : `reservation_${row.state}`;
    await tx
      .update(reservations)
      .set({
        paymentId: payment.id,
        paymentStatus: 'succeeded',
        refundStatus: 'pending',
        ...(row.state === 'held' ? { state: 'canceled' as const, canceledAt: now, cancelReason: 'lot_unavailable' } : {}),
        ...touched(),
      })
      .where(mine);
    await recordEvent(tx, fanoutFor(flow, false), { reservationId: row.id, kind: 'refund_requested', at: now, source, externalId, data: { reason } });
    return 'refunding';
  }
  if (payment.status === 'canceled') {
    if (row.paymentStatus === 'canceled') return 'unchanged';
    const held = row.state === 'held';
    await tx
      .update(reservations)
      .set({
        paymentId: payment.id,
        paymentStatus: 'canceled',
        ...(held ? { state: 'canceled' as const, canceledAt: now, cancelReason: 'payment_canceled' } : {}),
        ...touched(),
      })
      .where(mine);
    await recordEvent(tx, fanoutFor(flow, false), {
      reservationId: row.id,
      kind: held ? 'canceled' : 'payment_canceled',
      at: now,
      source,
      externalId,
      data: { reason: payment.cancellationReason },
    });
    return held ? 'canceled' : 'unchanged';
  }
  // pending, waiting_for_capture (payments are made with capture: true, so it passes): the status is noted only.
  if (row.paymentId !== payment.id || row.paymentStatus !== payment.status) {
    await tx
      .update(reservations)
      .set({ paymentId: payment.id, paymentStatus: payment.status, ...touched() })
      .where(mine);
  }
  return 'unchanged';
}
