/**
 * The leads domain: every request a visitor sends (call-back, meeting, booking…). submit.ts validates and stores it,
 * outbox.ts delivers it to the CRM or by mail (delivery/), desk.ts is the back office's view of leads, routes*.ts the
 * API and the pages' form posts.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { leadAccepted } from './responses.ts';
export { postToCrm, type CrmWebhook } from './delivery/crm.ts';
export { LeadStoreError, type LeadService, type SubmitMeta, type SubmitOutcome } from './service.ts';
export { ClaimRefused } from './store.ts';
export { candidateSlots, refusalOf, type Resource, type Schedule } from './schedule.ts';
