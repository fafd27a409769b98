import { and, eq, inArray, sql } from 'drizzle-orm';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import type { Db } from '../../db/client.ts';
import { createOutbox, outboxGate, type OutboxGate, type OutboxLogger } from '../../jobs/outbox.ts';
import { leadDeliveries, leads, reservationDeliveries, reservationEvents, reservations } from '../../db/schema/index.ts';
import { safeError } from '../../logger.ts';
import { CrmAuthError, CrmRateLimitError, type CrmAdapter, type CrmChannel } from './adapter.ts';
import { buildReservationFacts, leadFacts, readLotFact } from './facts.ts';
import { crmMetrics } from './metrics.ts';
import { crmAdapterStates, crmLinks } from './schema.ts';

export type CrmOutboxOptions = {
  db: Db;
  adapter: CrmAdapter;
  /** The site's public origin: the lot and page addresses in the CRM card are absolute. */
  origin: string;
  /** The setting an operator fixes when the CRM refuses our credentials (`BITRIX24_WEBHOOK_URL`). */
  credentialsSetting: string;
  log: OutboxLogger;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  leaseMs: number;
  /** How often a stopped adapter tries one delivery again (CRM_PROBE_MS). */
  probeMs: number;
  batch?: number;
  /** The pause and rate-limit wait the adapter's loops share (createCrmOutboxes gives both loops one). */
  gate?: OutboxGate;
};

/** Remembers what the CRM calls our lead or reservation (the first answer stays: a repeat found the same one). */
export async function linkCrm(db: Db, channel: CrmChannel, kind: 'lead' | 'reservation', localId: string, externalId: string): Promise<void> {
  await db.insert(crmLinks).values({ channel, kind, localId, externalId }).onConflictDoNothing();
}

/** The CRM's id of our lead or reservation, once it acknowledged it. */
export async function crmLinkOf(db: Db, channel: CrmChannel, kind: 'lead' | 'reservation', localId: string): Promise<string | null> {
  const [row] = await db
    .select({ externalId: crmLinks.externalId })
    .from(crmLinks)
    .where(and(eq(crmLinks.channel, channel), eq(crmLinks.kind, kind), eq(crmLinks.localId, localId)))
    .limit(1);
  return row?.externalId ?? null;
}

/**
 * What an adapter's refused credentials do (server/jobs/outbox.ts `pause`): its loops in this process stop together
 * (they share one gate: createCrmOutboxes) with one error line naming the setting to fix; the stop is written to
 * crm_adapter_states, which the health view and /metrics read (another process of the site finds out at its own
 * first refusal); the first delivery that goes through again clears it.
 */
function adapterPause(options: CrmOutboxOptions) {
  const { db, adapter, log } = options;
  const channel = adapter.channel;
  return {
    when: (error: unknown) => error instanceof CrmAuthError,
    probeMs: options.probeMs,
    async paused(error: unknown) {
      const reason = safeError(error).message.slice(0, 300);
      await db
        .insert(crmAdapterStates)
        .values({ channel, pausedAt: new Date(), pauseReason: reason })
        .onConflictDoUpdate({
          target: crmAdapterStates.channel,
          set: { pausedAt: sql`coalesce(${crmAdapterStates.pausedAt}, now())`, pauseReason: reason, updatedAt: sql`now()` },
        });
      log.error(
        { channel, probeInMs: options.probeMs, setting: options.credentialsSetting },
        `${channel} refused our credentials: check ${options.credentialsSetting}; deliveries stopped (they stay queued) and one is tried every ${Math.round(options.probeMs / 60_000)} min`,
      );
    },
    async resumed() {
      await db
        .update(crmAdapterStates)
        .set({ pausedAt: null, pauseReason: null, updatedAt: sql`now()` })
        .where(eq(crmAdapterStates.channel, channel));
      log.info({ channel }, `${channel} accepts our credentials again: deliveries resumed`);
    },
  };
}

/** The least wait a CRM asked for (a rate limit), else none. */
const retryAfterMs = (error: unknown) => (error instanceof CrmRateLimitError ? error.retryAfterMs : null);

type LeadClaim = { id: number; leadId: string; attempts: number };

/**
 * One CRM adapter's lead loop: the `lead_deliveries` rows of its channel only (so a failing CRM holds back no other
 * channel), each lead's facts read at send time (facts.ts: the lot as the catalogue has it now), sent through the
 * adapter with the attempt's number (from the second on it looks the lead up by our id first: exactly once), and the
 * CRM's id remembered in crm_links. A rate limit stops the adapter's loops until the wait the CRM asked is over, and
 * refused credentials until a probe goes through (adapterPause); either way the rest of the batch goes back to the
 * queue unsent, without spending attempts.
 */
export function createCrmLeadOutbox(options: CrmOutboxOptions) {
  const { db, adapter } = options;
  const channel = adapter.channel;
  return createOutbox<LeadClaim, typeof leadDeliveries>({
    name: `${channel} lead`,
    db,
    table: leadDeliveries,
    where: eq(leadDeliveries.channel, channel),
    claimed: { id: leadDeliveries.id, leadId: leadDeliveries.leadId, attempts: leadDeliveries.attempts },
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
          if (!lead) throw new Error('lead row missing');
          const facts = await leadFacts(db, lead, options.origin);
          const { externalId } = await adapter.sendLead(facts, { attempt: row.attempts });
          await linkCrm(db, channel, 'lead', lead.id, externalId);
        },
      }));
    },
    log: options.log,
    // Ids only: the lead's personal data never goes to the logs (nor does the CRM's answer, which may quote it).
    describe: (row) => ({ lead: row.leadId, channel, attempts: row.attempts }),
    lines: { sent: 'lead delivered to the CRM', failed: 'CRM lead delivery failed; will retry', keepsFailing: 'CRM lead delivery keeps failing' },
    logsErrorText: false,
    counted: (_row, outcome) => crmMetrics.attempts.inc({ channel, kind: 'lead', outcome }),
    retryAfterMs,
    pause: adapterPause(options),
    gate: options.gate,
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    batch: options.batch,
    // A CRM's API is rate-limited per portal or account: a few at once, not the whole batch.
    concurrency: 4,
  });
}

