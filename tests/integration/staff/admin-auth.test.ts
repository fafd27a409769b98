import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions } from '#server/db/schema/index.ts';
import { browserHeaders, testApp, type TestApp } from '../../support/app.ts';
import { ENGINES } from '../../support/db.ts';
import { createStaff, sessionCookiePair, signedInStaff, signIn, staffHeaders, totpCode } from '../../support/admin.ts';

/** The back office's foundation (ADR 025): who may call what, sign-in, lockout, sessions, TOTP, the audit trail. */
describe.each(ENGINES)('back office: staff and roles (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine, { ADMIN_SIGNIN_FAILURES: '3', ADMIN_SIGNIN_CODE_FAILURES: '3', ADMIN_SIGNIN_CLIENT_FAILURES: '1000' });
  }, 120_000);
  afterAll(async () => t?.dispose());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('answers a visitor 404 on every staff route, whatever the method or body, and says noindex, no-store', async () => {
    for (const url of ['/api/admin/me/', '/api/admin/users/', '/api/admin/audit/?entity=lead']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toMatch(/^No API endpoint/);
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const garbage = await post('/api/admin/users/', { email: 1 }, browserHeaders(t.config, '/api/admin/users/'));
    expect(garbage.statusCode).toBe(404);
    const wrongMethod = await t.app.inject({ method: 'PUT', url: '/api/admin/users/' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.headers.allow).toBeUndefined();
  });

  it('lets each role reach its part only: 403 for the others', async () => {
    const admin = await signedInStaff(t, 'admin');
    const editor = await signedInStaff(t, 'editor');
    const sales = await signedInStaff(t, 'sales');
    const matrix: [typeof admin, string, number][] = [
      [admin, '/api/admin/users/', 200],
      [admin, '/api/admin/audit/', 200],
      [admin, '/api/admin/me/', 200],
      [editor, '/api/admin/users/', 403],
      [editor, '/api/admin/audit/', 403],
      [editor, '/api/admin/me/', 200],
      [sales, '/api/admin/users/', 403],
      [sales, '/api/admin/audit/', 403],
      [sales, '/api/admin/me/', 200],
    ];
    for (const [who, url, status] of matrix) expect((await get(url, who.headers(url))).statusCode, `${who.role} ${url}`).toBe(status);
    expect((await get('/api/admin/me/', sales.headers('/api/admin/me/'))).json()).toMatchObject({ email: sales.email, role: 'sales', twoFactorEnabled: false });
  });

  it('refuses an unsafe staff call without the CSRF token, and a bad body names its field', async () => {
    const admin = await signedInStaff(t, 'admin');
    const url = '/api/admin/users/';
    const { 'x-csrftoken': _token, ...noToken } = admin.headers(url);
    const refused = await post(url, { email: 'x@y.ru', role: 'sales', password: 'long-enough-password' }, noToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^CSRF Failed/);
    const bad = await post(url, { email: 'not-an-email', role: 'boss', password: 'short' }, admin.headers(url));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'password', 'role']);
    // No body at all is judged as an empty one: each required field is named (found by the fuzzer).
    for (const [path, fields] of [
      ['/api/admin/auth/sign-in/', ['email', 'password']],
      ['/api/admin/auth/second-factor/', ['code']],
    ] as const) {
      const empty = await t.app.inject({ method: 'POST', url: path, headers: browserHeaders(t.config, path) });
      expect(empty.statusCode, path).toBe(400);
      expect(Object.keys(empty.json().errors).sort(), path).toEqual(fields);
    }
  });

  it('creates, changes, disables a member and resets nothing it should not; every change is in the audit trail', async () => {
    const admin = await signedInStaff(t, 'admin');
    const url = '/api/admin/users/';
    const created = await post(url, { email: 'New.Sales@Example.ru', name: 'Новый', role: 'sales', password: 'a-long-password-1' }, admin.headers(url));
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ email: 'new.sales@example.ru', role: 'sales', disabled: false });
    const again = await post(url, { email: 'new.sales@example.ru', role: 'sales', password: 'a-long-password-1' }, admin.headers(url));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.email).toBeDefined();

    const memberCookie = await signIn(t, 'new.sales@example.ru', 'a-long-password-1');
    const patchUrl = `/api/admin/users/${user.id}/`;
    const promoted = await t.app.inject({ method: 'PATCH', url: patchUrl, headers: admin.headers(patchUrl), payload: { role: 'editor' } });
    expect(promoted.json().role).toBe('editor');
    // A role change ends the member's sessions.
    expect((await get('/api/admin/me/', staffHeaders(t, '/api/admin/me/', memberCookie))).statusCode).toBe(404);
    const disabled = await t.app.inject({ method: 'PATCH', url: patchUrl, headers: admin.headers(patchUrl), payload: { disabled: true } });
    expect(disabled.json().disabled).toBe(true);
    const signInUrl = '/api/admin/auth/sign-in/';
    const refused = await post(signInUrl, { email: 'new.sales@example.ru', password: 'a-long-password-1' }, browserHeaders(t.config, signInUrl));
    expect(refused.statusCode).toBe(401);
    // Nobody takes their own administrator role away.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}/`,
      headers: admin.headers(`/api/admin/users/${admin.id}/`),
      payload: { role: 'sales' },
    });
    expect(self.statusCode).toBe(400);

    const audit = await get(
      `/api/admin/audit/?entity=staff_user&entity_id=${user.id}`,
      admin.headers(`/api/admin/audit/?entity=staff_user&entity_id=${user.id}`),
    );
    const entries = audit.json().results as {
      action: string;
      staffEmail: string;
      before: { role?: string } | null;
      after: { role?: string; disabled?: boolean };
    }[];
    // Newest first: the refused sign-in of the disabled member (by nobody: the system), the two changes, the sign-in, the creation.
    expect(entries.map((e) => e.action)).toEqual(['sign_in_failed', 'update', 'update', 'sign_in', 'create']);
    expect(entries[0]).toMatchObject({ staffEmail: null, detail: { step: 'password', reason: 'disabled' } });
    expect(entries[2]).toMatchObject({ staffEmail: admin.email, before: { role: 'sales' }, after: { role: 'editor' } });
    expect(entries[1]!.after).toMatchObject({ disabled: true });
    const byStaff = await get(`/api/admin/audit/?staff=${admin.id}`, admin.headers(`/api/admin/audit/?staff=${admin.id}`));
    expect((byStaff.json().results as { staffEmail: string }[]).every((e) => e.staffEmail === admin.email)).toBe(true);
  });

  it('makes a client that failed too often wait, the right password from it included, with a clear 429', async () => {
    const member = await createStaff(t, 'sales');
    const url = '/api/admin/auth/sign-in/';
    const attempt = (password: string) => post(url, { email: member.email, password }, browserHeaders(t.config, url));
    expect((await attempt('wrong-1')).statusCode).toBe(401);
    expect((await attempt('wrong-2')).statusCode).toBe(401);
    const third = await attempt('wrong-3');
    expect(third.statusCode).toBe(429);
    expect(third.json().errors).toEqual({ non_field_errors: ['throttled'] });
    expect(Date.parse(third.json().retryAt)).toBeGreaterThan(Date.now() - 1000);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const right = await attempt(member.password);
    expect(right.statusCode).toBe(429);
    expect(sessionCookiePair(right.headers['set-cookie'])).toBeNull();
  });

  it('ends a session at its expiry and at sign-out', async () => {
    const member = await signedInStaff(t, 'editor');
    expect((await get('/api/admin/me/', member.headers('/api/admin/me/'))).statusCode).toBe(200);
    await t.services.database.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.userId, member.id));
    expect((await get('/api/admin/me/', member.headers('/api/admin/me/'))).statusCode).toBe(404);

    const other = await signedInStaff(t, 'editor');
    const out = await post('/api/admin/auth/sign-out/', undefined, other.headers('/api/admin/auth/sign-out/'));
    expect(out.statusCode).toBe(204);
    expect((await get('/api/admin/me/', other.headers('/api/admin/me/'))).statusCode).toBe(404);
  });

  it('sets the session cookie HttpOnly and SameSite=Strict', async () => {
    const member = await createStaff(t, 'sales');
    const url = '/api/admin/auth/sign-in/';
    const res = await post(url, { email: member.email, password: member.password }, browserHeaders(t.config, url));
    const line = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('staff.session_token='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
  });

  it('enrols TOTP with a confirmed code, then asks for a code at every sign-in; an admin can reset it', async () => {
    const member = await signedInStaff(t, 'sales');
    const start = await post('/api/admin/me/totp/', { password: 'wrong-password' }, member.headers('/api/admin/me/totp/'));
    expect(start.statusCode).toBe(400);
    const enrol = await post('/api/admin/me/totp/', { password: member.password }, member.headers('/api/admin/me/totp/'));
    expect(enrol.statusCode).toBe(200);
    const { secret, qr, totpUri } = enrol.json();
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await post(
      '/api/admin/me/totp/confirm/',
      { code: '000000' === (await totpCode(secret)) ? '111111' : '000000' },
      member.headers('/api/admin/me/totp/confirm/'),
    );
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post('/api/admin/me/totp/confirm/', { code: await totpCode(secret) }, member.headers('/api/admin/me/totp/confirm/'));
    expect(confirmed.statusCode).toBe(204);

    const url = '/api/admin/auth/sign-in/';
    const first = await post(url, { email: member.email, password: member.password }, browserHeaders(t.config, url));
    expect(first.json()).toEqual({ status: 'second-factor', staff: null });
    expect(sessionCookiePair(first.headers['set-cookie'])).toBeNull();
    const step = [first.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .find((c) => c?.startsWith('staff.two_factor='))!;
    expect(step).toBeDefined();
    const codeUrl = '/api/admin/auth/second-factor/';
    const headers = { ...browserHeaders(t.config, codeUrl), cookie: `${browserHeaders(t.config, codeUrl).cookie}; ${step}` };
    // Someone else's wrong codes (without this sign-in's first step) slow only themselves, not this member's second step.
    const code = await totpCode(secret, 1);
    const guess = code === '000000' ? '111111' : '000000';
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await post(codeUrl, { code: guess }, browserHeaders(t.config, codeUrl))).statusCode);
    expect(guesses).toEqual([401, 401, 429, 429]); // ADMIN_SIGNIN_CODE_FAILURES is 3 here: the third starts the wait
    // The code that confirmed the enrolment is spent: the next period's, valid now too, signs in.
    const second = await post(codeUrl, { code }, headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'signed-in', staff: { email: member.email, twoFactorEnabled: true } });
    expect(sessionCookiePair(second.headers['set-cookie'])).not.toBeNull();

    const admin = await signedInStaff(t, 'admin');
    const reset = await post(`/api/admin/users/${member.id}/reset-totp/`, undefined, admin.headers(`/api/admin/users/${member.id}/reset-totp/`));
    expect(reset.json().twoFactorEnabled).toBe(false);
    const plain = await post(url, { email: member.email, password: member.password }, browserHeaders(t.config, url));
    expect(plain.json().status).toBe('signed-in');
  });

  it('keeps the back office out of the public OpenAPI document and out of robots', async () => {
    const doc = (await get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
    expect((await get('/robots.txt')).body).toMatch(/^Disallow: \/admin$/m);
    const rows = await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
