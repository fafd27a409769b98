import { and, eq, sql } from 'drizzle-orm';
import { crmChannelsOf, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lots } from '../../db/schema/index.ts';
import {
  DEAL_STAGES,
  dealSold,
  reservationDeliveries,
  reservationEvents,
  reservations,
  type DealStage,
  type ReservationDeliveryChannel,
  type ReservationEventRow,
  type ReservationRow,
} from './schema.ts';

/** A transaction (or the database): what the deal tracker's writes run in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isReservationId = (id: string): boolean => UUID.test(id);

/**
 * Where a deal's event goes besides its row (reservation_deliveries): the generic CRM webhook's outbox when it is
 * configured (`crm`), and each configured CRM adapter's (`adapters`: Bitrix24, amoCRM; server/modules/crm/).
 */
export type EventFanout = { crm: boolean; adapters?: readonly Exclude<ReservationDeliveryChannel, 'crm' | 'email'>[] };

/** The fanout of a configuration: the webhook when CRM_WEBHOOK_URL is set, and every configured CRM adapter. */
export function fanoutOf(config: Pick<Config, 'CRM_WEBHOOK_URL'> & Parameters<typeof crmChannelsOf>[0]): EventFanout {
  return { crm: Boolean(config.CRM_WEBHOOK_URL), adapters: crmChannelsOf(config) };
}

/**
 * Queues a deal's event for the CRMs in the event's own transaction (the outbox of ADR 006: exactly once, the
 * receiver dedupes by the event's id). Nothing when no CRM is configured.
 */
export async function queueForCrm(tx: Pick<Tx, 'insert'>, eventId: number, fanout: EventFanout): Promise<void> {
  const channels: ReservationDeliveryChannel[] = [...(fanout.crm ? (['crm'] as const) : []), ...(fanout.adapters ?? [])];
  if (!channels.length) return;
  await tx
    .insert(reservationDeliveries)
    .values(channels.map((channel) => ({ eventId, channel })))
    .onConflictDoNothing();
}

/** A reservation's row locked for the change being made (`SELECT … FOR UPDATE`); null when there is no such deal. */
export async function lockReservation(tx: Tx, id: string): Promise<ReservationRow | null> {
  if (!isReservationId(id)) return null;
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id.toLowerCase())).for('update');
  return row ?? null;
}

/** Writes one timeline row and queues it for the CRM; the row. */
export async function recordEvent(tx: Tx, fanout: EventFanout, event: Omit<typeof reservationEvents.$inferInsert, 'id'>): Promise<ReservationEventRow> {
  const [row] = await tx.insert(reservationEvents).values(event).returning();
  await queueForCrm(tx, row!.id, fanout);
  return row!;
}

/** The row's new version and `updated_at`: every change of a reservation moves them (optimistic concurrency). */
export const touched = () => ({ updatedAt: sql`now()`, version: sql`${reservations.version} + 1` });

export type StageChange = {
  stage: DealStage;
  at: Date;
  source: 'crm' | 'staff';
  staffId?: string | null;
  /** The CRM's event id: unique per deal, so a repeat is recognised and changes nothing. */
  externalId?: string | null;
  note?: string | null;
};

export type StageOutcome =
  | { status: 'applied'; before: ReservationRow; after: ReservationRow; event: ReservationEventRow }
  | { status: 'duplicate' }
  | { status: 'unchanged'; row: ReservationRow }
  | { status: 'backwards'; current: DealStage }
  | { status: 'not_reserved'; state: ReservationRow['state'] }
  | { status: 'not_found' };

export const stageIndex = (stage: DealStage): number => DEAL_STAGES.indexOf(stage);

/**
 * What a deal's stage needs of the catalogue (its index's `lotSale`, passed in: the catalogue reads reservations, so
 * this module cannot import it): its lock, and the sale of lots that writes their rows sold with their history and a
 * new catalogue version (the auctions' own, catalogue/auction-sales.ts `sellLots`).
 */
export type LotSale = {
  lockCatalogue: (tx: Tx) => Promise<void>;
  sellLots: (tx: Tx, lotIds: readonly number[]) => Promise<number>;
};

/**
 * Before a stage that sells the lot locks the deal's row: the catalogue, then the lot's row, the order of every other
 * writer (an import locks the catalogue, then the lots; a hold or a payment the lot, then the deal). Nothing for an
 * earlier stage. A caller that locks the deal itself first (the back office) calls this before.
 */
export async function lockForSale(tx: Tx, id: string, stage: DealStage, sale: LotSale): Promise<void> {
  if (!dealSold(stage) || !isReservationId(id)) return;
  const [peek] = await tx.select({ lotId: reservations.lotId }).from(reservations).where(eq(reservations.id, id.toLowerCase()));
  if (!peek) return;
  await sale.lockCatalogue(tx);
  await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, peek.lotId)).for('update');
}

/**
 * Moves a deal to `change.stage`, in `tx`: only a paid reservation (`reserved`) has stages, and a stage never goes
 * back (a later stage already reached: `backwards`); the same stage again changes nothing. Each applied stage is a
 * `stage` row of the timeline (source crm or staff) and goes to the CRM's outbox. With an `externalId` already
 * recorded for the deal the call is a repeat (`duplicate`), even if its stage differs.
 *
 * A signed contract sells the lot (ADR 034): reaching `contract_signed` or a later stage writes the lot's row sold,
 * its history and a new catalogue version in this transaction (`sale.sellLots`), and `keys` completes the
 * reservation (`completed`, which keeps showing the lot sold: lot-states.ts). A completed deal is at `keys`.
 */
export async function changeStage(tx: Tx, id: string, change: StageChange, fanout: EventFanout, sale: LotSale): Promise<StageOutcome> {
  const sells = dealSold(change.stage);
  await lockForSale(tx, id, change.stage, sale);
  const row = await lockReservation(tx, id);
  if (!row) return { status: 'not_found' };
  if (change.externalId) {
    const [seen] = await tx
      .select({ id: reservationEvents.id })
      .from(reservationEvents)
      .where(and(eq(reservationEvents.reservationId, row.id), eq(reservationEvents.externalId, change.externalId)));
    if (seen) return { status: 'duplicate' };
  }
  if (row.state !== 'reserved' && row.state !== 'completed') return { status: 'not_reserved', state: row.state };
  if (stageIndex(change.stage) < stageIndex(row.dealStage)) return { status: 'backwards', current: row.dealStage };
  if (change.stage === row.dealStage) return { status: 'unchanged', row };
  const [after] = await tx
    .update(reservations)
    .set({ dealStage: change.stage, ...(change.stage === 'keys' ? { state: 'completed' as const } : {}), ...touched() })
    .where(eq(reservations.id, row.id))
    .returning();
  if (sells) await sale.sellLots(tx, [row.lotId]);
  const event = await recordEvent(tx, fanout, {
    reservationId: row.id,
    kind: 'stage',
    stage: change.stage,
    at: change.at,
    source: change.source,
    staffId: change.staffId ?? null,
    externalId: change.externalId ?? null,
    data: { from: row.dealStage, ...(change.note ? { note: change.note } : {}) },
  });
  return { status: 'applied', before: row, after: after!, event };
}
