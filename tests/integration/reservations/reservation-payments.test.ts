import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFormat } from '#core/catalogue/format.ts';
import { CATALOGS, translatorOf } from '#core/i18n/all-catalogs.ts';
import { reservations } from '#server/db/schema/index.ts';
import { expireHolds } from '#server/modules/reservations/index.ts';
import { paymentFlowFor } from '#server/modules/reservations/flow.ts';
import { resumeReservation, startReservation } from '#server/modules/reservations/payment.ts';
import { ENGINES } from '#tests/support/db.ts';
import { buyer, DEPOSIT_KOPECKS, eventsOf, freeLots, notify, paymentApp, post, reservationRow, silent, type PaymentApp } from './payment-app.ts';

const DAY_MS = 86_400_000;

describe.each(ENGINES)('online reservation with a deposit on %s', (engine) => {
  let t: PaymentApp;
  let lots: number[];
  beforeAll(async () => {
    t = await paymentApp(engine);
    lots = await freeLots(t, 15);
  }, 120_000);
  afterAll(async () => t?.dispose());

  const reserve = async (lotId: number, over: Record<string, unknown> = {}, ip?: string) => post(t, '/api/reservations/', buyer(lotId, over), { ip });

  it("holds the lot, then creates the payment of the settings' deposit, keyed by the reservation, and sends the buyer to pay", async () => {
    const lotId = lots[0]!;
    // An amount or a period in the request is not read: the settings' terms are.
    const res = await reserve(lotId, { amount: 1, depositKopecks: 100, periodDays: 365, locale: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(answer).toMatchObject({ id: expect.any(String), confirmationUrl: expect.stringContaining('http'), holdExpiresAt: expect.any(String) });
    expect(answer.dealUrl).toMatch(/^http:\/\/localhost:3000\/en\/deal\/[A-Za-z0-9_-]{32,}$/);
    const row = await reservationRow(t, answer.id);
    expect(row).toMatchObject({ state: 'held', lotId, amountKopecks: DEPOSIT_KOPECKS, periodDays: 7, refundWindowDays: 3, paymentStatus: 'pending' });
    const payment = t.fake.payments.get(row.paymentId!)!;
    expect(payment.amount).toEqual({ value: '50000.00', currency: 'RUB' });
    expect(payment.metadata).toEqual({ reservationId: answer.id, lotId: String(lotId) });
    const created = t.fake.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments' && r.idempotenceKey === answer.id);
    expect(created?.body).toMatchObject({ capture: true, confirmation: { type: 'redirect', return_url: answer.dealUrl } });
    // The payment page says what is paid for in the buyer's language, naming the lot as the site does, not by its internal id.
    const [card] = await t.services.catalogue.lotsByIds([String(lotId)], 'en');
    expect(payment.description).toBe(`Reservation deposit: ${card!.projectName}, ${catalogueFormat('en', translatorOf('en')).lotTitle(card!)}`);
    // The hold is a fact before anyone pays: a second buyer is refused, naming the lot.
    const second = await reserve(lotId, {}, '127.0.0.2');
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual({ lotId: [expect.stringMatching(/забронирован или снят с продажи/)] });
  });

  it('reserves the lot once the payment, read back from the provider, succeeded; a repeated notification changes nothing', async () => {
    const lotId = lots[1]!;
    const { id } = (await reserve(lotId)).json();
    const paymentId = (await reservationRow(t, id)).paymentId!;
    await t.fake.succeed(paymentId);
    const first = await notify(t, 'payment.succeeded', paymentId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'reserved' });
    const row = await reservationRow(t, id);
    expect(row.state).toBe('reserved');
    expect(row.endsAt!.getTime() - row.paidAt!.getTime()).toBe(7 * DAY_MS);
    for (let i = 0; i < 3; i++) {
      const again = await notify(t, 'payment.succeeded', paymentId);
      expect(again.json()).toEqual({ status: 'unchanged' });
    }
    const paid = (await eventsOf(t, id)).filter((e) => e.kind === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ source: 'provider', externalId: `${paymentId}:succeeded` });
    expect((await reservationRow(t, id)).version).toBe(row.version);
  });

  it('still reserves the lot for a payment that succeeds just after its hold ran out, when nobody took the lot', async () => {
    const lotId = lots[8]!;
    const { id } = (await reserve(lotId)).json();
    const paymentId = (await reservationRow(t, id)).paymentId!;
    // The expiry job ran first (as if 16 minutes had passed)…
    expect(await expireHolds(t.services.database.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await reservationRow(t, id)).state).toBe('expired');
    // …then the buyer's payment succeeded: the lot is still free, so it is theirs.
    await t.fake.succeed(paymentId);
    expect((await notify(t, 'payment.succeeded', paymentId)).json()).toEqual({ status: 'reserved' });
    expect(await reservationRow(t, id)).toMatchObject({ state: 'reserved', refundStatus: null });
    expect([...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(0);
  });

  it("names every bad field of a reservation (400), in the visitor's language", async () => {
    const res = await post(t, '/api/reservations/', { lotId: 'abc', name: '', phone: '123', email: 'x' }, { headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['consent', 'email', 'lotId', 'name', 'phone']);
    expect(body.errors.name).toEqual(['Obligatory field']);
    // A lot that does not exist is refused like a lot that is not free.
    expect((await reserve(999_999_999)).statusCode).toBe(409);
    // A body beyond the limit is refused before it is read.
    expect((await post(t, '/api/reservations/', { ...buyer(lots[2]!), name: 'a'.repeat(20_000) })).statusCode).toBe(413);
    // A write without the CSRF and anti-bot headers is refused before its body is judged.
    const bare = await t.app.inject({ method: 'POST', url: '/api/reservations/', payload: buyer(lots[2]!) });
    expect(bare.statusCode).toBe(403);
  });

  it('refuses a third unpaid hold on one phone with 429 naming the phone, before any payment; a paid one frees its slot', async () => {
    const phone = '+7 916 700-99-01';
    const first = await reserve(lots[9]!, { phone });
    expect((await reserve(lots[10]!, { phone })).statusCode).toBe(201);
    const payments = t.fake.payments.size;
    const third = await post(t, '/api/reservations/', buyer(lots[11]!, { phone }), { headers: { 'accept-language': 'en' } });
    expect(third.statusCode, third.body).toBe(429);
    expect(third.headers['cache-control']).toBe('no-store');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(third.json().errors).toEqual({ phone: [CATALOGS.en.forms.validation.tooManyHolds] });
    expect(t.fake.payments.size).toBe(payments);
    const paymentId = (await reservationRow(t, first.json().id)).paymentId!;
    await t.fake.succeed(paymentId);
    expect((await notify(t, 'payment.succeeded', paymentId)).json()).toEqual({ status: 'reserved' });
    expect((await reserve(lots[11]!, { phone })).statusCode).toBe(201);
  });

  it('finds a repeated attempt in the database from any instance: the same hold and payment page while the hold lasts', async () => {
    const [lotId, other] = [lots[12]!, lots[13]!];
    const key = randomUUID();
    const first = await startReservation(t.flow, buyer(lotId), { locale: 'ru', attemptKey: key });
    if (first.type !== 'started') throw new Error(first.type);
    const payments = t.fake.payments.size;
    // Another instance (its own flow, no memory shared but the database) answers the second post.
    const elsewhere = paymentFlowFor(t.config, { db: t.services.database.db, log: silent })!;
    const again = await resumeReservation(elsewhere, key, lotId);
    expect(again).toMatchObject({ type: 'started', id: first.id, confirmationUrl: first.confirmationUrl, dealUrl: first.dealUrl });
    expect(t.fake.payments.size).toBe(payments);
    expect(await resumeReservation(elsewhere, key, other)).toBeNull();
    expect(await resumeReservation(elsewhere, randomUUID(), lotId)).toBeNull();
    // Once the hold has run out the attempt holds nothing; sent again, it is a new hold that takes the key over.
    const later = { ...elsewhere, now: () => new Date(Date.now() + 16 * 60_000) };
    expect(await resumeReservation(later, key, lotId)).toBeNull();
    const anew = await startReservation(later, buyer(lotId), { locale: 'ru', attemptKey: key });
    expect(anew.type === 'started' && anew.id).not.toBe(first.id);
    expect((await reservationRow(t, first.id)).attemptKey).toBeNull();
  });

  it('refuses a forged notification: from outside the trusted ranges, about an object the provider does not know, or a payment that does not match', async () => {
    const lotId = lots[3]!;
    const { id } = (await reserve(lotId)).json();
    const paymentId = (await reservationRow(t, id)).paymentId!;
    await t.fake.succeed(paymentId);
    const stranger = await notify(t, 'payment.succeeded', paymentId, '203.0.113.9');
    expect(stranger.statusCode).toBe(403);
    const unknown = await notify(t, 'payment.succeeded', '2a8f0000-000f-5000-9000-000000000000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'ignored' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/',
      payload: { event: 'payment.succeeded' },
      remoteAddress: '127.0.0.1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(expect.arrayContaining(['type', 'object']));
    expect((await reservationRow(t, id)).state).toBe('held');

    // A payment made in the shop for this reservation, but of another amount or for another lot, pays for nothing.
    const orphan = (await post(t, '/api/reservations/', buyer(lots[4]!))).json();
    // As if the process died after the hold and before the payment's id was written: the metadata names it.
    await t.services.database.db.update(reservations).set({ paymentId: null }).where(eq(reservations.id, orphan.id));
    for (const [amount, metadata] of [
      [
        { value: '1.00', currency: 'RUB' as const },
        { reservationId: orphan.id, lotId: String(lots[4]) },
      ],
      [
        { value: '50000.00', currency: 'RUB' as const },
        { reservationId: orphan.id, lotId: String(lots[5]) },
      ],
    ] as const) {
      const forged = await t.flow.provider.createPayment({
        amount,
        description: 'forged',
        returnUrl: 'http://localhost:3000/',
        metadata,
        idempotenceKey: crypto.randomUUID(),
      });
      await t.fake.succeed(forged.id);
      const res = await notify(t, 'payment.succeeded', forged.id);
      expect(res.json()).toEqual({ status: 'ignored' });
    }
    expect(await reservationRow(t, orphan.id)).toMatchObject({ state: 'held', paymentId: null });
  });

  it('frees the lot when the provider cancels the payment', async () => {
    const lotId = lots[6]!;
    const { id } = (await reserve(lotId)).json();
    const paymentId = (await reservationRow(t, id)).paymentId!;
    await t.fake.cancel(paymentId);
    expect((await notify(t, 'payment.canceled', paymentId)).json()).toEqual({ status: 'canceled' });
    expect(await reservationRow(t, id)).toMatchObject({ state: 'canceled', cancelReason: 'payment_canceled', paymentStatus: 'canceled' });
    expect((await notify(t, 'payment.canceled', paymentId)).json()).toEqual({ status: 'unchanged' });
    expect((await reserve(lotId)).statusCode).toBe(201);
  });

  it('cancels the hold and says to try again when the provider fails or does not answer', async () => {
    const lotId = lots[7]!;
    for (const kind of ['500', 'timeout'] as const) {
      // Every attempt of the client (it asks three times with the same key) fails.
      t.fake.failNext(kind, 3);
      const res = await reserve(lotId, {}, '127.0.0.3');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json().detail).toMatch(/Nothing was charged|не списаны/);
      const [row] = await t.services.database.db.select().from(reservations).where(eq(reservations.lotId, lotId)).orderBy(reservations.createdAt);
      expect(row).toMatchObject({ state: 'canceled', cancelReason: 'payment_failed' });
      await t.services.database.db.delete(reservations).where(eq(reservations.lotId, lotId));
    }
    // The lot was freed each time: the next buyer holds it.
    expect((await reserve(lotId)).statusCode).toBe(201);
  });

  it('holds nothing and asks to come back when the finance programmes cannot be read for a chosen programme', async () => {
    const lotId = lots[14]!;
    const down = { ...t.flow, programmes: () => Promise.reject(new Error('finance unavailable')) };
    const outcome = await startReservation(down, buyer(lotId, { programmeId: 'nord-new-build' }), { locale: 'ru' });
    expect(outcome).toEqual({ type: 'payment_failed', unavailable: true });
    expect(await t.services.database.db.select().from(reservations).where(eq(reservations.lotId, lotId))).toEqual([]);
  });
});
