/**
 * The payments domain: YooKassa's REST API v3 (client.ts), its configuration (config.ts), and what a payment
 * notification is checked with before it is believed — the sender's address (trust.ts) and its shape
 * (notification.ts); the object is then read back from the API. No reservation logic: server/modules/reservations/
 * applies payments. docs/guides/payments.md tells how it works; tests/support/fake-yookassa.ts stands in for YooKassa.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export type { ProviderPayment, ProviderRefund } from './api.ts';
export { createYooKassa, type PaymentProvider, type YooKassaOptions } from './client.ts';
export { checkoutOrigins, paymentsConfig, paymentsConfigSchema, paymentsProblems, type PaymentsConfig, type PaymentsEnv } from './config.ts';
export { PaymentProviderError, type PaymentProviderErrorKind } from './errors.ts';
export { kopecksToMoney, moneyToKopecks, type Money } from './money.ts';
export { NOTIFICATION_EVENTS, notificationSchema, parseNotification, type NotificationEvent } from './notification.ts';
export { isRange, isTrustedAddress, YOOKASSA_PUBLISHED_RANGES } from './trust.ts';
