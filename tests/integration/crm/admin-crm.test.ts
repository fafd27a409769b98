import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmAdapterStates, leadDeliveries, leads } from '#server/db/schema/index.ts';
import { pageApp, type TestApp } from '../../support/app.ts';
import { signedInStaff } from '../../support/admin.ts';

/**
 * The back office's CRM health view (`/admin/crm`, docs/guides/crm.md "Operations"): per adapter, what is queued,
 * delivered and failing with the counts' plural forms, the last error, and a stopped adapter with the setting to fix;
 * for sales and administrators only.
 */
describe('back-office page: the CRM adapters’ health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp('pglite', { BITRIX24_WEBHOOK_URL: 'http://127.0.0.1:9/rest/1/f4k3c0d3/' });
    const db = t.services.database.db;
    const base = {
      requestHash: 'h',
      kind: 'request',
      locale: 'ru',
      name: 'Анна',
      phone: '+79161234567',
      email: null,
      consentAt: new Date(),
      details: {},
      context: {},
    };
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.insert(leads).values(ids.map((id) => ({ ...base, id, idempotencyKey: id })));
    await db.insert(leadDeliveries).values([
      { leadId: ids[0]!, channel: 'bitrix24', attempts: 1, deliveredAt: new Date() },
      { leadId: ids[1]!, channel: 'bitrix24', attempts: 0 },
      { leadId: ids[2]!, channel: 'bitrix24', attempts: 0, lastError: 'Bitrix24 crm.lead.add answered 401 expired_token' },
      { leadId: ids[3]!, channel: 'bitrix24', attempts: 0, lastError: 'Bitrix24 crm.lead.add answered 401 expired_token' },
    ]);
    await db.insert(crmAdapterStates).values({ channel: 'bitrix24', pausedAt: new Date('2026-11-30T09:00:00Z'), pauseReason: 'expired_token' });
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('shows a sales member the stopped adapter, its queue in words, its last error and the setting to fix', async () => {
    const sales = await signedInStaff(t, 'sales');
    const page = await t.app.inject({ url: '/admin/crm', headers: { cookie: sales.headers('/admin/crm').cookie! } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Интеграции с CRM');
    expect(page.body).toContain('Битрикс24');
    expect(page.body).toContain('остановлена: CRM не принимает учётные данные');
    expect(page.body).toContain('Проверьте BITRIX24_WEBHOOK_URL');
    expect(page.body).toContain('3 заявки, 0 событий сделки');
    expect(page.body).toContain('1 заявка, 0 событий сделки');
    expect(page.body).toContain('2 заявки, 0 событий сделки');
    expect(page.body).toContain('Bitrix24 crm.lead.add answered 401 expired_token');
    // No personal data on the view.
    expect(page.body).not.toContain('+79161234567');
  });

  it('is refused to an editor', async () => {
    const editor = await signedInStaff(t, 'editor');
    const page = await t.app.inject({ url: '/admin/crm', headers: { cookie: editor.headers('/admin/crm').cookie! } });
    expect(page.statusCode).toBe(403);
  });
});
