import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createOutbox, type OutboxLogger } from '../../jobs/outbox.ts';
import { leadDeliveries, leads } from './schema.ts';
import type { Transport } from './delivery/crm.ts';
import type { LeadMetrics } from './metrics.ts';
import type { DeliveryChannel } from './settings.ts';

export type LeadOutboxOptions = {
  db: Db;
  transports: Partial<Record<DeliveryChannel, Transport>>;
  /** The channels this loop delivers (default: the transports'); the CRM adapters have loops of their own (server/modules/crm/). */
  channels?: DeliveryChannel[];
  metrics: LeadMetrics;
  log: OutboxLogger;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** How long a claimed delivery stays reserved: a worker that died holding it frees it after this. */
  leaseMs: number;
  batch?: number;
};

type Claimed = { id: number; leadId: string; channel: DeliveryChannel; attempts: number };

/**
 * The lead delivery job (transactional outbox, ADR 006), on the host's outbox (server/jobs/outbox.ts): each due row
 * of `lead_deliveries` is sent to its channel, the whole batch at once, and marked delivered only after the
 * receiver acknowledged it. A failure is retried with backoff until it is acknowledged.
 */
export function createLeadOutbox(options: LeadOutboxOptions) {
  const { db, transports, metrics } = options;
  const channels = options.channels ?? (Object.keys(transports) as DeliveryChannel[]);
  return createOutbox<Claimed, typeof leadDeliveries>({
    name: 'lead',
    db,
    table: leadDeliveries,
    where: inArray(leadDeliveries.channel, channels.length ? channels : ['crm', 'email']),
    claimed: { id: leadDeliveries.id, leadId: leadDeliveries.leadId, channel: leadDeliveries.channel, attempts: leadDeliveries.attempts },
    async compose(claimed) {
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
      return claimed.map((row) => ({
        row,
        async send() {
          const lead = byId.get(row.leadId);
          const transport = transports[row.channel];
          if (!lead) throw new Error('lead row missing');
          if (!transport) throw new Error(`channel ${row.channel} is not configured`);
          await transport.send(lead);
        },
      }));
    },
    log: options.log,
    // Lead id and channel only: the lead's personal data never goes to the logs.
    describe: (row) => ({ lead: row.leadId, channel: row.channel, attempts: row.attempts }),
    lines: { sent: 'lead delivered', failed: 'lead delivery failed; will retry', keepsFailing: 'lead delivery keeps failing' },
    logsErrorText: true,
    counted: (row, outcome) => metrics.deliveries.inc({ channel: row.channel, outcome }),
    close: async () => void (await Promise.all(Object.values(transports).map((t) => t?.close?.()))),
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    batch: options.batch,
  });
}
export type LeadOutbox = ReturnType<typeof createLeadOutbox>;
