import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lotSale } from '../catalogue/index.ts';
import { changeStage, isReservationId, releaseByCrm, reservationCommitted, type EventFanout } from '../reservations/index.ts';
import type { CrmChannel, CrmDealState } from './adapter.ts';
import type { StageTarget } from './config.ts';
import { crmLinks } from './schema.ts';

/**
 * What a deal read back from a CRM did here: `applied` moved the buyer's deal, `released` cancelled its reservation;
 * `duplicate` (this stage of this deal was applied before: a replayed webhook), `unchanged`, `backwards` and
 * `not_reserved` changed nothing; `unmapped` (a stage the map does not name), `not_ours` (a deal carrying none of
 * our reservations) and `not_found` (the CRM has no such deal) had nothing to do.
 */
export const DEAL_OUTCOMES = ['applied', 'released', 'duplicate', 'unchanged', 'backwards', 'not_reserved', 'unmapped', 'not_ours', 'not_found'] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];

/**
 * The reservation a CRM's deal is: the link written when the deal was made, else our id read from the deal's field —
 * but only while that reservation has no deal linked in this CRM. A deal carrying the id of a reservation whose own
 * deal is another (a copy a manager made, which copies the field; a duplicate) is not the reservation's: closing it
 * as lost must never cancel the buyer's reservation.
 */
export async function reservationOfDeal(db: Db, channel: CrmChannel, state: CrmDealState): Promise<string | null> {
  const [link] = await db
    .select({ localId: crmLinks.localId })
    .from(crmLinks)
    .where(and(eq(crmLinks.channel, channel), eq(crmLinks.kind, 'reservation'), eq(crmLinks.externalId, state.externalId)))
    .limit(1);
  if (link) return link.localId;
  const claimed = state.reservationId && isReservationId(state.reservationId) ? state.reservationId.toLowerCase() : null;
  if (!claimed) return null;
  const [own] = await db
    .select({ externalId: crmLinks.externalId })
    .from(crmLinks)
    .where(and(eq(crmLinks.channel, channel), eq(crmLinks.kind, 'reservation'), eq(crmLinks.localId, claimed)))
    .limit(1);
  return own ? null : claimed;
}

/**
 * Applies a deal as its CRM has it now (read back through the API: a webhook's own fields are never believed) to its
 * reservation, as the CRM's (`source: crm`): a stage through the deal tracker's `changeStage` (forward only), a lost
 * deal through `releaseByCrm` (cancelled like a staff cancel, the refund owed by the refund policy). The event's id
 * is `<channel>:<deal>:<stage>`, so a replayed webhook is a `duplicate` and changes nothing.
 */
export async function applyDealState(
  deps: {
    db: Db;
    channel: CrmChannel;
    fanout: EventFanout;
    stageOf: (stageCode: string) => StageTarget | null;
    /** Told when the deal changed here: the site's pages follow at once (the data versions read now, not at the next poll). */
    changed?: () => void;
  },
  state: CrmDealState | null,
  now = new Date(),
): Promise<DealOutcome> {
  if (!state) return 'not_found';
  const reservationId = await reservationOfDeal(deps.db, deps.channel, state);
  if (!reservationId) return 'not_ours';
  const target = deps.stageOf(state.stageCode);
  if (!target) return 'unmapped';
  const externalId = `${deps.channel}:${state.externalId}:${state.stageCode}`.slice(0, 200);
  if (target === 'release') {
    const released = await releaseByCrm(deps.db, reservationId, { at: now, externalId, fanout: deps.fanout });
    if (released === 'released') {
      reservationCommitted(deps.db);
      deps.changed?.();
    }
    return released === 'not_found' ? 'not_ours' : released;
  }
  const outcome = await deps.db.transaction((tx) =>
    changeStage(tx, reservationId, { stage: target, at: now, source: 'crm', externalId }, deps.fanout, lotSale),
  );
  if (outcome.status === 'applied') {
    reservationCommitted(deps.db);
    deps.changed?.();
  }
  return outcome.status === 'not_found' ? 'not_ours' : outcome.status;
}
