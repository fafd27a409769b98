import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createOutbox, type OutboxLogger } from '../../jobs/outbox.ts';
import { postToCrm, type CrmWebhook } from '../leads/index.ts';
import { kopecksToMoney } from '../payments/index.ts';
import { reservationDeliveries, reservationEvents, reservations, type ReservationEventRow, type ReservationRow } from './schema.ts';

/** The JSON a CRM receives for one event of a deal (docs/api.md "CRM webhook", docs/guides/reservations.md). */
export function reservationCrmPayload(event: ReservationEventRow, row: ReservationRow) {
  const money = (kopecks: number) => kopecksToMoney(kopecks).value;
  return {
    id: `reservation-event-${event.id}`,
    kind: 'reservation',
    event: event.kind,
    at: event.at.toISOString(),
    source: event.source,
    stage: event.stage,
    data: event.data,
    reservation: {
      id: row.id,
      lot_id: row.lotId,
      project_id: row.projectId,
      state: row.state,
      deal_stage: row.dealStage,
      locale: row.locale,
      manager_language: row.locale === 'ru' ? 'ru' : 'en',
      deposit: { value: money(row.amountKopecks), currency: row.currency },
      refunded: { value: money(row.refundedKopecks), currency: row.currency },
      paid_at: row.paidAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      canceled_at: row.canceledAt?.toISOString() ?? null,
      cancel_reason: row.cancelReason,
      payment_id: row.paymentId,
      /** The finance programme the buyer or the sales team chose (finance_programmes.id); null: in full, or not decided. */
      programme_id: row.programmeId,
    },
    contact: { name: row.name, phone: row.phone, email: row.email },
  };
}

export type ReservationCrm = { send: (event: ReservationEventRow, row: ReservationRow) => Promise<void> };

/**
 * POSTs a deal's event to the CRM webhook the leads go to (CRM_WEBHOOK_URL), signed the same way (`X-Lead-Signature`
 * over `timestamp.body`). `Idempotency-Key` is the event's own id: the outbox sends at least once, the receiver that
 * stores by it processes each event exactly once. Acknowledged = any 2xx.
 */
export function reservationCrmTransport(options: CrmWebhook): ReservationCrm {
  return {
    async send(event, row) {
      const payload = reservationCrmPayload(event, row);
      await postToCrm(options, payload, {
        userAgent: 'severnaya-liniya-reservations/1',
        idempotencyKey: payload.id,
        extra: { 'x-reservation-id': row.id },
      });
    },
  };
}

type Claimed = { id: number; eventId: number; channel: 'crm' | 'email'; attempts: number };

/**
 * The deals' delivery job: the rows of `reservation_deliveries` (written in each event's transaction, deals-stages.ts
 * `recordEvent`) go out through the host's outbox (server/jobs/outbox.ts, ADR 006) like the leads': leased, sent,
 * marked after the receiver's acknowledgement, retried with backoff until then.
 */
export function createReservationOutbox(options: {
  db: Db;
  crm: ReservationCrm | null;
  log: OutboxLogger;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  leaseMs: number;
}) {
  const { db, crm } = options;
  return createOutbox<Claimed, typeof reservationDeliveries>({
    name: 'reservation',
    db,
    table: reservationDeliveries,
    // The generic webhook's rows only: each CRM adapter (server/modules/crm/) delivers its own channel's on its own loop.
    where: eq(reservationDeliveries.channel, 'crm'),
    claimed: {
      id: reservationDeliveries.id,
      eventId: reservationDeliveries.eventId,
      channel: reservationDeliveries.channel,
      attempts: reservationDeliveries.attempts,
    },
    async compose(claimed) {
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
      // The claim returns its rows in no particular order: they go out in the order they were written.
      return [...claimed]
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          row,
          async send() {
            const found = byEvent.get(row.eventId);
            if (!found) throw new Error('reservation event missing');
            if (row.channel !== 'crm' || !crm) throw new Error(`channel ${row.channel} is not configured`);
            await crm.send(found.event, found.reservation);
          },
        }));
    },
    log: options.log,
    // Ids only: the deal's personal data never goes to the logs.
    describe: (row) => ({ event: row.eventId, channel: row.channel, attempts: row.attempts }),
    lines: {
      sent: 'reservation event delivered',
      failed: 'reservation event delivery failed; will retry',
      keepsFailing: 'reservation event delivery keeps failing',
    },
    logsErrorText: true,
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    // One at a time, in the order they happened: a CRM reads "paid, canceled, refunded" as such (a retried failure may
    // still come after a later event; each carries its moment and the reservation's state at sending).
    concurrency: 1,
  });
}
export type ReservationOutbox = ReturnType<typeof createReservationOutbox>;

/**
 * Wakes the deals' delivery job of a database when an event was committed (the job otherwise finds it at its next
 * poll): the routes and the job are made apart, so they meet here, by the database they share.
 */
const wakers = new WeakMap<Db, Set<() => void>>();
export function onReservationCommitted(db: Db, wake: () => void): () => void {
  const set = wakers.get(db) ?? new Set<() => void>();
  wakers.set(db, set);
  set.add(wake);
  return () => set.delete(wake);
}
export function reservationCommitted(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}