type EventClaim = { id: number; eventId: number; attempts: number };

/** A deal's event in the manager's words: «Задаток оплачен», «Этап сделки: contract_signed». */
export function reservationEventText(kind: string, stage: string | null): string {
  const words = ru.crm.events as Record<string, string>;
  if (kind === 'stage') return formatMessage(words.stage!, { stage: stage ?? '' });
  return Object.hasOwn(words, kind) ? words[kind]! : formatMessage(words.other!, { kind });
}

/**
 * One CRM adapter's loop of reservation events (`reservation_deliveries` of its channel): a paid reservation becomes
 * a deal once (idempotent by the reservation's id), its events notes on it, one at a time in the order they happened.
 * An event of a reservation never paid (a hold that expired) is done without a word: the CRM hears of paid ones only.
 */
export function createCrmReservationOutbox(options: CrmOutboxOptions) {
  const { db, adapter } = options;
  const channel = adapter.channel;
  return createOutbox<EventClaim, typeof reservationDeliveries>({
    name: `${channel} reservation`,
    db,
    table: reservationDeliveries,
    where: eq(reservationDeliveries.channel, channel),
    claimed: { id: reservationDeliveries.id, eventId: reservationDeliveries.eventId, attempts: reservationDeliveries.attempts },
    async compose(claimed, marks) {
      const rows = await db
        .select({ event: reservationEvents, reservation: reservations })
        .from(reservationEvents)
        .innerJoin(reservations, eq(reservations.id, reservationEvents.reservationId))
        .where(
          inArray(
            reservationEvents.id,
            claimed.map((c) => c.eventId),
          ),
        );
      const byEvent = new Map(rows.map((r) => [r.event.id, r]));
      const queue = [];
      for (const row of [...claimed].sort((a, b) => a.id - b.id)) {
        const found = byEvent.get(row.eventId);
        if (found && (!found.reservation.paidAt || !adapter.sendReservationEvent)) {
          await marks.delivered(row, {});
          continue;
        }
        queue.push({
          row,
          async send() {
            if (!found) throw new Error('reservation event missing');
            const { event, reservation } = found;
            const lot = await readLotFact(db, reservation.lotId, options.origin);
            const dealId = await crmLinkOf(db, channel, 'reservation', reservation.id);
            const sent = await adapter.sendReservationEvent!(
              {
                eventId: event.id,
                kind: event.kind,
                at: event.at,
                stage: event.stage,
                text: reservationEventText(event.kind, event.stage),
                facts: buildReservationFacts(reservation, lot),
                dealId,
              },
              { attempt: row.attempts },
            );
            await linkCrm(db, channel, 'reservation', reservation.id, sent.dealId);
          },
        });
      }
      return queue;
    },
    log: options.log,
    describe: (row) => ({ event: row.eventId, channel, attempts: row.attempts }),
    lines: {
      sent: 'reservation event delivered to the CRM',
      failed: 'CRM reservation event delivery failed; will retry',
      keepsFailing: 'CRM reservation event delivery keeps failing',
    },
    logsErrorText: false,
    counted: (_row, outcome) => crmMetrics.attempts.inc({ channel, kind: 'reservation', outcome }),
    retryAfterMs,
    pause: adapterPause(options),
    gate: options.gate,
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    // One at a time, in order: the deal is made by the first, the notes follow it.
    concurrency: 1,
  });
}

/** Both loops of one adapter, started and stopped together. */
export function createCrmOutboxes(options: CrmOutboxOptions) {
  // One CRM, one pause and one rate limit: what it says to one loop holds the other too.
  const shared = { ...options, gate: options.gate ?? outboxGate() };
  const leadsLoop = createCrmLeadOutbox(shared);
  const reservationsLoop = createCrmReservationOutbox(shared);
  return {
    channel: options.adapter.channel,
    leads: leadsLoop,
    reservations: reservationsLoop,
    async start(): Promise<void> {
      // The adapter runs (the health view lists it); a restart after the credentials were fixed starts running: a
      // refusal stops it again at once.
      await options.db
        .insert(crmAdapterStates)
        .values({ channel: options.adapter.channel })
        .onConflictDoUpdate({ target: crmAdapterStates.channel, set: { pausedAt: null, pauseReason: null, updatedAt: sql`now()` } })
        .catch((error: unknown) => options.log.warn({ channel: options.adapter.channel, errorClass: safeError(error).type }, 'CRM adapter state not recorded'));
      leadsLoop.start();
      reservationsLoop.start();
    },
    async stop(): Promise<void> {
      await Promise.all([leadsLoop.stop(), reservationsLoop.stop()]);
      await options.adapter.close?.();
    },
  };
}
export type CrmOutboxes = ReturnType<typeof createCrmOutboxes>;
