import { ZodError } from 'zod';
import { safeError } from '../../logger.ts';
import { isTrustedAddress, parseNotification, PaymentProviderError, type NotificationEvent } from '../payments/index.ts';
import { applyPayment, type PaymentOutcome } from './apply.ts';
import type { PaymentFlow } from './flow.ts';
import { recordRefund } from './refunds.ts';

/**
 * The answer to a provider's notification (YooKassa retries anything but a 200 for a day):
 * - 200 once handled or deliberately ignored (an object the provider does not know, a payment of no reservation of
 *   ours or one that does not match it): a forged notification changes nothing, whatever it says;
 * - 400 for a body that is no notification; 403 for a sender outside the trusted ranges;
 * - 503 when the provider cannot be asked (the read-back is the proof): it sends the notification again later.
 */
export type NotificationAnswer =
  { status: 200; body: { status: PaymentOutcome | 'refund_recorded' } } | { status: 400; error: ZodError } | { status: 403 | 503; detail: string };

/**
 * Handles a payment notification (issue #39, ADR 034). A notification is not signed: its sender's address is checked
 * against the configured ranges, its body only names an object, and the object is read back from the provider's API.
 * Only what the API says is applied, matched against the reservation (apply.ts). Personal data is never logged.
 */
export async function handleNotification(flow: PaymentFlow, ip: string, body: unknown): Promise<NotificationAnswer> {
  if (flow.trustedRanges && !isTrustedAddress(ip, flow.trustedRanges)) {
    // The address is not logged: a visitor's address is personal data, and a stranger's may be one.
    flow.log.warn({}, 'payment notification from an untrusted address refused');
    return { status: 403, detail: 'Notifications are accepted from the payment provider only.' };
  }
  let notification: { event: NotificationEvent; objectId: string };
  try {
    notification = parseNotification(body);
  } catch (error) {
    if (error instanceof ZodError) return { status: 400, error };
    throw error;
  }
  const { event, objectId } = notification;
  try {
    if (event === 'refund.succeeded') {
      const refund = await flow.provider.getRefund(objectId);
      const state = await recordRefund(flow, refund, 'provider');
      return { status: 200, body: { status: state === null ? 'ignored' : 'refund_recorded' } };
    }
    const payment = await flow.provider.getPayment(objectId);
    const { outcome } = await applyPayment(flow, payment, 'provider');
    return { status: 200, body: { status: outcome } };
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'rejected' && error.status !== 401 && error.status !== 403) {
      // The provider has no such object (or the id is none it could have): a forged or mistaken notification. A refusal
      // of our credentials is ours to fix, and the provider's to send again (503 below).
      flow.log.warn({ event, object: objectId }, 'payment notification names an object the provider does not know: ignored');
      return { status: 200, body: { status: 'ignored' } };
    }
    if (error instanceof PaymentProviderError) {
      flow.log.warn({ event, object: objectId, kind: error.kind, status: error.status }, 'payment notification not read back: the provider will send it again');
      return { status: 503, detail: 'The payment could not be read back from the provider; send the notification again later.' };
    }
    flow.log.error({ event, object: objectId, errorClass: safeError(error).type }, 'payment notification failed');
    throw error;
  }
}
