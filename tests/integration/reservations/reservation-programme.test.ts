import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, financeProgrammes, lots, reservationEvents, reservations } from '#server/db/schema/index.ts';
import { reservationCrmPayload } from '#server/modules/reservations/crm.ts';
import { dealView } from '#server/modules/reservations/deals-view.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { browserHeaders, pageApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { insertDeal } from './deal-fixtures.ts';
import { buyer, eventsOf, freeLots, notify, paymentApp, post, reservationRow, tokenOf, type PaymentApp } from './payment-app.ts';

/** A mortgage of the demo offers for flats of every project (content/purchase.ts), and one for commercial premises only. */
const FOR_FLATS = 'nord-new-build';
const COMMERCIAL_ONLY = 'uralkredit-commercial';

/**
 * The finance programme of an online reservation (issue #39, "the payment schedule of the chosen programme"): the
 * buyer chooses one of the programmes the lot page offers for the lot, or none, in `POST /api/reservations/` (JSON or a
 * form body); another is refused naming `programmeId` before anything is held; the sales team changes it in the back
 * office (role, CSRF, version, audit, timeline); the deal's view and the CRM's payload carry it, and the programme's
 * rate stays the programme's own. The deal page's schedule in three languages: buyer-programme.test.ts.
 */
describe.each(ENGINES)('the programme of a reservation on %s', (engine) => {
  let t: PaymentApp;
  let flats: number[];
  beforeAll(async () => {
    t = await paymentApp(engine);
    flats = await freeLots(t, 6, 'flat');
  }, 120_000);
  afterAll(async () => t?.dispose());

  // Each buyer their own e-mail: a contact's unpaid holds are limited.
  let n = 0;
  const reserve = (lotId: number, over: Record<string, unknown> = {}) =>
    post(t, '/api/reservations/', buyer(lotId, { email: `programme-${(n += 1)}@example.ru`, ...over }));
  const activeHolds = async (lotId: number) =>
    (await t.services.database.db.select().from(reservations).where(eq(reservations.lotId, lotId))).filter((r) => r.state === 'held');

  it('keeps the programme the buyer chose among those the lot page offers, and none by default', async () => {
    const chosen = await reserve(flats[0]!, { programmeId: FOR_FLATS });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((await reservationRow(t, chosen.json().id)).programmeId).toBe(FOR_FLATS);
    // A form body without JavaScript: an empty choice is "in full, or later".
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/',
      headers: { ...browserHeaders(t.config, '/api/reservations/'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...buyer(flats[1]!),
        email: 'programme-form@example.ru',
        lotId: String(flats[1]),
        consent: 'on',
        programmeId: '',
      } as Record<string, string>).toString(),
      remoteAddress: '127.0.0.1',
    });
    expect(form.statusCode, form.body).toBe(201);
    expect((await reservationRow(t, form.json().id)).programmeId).toBeNull();
  });

  it('refuses a programme not offered for the lot, unknown or malformed, naming programmeId, before holding the lot', async () => {
    const lotId = flats[2]!;
    for (const programmeId of [COMMERCIAL_ONLY, 'no-such-programme', 'Not An Id!', 42]) {
      const res = await reserve(lotId, { programmeId });
      expect(res.statusCode, String(programmeId)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['programmeId']);
      expect(res.json().errors.programmeId).toEqual([ru.forms.validation.choice]);
    }
    expect(await activeHolds(lotId)).toHaveLength(0);
    // A programme no longer in force is not offered either.
    await t.services.database.db.update(financeProgrammes).set({ validTo: '2026-01-31' }).where(eq(financeProgrammes.id, 'stolitsa-new-build'));
    t.services.finance.invalidate();
    try {
      expect((await reserve(lotId, { programmeId: 'stolitsa-new-build' })).statusCode).toBe(400);
    } finally {
      await t.services.database.db.update(financeProgrammes).set({ validTo: null }).where(eq(financeProgrammes.id, 'stolitsa-new-build'));
      t.services.finance.invalidate();
    }
  });

  it('lets sales change the programme in the back office (CSRF, version, audit, timeline); the deal and the CRM carry it, the rate stays the programme’s', async () => {
    const { id, dealUrl } = (await reserve(flats[3]!, { programmeId: FOR_FLATS })).json();
    const paymentId = (await reservationRow(t, id)).paymentId!;
    await t.fake.succeed(paymentId);
    expect((await notify(t, 'payment.succeeded', paymentId)).json()).toEqual({ status: 'reserved' });
    const url = `/api/admin/reservations/${id}/programme/`;
    const sales = await signedInStaff(t, 'sales');
    const editor = await signedInStaff(t, 'editor');
    const version = (await reservationRow(t, id)).version;
    const body = { programmeId: 'stolitsa-new-build', version };
    expect((await t.app.inject({ method: 'POST', url, headers: editor.headers(url), payload: body })).statusCode).toBe(403);
    const { 'x-csrftoken': _csrf, ...noCsrf } = sales.headers(url);
    expect((await t.app.inject({ method: 'POST', url, headers: noCsrf, payload: body })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { ...body, programmeId: COMMERCIAL_ONLY } });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['programmeId']);
    const malformed = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { ...body, programmeId: 'Bad id' } });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['programmeId']);

    const ok = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ programmeId: 'stolitsa-new-build', version: version + 1 });
    const stale = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { ...body, programmeId: null } });
    expect(stale.statusCode).toBe(409);
    expect(Object.keys(stale.json().errors)).toEqual(['version']);
    const audit = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'reservation'), eq(auditLog.entityId, id), eq(auditLog.action, 'set_programme')));
    expect(audit).toMatchObject([{ staffId: sales.id, before: { programmeId: FOR_FLATS }, after: { programmeId: 'stolitsa-new-build' } }]);
    const events = (await eventsOf(t, id)).filter((e) => e.kind === 'programme');
    expect(events).toMatchObject([{ source: 'staff', staffId: sales.id, data: { from: FOR_FLATS, to: 'stolitsa-new-build' } }]);

    // Back to none: allowed, at the new version.
    const none = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { programmeId: null, version: version + 1 } });
    expect(none.statusCode, none.body).toBe(200);
    expect((await reservationRow(t, id)).programmeId).toBeNull();
    const again = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { programmeId: FOR_FLATS, version: version + 2 } });
    expect(again.statusCode, again.body).toBe(200);

    // The deal's view names the programme; the CRM's payload carries its id; the rate is nowhere on the reservation.
    const view = await dealView(t.services.database.db, tokenOf(dealUrl));
    expect(view?.programmeId).toBe(FOR_FLATS);
    const row = await reservationRow(t, id);
    expect(Object.keys(row).some((key) => /rate/i.test(key))).toBe(false);
    const [event] = await t.services.database.db.select().from(reservationEvents).where(eq(reservationEvents.reservationId, id)).limit(1);
    expect(reservationCrmPayload(event!, row).reservation.programme_id).toBe(FOR_FLATS);
  });

  it('refuses a change on a deal no longer in force', async () => {
    const { id } = (await reserve(flats[4]!)).json();
    await t.services.database.db.update(reservations).set({ state: 'canceled', canceledAt: new Date() }).where(eq(reservations.id, id));
    const url = `/api/admin/reservations/${id}/programme/`;
    const sales = await signedInStaff(t, 'sales');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: sales.headers(url),
      payload: { programmeId: FOR_FLATS, version: (await reservationRow(t, id)).version },
    });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().errors)).toEqual(['programmeId']);
  });
});

