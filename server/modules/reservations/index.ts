/**
 * The reservations domain (issue #39, docs/guides/reservations.md): an online reservation of a lot with a deposit,
 * and the deal that follows. schema.ts holds the tables (migration 0028).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export {
  ACTIVE_RESERVATION_STATES,
  DEAL_STAGES,
  RESERVATION_EVENT_SOURCES,
  RESERVATION_STATES,
  type DealStage,
  type ReservationEventRow,
  type ReservationEventSource,
  type ReservationRow,
  type ReservationSettingsRow,
  type ReservationState,
} from './schema.ts';
export { reservationDefaults, reservationsConfigSchema, type ReservationDefaults, type ReservationsConfig } from './config.ts';
export { createHold, endReservations, expireHolds, findByToken, holdsLot, type HoldInput, type HoldOutcome } from './holds.ts';
export { reservationSettingsFor, type ReservationTerms } from './settings.ts';
export { lotsSoldByDeals, readLotReservations, type LotReservationRow } from './lot-states.ts';
export { changeStage, fanoutOf, type EventFanout, type StageOutcome } from './deals-stages.ts';
export { onReservationCommitted, reservationCommitted } from './crm.ts';
export { buyerMayCancel, releaseByCrm, type CrmRelease } from './cancel.ts';
export { isReservationId } from './deals-stages.ts';
