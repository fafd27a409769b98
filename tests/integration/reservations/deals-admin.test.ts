import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservationEvents, reservations } from '#server/db/schema/index.ts';
import { dealView } from '#server/modules/reservations/deals-view.ts';
import { pageApp, testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { insertDeal } from './deal-fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The back office's reservations (docs/guides/reservations.md "Deal tracker"): any member reads, the buyer's contact
 * for sales and admin only (audited); sales and admin act — extend, cancel, stage, documents, the buyer's link — each
 * CSRF-checked, version-checked and in the audit trail; an editor is refused, a visitor gets the API's 404. The
 * documents reach the buyer through the token alone.
 */
describe.each(ENGINES)('back office: reservations (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
  }, 120_000);
  afterAll(async () => t?.dispose());

  const db = () => t.services.database.db;
  const auditOf = (id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'reservation'), eq(auditLog.entityId, id)));
  const rowOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

  it('is a 404 to a visitor; any member reads the list; the buyer is shown, and audited, to sales and admin only', async () => {
    const deal = await insertDeal(t, { projectId: 3 });
    expect((await t.app.inject(`/api/admin/reservations/${deal.id}/`)).statusCode).toBe(404);
    const editor = await signedInStaff(t, 'editor');
    const sales = await signedInStaff(t, 'sales');
    const list = await t.app.inject({ url: '/api/admin/reservations/?project=3', headers: editor.headers('/api/admin/reservations/') });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((r: { id: string }) => r.id)).toContain(deal.id);
    expect(list.body).not.toContain('anna@example.ru');
    const asEditor = await t.app.inject({ url: `/api/admin/reservations/${deal.id}/`, headers: editor.headers(`/api/admin/reservations/${deal.id}/`) });
    expect(asEditor.json().buyer).toBeNull();
    expect(asEditor.body).not.toContain('+79161234567');
    expect(asEditor.body).not.toContain('tokenHash');
    expect(await auditOf(deal.id)).toHaveLength(0);
    const asSales = await t.app.inject({ url: `/api/admin/reservations/${deal.id}/`, headers: sales.headers(`/api/admin/reservations/${deal.id}/`) });
    expect(asSales.json().buyer).toEqual({ name: 'Анна Петрова', phone: '+79161234567', email: 'anna@example.ru' });
    expect(await auditOf(deal.id)).toMatchObject([{ action: 'view_personal_data', staffId: sales.id }]);
    const bad = await t.app.inject({ url: '/api/admin/reservations/?state=lost', headers: sales.headers('/api/admin/reservations/') });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['state']);
  });

  it('lets sales extend a reservation (audited, on the timeline), refuses an editor, a stale version, an earlier date and a call without CSRF', async () => {
    const deal = await insertDeal(t);
    const before = await rowOf(deal.id);
    const url = `/api/admin/reservations/${deal.id}/extend/`;
    const endsAt = new Date(before.endsAt!.getTime() + 3 * 86_400_000).toISOString();
    const body = { endsAt, reason: 'Ждём одобрения ипотеки', version: before.version };
    const editor = await signedInStaff(t, 'editor');
    expect((await t.app.inject({ method: 'POST', url, headers: editor.headers(url), payload: body })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(404);
    const sales = await signedInStaff(t, 'sales');
    const { 'x-csrftoken': _csrf, ...noCsrf } = sales.headers(url);
    expect((await t.app.inject({ method: 'POST', url, headers: noCsrf, payload: body })).statusCode).toBe(403);
    const earlier = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: { ...body, endsAt: before.createdAt.toISOString() } });
    expect(earlier.statusCode).toBe(400);
    expect(Object.keys(earlier.json().errors)).toEqual(['endsAt']);
    const ok = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'reserved', endsAt, version: before.version + 1 });
    const stale = await t.app.inject({ method: 'POST', url, headers: sales.headers(url), payload: body });
    expect(stale.statusCode).toBe(409);
    expect(Object.keys(stale.json().errors)).toEqual(['version']);
    const audit = await auditOf(deal.id);
    expect(audit).toMatchObject([{ action: 'extend', staffId: sales.id, detail: { reason: 'Ждём одобрения ипотеки' }, after: { endsAt } }]);
    const events = await db().select().from(reservationEvents).where(eq(reservationEvents.reservationId, deal.id));
    expect(events).toMatchObject([{ kind: 'extended', source: 'staff', staffId: sales.id, data: { to: endsAt } }]);
  });

  it('sets a stage forward only, and cancels (a refund refused while payments are not configured)', async () => {
    const deal = await insertDeal(t);
    const admin = await signedInStaff(t, 'admin');
    const post = async (path: string, payload: Record<string, unknown>) => {
      const url = `/api/admin/reservations/${deal.id}/${path}`;
      return t.app.inject({ method: 'POST', url, headers: admin.headers(url), payload });
    };
    const staged = await post('stage/', { stage: 'contract_prepared', version: 1 });
    expect(staged.statusCode, staged.body).toBe(200);
    expect(staged.json()).toMatchObject({ dealStage: 'contract_prepared', version: 2 });
    const back = await post('stage/', { stage: 'reserved', version: 2 });
    expect(back.statusCode).toBe(409);
    expect(Object.keys(back.json().errors)).toEqual(['stage']);
    const refund = await post('cancel/', { reason: 'Покупатель передумал', refund: true, version: 2 });
    expect(refund.statusCode).toBe(409);
    expect(Object.keys(refund.json().errors)).toEqual(['refund']);
    const canceled = await post('cancel/', { reason: 'Покупатель передумал', refund: false, version: 2 });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ state: 'canceled' });
    expect((await rowOf(deal.id)).cancelReason).toBe('Покупатель передумал');
    expect((await auditOf(deal.id)).map((a) => a.action)).toEqual(['set_stage', 'cancel']);
    const noReason = await post('cancel/', { reason: ' ', refund: false, version: 3 });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
  });

  it('attaches a PDF (type and size checked) that only the deal’s token serves, private and unkept', async () => {
    const deal = await insertDeal(t);
    const other = await insertDeal(t);
    const sales = await signedInStaff(t, 'sales');
    const url = `/api/admin/reservations/${deal.id}/documents/`;
    const upload = (payload: Buffer, type: string, title = 'Договор бронирования №1') => {
      const full = `${url}?title=${encodeURIComponent(title)}`;
      return t.app.inject({ method: 'POST', url: full, headers: { ...sales.headers(full), 'content-type': type }, payload });
    };
    const editor = await signedInStaff(t, 'editor');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${url}?title=x`,
      headers: { ...editor.headers(`${url}?title=x`), 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(refused.statusCode).toBe(403);
    const notPdf = await upload(Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(notPdf.statusCode).toBe(415);
    expect(Object.keys(notPdf.json().errors)).toEqual(['file']);
    expect((await upload(PDF, 'image/png')).statusCode).toBe(415);
    const big = await upload(Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), 'application/pdf');
    expect(big.statusCode).toBe(413);
    expect(Object.keys(big.json().errors)).toEqual(['file']);
    const ok = await upload(PDF, 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(201);
    const { id } = ok.json() as { id: number };
    expect((await auditOf(deal.id)).map((a) => a.action)).toEqual(['attach_document']);

    const file = await t.app.inject(`/deal/${deal.token}/documents/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Договор бронирования №1.pdf')}`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    for (const wrong of [`/deal/${other.token}/documents/${id}`, `/deal/${'x'.repeat(43)}/documents/${id}`, `/deal/${deal.token}/documents/${id + 1000}`]) {
      const res = await t.app.inject(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const view = await dealView(db(), deal.token);
    expect(view?.documents).toMatchObject([{ id, title: 'Договор бронирования №1', url: `/deal/${deal.token}/documents/${id}` }]);
  });

  it('revokes the buyer’s link and reissues a new one; the token is in no audit entry or timeline row', async () => {
    const deal = await insertDeal(t);
    const sales = await signedInStaff(t, 'sales');
    const post = (path: string) => {
      const url = `/api/admin/reservations/${deal.id}/link/${path}/`;
      return t.app.inject({ method: 'POST', url, headers: sales.headers(url) });
    };
    expect((await post('revoke')).statusCode).toBe(200);
    expect(await dealView(db(), deal.token)).toBeNull();
    expect((await post('revoke')).statusCode).toBe(409);
    const reissued = await post('reissue');
    expect(reissued.statusCode, reissued.body).toBe(200);
    const { url, mailed } = reissued.json() as { url: string; mailed: string };
    expect(mailed).toBe('no_mail');
    const token = /\/deal\/([A-Za-z0-9_-]+)$/.exec(url)![1]!;
    expect((await dealView(db(), token))?.id).toBe(deal.id);
    expect(await dealView(db(), deal.token)).toBeNull();
    const trail = JSON.stringify([await auditOf(deal.id), await db().select().from(reservationEvents).where(eq(reservationEvents.reservationId, deal.id))]);
    expect(trail).not.toContain(token);
    expect((await auditOf(deal.id)).map((a) => a.action)).toEqual(['revoke_link', 'reissue_link']);
  });
});

