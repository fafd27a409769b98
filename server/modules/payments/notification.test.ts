import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseNotification } from './notification.ts';

describe('parseNotification', () => {
  it("reads the event and the object's id of YooKassa's notification", () => {
    const body = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '22d6d597-000f-5000-9000-145f6df21d6f', status: 'succeeded', paid: true, amount: { value: '50000.00', currency: 'RUB' } },
    };
    expect(parseNotification(body)).toEqual({ event: 'payment.succeeded', objectId: '22d6d597-000f-5000-9000-145f6df21d6f' });
    for (const event of ['payment.canceled', 'payment.waiting_for_capture', 'refund.succeeded'] as const)
      expect(parseNotification({ ...body, event }).event).toBe(event);
  });

  it('throws a ZodError naming the field for anything else', () => {
    const cases: [unknown, string][] = [
      [null, ''],
      ['notification', ''],
      [{ type: 'event', event: 'payment.succeeded', object: { id: 'x' } }, 'type'],
      [{ type: 'notification', event: 'payment.refunded', object: { id: 'x' } }, 'event'],
      [{ type: 'notification', event: 'payment.succeeded' }, 'object'],
      [{ type: 'notification', event: 'payment.succeeded', object: { id: '' } }, 'object.id'],
      [{ type: 'notification', event: 'payment.succeeded', object: { id: 42 } }, 'object.id'],
    ];
    for (const [body, field] of cases) {
      let error: unknown;
      try {
        parseNotification(body);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(body)).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]?.path.join('.'), JSON.stringify(body)).toBe(field);
    }
  });
});
