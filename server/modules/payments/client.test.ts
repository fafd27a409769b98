import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYooKassa, type FakeYooKassa } from '#tests/support/fake-yookassa.ts';
import { createYooKassa, type PaymentProvider, type YooKassaOptions } from './client.ts';
import { PaymentProviderError } from './errors.ts';
import { kopecksToMoney } from './money.ts';

const SHOP = { shopId: '123456', secretKey: 'test_secret-key-0123456789' };
let fake: FakeYooKassa;
let delays: number[];

/** A client of the stand-in whose waits return at once and are recorded (no real sleeping, no timing). */
function client(options: YooKassaOptions = {}, config: Partial<typeof SHOP & { timeoutMs: number }> = {}): PaymentProvider {
  return createYooKassa(
    { ...SHOP, apiUrl: fake.url, timeoutMs: 2_000, ...config },
    {
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...options,
    },
  );
}

const deposit = (key: string, extra: Partial<Parameters<PaymentProvider['createPayment']>[0]> = {}) => ({
  amount: kopecksToMoney(5_000_000),
  description: 'Deposit for flat 12, Severnaya Liniya',
  returnUrl: 'https://www.example.ru/ru/deal/abc',
  metadata: { reservationId: key, lotId: '42' },
  idempotenceKey: key,
  ...extra,
});

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

beforeAll(async () => {
  fake = await startFakeYooKassa(SHOP);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  delays = [];
});

