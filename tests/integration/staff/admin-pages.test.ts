import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, pageApp, type TestApp } from '../../support/app.ts';
import { createStaff, signedInStaff } from '../../support/admin.ts';

/**
 * The back office's pages for a visitor and for an administrator (issue #42): a page sends a visitor to sign in and
 * back; the users screen shows who has failed sign-ins still counting and offers to lift the wait and end sessions.
 */
describe('back-office pages: signing in and the users screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp('pglite');
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('sends a visitor from any back-office page to the sign-in page, and a signed-in member back to that page', async () => {
    const home = await t.app.inject({ url: '/admin' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/admin/login');
    const leads = await t.app.inject({ url: '/admin/leads?form=request' });
    expect(leads.statusCode).toBe(302);
    expect(leads.headers.location).toBe(`/admin/login?next=${encodeURIComponent('/admin/leads?form=request')}`);
    expect(leads.headers['cache-control']).toBe('no-store');
    expect(leads.headers['set-cookie']).toBeUndefined();
    const login = await t.app.inject({ url: leads.headers.location });
    expect(login.statusCode).toBe(200);

    const member = await signedInStaff(t, 'sales');
    const back = await t.app.inject({ url: leads.headers.location, headers: { cookie: member.headers('/admin/login').cookie! } });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/admin/leads?form=request');
    const nowhere = await t.app.inject({ url: '/admin/login?next=https://evil.example/', headers: { cookie: member.headers('/admin/login').cookie! } });
    expect(nowhere.headers.location).toBe('/admin');
  });

  it('shows an administrator each member’s failed sign-ins, with the wait to lift and the sessions to end', async () => {
    const admin = await signedInStaff(t, 'admin');
    const member = await createStaff(t, 'editor');
    const url = '/api/admin/auth/sign-in/';
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.90',
        headers: browserHeaders(t.config, url),
        payload: { email: member.email, password: `wrong-${i}` },
      });
    const page = await t.app.inject({ url: '/admin/users', headers: { cookie: admin.headers('/admin/users').cookie! } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Неудачные входы');
    expect(page.body).toContain(`Снять ограничение входа: ${member.email}`);
    expect(page.body).toContain(`Завершить сеансы: ${member.email}`);
    // Nobody else has failures: only that member's row offers the unlock.
    expect(page.body.split('Снять ограничение входа:').length - 1).toBe(1);
  });
});