describe('back office: the deal page’s programme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp('pglite');
  }, 180_000);
  afterAll(async () => t?.dispose());

  it('offers sales the lot’s programmes (the lot page’s) and none, shows the one set; an editor sees no control', async () => {
    const [flat] = await t.services.database.db
      .select({ id: lots.id, projectId: lots.projectId })
      .from(lots)
      .where(and(eq(lots.status, 'free'), eq(lots.type, 'flat'), sql`${lots.price} > 0`))
      .orderBy(lots.id)
      .limit(1);
    const deal = await insertDeal(t, { lotId: flat!.id, projectId: flat!.projectId });
    await t.services.database.db.update(reservations).set({ programmeId: FOR_FLATS }).where(eq(reservations.id, deal.id));
    const page = `/admin/reservations/${deal.id}`;
    const sales = await signedInStaff(t, 'sales');
    const asSales = await t.app.inject({ url: page, headers: { cookie: sales.headers(page).cookie! } });
    expect(asSales.statusCode).toBe(200);
    expect(asSales.body).toContain('Программа оплаты');
    expect(asSales.body).toContain('Ипотека на новостройки');
    expect(asSales.body).toContain('name="programmeId"');
    expect(asSales.body).toContain(`value="${FOR_FLATS}"`);
    expect(asSales.body).not.toContain(`value="${COMMERCIAL_ONLY}"`);
    expect(asSales.body).toContain('Без программы (полная оплата или решит позже)');
    const editor = await signedInStaff(t, 'editor');
    const asEditor = await t.app.inject({ url: page, headers: { cookie: editor.headers(page).cookie! } });
    expect(asEditor.statusCode).toBe(200);
    expect(asEditor.body).toContain('Ипотека на новостройки');
    expect(asEditor.body).not.toContain('name="programmeId"');
  });
});
