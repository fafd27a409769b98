import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '#core/admin/roles.ts';
import { antibotHeaders } from '#core/http/antibot.ts';
import { DEMO_ANTIBOT_SALT } from '#server/config.ts';
import { browserHeaders, CSRF, type TestApp } from './app.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Back-office test helpers (ADR 025): staff accounts of a role and their signed-in session cookies, for API tests
 * (`app.inject`) and for browser tests against a running server.
 */

export type TestStaff = { id: string; email: string; password: string; role: StaffRole };

const newPassword = () => `pw-${randomBytes(12).toString('base64url')}`;
const newEmail = (role: string) => `${role}-${randomBytes(4).toString('hex')}@staff.test`;

/** The value of the `staff.session_token` cookie among `Set-Cookie` headers, as a `Cookie` pair. */
export function sessionCookiePair(setCookie: string | string[] | undefined | null): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const line of all) {
    const match = /^((?:__Secure-)?staff\.session_token=[^;]+)/.exec(line);
    if (match && !/^[^=]+=;/.test(line)) return match[1]!;
  }
  return null;
}

/** A staff account of `role` made directly in the app's database. */
export async function createStaff(t: TestApp, role: StaffRole, opts: { email?: string; password?: string } = {}): Promise<TestStaff> {
  const password = opts.password ?? newPassword();
  const user = await t.app.staff.create(null, { email: opts.email ?? newEmail(role), name: `Test ${role}`, role, password });
  return { id: user.id, email: user.email, password, role };
}

/** Headers of a staff member's browser call: the CSRF pair, the anti-bot token for `url`, and the session cookie. */
export function staffHeaders(t: TestApp, url: string, sessionCookie: string | null): Record<string, string> {
  const headers = browserHeaders(t.config, url);
  return { ...headers, cookie: sessionCookie ? `${headers.cookie}; ${sessionCookie}` : headers.cookie! };
}

/** Signs in through the API; the session cookie pair (`staff.session_token=…`). Throws when the sign-in does not give one. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const url = '/api/admin/auth/sign-in/';
  const res = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url), payload: { email, password } });
  const cookie = sessionCookiePair(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** A staff member of `role`, signed in: their account and a function making the headers of their calls. */
export async function signedInStaff(t: TestApp, role: StaffRole) {
  const staff = await createStaff(t, role);
  const cookie = await signIn(t, staff.email, staff.password);
  return { ...staff, cookie, headers: (url: string) => staffHeaders(t, url, cookie) };
}

// ---------------------------------------------------------------------------------------------------------------
// Browser tests: a running production server (tests/support/server.ts)

/**
 * A production server whose database has an administrator from the start (`npm run admin:create` run on its data
 * directory before it starts), for browser tests that need staff.
 */
export async function startServerWithAdmin(env: Record<string, string> = {}): Promise<{ server: RunningServer; admin: TestStaff }> {
  const admin: TestStaff = { id: '', email: newEmail('admin'), password: newPassword(), role: 'admin' };
  const server = await startServer(env, {
    beforeStart: (dataDir) => {
      execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--role', 'admin', '--password-stdin'], {
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        input: `${admin.password}\n`,
        stdio: ['pipe', 'ignore', 'inherit'],
      });
    },
  });
  return { server, admin };
}

/** Headers of a call to a running server (demo anti-bot salt, the package's version as the server's client version). */
async function httpHeaders(baseURL: string, path: string, cookie: string | null): Promise<Record<string, string>> {
  const { version } = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };
  return {
    origin: baseURL,
    'content-type': 'application/json',
    cookie: `csrftoken=${CSRF}${cookie ? `; ${cookie}` : ''}`,
    'x-csrftoken': CSRF,
    ...antibotHeaders(DEMO_ANTIBOT_SALT, version, path),
  };
}

/** Signs in over HTTP; the session cookie pair. */
export async function signInOverHttp(baseURL: string, email: string, password: string): Promise<string> {
  const path = '/api/admin/auth/sign-in/';
  const res = await fetch(`${baseURL}${path}`, { method: 'POST', headers: await httpHeaders(baseURL, path, null), body: JSON.stringify({ email, password }) });
  const cookie = sessionCookiePair(res.headers.getSetCookie());
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** A staff member's JSON `POST` to `path` (a trailing-slash API path) of a running server. */
export async function postOverHttp(baseURL: string, cookie: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, { method: 'POST', headers: await httpHeaders(baseURL, path, cookie), body: JSON.stringify(body) });
}

/** A staff account of `role` made by an administrator over the API of a running server. */
export async function createStaffOverHttp(baseURL: string, adminCookie: string, role: StaffRole): Promise<TestStaff> {
  const body = { email: newEmail(role), name: `Test ${role}`, role, password: newPassword() };
  const res = await postOverHttp(baseURL, adminCookie, '/api/admin/users/', body);
  if (res.status !== 201) throw new Error(`creating a ${role} failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { id: user.id, email: body.email, password: body.password, role };
}

/** The cookie a browser context needs to be signed in as the member whose session cookie pair this is. */
export function browserSessionCookie(baseURL: string, pair: string) {
  const [name, ...value] = pair.split('=');
  return { name: name!, value: value.join('='), url: baseURL, httpOnly: true, sameSite: 'Strict' as const };
}

/** The current code of a TOTP secret as the enrolment shows it (Base32), computed with the library the server uses. */
export async function totpCode(base32Secret: string, periodsAhead = 0): Promise<string> {
  const { createOTP } = await import('@better-auth/utils/otp');
  const { base32 } = await import('@better-auth/utils/base32');
  const otp = createOTP(base32.decode(base32Secret), { digits: 6, period: 30 });
  // The server accepts the codes of one period either side: the next period's is another code valid now (a used
  // code is refused for its whole window, ADR 038).
  return periodsAhead === 0 ? otp.totp() : otp.hotp(Math.floor(Date.now() / 30_000) + periodsAhead);
}
