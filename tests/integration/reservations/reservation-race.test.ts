import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '#server/db/schema/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { buyer, freeLots, notify, paymentApp, post, reservationRow, type PaymentApp } from './payment-app.ts';

const BUYERS = 50;

describe.each(ENGINES)('fifty buyers racing for one lot on %s', (engine) => {
  let t: PaymentApp;
  beforeAll(async () => {
    t = await paymentApp(engine);
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('give exactly one reservation: every other buyer is refused before paying, or refunded automatically', async () => {
    const [lotId] = await freeLots(t, 1);
    const db = t.services.database.db;
    // An earlier buyer held the lot and went to pay; the hold has run out by the time the race starts. Their payment
    // still succeeds later: by then the lot is someone else's, so it must come back.
    const early = (await post(t, '/api/reservations/', buyer(lotId!), { ip: '10.0.0.200' })).json();
    await db
      .update(reservations)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(reservations.id, early.id));

    // Through the HTTP API, all at once, each from an address of its own.
    const answers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => post(t, '/api/reservations/', buyer(lotId!), { ip: `10.0.1.${i + 1}` })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - 1);
    for (const refused of answers.filter((r) => r.statusCode === 409)) expect(Object.keys(refused.json().errors)).toEqual(['lotId']);
    const winner = answers.find((r) => r.statusCode === 201)!.json();

    // The provider makes every payment it was asked for succeed, and notifies each (twice: YooKassa repeats).
    const rows = await db.select().from(reservations).where(eq(reservations.lotId, lotId!));
    const paymentIds = rows.map((r) => r.paymentId).filter((id): id is string => id !== null);
    expect(paymentIds).toHaveLength(2);
    expect(t.fake.payments.size).toBeGreaterThanOrEqual(2);
    for (const id of paymentIds) await t.fake.succeed(id);
    const notified = await Promise.all([...paymentIds, ...paymentIds].map((id) => notify(t, 'payment.succeeded', id)));
    expect(notified.map((r) => r.statusCode)).toEqual(notified.map(() => 200));

    const after = await db.select().from(reservations).where(eq(reservations.lotId, lotId!));
    expect(after.filter((r) => r.state === 'reserved').map((r) => r.id)).toEqual([winner.id]);
    const early2 = await reservationRow(t, early.id);
    expect(early2).toMatchObject({ state: 'expired', paymentStatus: 'succeeded', refundStatus: 'succeeded', refundedKopecks: early2.amountKopecks });
    // The provider holds exactly one refund: the early buyer's, in full, once.
    const refunds = [...t.fake.refunds.values()].filter((r) => paymentIds.includes(r.payment_id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ payment_id: early2.paymentId, amount: { value: '50000.00', currency: 'RUB' } });
    // No active row but the winner's (the database's own rule, checked again).
    const active = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(inArray(reservations.state, ['held', 'reserved']));
    expect(active.filter((r) => after.some((a) => a.id === r.id))).toHaveLength(1);
  }, 120_000);
});