describe('the YooKassa client against the stand-in', () => {
  it('creates a one-stage redirect payment with basic auth and the Idempotence-Key, and reads it back', async () => {
    const yookassa = client();
    const created = await yookassa.createPayment(deposit('res-create'));
    expect(created).toMatchObject({
      status: 'pending',
      paid: false,
      amount: { value: '50000.00', currency: 'RUB' },
      metadata: { reservationId: 'res-create', lotId: '42' },
      refundable: false,
      refundedAmount: null,
      cancellationReason: null,
    });
    expect(created.confirmationUrl).toBe(`${fake.origin}/checkout/${created.id}`);
    const [sent] = fake.requestsWithKey('res-create');
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v3/payments',
      authorized: true,
      body: {
        amount: { value: '50000.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: 'https://www.example.ru/ru/deal/abc' },
      },
    });
    await fake.succeed(created.id);
    const read = await yookassa.getPayment(created.id);
    expect(read).toMatchObject({ id: created.id, status: 'succeeded', paid: true, refundable: true, confirmationUrl: null });
  });

  it('answers the same payment to a repeated key, and refuses the key with another body', async () => {
    const yookassa = client();
    const first = await yookassa.createPayment(deposit('res-repeat'));
    const again = await yookassa.createPayment(deposit('res-repeat'));
    expect(again.id).toBe(first.id);
    const error = await rejection(yookassa.createPayment(deposit('res-repeat', { amount: kopecksToMoney(100) })));
    expect(error).toMatchObject({ kind: 'rejected', status: 400, code: 'invalid_request', parameter: 'Idempotence-Key' });
  });

  it('refunds part, then the rest, never more than was paid, and reads a refund back', async () => {
    const yookassa = client();
    const paid = await yookassa.createPayment(deposit('res-refund'));
    await fake.succeed(paid.id);
    const part = await yookassa.createRefund({ paymentId: paid.id, amount: kopecksToMoney(1_000_000), description: 'Part', idempotenceKey: 'refund-1' });
    expect(part).toMatchObject({ paymentId: paid.id, status: 'succeeded', amount: { value: '10000.00', currency: 'RUB' } });
    expect(await yookassa.getRefund(part.id)).toEqual(part);
    const tooMuch = await rejection(
      yookassa.createRefund({ paymentId: paid.id, amount: kopecksToMoney(4_000_100), description: 'Too much', idempotenceKey: 'refund-2' }),
    );
    expect(tooMuch).toMatchObject({ kind: 'rejected', status: 400, parameter: 'amount.value' });
    await yookassa.createRefund({ paymentId: paid.id, amount: kopecksToMoney(4_000_000), description: 'Rest', idempotenceKey: 'refund-3' });
    expect(await yookassa.getPayment(paid.id)).toMatchObject({ refundable: false, refundedAmount: { value: '50000.00', currency: 'RUB' } });
  });

  it('refuses to refund a payment not yet paid', async () => {
    const yookassa = client();
    const pending = await yookassa.createPayment(deposit('res-unpaid'));
    const error = await rejection(
      yookassa.createRefund({ paymentId: pending.id, amount: kopecksToMoney(100), description: 'x', idempotenceKey: 'refund-unpaid' }),
    );
    expect(error).toMatchObject({ kind: 'rejected', status: 400, code: 'invalid_request' });
  });

  it('cancels only what waits for capture (YooKassa refuses a pending one), and reads the reason of a canceled one', async () => {
    const yookassa = client();
    const pending = await yookassa.createPayment(deposit('res-cancel'));
    expect(await rejection(yookassa.cancelPayment(pending.id, 'cancel-1'))).toMatchObject({ kind: 'rejected', status: 400 });
    await fake.cancel(pending.id);
    expect(await yookassa.getPayment(pending.id)).toMatchObject({ status: 'canceled', paid: false, cancellationReason: 'expired_on_confirmation' });
    const twoStage = (await fetch(`${fake.url}/payments`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SHOP.shopId}:${SHOP.secretKey}`).toString('base64')}`,
        'idempotence-key': 'two-stage',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        ...deposit('x'),
        amount: { value: '100.00', currency: 'RUB' },
        capture: false,
        confirmation: { type: 'redirect', return_url: 'https://a.ru/' },
      }),
    }).then((r) => r.json())) as { id: string };
    await fake.succeed(twoStage.id);
    expect(await yookassa.cancelPayment(twoStage.id, 'cancel-2')).toMatchObject({ status: 'canceled', cancellationReason: 'canceled_by_merchant' });
  });

  it('names a payment that does not exist (404) and bad credentials (401) as refusals', async () => {
    expect(await rejection(client().getPayment('2b6d1d3e-000f-5000-8000-000000000000'))).toMatchObject({ kind: 'rejected', status: 404, code: 'not_found' });
    expect(await rejection(client({}, { secretKey: 'test_wrong-key-000000000' }).getPayment('any'))).toMatchObject({
      kind: 'rejected',
      status: 401,
      code: 'invalid_credentials',
    });
  });

  it('checks the input before sending (description over 128, a bad amount, an id that is not one)', async () => {
    const before = fake.requests.length;
    expect(await rejection(client().createPayment(deposit('res-long', { description: 'x'.repeat(129) })))).toMatchObject({
      kind: 'rejected',
      code: 'invalid_request',
      parameter: 'description',
    });
    expect(await rejection(client().createPayment(deposit('res-amount', { amount: { value: '500', currency: 'RUB' } })))).toMatchObject({
      parameter: 'amount.value',
    });
    expect(await rejection(client().getPayment('../refunds'))).toMatchObject({ kind: 'rejected' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('failures and retries', () => {
  it('retries a 500 with the same key and returns the one payment', async () => {
    fake.failNext('500', 2);
    const created = await client().createPayment(deposit('res-500'));
    const sent = fake.requestsWithKey('res-500');
    expect(sent.map((entry) => entry.status)).toEqual([500, 500, 200]);
    expect([...fake.payments.values()].filter((p) => p.metadata.reservationId === 'res-500')).toHaveLength(1);
    expect(created.status).toBe('pending');
    expect(delays).toEqual([250, 500]);
  });

  it('gives up after the retries: a server error with the status', async () => {
    fake.failNext('500', 3);
    expect(await rejection(client().getPayment('whatever'))).toMatchObject({ kind: 'server', status: 500, code: 'internal_server_error', retryable: true });
  });

  it('retries a lost answer (timeout) with the same key: the payment created once, then returned', async () => {
    fake.failNext('timeout', 1);
    const created = await client({}, { timeoutMs: 1_000 }).createPayment(deposit('res-timeout'));
    // The first answer is lost; on a busy machine a retry may time out too: every attempt carries the one key.
    const sent = fake.requestsWithKey('res-timeout');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((entry) => entry.path === '/v3/payments' && entry.method === 'POST')).toBe(true);
    expect([...fake.payments.values()].filter((p) => p.metadata.reservationId === 'res-timeout').map((p) => p.id)).toEqual([created.id]);
  });

  it('names a timeout after the retries', async () => {
    fake.failNext('timeout', 2);
    expect(await rejection(client({ retries: 1 }, { timeoutMs: 500 }).getPayment('any'))).toMatchObject({ kind: 'timeout' });
  });

  it('retries a reset connection with the same key, and names one that stays reset a network failure', async () => {
    fake.failNext('reset', 1);
    const created = await client().createPayment(deposit('res-reset'));
    expect(fake.requestsWithKey('res-reset').length).toBeGreaterThanOrEqual(2);
    expect([...fake.payments.values()].filter((p) => p.metadata.reservationId === 'res-reset').map((p) => p.id)).toEqual([created.id]);
    fake.failNext('reset', 3);
    expect(await rejection(client().getPayment(created.id))).toMatchObject({ kind: 'network' });
  });

  it('asks again after the wait a 202 "processing" names, bounded, with the same key', async () => {
    fake.failNext('202', 2);
    const created = await client().createPayment(deposit('res-202'));
    expect(fake.requestsWithKey('res-202').map((entry) => entry.status)).toEqual([202, 202, 200]);
    expect(delays).toEqual([1800, 1800]);
    expect(created.status).toBe('pending');
    fake.failNext('202', 3);
    expect(await rejection(client({ processingRetries: 2 }).getPayment(created.id))).toMatchObject({ kind: 'timeout', status: 202, code: 'processing' });
  });

  it('caps the waits, and reads Retry-After of a 429', async () => {
    let calls = 0;
    const throttled: typeof fetch = async () => {
      calls++;
      return calls === 1
        ? new Response(JSON.stringify({ type: 'error', code: 'too_many_requests', description: 'Too many requests' }), {
            status: 429,
            headers: { 'retry-after': '60' },
          })
        : new Response(JSON.stringify({ type: 'processing', retry_after: 10 }), { status: calls === 2 ? 202 : 500 });
    };
    const error = await rejection(client({ fetch: throttled, maxDelayMs: 3_000, retries: 2 }).getPayment('any'));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(delays).toEqual([3_000, 10, 500]);
  });

  it('names an answer that is not as documented a server failure, not retried', async () => {
    let calls = 0;
    const odd: typeof fetch = async () => {
      calls++;
      return new Response(JSON.stringify({ id: 'x', status: 'lost' }), { status: 200 });
    };
    expect(await rejection(client({ fetch: odd }).getPayment('x'))).toMatchObject({ kind: 'server', code: 'invalid_response' });
    expect(calls).toBe(1);
  });

  it('never puts the secret key in an error', async () => {
    const error = await rejection(client({}, { secretKey: 'test_wrong-key-000000000' }).getPayment('any'));
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('test_wrong-key');
  });
});
