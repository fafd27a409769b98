import { z } from 'zod';

/** The events a shop subscribes to for its payments and refunds (yookassa.ru/developers/using-api/webhooks). */
export const NOTIFICATION_EVENTS = ['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture', 'refund.succeeded'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * A notification's body: `{ type: "notification", event, object }`, the object being the payment or refund as the
 * API would answer for it. Only its id is used: the object is read back from the API, which is the proof (a
 * notification is not signed).
 */
export const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.enum(NOTIFICATION_EVENTS),
  object: z.looseObject({ id: z.string().min(1).max(64) }),
});

/** The event and the object's id of a notification; throws a ZodError (→ 400) for any other body. */
export function parseNotification(body: unknown): { event: NotificationEvent; objectId: string } {
  const notification = notificationSchema.parse(body);
  return { event: notification.event, objectId: notification.object.id };
}
