import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { lots, reservationEvents, reservations, reservationSettings } from '#server/db/schema/index.ts';
import { createHold, endReservations, expireHolds, findByToken, reservationSettingsFor, type ReservationDefaults } from '#server/modules/reservations/index.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

const DEFAULTS: ReservationDefaults = { depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3, holdMinutes: 15, holdsPerContact: 2 };
const MINUTE = 60_000;
const DAY = 86_400_000;
/** A buyer of `lotId`, their own contact unless given one (a phone and an e-mail hold two lots unpaid at most). */
const buyer = (lotId: number, now: Date, contact: { phone?: string; email?: string } = {}) =>
  ({
    lotId,
    name: 'Анна',
    phone: contact.phone ?? `+7916${String(lotId % 1e7).padStart(7, '0')}`,
    email: contact.email ?? `anna-${lotId}@example.com`,
    locale: 'ru',
    consent: true,
    now,
    defaults: DEFAULTS,
  }) as const;

/**
 * Holds (issue #39, docs/guides/reservations.md): one lot, one reservation, decided by the database under concurrent
 * buyers; a hold runs out, a reservation ends, the terms come from the project's row, the site's, or the defaults.
 */
describe.each(ENGINES)('reservation holds on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let free: number[];
  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    const rows = await database.db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'free')).limit(16);
    free = rows.map((r) => r.id);
  }, 120_000);
  afterAll(async () => dispose?.());

  it('gives one hold of fifty concurrent ones, and the lot to another buyer only once it ran out', async () => {
    const lotId = free[0]!;
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => createHold(database.db, buyer(lotId, now))));
    const won = outcomes.filter((o) => o.ok);
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'lot_unavailable')).toBe(true);
    const rows = await database.db.select().from(reservations).where(eq(reservations.lotId, lotId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'held', amountKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3 });
    expect(rows[0]!.holdExpiresAt.getTime()).toBe(now.getTime() + 15 * MINUTE);

    // Fifteen minutes later the hold has run out: the next buyer gets the lot, the first hold is expired.
    const later = new Date(now.getTime() + 15 * MINUTE);
    const next = await createHold(database.db, buyer(lotId, later));
    expect(next.ok).toBe(true);
    const states = await database.db.select({ state: reservations.state }).from(reservations).where(eq(reservations.lotId, lotId));
    expect(states.map((s) => s.state).sort()).toEqual(['expired', 'held']);
  });

  it("keeps only the token's hash and finds the reservation by the token, not by its hash nor once revoked", async () => {
    const hold = await createHold(database.db, buyer(free[1]!, new Date()));
    if (!hold.ok) throw new Error(hold.reason);
    expect(hold.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(hold.reservation)).not.toContain(hold.token);
    expect((await findByToken(database.db, hold.token))?.id).toBe(hold.reservation.id);
    expect(await findByToken(database.db, hold.reservation.tokenHash)).toBeNull();
    await database.db.update(reservations).set({ tokenRevokedAt: new Date() }).where(eq(reservations.id, hold.reservation.id));
    expect(await findByToken(database.db, hold.token)).toBeNull();
  });

  it('refuses a lot that is not free, a lot that does not exist, and a project where reservation is off', async () => {
    const [booked] = await database.db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'booked')).limit(1);
    expect(await createHold(database.db, buyer(booked!.id, new Date()))).toEqual({ ok: false, reason: 'lot_unavailable' });
    expect(await createHold(database.db, buyer(999_999_999, new Date()))).toEqual({ ok: false, reason: 'lot_not_found' });
    const [lot] = await database.db.select({ projectId: lots.projectId }).from(lots).where(eq(lots.id, free[2]!));
    await database.db
      .insert(reservationSettings)
      .values({ projectId: lot!.projectId, enabled: false, depositKopecks: 100, periodDays: 1, refundWindowDays: 0 });
    try {
      expect(await createHold(database.db, buyer(free[2]!, new Date()))).toEqual({ ok: false, reason: 'not_enabled' });
    } finally {
      await database.db.delete(reservationSettings).where(eq(reservationSettings.projectId, lot!.projectId));
    }
  });

  it("takes the terms from the project's row, else the site's, else the defaults", async () => {
    const [lot] = await database.db.select({ projectId: lots.projectId }).from(lots).where(eq(lots.id, free[3]!));
    const projectId = lot!.projectId;
    expect(await reservationSettingsFor(database.db, projectId, DEFAULTS)).toEqual({
      enabled: true,
      depositKopecks: 5_000_000,
      periodDays: 7,
      refundWindowDays: 3,
    });
    await database.db.insert(reservationSettings).values({ projectId: null, enabled: true, depositKopecks: 3_000_000, periodDays: 5, refundWindowDays: 2 });
    expect(await reservationSettingsFor(database.db, projectId, DEFAULTS)).toEqual({
      enabled: true,
      depositKopecks: 3_000_000,
      periodDays: 5,
      refundWindowDays: 2,
    });
    await database.db.insert(reservationSettings).values({ projectId, enabled: true, depositKopecks: 10_000_000, periodDays: 10, refundWindowDays: 4 });
    expect(await reservationSettingsFor(database.db, projectId, DEFAULTS)).toEqual({
      enabled: true,
      depositKopecks: 10_000_000,
      periodDays: 10,
      refundWindowDays: 4,
    });
    expect(await reservationSettingsFor(database.db, null, DEFAULTS)).toMatchObject({ depositKopecks: 3_000_000 });
    const hold = await createHold(database.db, buyer(free[3]!, new Date()));
    expect(hold.ok && hold.reservation).toMatchObject({ amountKopecks: 10_000_000, periodDays: 10, refundWindowDays: 4 });
    await database.db.delete(reservationSettings);
  });

  it('expires holds that ran out and ends reservations over at their first stage, each with its timeline row', async () => {
    const now = new Date();
    const a = await createHold(database.db, buyer(free[4]!, now));
    const b = await createHold(database.db, buyer(free[5]!, now));
    const c = await createHold(database.db, buyer(free[6]!, now));
    if (!a.ok || !b.ok || !c.ok) throw new Error('not held');
    // b and c were paid (as the payment flow writes it): c's deal has moved on to a contract.
    for (const [id, stage] of [
      [b.reservation.id, 'reserved'],
      [c.reservation.id, 'contract_prepared'],
    ] as const)
      await database.db
        .update(reservations)
        .set({ state: 'reserved', paidAt: now, endsAt: new Date(now.getTime() + 7 * DAY), dealStage: stage })
        .where(eq(reservations.id, id));
    expect(await expireHolds(database.db, new Date(now.getTime() + 14 * MINUTE))).toBe(0);
    expect(await expireHolds(database.db, new Date(now.getTime() + 16 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await endReservations(database.db, new Date(now.getTime() + 6 * DAY))).toBe(0);
    expect(await endReservations(database.db, new Date(now.getTime() + 8 * DAY))).toBe(1);
    const state = async (id: string) => (await database.db.select({ state: reservations.state }).from(reservations).where(eq(reservations.id, id)))[0]!.state;
    expect([await state(a.reservation.id), await state(b.reservation.id), await state(c.reservation.id)]).toEqual(['expired', 'ended', 'reserved']);
    const events = await database.db
      .select({ kind: reservationEvents.kind })
      .from(reservationEvents)
      .where(and(eq(reservationEvents.reservationId, b.reservation.id)));
    expect(events.map((e) => e.kind)).toEqual(['held', 'ended']);
  });

  it('lets one phone and one e-mail hold two lots unpaid at a time, across concurrent requests; a payment or the end frees a slot', async () => {
    const now = new Date();
    const phone = '+79165550001';
    // Four holds at once on one phone (each its own lot and e-mail): two are taken, two refused naming the phone.
    const raced = await Promise.all([7, 8, 9, 10].map((i) => createHold(database.db, buyer(free[i]!, now, { phone }))));
    const held = raced.filter((o) => o.ok);
    expect(held).toHaveLength(2);
    const soonest = new Date(now.getTime() + 15 * MINUTE);
    expect(raced.filter((o) => !o.ok)).toEqual([
      { ok: false, reason: 'too_many_holds', field: 'phone', retryAt: soonest },
      { ok: false, reason: 'too_many_holds', field: 'phone', retryAt: soonest },
    ]);
    // An e-mail counts whatever its case.
    expect((await createHold(database.db, buyer(free[11]!, now, { email: 'Boris@Example.com' }))).ok).toBe(true);
    expect((await createHold(database.db, buyer(free[12]!, now, { email: 'boris@example.com' }))).ok).toBe(true);
    expect(await createHold(database.db, buyer(free[13]!, now, { email: 'BORIS@example.com' }))).toMatchObject({ reason: 'too_many_holds', field: 'email' });
    // One of the phone's holds is paid: its slot is free again.
    const first = held[0]!;
    if (!first.ok) throw new Error('not held');
    await database.db
      .update(reservations)
      .set({ state: 'reserved', paidAt: now, endsAt: new Date(now.getTime() + 7 * DAY) })
      .where(eq(reservations.id, first.reservation.id));
    expect((await createHold(database.db, buyer(free[13]!, now, { phone }))).ok).toBe(true);
    expect(await createHold(database.db, buyer(free[14]!, now, { phone }))).toMatchObject({ reason: 'too_many_holds' });
    // Once its holds have run out (no job has written them yet), the phone holds again.
    expect((await createHold(database.db, buyer(free[14]!, soonest, { phone }))).ok).toBe(true);
    expect((await createHold(database.db, buyer(free[15]!, soonest, { phone }))).ok).toBe(true);
  });
});
