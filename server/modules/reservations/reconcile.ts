import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { safeError } from '../../logger.ts';
import { applyPayment } from './apply.ts';
import type { FlowLog, PaymentFlow } from './flow.ts';
import { requestRefund } from './refunds.ts';
import { reservations } from './schema.ts';

/** How often the provider is asked about payments and refunds still open, and how old they must be (their own notification comes first). */
export const RECONCILE_EVERY_MS = 60_000;
/** A payment still open after this long is no longer followed (the provider cancels an unpaid one well before). */
const FOLLOW_FOR_DAYS = 7;
const BATCH = 100;

/**
 * Asks the provider about what a notification should have settled and has not (issue #39, ADR 034): payments of
 * holds still pending (paid while this site was down, or whose notification was lost), and refunds still pending
 * (asked but never confirmed, or never created because the process died first). Each answer is applied as a
 * notification's read-back is (apply.ts, refunds.ts), so a late notification afterwards changes nothing.
 * `minAgeMs`: only rows untouched for this long (0 at start: nothing of this process's is in flight).
 */
export async function reconcilePayments(
  flow: PaymentFlow,
  { minAgeMs }: { minAgeMs: number },
): Promise<{ payments: number; refunds: number; applied: number }> {
  const settled = sql`${reservations.updatedAt} <= now() - make_interval(secs => ${minAgeMs / 1000})`;
  const open = await flow.db
    .select({ id: reservations.id, paymentId: reservations.paymentId })
    .from(reservations)
    .where(
      and(
        isNotNull(reservations.paymentId),
        isNull(reservations.refundStatus),
        inArray(reservations.state, ['held', 'expired', 'canceled']),
        or(isNull(reservations.paymentStatus), inArray(reservations.paymentStatus, ['pending', 'waiting_for_capture'])),
        sql`${reservations.createdAt} > now() - make_interval(days => ${FOLLOW_FOR_DAYS})`,
        settled,
      ),
    )
    .orderBy(asc(reservations.createdAt))
    .limit(BATCH);
  let applied = 0;
  for (const row of open) {
    try {
      const payment = await flow.provider.getPayment(row.paymentId!);
      const { outcome } = await applyPayment(flow, payment, 'job');
      if (outcome !== 'unchanged' && outcome !== 'ignored') applied += 1;
    } catch (error) {
      flow.log.warn({ reservation: row.id, payment: row.paymentId, errorClass: safeError(error).type }, 'payment not reconciled; asking again later');
    }
  }
  const refunds = await flow.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.refundStatus, 'pending'), settled))
    .orderBy(asc(reservations.updatedAt))
    .limit(BATCH);
  for (const row of refunds) {
    try {
      const state = await requestRefund(flow, row.id, 'job');
      if (state !== 'pending') applied += 1;
    } catch (error) {
      flow.log.warn({ reservation: row.id, errorClass: safeError(error).type }, 'refund not reconciled; asking again later');
    }
  }
  return { payments: open.length, refunds: refunds.length, applied };
}

/**
 * The reconciliation job: at start (everything open: a process killed between the provider's success and its write
 * left it so), then every minute (what has been open for a minute). A failed run is retried on the next tick.
 */
export function startPaymentReconciling(input: { flow: PaymentFlow; log: FlowLog; everyMs?: number }) {
  const everyMs = input.everyMs ?? RECONCILE_EVERY_MS;
  let running: Promise<void> | undefined;
  const run = (minAgeMs: number) => {
    running ??= reconcilePayments(input.flow, { minAgeMs })
      .then((done) => {
        if (done.applied) input.log.info(done, 'payments reconciled with the provider');
      })
      .catch((error: unknown) => input.log.warn({ err: error }, 'could not reconcile payments; retrying within the minute'))
      .finally(() => {
        running = undefined;
      });
  };
  run(0);
  const timer = setInterval(() => run(everyMs), everyMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
