import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { safeError } from '../../logger.ts';
import { leadDeliveries, leads } from './schema.ts';
import type { Transport } from './delivery/crm.ts';
import type { LeadMetrics } from './metrics.ts';
import type { DeliveryChannel } from './settings.ts';
import { createPollingLoop } from '../../jobs/polling-loop.ts';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type OutboxOptions = {
  db: Db;
  transports: Partial<Record<DeliveryChannel, Transport>>;
  metrics: LeadMetrics;
  log: Logger;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** How long a claimed delivery stays reserved: a worker that died holding it frees it after this. */
  leaseMs: number;
  batch?: number;
};

/** Exponential backoff with ±20 % jitter, so failed deliveries do not all come back at once. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * The lead delivery job (transactional outbox, ADR 006). Rows are written with the lead; this loop claims
 * due rows with `FOR UPDATE SKIP LOCKED` and a lease, sends each to its channel, and marks it delivered
 * only after the receiver acknowledged. A failure is retried with backoff until it is acknowledged.
 */
export function createLeadOutbox(options: OutboxOptions) {
  const { db, transports, metrics, log } = options;
  const batch = options.batch ?? 25;
  async function deliver(row: { id: number; leadId: string; channel: DeliveryChannel; attempts: number }, lead: typeof leads.$inferSelect | undefined) {
    const transport = transports[row.channel];
    try {
      if (!lead) throw new Error('lead row missing');
      if (!transport) throw new Error(`channel ${row.channel} is not configured`);
      await transport.send(lead);
    } catch (error) {
      // Cleaned like every logged error: a transport's message may quote what it sent.
      const message = safeError(error).message;
      const delay = backoffMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
      await db
        .update(leadDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() + delay), lockedUntil: null, lastError: message.slice(0, 500) })
        .where(eq(leadDeliveries.id, row.id));
      metrics.deliveries.inc({ channel: row.channel, outcome: 'failure' });
      // Lead id and channel only: the lead's personal data never goes to the logs.
      const entry = { lead: row.leadId, channel: row.channel, attempts: row.attempts, retryInMs: delay, errorClass: safeError(error).type, error: message };
      if (row.attempts >= 5) log.error(entry, 'lead delivery keeps failing');
      else log.warn(entry, 'lead delivery failed; will retry');
      return;
    }
    await db.update(leadDeliveries).set({ deliveredAt: new Date(), lockedUntil: null, lastError: null }).where(eq(leadDeliveries.id, row.id));
    metrics.deliveries.inc({ channel: row.channel, outcome: 'success' });
    log.info({ lead: row.leadId, channel: row.channel, attempts: row.attempts }, 'lead delivered');
  }

  /** Claims and sends one batch of due deliveries; returns how many it claimed. */
  async function runOnce(now = new Date()): Promise<number> {
    const due = db
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(
        and(
          isNull(leadDeliveries.deliveredAt),
          lte(leadDeliveries.nextAttemptAt, now),
          or(isNull(leadDeliveries.lockedUntil), lte(leadDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(leadDeliveries.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(leadDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${leadDeliveries.attempts} + 1` })
      .where(inArray(leadDeliveries.id, due))
      .returning({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, channel: leadDeliveries.channel, attempts: leadDeliveries.attempts });
    if (!claimed.length) return 0;
    const rows = await db
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          claimed.map((c) => c.leadId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    await Promise.all(claimed.map((row) => deliver(row, byId.get(row.leadId))));
    return claimed.length;
  }

  /** Milliseconds until the next delivery is due (capped by the poll interval). */
  async function nextDueInMs(): Promise<number> {
    const [row] = await db
      .select({ next: min(leadDeliveries.nextAttemptAt) })
      .from(leadDeliveries)
      .where(isNull(leadDeliveries.deliveredAt));
    if (!row?.next) return options.pollMs;
    return Math.max(0, Math.min(options.pollMs, new Date(row.next).getTime() - Date.now()));
  }

  const loop = createPollingLoop({ name: 'lead', batch, pollMs: options.pollMs, log, runOnce: () => runOnce(), nextDueInMs });
  return {
    runOnce,
    wake: loop.wake,
    start: loop.start,
    /** Finishes the deliveries in flight (each bounded by its transport's timeout), then stops. */
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all(Object.values(transports).map((t) => t?.close?.()));
    },
  };
}
export type LeadOutbox = ReturnType<typeof createLeadOutbox>;
