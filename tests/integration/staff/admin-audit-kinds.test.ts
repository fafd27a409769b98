import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntityOptions } from '#core/admin/audit.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import ru from '#core/i18n/catalogs/admin/ru.ts';
import en from '#core/i18n/catalogs/admin/en.ts';
import { auditLog, leads } from '#server/db/schema/index.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { ENGINES } from '../../support/db.ts';
import { signedInStaff } from '../../support/admin.ts';

const LEAD = '0b9c6a52-6c1e-4d9b-9a51-0a6f1c1d2e11';

/**
 * The audit page's entity filter (ADR 025) against what the trail really holds: each writer (sign-in and staff
 * accounts, the leads desk, the content engine) records its changes, and every kind of entity written is a choice of
 * the filter, in Russian and in English; the kinds nothing writes are not.
 */
describe.each(ENGINES)('the audit filter lists each entity kind written (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('offers every kind the trail holds after staff, lead and content changes', async () => {
    const admin = await signedInStaff(t, 'admin');
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) => {
      const res = await t.app.inject({ method, url, headers: admin.headers(url.split('?')[0]!), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      return res.json() as Record<string, unknown>;
    };
    // Staff accounts: a member made and changed (the sign-in above is recorded too).
    const member = (await call('POST', '/api/admin/users/', {
      email: 'audit-kinds@staff.test',
      name: 'Audit Kinds',
      role: 'sales',
      password: 'pw-audit-kinds-1234',
    })) as {
      id: string;
    };
    await call('PATCH', `/api/admin/users/${member.id}/`, { role: 'editor' });
    // A lead opened.
    await t.services.database.db.insert(leads).values({
      id: LEAD,
      idempotencyKey: 'audit-kinds',
      requestHash: 'h',
      kind: 'request',
      locale: 'ru',
      name: 'Анна Петрова',
      phone: '+79161234567',
      email: null,
      newsletter: false,
      consentAt: new Date('2026-11-01T09:00:00Z'),
      details: {},
      context: {},
    });
    await call('GET', `/api/admin/leads/${LEAD}/`);
    // A content item created, changed and the change reverted.
    const created = (await call('POST', '/api/admin/content/redirects/', { values: { oldPath: '/audit-kinds', newPath: '/promo' } })) as {
      id: string;
      version: string;
    };
    await call('PUT', `/api/admin/content/redirects/${created.id}/`, { version: created.version, values: { oldPath: '/audit-kinds', newPath: '/news' } });
    const history = (await call('GET', `/api/admin/content/redirects/${created.id}/`)).history as { id: string; action: string }[];
    await call('POST', `/api/admin/content/revert/${history.find((h) => h.action === 'update')!.id}/`, {});

    const written = [...new Set((await t.services.database.db.selectDistinct({ kind: auditLog.entityKind }).from(auditLog)).map((r) => r.kind))].sort();
    expect(written).toEqual(['content_redirects', 'lead', 'staff_user']);
    for (const [locale, words] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      const choices = auditEntityOptions(words.audit.entities, ADMIN_CONTENT_MESSAGES[locale].kinds).map((o) => o.value as string);
      for (const kind of written) expect(choices, `${kind} in ${locale}`).toContain(kind);
      for (const stale of ['publication', 'office', 'offer', 'flag', 'page']) expect(choices).not.toContain(stale);
    }
  });
});
