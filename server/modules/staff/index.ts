/**
 * The staff domain: back-office users, sign-in and its throttle (auth.ts, throttle.ts, service.ts), the audit trail
 * (audit.ts), and the back office's own API calls for them (routes-*.ts) and document (openapi.ts).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { recordAudit } from './audit.ts';
