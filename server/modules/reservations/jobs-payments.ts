import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxLogger } from '../../jobs/outbox.ts';
import { createReservationOutbox, onReservationCommitted, reservationCrmTransport } from './crm.ts';
import { paymentFlowFor } from './flow.ts';
import { startPaymentReconciling } from './reconcile.ts';

/**
 * The deals' background work in the server process (issue #39, ADR 034): the CRM delivery of their events (the
 * outbox, woken by every commit) when a CRM is configured, and the reconciliation of payments and refunds with the
 * provider when payments are (at start, then every minute).
 */
export function startReservationPaymentJobs(input: { config: Config; db: Db; log: OutboxLogger; changed?: () => void; reconcileEveryMs?: number }) {
  const { config, db, log } = input;
  const outbox = config.CRM_WEBHOOK_URL
    ? createReservationOutbox({
        db,
        crm: reservationCrmTransport({ url: config.CRM_WEBHOOK_URL, secret: config.CRM_WEBHOOK_SECRET, timeoutMs: config.CRM_TIMEOUT_MS }),
        log,
        retryBaseMs: config.LEADS_RETRY_BASE_MS,
        retryMaxMs: config.LEADS_RETRY_MAX_MS,
        pollMs: config.LEADS_POLL_MS,
        leaseMs: config.LEADS_LEASE_MS,
      })
    : null;
  const unsubscribe = outbox ? onReservationCommitted(db, () => outbox.wake()) : () => {};
  outbox?.start();
  const flow = paymentFlowFor(config, {
    db,
    log,
    changed: () => {
      outbox?.wake();
      input.changed?.();
    },
  });
  const reconciling = flow ? startPaymentReconciling({ flow, log, everyMs: input.reconcileEveryMs }) : null;
  return {
    outbox,
    async stop(): Promise<void> {
      unsubscribe();
      await Promise.all([outbox?.stop(), reconciling?.stop()]);
    },
  };
}
