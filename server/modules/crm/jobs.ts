import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { crmChannelsOf } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxLogger } from '../../jobs/outbox.ts';
import { onReservationCommitted } from '../reservations/index.ts';
import { CRM_CHANNELS, type CrmAdapter } from './adapter.ts';
import { crmAdapterStates } from './schema.ts';
import { createCrmOutboxes, type CrmOutboxes } from './outbox.ts';
import { CRM_ADAPTERS } from './registry.ts';

/**
 * The CRM adapters' background work (ADR 040): for each configured adapter, its own two loops (leads, reservation
 * events), woken by every committed lead and reservation event. `adapters` replaces the configured ones (tests).
 */
export function startCrmAdapters(input: {
  config: Config;
  db: Db;
  log: OutboxLogger;
  onLeadCommitted: (wake: () => void) => () => void;
  adapters?: CrmAdapter[];
}) {
  const { config, db, log } = input;
  const adapters =
    input.adapters ??
    crmChannelsOf(config)
      .map((channel) => CRM_ADAPTERS[channel].create(config))
      .filter((adapter): adapter is CrmAdapter => adapter !== null);
  const running: CrmOutboxes[] = adapters.map((adapter) =>
    createCrmOutboxes({
      db,
      adapter,
      origin: config.siteOrigin,
      credentialsSetting: CRM_ADAPTERS[adapter.channel].credentialsSetting,
      log,
      retryBaseMs: config.LEADS_RETRY_BASE_MS,
      retryMaxMs: config.LEADS_RETRY_MAX_MS,
      pollMs: config.LEADS_POLL_MS,
      leaseMs: config.LEADS_LEASE_MS,
      probeMs: config.CRM_PROBE_MS,
    }),
  );
  const unsubscribe = [
    input.onLeadCommitted(() => running.forEach((r) => r.leads.wake())),
    onReservationCommitted(db, () => running.forEach((r) => r.reservations.wake())),
  ];
  // An adapter no longer configured leaves the health view (its rows stay queued for when it is configured again).
  const off = CRM_CHANNELS.filter((channel) => !adapters.some((a) => a.channel === channel));
  const started = Promise.all([
    off.length
      ? db
          .delete(crmAdapterStates)
          .where(inArray(crmAdapterStates.channel, off))
          .catch(() => {})
      : null,
    ...running.map((r) => r.start()),
  ]);
  return {
    outboxes: running,
    async stop(): Promise<void> {
      for (const off of unsubscribe) off();
      await started;
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
