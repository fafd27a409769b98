import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/index.ts';
import { createThrottle } from '#server/modules/staff/throttle.ts';
import { browserHeaders, testApp, type TestApp } from '../../support/app.ts';
import { ENGINES } from '../../support/db.ts';
import { createStaff, sessionCookiePair, signedInStaff, totpCode, type TestStaff } from '../../support/admin.ts';

const SIGN_IN = '/api/admin/auth/sign-in/';
const CODE = '/api/admin/auth/second-factor/';

/**
 * The staff sign-in throttle (ADR 038, issue #42) on each engine: strangers cannot keep the owner out, the code step
 * has one budget per account whatever the address, a code signs in once, an administrator lifts a wait and ends
 * sessions, and each of these is in the audit trail without the password or the code.
 */
describe.each(ENGINES)('staff sign-in throttle (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A first wait longer than the test: what waits, waits to the end, however slow the machine.
    t = await testApp(engine, {
      ADMIN_SIGNIN_FAILURES: '3',
      ADMIN_SIGNIN_CODE_FAILURES: '3',
      ADMIN_SIGNIN_CLIENT_FAILURES: '1000',
      ADMIN_SIGNIN_WAIT_S: '1800',
      ADMIN_SIGNIN_WINDOW_S: '3600',
    });
  }, 120_000);
  afterAll(async () => t?.dispose());

  const from = (ip: string, url: string, payload: object, cookie?: string) => {
    const headers = browserHeaders(t.config, url);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: cookie ? { ...headers, cookie: `${headers.cookie}; ${cookie}` } : headers,
      payload,
    });
  };
  const password = (ip: string, email: string, secret: string) => from(ip, SIGN_IN, { email, password: secret });
  const audit = async (entityId: string) =>
    (
      await t.services.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityKind, 'staff_user'), eq(auditLog.entityId, entityId)))
    ).sort((a, b) => a.id - b.id);
  /** The first step's `staff.two_factor` cookie pair. */
  const firstStep = (setCookie: string | string[] | undefined) =>
    [setCookie]
      .flat()
      .map((c) => String(c).split(';')[0])
      .find((c) => c?.startsWith('staff.two_factor='))!;

  /** A member with TOTP on (enrolled and confirmed through the API); `secret` gives their codes. */
  async function memberWithCode(): Promise<TestStaff & { secret: string }> {
    const member = await signedInStaff(t, 'editor');
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/totp/',
      headers: member.headers('/api/admin/me/totp/'),
      payload: { password: member.password },
    });
    const { secret } = enrol.json() as { secret: string };
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/totp/confirm/',
      headers: member.headers('/api/admin/me/totp/confirm/'),
      payload: { code: await totpCode(secret) },
    });
    expect(confirmed.statusCode).toBe(204);
    return { ...member, secret };
  }

  it('cannot be turned against the owner: strangers’ wrong passwords slow the strangers, the owner signs in from elsewhere', async () => {
    const owner = await createStaff(t, 'admin');
    // Ten addresses, each past its allowance for this account (the IPv6 ones in ten different /64s).
    const strangers = [...Array.from({ length: 5 }, (_, i) => `203.0.113.${10 + i}`), ...Array.from({ length: 5 }, (_, i) => `2001:db8:${i}::1`)];
    for (const ip of strangers) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await password(ip, owner.email, `guess-${i}`)).statusCode);
      expect(answers, ip).toEqual([401, 401, 429, 429]);
    }
    // The stranger waits, even with the right password; another address of the same /64 is the same client.
    const waiting = await password('2001:db8:0::beef', owner.email, owner.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().errors).toEqual({ non_field_errors: ['throttled'] });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookiePair(waiting.headers['set-cookie'])).toBeNull();
    // The owner, elsewhere, is in at once; and their success does not forgive the strangers.
    const owners = await password('198.51.100.20', owner.email, owner.password);
    expect(owners.statusCode, owners.body).toBe(200);
    expect(sessionCookiePair(owners.headers['set-cookie'])).not.toBeNull();
    expect((await password('203.0.113.10', owner.email, owner.password)).statusCode).toBe(429);

    // The trail: each failure and each wait it started, with the client as a keyed hash and never the password.
    const entries = await audit(owner.id);
    const failed = entries.filter((e) => e.action === 'sign_in_failed');
    const throttled = entries.filter((e) => e.action === 'sign_in_throttled');
    expect(failed).toHaveLength(3 * strangers.length);
    expect(throttled).toHaveLength(strangers.length);
    expect(failed[0]).toMatchObject({ staffId: null, detail: { step: 'password', reason: 'wrong_password' } });
    expect(throttled[0]!.detail).toMatchObject({ step: 'password', reason: 'account-client' });
    const written = JSON.stringify(entries);
    for (const secret of [owner.password, 'guess-0', '203.0.113.10', '2001:db8']) expect(written).not.toContain(secret);
  });

  it('writes a failed sign-in of an unknown e-mail without the e-mail, and slows that client the same way', async () => {
    const before = (await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in_failed'))).length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await password('192.0.2.77', 'nobody-here@staff.test', 'a-password')).statusCode);
    expect(answers).toEqual([401, 401, 429]);
    const rows = await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in_failed'));
    expect(rows.length - before).toBe(3);
    expect(JSON.stringify(rows)).not.toContain('nobody-here');
  });

  it('gives the code step one budget per account across every address, then lets the owner in once unlocked', async () => {
    const member = await memberWithCode();
    const right = await totpCode(member.secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    // A stolen password from forty addresses: each signs in with it and tries a code.
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ip = `198.18.${i}.1`;
      const first = await password(ip, member.email, member.password);
      expect(first.json(), ip).toEqual({ status: 'second-factor', staff: null });
      answers.push((await from(ip, CODE, { code: wrong }, firstStep(first.headers['set-cookie']))).statusCode);
    }
    // Three codes tried in all (the third starts the wait); the other 37 were refused untried.
    expect(answers.filter((s) => s === 401)).toHaveLength(2);
    expect(answers.filter((s) => s === 429)).toHaveLength(38);
    // Meanwhile the right code waits too, from any address: the account's code step waits, not an address.
    const fresh = await password('198.51.100.99', member.email, member.password);
    const refused = await from('198.51.100.99', CODE, { code: right }, firstStep(fresh.headers['set-cookie']));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/wrong codes for this account/);

    // An administrator lifts the wait (in the trail); the member signs in.
    const admin = await signedInStaff(t, 'admin');
    const unlockUrl = `/api/admin/users/${member.id}/unlock/`;
    const unlocked = await t.app.inject({ method: 'POST', url: unlockUrl, headers: admin.headers(unlockUrl) });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().cleared).toBeGreaterThanOrEqual(3);
    const again = await password('198.51.100.99', member.email, member.password);
    const inside = await from('198.51.100.99', CODE, { code: right }, firstStep(again.headers['set-cookie']));
    expect(inside.statusCode, inside.body).toBe(200);
    expect(sessionCookiePair(inside.headers['set-cookie'])).not.toBeNull();

    const entries = await audit(member.id);
    expect(entries.filter((e) => e.action === 'sign_in_failed' && (e.detail as { step?: string }).step === 'code')).toHaveLength(3);
    expect(entries.find((e) => e.action === 'sign_in_throttled')?.detail).toMatchObject({ step: 'code', reason: 'account-code' });
    expect(entries.find((e) => e.action === 'unlock')).toMatchObject({ staffId: admin.id, detail: { cleared_failures: unlocked.json().cleared } });
    const written = JSON.stringify(entries);
    for (const secret of [member.password, wrong, right, member.secret]) expect(written).not.toContain(secret);
  });

  it('refuses a code that already signed in, even from another address with a new first step', async () => {
    const member = await memberWithCode();
    const code = await totpCode(member.secret, 1);
    const first = await password('198.51.100.31', member.email, member.password);
    const used = await from('198.51.100.31', CODE, { code }, firstStep(first.headers['set-cookie']));
    expect(used.statusCode, used.body).toBe(200);
    const thief = await password('203.0.113.200', member.email, member.password);
    const replay = await from('203.0.113.200', CODE, { code }, firstStep(thief.headers['set-cookie']));
    expect(replay.statusCode).toBe(401);
    expect(sessionCookiePair(replay.headers['set-cookie'])).toBeNull();
    const entries = await audit(member.id);
    expect(entries.at(-1)).toMatchObject({ action: 'sign_in_failed', detail: { step: 'code', reason: 'code_reused' } });
    // Of two requests racing with one fresh code, one signs in.
    const other = await memberWithCode();
    const next = await totpCode(other.secret, 1);
    const [a, b] = await Promise.all([password('198.51.100.32', other.email, other.password), password('198.51.100.33', other.email, other.password)]);
    const race = await Promise.all([
      from('198.51.100.32', CODE, { code: next }, firstStep(a.headers['set-cookie'])),
      from('198.51.100.33', CODE, { code: next }, firstStep(b.headers['set-cookie'])),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends every session of a member at an administrator’s word, in the audit trail', async () => {
    const member = await signedInStaff(t, 'sales');
    const me = '/api/admin/me/';
    expect((await t.app.inject({ url: me, headers: member.headers(me) })).statusCode).toBe(200);
    const admin = await signedInStaff(t, 'admin');
    const url = `/api/admin/users/${member.id}/revoke-sessions/`;
    const revoked = await t.app.inject({ method: 'POST', url, headers: admin.headers(url) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked).toBe(1);
    expect((await t.app.inject({ url: me, headers: member.headers(me) })).statusCode).toBe(404);
    expect((await audit(member.id)).at(-1)).toMatchObject({ action: 'revoke_sessions', staffId: admin.id, detail: { sessions: 1 } });
    // Administrators only.
    const sales = await signedInStaff(t, 'sales');
    expect((await t.app.inject({ method: 'POST', url, headers: sales.headers(url) })).statusCode).toBe(403);
  });

  it('holds across instances: two throttles on one database see the same failures, and a client past its limit for every account waits', async () => {
    const options = { accountFailures: 100, clientFailures: 4, codeFailures: 100, windowS: 900, firstWaitS: 900, keySecret: t.config.ADMIN_SECRET };
    const one = createThrottle(t.services.database.db, options);
    const two = createThrottle(t.services.database.db, options);
    const ip = '192.0.2.150';
    for (let i = 0; i < 4; i++) await (i % 2 ? one : two).failPassword(`account-${i}@staff.test`, ip);
    // A fifth account, never tried, waits from this client on either instance; another client does not.
    expect(await one.passwordWait('account-5@staff.test', ip)).toMatchObject({ reason: 'client' });
    expect(await two.passwordWait('account-5@staff.test', ip)).toMatchObject({ reason: 'client' });
    expect(await two.passwordWait('account-5@staff.test', '192.0.2.151')).toBeNull();
  });

  it('lets the member in from the client that failed once unlocked, though that client also failed on other accounts; other clients still wait', async () => {
    const options = { accountFailures: 3, clientFailures: 5, codeFailures: 100, windowS: 900, firstWaitS: 900, keySecret: t.config.ADMIN_SECRET };
    const throttle = createThrottle(t.services.database.db, options);
    const member = 'unlock-me@staff.test';
    const office = '192.0.2.160';
    // The member's client: two wrong passwords on their own account (under its allowance of three) and five on
    // colleagues' accounts: seven failures of one client, so it waits for every account, the member's included.
    for (let i = 0; i < 2; i++) await throttle.failPassword(member, office);
    for (let i = 0; i < 5; i++) await throttle.failPassword(`colleague-${i}@staff.test`, office);
    expect(await throttle.passwordWait(member, office)).toMatchObject({ reason: 'client' });
    // A client that never tried the member's account, past its limit on others.
    const elsewhere = '192.0.2.161';
    for (let i = 0; i < 5; i++) await throttle.failPassword(`other-${i}@staff.test`, elsewhere);

    // The unlock forgets the account's own failures, and the member's client is free for the member: at both steps.
    expect(await throttle.unlock(member, 'unlock-me-id')).toBe(2);
    expect(await throttle.passwordWait(member, office)).toBeNull();
    expect(await throttle.codeWait('unlock-me-id', office)).toBeNull();
    // Its failures on colleagues' accounts still count when it tries them.
    expect(await throttle.passwordWait('colleague-0@staff.test', office)).toMatchObject({ reason: 'client' });
    expect(await throttle.passwordWait('colleague-9@staff.test', office)).toMatchObject({ reason: 'client' });
    // Another client's count is not the member's to lift.
    expect(await throttle.passwordWait(member, elsewhere)).toMatchObject({ reason: 'client' });
    // A new failure of the member's own client counts again from the unlock.
    await throttle.failPassword(member, office);
    expect(await throttle.passwordWait(member, office)).toBeNull();
  });

  it("keeps a client's counts against other accounts when an account it failed on is unlocked (an insider cannot buy guesses at the administrator's)", async () => {
    const options = { accountFailures: 3, clientFailures: 10, codeFailures: 3, windowS: 900, firstWaitS: 900, keySecret: t.config.ADMIN_SECRET };
    const throttle = createThrottle(t.services.database.db, options);
    const insider = '192.0.2.170';
    const admin = { email: 'the-admin@staff.test', id: 'the-admin-id' };
    // The insider holds the administrator's password: it uses up the administrator's code budget and its own password
    // allowance on the administrator's account, then fails once on its own account and has that unlocked.
    for (let i = 0; i < 3; i++) await throttle.failCode(admin.id, insider);
    for (let i = 0; i < 3; i++) await throttle.failPassword(admin.email, insider);
    await throttle.failPassword('insider@staff.test', insider);
    expect(await throttle.codeWait(admin.id, insider)).toMatchObject({ reason: 'account-code' });
    expect(await throttle.passwordWait(admin.email, insider)).toMatchObject({ reason: 'account-client' });

    expect(await throttle.unlock('insider@staff.test', 'insider-id')).toBe(1);
    expect(await throttle.passwordWait('insider@staff.test', insider)).toBeNull();
    // The administrator's code budget still waits, from any client; the insider's password count on it stays.
    expect(await throttle.codeWait(admin.id, insider)).toMatchObject({ reason: 'account-code' });
    expect(await throttle.codeWait(admin.id, '192.0.2.171')).toMatchObject({ reason: 'account-code' });
    expect((await throttle.reserveCode(admin.id, insider)).wait).toMatchObject({ reason: 'account-code' });
    expect(await throttle.passwordWait(admin.email, insider)).toMatchObject({ reason: 'account-client' });
    // Past its client-wide allowance (ten), the insider's client waits for every other account; not for its own.
    for (let i = 0; i < 4; i++) await throttle.failPassword(`someone-${i}@staff.test`, insider);
    expect(await throttle.passwordWait('someone-new@staff.test', insider)).toMatchObject({ reason: 'client' });
    expect(await throttle.codeWait('another-member-id', insider)).toMatchObject({ reason: 'client' });
    expect(await throttle.passwordWait('insider@staff.test', insider)).toBeNull();
  });

  it('lets no more codes be tried when they are sent all at once than one after another (each counted before it is checked)', async () => {
    const options = { accountFailures: 100, clientFailures: 1000, codeFailures: 3, windowS: 900, firstWaitS: 900, keySecret: t.config.ADMIN_SECRET };
    const throttle = createThrottle(t.services.database.db, options);
    // One after another: how many are tried before the account's code step waits.
    let inTurn = 0;
    while (!(await throttle.reserveCode('member-in-turn', `192.0.2.${10 + inTurn}`)).wait) inTurn++;
    expect(inTurn).toBeGreaterThan(0);
    // Twenty at once from twenty addresses, on two instances: no more.
    const other = createThrottle(t.services.database.db, options);
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? throttle : other).reserveCode('member-at-once', `198.19.${i}.1`)));
    expect(tries.filter((attempt) => !attempt.wait)).toHaveLength(inTurn);
  });

  it('makes each further failure wait longer, and counts nothing refused for waiting', async () => {
    let clock = new Date('2026-11-30T10:00:00Z');
    const throttle = createThrottle(t.services.database.db, {
      accountFailures: 2,
      clientFailures: 1000,
      codeFailures: 2,
      windowS: 900,
      firstWaitS: 15,
      keySecret: t.config.ADMIN_SECRET,
      now: () => clock,
    });
    const ip = '192.0.2.201';
    const email = 'slow-down@staff.test';
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await throttle.failPassword(email, ip);
      const wait = await throttle.passwordWait(email, ip);
      waits.push(wait ? (wait.until.getTime() - clock.getTime()) / 1000 : 0);
      // The next attempt comes when the wait is over.
      if (wait) clock = wait.until;
    }
    expect(waits[0]).toBe(0);
    for (let i = 2; i < waits.length; i++) expect(waits[i]).toBe(2 * waits[i - 1]!);
    expect(await throttle.passwordWait(email, ip)).toBeNull();
    // Past the window, old failures no longer count.
    clock = new Date(clock.getTime() + 901_000);
    expect(await throttle.accountFailures(email, 'no-such-id')).toBe(0);
  });
});
