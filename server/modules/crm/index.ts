/**
 * The CRM adapters (issue #43, ADR 040, docs/guides/crm.md): Bitrix24 (bitrix24/) and amoCRM (amocrm/) as lead and
 * reservation delivery channels of their own beside the generic webhook and e-mail, and the CRMs' deal webhooks back
 * to the deal tracker. adapter.ts is the contract, facts.ts what a manager reads, outbox.ts the per-channel loops.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { CRM_CHANNELS, CrmAuthError, CrmRateLimitError, type CrmAdapter, type CrmChannel, type CrmLeadFacts } from './adapter.ts';
export { startCrmAdapters } from './jobs.ts';
export { crmHealth, renderCrmMetrics, type CrmHealth } from './metrics.ts';
export { CRM_ADAPTERS } from './registry.ts';
