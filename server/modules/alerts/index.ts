/**
 * The alerts domain: price and status alerts on lots (spec §3). A visitor subscribes (routes.ts), confirms by mail
 * (tokens.ts, mail.ts; the words are the catalogs' `alerts`, core/i18n), and the outbox (outbox.ts) sends digests of the changes service.ts collects.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { alertsByMail } from './config.ts';
export { enqueueAlertDigests } from './service.ts';
export { smtpAlertSender, type AlertSender } from './outbox.ts';
