import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadDeliveries, leads } from '#server/db/schema/index.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { ENGINES } from '../../support/db.ts';
import { signedInStaff } from '../../support/admin.ts';

const LEAD_A = '0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2e01';
const LEAD_B = '0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2e02';
const LEAD_C = '0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2e03';

/** The back office's leads (ADR 025): list, search, filter, a lead and its deliveries, redelivery, export, the audit of each view. */
describe.each(ENGINES)('back office: leads (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
    const base = { requestHash: 'h', locale: 'ru', newsletter: false, consentAt: new Date('2026-11-01T09:00:00Z'), context: {} };
    await t.services.database.db.insert(leads).values([
      {
        ...base,
        id: LEAD_A,
        idempotencyKey: 'a',
        kind: 'request',
        name: 'Анна Петрова',
        phone: '+79161234567',
        email: 'anna@example.ru',
        details: { project: 1 },
        createdAt: new Date('2026-11-01T09:00:00Z'),
      },
      {
        ...base,
        id: LEAD_B,
        idempotencyKey: 'b',
        kind: 'subscription',
        name: '=HYPERLINK("http://x")',
        phone: null,
        email: 'b@example.ru',
        details: {},
        createdAt: new Date('2026-11-10T09:00:00Z'),
      },
      {
        ...base,
        id: LEAD_C,
        idempotencyKey: 'c',
        kind: 'request',
        name: 'Борис',
        phone: '+79990000000',
        email: null,
        details: { project: 2 },
        createdAt: new Date('2026-11-20T09:00:00Z'),
      },
    ]);
    await t.services.database.db.insert(leadDeliveries).values([
      { leadId: LEAD_A, channel: 'crm', attempts: 1, deliveredAt: new Date('2026-11-01T09:00:05Z') },
      { leadId: LEAD_B, channel: 'crm', attempts: 3, lastError: 'CRM answered 502', nextAttemptAt: new Date('2026-12-01T00:00:00Z') },
      { leadId: LEAD_C, channel: 'crm', attempts: 0 },
    ]);
  }, 120_000);
  afterAll(async () => t?.dispose());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is 404 to a visitor and 403 to an editor; sales and admin read it', async () => {
    expect((await get('/api/admin/leads/')).statusCode).toBe(404);
    expect((await get(`/api/admin/leads/${LEAD_A}/`)).statusCode).toBe(404);
    expect((await get('/api/admin/leads/export/')).statusCode).toBe(404);
    const editor = await signedInStaff(t, 'editor');
    expect((await get('/api/admin/leads/', editor.headers('/api/admin/leads/'))).statusCode).toBe(403);
    for (const role of ['sales', 'admin'] as const) {
      const member = await signedInStaff(t, role);
      const res = await get('/api/admin/leads/', member.headers('/api/admin/leads/'));
      expect(res.statusCode, role).toBe(200);
      expect(res.json().count).toBe(3);
    }
  });

  it('searches and filters, names a bad filter, and records each list shown as a view of personal data', async () => {
    const sales = await signedInStaff(t, 'sales');
    const ids = async (query: string) => {
      const url = `/api/admin/leads/?${query}`;
      const res = await get(url, sales.headers(url));
      expect(res.statusCode, query).toBe(200);
      return (res.json().results as { id: string }[]).map((r) => r.id);
    };
    expect(await ids('q=анна')).toEqual([LEAD_A]);
    expect(await ids('q=916-123')).toEqual([LEAD_A]);
    expect(await ids(`q=${LEAD_C}`)).toEqual([LEAD_C]);
    expect(await ids('q=100%25')).toEqual([]);
    expect(await ids('form=request')).toEqual([LEAD_C, LEAD_A]);
    expect(await ids('project=2')).toEqual([LEAD_C]);
    expect(await ids('from=2026-11-05&to=2026-11-15')).toEqual([LEAD_B]);
    expect(await ids('delivery=delivered')).toEqual([LEAD_A]);
    expect(await ids('delivery=failing')).toEqual([LEAD_B]);
    expect(await ids('delivery=pending')).toEqual([LEAD_C]);
    const bad = await get('/api/admin/leads/?form=nope&from=2026-13-45', sales.headers('/api/admin/leads/?form=nope&from=2026-13-45'));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['form', 'from']);
    const views = await t.services.database.db.select().from(auditLog).where(eq(auditLog.staffId, sales.id));
    const search = views.find((v) => (v.detail as { q?: string } | null)?.q === 'анна');
    expect(search).toMatchObject({ action: 'view_personal_data', entityKind: 'lead', detail: { list: true, leads: [LEAD_A] } });
  });

  it('shows a lead with its deliveries and records the view', async () => {
    const sales = await signedInStaff(t, 'sales');
    const url = `/api/admin/leads/${LEAD_B}/`;
    const res = await get(url, sales.headers(url));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lead).toMatchObject({ id: LEAD_B, email: 'b@example.ru' });
    expect(body.lead.idempotencyKey).toBeUndefined();
    expect(body.deliveries).toEqual([expect.objectContaining({ channel: 'crm', attempts: 3, lastError: 'CRM answered 502', deliveredAt: null })]);
    expect(body.delivery).toBe('failing');
    expect(
      (await get('/api/admin/leads/0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2eff/', sales.headers('/api/admin/leads/0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2eff/'))).statusCode,
    ).toBe(404);
    const [view] = await t.services.database.db.select().from(auditLog).where(eq(auditLog.entityId, LEAD_B));
    expect(view).toMatchObject({ action: 'view_personal_data', staffEmail: sales.email });
  });

  it('redelivers without copying or changing the lead, and audits it', async () => {
    const sales = await signedInStaff(t, 'sales');
    const [before] = await t.services.database.db.select().from(leads).where(eq(leads.id, LEAD_B));
    const url = `/api/admin/leads/${LEAD_B}/redeliver/`;
    const res = await t.app.inject({ method: 'POST', url, headers: sales.headers(url) });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().deliveries;
    expect(row).toMatchObject({ channel: 'crm', deliveredAt: null, lockedUntil: null });
    expect(new Date(row.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
    const [after] = await t.services.database.db.select().from(leads).where(eq(leads.id, LEAD_B));
    expect(after).toEqual(before);
    expect((await t.services.database.db.select().from(leads)).length).toBe(3);
    const audit = await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'redeliver'));
    expect(audit).toEqual([expect.objectContaining({ entityId: LEAD_B, staffId: sales.id })]);
    const { 'x-csrftoken': _csrf, ...noToken } = sales.headers(url);
    expect((await t.app.inject({ method: 'POST', url, headers: noToken })).statusCode).toBe(403);
  });

  it('exports the filter as spreadsheet-safe CSV and records the export', async () => {
    const admin = await signedInStaff(t, 'admin');
    const res = await get('/api/admin/leads/export/?form=subscription', admin.headers('/api/admin/leads/export/?form=subscription'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="leads-/);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('\uFEFFid,')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const all = await get('/api/admin/leads/export/', admin.headers('/api/admin/leads/export/'));
    expect(all.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    const exports = await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'export_personal_data'));
    expect(exports.map((e) => (e.detail as { rows: number }).rows).sort()).toEqual([1, 3]);
  });
});