describe('back office: the reservations pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp('pglite');
  }, 180_000);
  afterAll(async () => t?.dispose());

  it('lists reservations to any member and shows a deal: the buyer and the actions to sales, neither to an editor', async () => {
    const deal = await insertDeal(t, { projectId: 2 });
    const sales = await signedInStaff(t, 'sales');
    const editor = await signedInStaff(t, 'editor');
    const list = await t.app.inject({ url: '/admin/reservations?state=reserved', headers: { cookie: sales.headers('/admin/reservations').cookie! } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('Брони и сделки');
    expect(list.body).toContain(`/admin/reservations/${deal.id}`);
    expect(list.body).not.toContain('+79161234567');
    const page = `/admin/reservations/${deal.id}`;
    const asSales = await t.app.inject({ url: page, headers: { cookie: sales.headers(page).cookie! } });
    expect(asSales.statusCode).toBe(200);
    expect(asSales.body).toContain('+79161234567');
    expect(asSales.body).toContain('name="endsAt"');
    const asEditor = await t.app.inject({ url: page, headers: { cookie: editor.headers(page).cookie! } });
    expect(asEditor.statusCode).toBe(200);
    expect(asEditor.body).not.toContain('+79161234567');
    expect(asEditor.body).not.toContain('name="endsAt"');
    expect(asEditor.body).toContain('Контакты покупателя видны только отделу продаж и администраторам.');
    // A visitor sees none of it: sent to sign in (and back to this deal after).
    const visitor = await t.app.inject(page);
    expect([visitor.statusCode, visitor.headers.location]).toEqual([302, `/admin/login?next=${encodeURIComponent(page)}`]);
    expect(visitor.body).not.toContain('+79161234567');
  });
});
