import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYooKassa, type FakeYooKassa } from '#tests/support/fake-yookassa.ts';
import { parseNotification } from './notification.ts';

/** The stand-in itself (tests/support/fake-yookassa.ts): what the site's tests count on it to do as YooKassa does. */
const SHOP = { shopId: '654321', secretKey: 'test_stand-in-key-0123456789' };
const auth = `Basic ${Buffer.from(`${SHOP.shopId}:${SHOP.secretKey}`).toString('base64')}`;
let fake: FakeYooKassa;
let receiver: { url: string; received: unknown[]; close: () => Promise<void> };

async function startReceiver() {
  const received: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/api/payments/yookassa/`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const create = (key: string | null, body: Record<string, unknown> = {}, authorization = auth) =>
  fetch(`${fake.url}/payments`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', ...(key ? { 'idempotence-key': key } : {}) },
    body: JSON.stringify({
      amount: { value: '50000.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://www.example.ru/ru/deal/token' },
      description: 'Deposit',
      metadata: { reservationId: 'r1' },
      ...body,
    }),
  });

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeYooKassa({ ...SHOP, notifyUrl: receiver.url });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

describe('the YooKassa stand-in', () => {
  it('asks for basic auth (401) and an Idempotence-Key on a POST (400), in error objects as YooKassa writes them', async () => {
    const unauthorized = await create('k-auth', {}, 'Basic bm9ib2R5Om5vdGhpbmc=');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ type: 'error', code: 'invalid_credentials' });
    const keyless = await create(null);
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ type: 'error', code: 'invalid_request', parameter: 'Idempotence-Key' });
  });

  it('shows a confirmation page whose Pay button marks the payment paid, notifies, and sends the buyer back', async () => {
    const payment = (await (await create('k-pay')).json()) as { id: string; confirmation: { confirmation_url: string } };
    const page = await fetch(payment.confirmation.confirmation_url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('50000.00 RUB');
    expect(html).toMatch(/<form method="post" action="\/checkout\/[^"]+\/pay"><button type="submit">Pay<\/button><\/form>/);
    expect(html).toMatch(/<button type="submit">Cancel<\/button>/);
    const paid = await fetch(`${fake.origin}/checkout/${payment.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://www.example.ru/ru/deal/token');
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'succeeded', paid: true, refundable: true });
    const notification = receiver.received.at(-1);
    expect(parseNotification(notification)).toEqual({ event: 'payment.succeeded', objectId: payment.id });
    expect(notification).toMatchObject({
      object: { id: payment.id, status: 'succeeded', paid: true, amount: { value: '50000.00' }, metadata: { reservationId: 'r1' } },
    });
    expect(fake.notifications.at(-1)).toMatchObject({ url: receiver.url, event: 'payment.succeeded', objectId: payment.id, status: 200 });
  });

  it("cancels from the page's Cancel button (expired on confirmation), and notifies that", async () => {
    const payment = (await (await create('k-cancel')).json()) as { id: string };
    const canceled = await fetch(`${fake.origin}/checkout/${payment.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(canceled.status).toBe(303);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'expired_on_confirmation' } });
    expect(receiver.received.at(-1)).toMatchObject({ event: 'payment.canceled', object: { id: payment.id, status: 'canceled' } });
  });

  it('sends any notification on demand, and says how the receiver answered', async () => {
    const payment = (await (await create('k-notify')).json()) as { id: string };
    expect(await fake.notify(receiver.url, 'payment.succeeded', payment.id)).toBe(200);
    expect(receiver.received.at(-1)).toMatchObject({ type: 'notification', event: 'payment.succeeded', object: { id: payment.id, status: 'pending' } });
    expect(await fake.notify('http://127.0.0.1:9/nowhere', 'payment.succeeded', payment.id)).toBeNull();
  });

  it('refuses a body YooKassa would refuse (no redirect confirmation, a description over 128)', async () => {
    expect((await create('k-bad-1', { confirmation: { type: 'embedded' } })).status).toBe(400);
    expect(await (await create('k-bad-2', { description: 'x'.repeat(129) })).json()).toMatchObject({ parameter: 'description' });
  });
});
