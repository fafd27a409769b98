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
