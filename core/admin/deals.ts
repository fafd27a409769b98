/**
 * The reservations' states and the deals' stages as the back office's pages list them (issue #39): the same values as
 * the server's (server/modules/reservations/schema.ts, which app code may not import), kept equal by server/modules/reservations/admin-lists.test.ts.
 */
export const DEAL_STATES = ['held', 'reserved', 'expired', 'canceled', 'ended', 'completed'] as const;
export type DealState = (typeof DEAL_STATES)[number];
export const DEAL_STAGE_ORDER = ['reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys'] as const;
export type DealStageName = (typeof DEAL_STAGE_ORDER)[number];

/** The largest deal document a member may attach (the server checks it again). */
export const DEAL_DOCUMENT_MAX_MB = 20;
