import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationDeliveries, reservations } from '#server/db/schema/index.ts';
import { createReservationOutbox, reservationCrmTransport } from '#server/modules/reservations/crm.ts';
import { reconcilePayments } from '#server/modules/reservations/reconcile.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testApp } from '#tests/support/app.ts';
import { fakeCrm } from '#tests/support/leads-fakes.ts';
import { buyer, eventsOf, freeLots, notify, paymentApp, post, reservationRow, silent, tokenOf, type PaymentApp } from './payment-app.ts';

const CRM_SECRET = 'reservation-crm-secret-0123456789';
const DAY_MS = 86_400_000;

describe.each(ENGINES)("refunds, the buyer's cancel, reconciliation and the CRM on %s", (engine) => {
  let t: PaymentApp;
  let crm: Awaited<ReturnType<typeof fakeCrm>>;
  let lots: number[];
  beforeAll(async () => {
    crm = await fakeCrm(CRM_SECRET);
    t = await paymentApp(engine, { CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: CRM_SECRET });
    lots = await freeLots(t, 6);
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    await crm?.close();
  });

  /** A paid reservation of `lotId`: held, paid at the provider, notified. Its id and deal token. */
  async function paid(lotId: number) {
    const answer = (await post(t, '/api/reservations/', buyer(lotId))).json();
    const paymentId = (await reservationRow(t, answer.id)).paymentId!;
    await t.fake.succeed(paymentId);
    expect((await notify(t, 'payment.succeeded', paymentId)).json()).toEqual({ status: 'reserved' });
    return { id: answer.id as string, token: tokenOf(answer.dealUrl), paymentId };
  }
  const cancel = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(t, `/api/reservations/${id}/cancel/`, body, { headers });

  it('lets the buyer cancel within the refund window: refunded in full, the lot free; never twice, never with a wrong token', async () => {
    const { id, token, paymentId } = await paid(lots[0]!);
    expect((await cancel(id, { token: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await cancel(id, {})).statusCode).toBe(400);
    const res = await cancel(id, {}, { 'x-deal-token': token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, state: 'canceled', refund: 'succeeded' });
    const row = await reservationRow(t, id);
    expect(row).toMatchObject({ state: 'canceled', cancelReason: 'buyer', refundStatus: 'succeeded', refundedKopecks: row.amountKopecks });
    expect([...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect((await cancel(id, { token })).statusCode).toBe(409);
    expect([...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect((await post(t, '/api/reservations/', buyer(lots[0]!))).statusCode).toBe(201);
  });

  it("refuses the buyer's cancel once the refund window has passed", async () => {
    const { id, token } = await paid(lots[1]!);
    await t.services.database.db
      .update(reservations)
      .set({ paidAt: new Date(Date.now() - 3 * DAY_MS - 1000) })
      .where(eq(reservations.id, id));
    const res = await cancel(id, { token }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/time to cancel with a refund has passed/);
    expect((await reservationRow(t, id)).state).toBe('reserved');
  });

  it('finishes a refund the provider could not take at once, by the reconciliation', async () => {
    const { id, token, paymentId } = await paid(lots[2]!);
    t.fake.failNext('500', 3);
    const res = await cancel(id, { token });
    expect(res.json()).toEqual({ id, state: 'canceled', refund: 'pending' });
    expect((await reservationRow(t, id)).refundStatus).toBe('pending');
    expect(await reconcilePayments(t.flow, { minAgeMs: 0 })).toMatchObject({ refunds: 1, applied: 1 });
    expect(await reservationRow(t, id)).toMatchObject({ refundStatus: 'succeeded' });
    expect([...t.fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    // The provider's own notification of the refund, afterwards, changes nothing.
    const refundId = (await reservationRow(t, id)).refundId!;
    expect((await notify(t, 'refund.succeeded', refundId)).json()).toEqual({ status: 'refund_recorded' });
    expect((await eventsOf(t, id)).filter((e) => e.kind === 'refunded')).toHaveLength(1);
  });

  it('applies a payment whose notification never came, by the reconciliation', async () => {
    const answer = (await post(t, '/api/reservations/', buyer(lots[3]!))).json();
    const paymentId = (await reservationRow(t, answer.id)).paymentId!;
    // Still pending at the provider: nothing to apply.
    expect((await reconcilePayments(t.flow, { minAgeMs: 0 })).applied).toBe(0);
    await t.fake.succeed(paymentId);
    // Too recent for a periodic run (its notification may be on its way)…
    expect((await reconcilePayments(t.flow, { minAgeMs: 60_000 })).payments).toBe(0);
    // …but a run at start takes everything open.
    expect((await reconcilePayments(t.flow, { minAgeMs: 0 })).applied).toBe(1);
    expect(await reservationRow(t, answer.id)).toMatchObject({ state: 'reserved', paymentStatus: 'succeeded' });
    expect((await eventsOf(t, answer.id)).find((e) => e.kind === 'paid')).toMatchObject({ source: 'job' });
    // The late notification afterwards changes nothing.
    expect((await notify(t, 'payment.succeeded', paymentId)).json()).toEqual({ status: 'unchanged' });
  });

  it('tells the CRM each change of a paid reservation exactly once, signed; an unpaid hold not at all', async () => {
    const { id, token } = await paid(lots[4]!);
    await cancel(id, { token });
    const unpaid = (await post(t, '/api/reservations/', buyer(lots[5]!))).json();
    const outbox = createReservationOutbox({
      db: t.services.database.db,
      crm: reservationCrmTransport({ url: crm.url, secret: CRM_SECRET, timeoutMs: 2000 }),
      log: silent,
      retryBaseMs: 20,
      retryMaxMs: 100,
      pollMs: 50,
      leaseMs: 5000,
    });
    while ((await outbox.runOnce()) > 0);
    const mine = crm.receipts.filter((r) => (r.body.reservation as { id: string }).id === id);
    expect(mine.map((r) => r.body.event)).toEqual(['paid', 'canceled', 'refunded']);
    expect(mine.every((r) => r.signatureOk)).toBe(true);
    expect(new Set(mine.map((r) => r.id)).size).toBe(3);
    expect(mine[0]!.body).toMatchObject({
      kind: 'reservation',
      contact: { name: 'Анна', email: expect.stringMatching(/^anna\.\d+@example\.ru$/) },
      reservation: { state: 'canceled' },
    });
    expect(crm.receipts.some((r) => (r.body.reservation as { id: string }).id === unpaid.id)).toBe(false);
    const undelivered = await t.services.database.db.select().from(reservationDeliveries).where(isNull(reservationDeliveries.deliveredAt));
    expect(undelivered).toHaveLength(0);
  });
});

describe('without YooKassa configured', () => {
  it('offers no reservation: the calls answer 404', async () => {
    const t = await testApp('pglite');
    try {
      for (const url of ['/api/reservations/', '/api/reservations/00000000-0000-4000-8000-000000000000/cancel/']) {
        const res = await post(t, url, { ...buyer(1), token: 'x'.repeat(43) });
        expect(res.statusCode, url).toBe(404);
      }
      const res = await notify(t, 'payment.succeeded', 'x');
      expect(res.statusCode).toBe(404);
    } finally {
      await t.dispose();
    }
  });
});
