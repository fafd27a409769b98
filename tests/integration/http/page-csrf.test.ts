/**
 * CSRF of the page forms without tokens in the HTML (ADR 022): every page action (a heart, a lead form, an alert, a
 * bid, an alert e-mail's button) takes a post its browser proves same-origin (`Sec-Fetch-Site`, else `Origin`),
 * takes the hidden token equal to the `csrftoken` cookie when neither header says, and never a cross-site post.
 * `GET /api/csrf/` gives a visitor without the cookie one. On the production page build, in this process.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_FORM_FIELD, pageFormCsrfFailure } from '#core/http/csrf.ts';
import { buildApp } from '#server/app.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { loadConfig } from '#server/config.ts';
import { createServices } from '#server/services.ts';
import { freshDatabase } from '#tests/support/db.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SITE = 'http://localhost:3000';
const TOKEN = 'c'.repeat(43);

/** Each page action, with a body that passes the CSRF check and what it answers then (never 403). */
const ACTIONS: { name: string; url: string; fields: Record<string, string>; status: number }[] = [
  { name: 'selection (a heart without JavaScript)', url: '/en/selection', fields: { intent: 'add', id: '22', redirectTo: '/en/selection' }, status: 302 },
  { name: 'a lead form', url: '/en/forms/callback', fields: { name: '', phone: '' }, status: 400 },
  { name: 'the filter’s alert form', url: '/en/filter', fields: { email: '' }, status: 400 },
  { name: 'an auction’s bid', url: '/en/auctions/1', fields: { name: '', phone: '', amount: '' }, status: 400 },
  { name: 'an alert e-mail’s button', url: '/en/alerts/confirm', fields: { token: 'not-a-token' }, status: 400 },
];

type Case = { name: string; headers: Record<string, string>; token: string | null; ok: boolean };

const CASES: Case[] = [
  { name: 'the token (no Fetch Metadata, no Origin)', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}` }, token: TOKEN, ok: true },
  { name: 'no token, Sec-Fetch-Site: same-origin', headers: { 'sec-fetch-site': 'same-origin', origin: SITE }, token: null, ok: true },
  { name: 'no token, no Sec-Fetch-Site, Origin of this site (an older browser)', headers: { origin: SITE }, token: null, ok: true },
  { name: 'no token, neither header', headers: {}, token: null, ok: false },
  { name: 'no token, neither header, the cookie alone', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}` }, token: null, ok: false },
  { name: 'a wrong token, neither header', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}` }, token: 'd'.repeat(43), ok: false },
  {
    name: 'cross-site (Sec-Fetch-Site and a foreign Origin)',
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
    token: null,
    ok: false,
  },
  {
    name: 'cross-site even with the right token (Sec-Fetch-Site: cross-site)',
    headers: { 'sec-fetch-site': 'cross-site', cookie: `${CSRF_COOKIE}=${TOKEN}` },
    token: TOKEN,
    ok: false,
  },
  {
    name: 'a sibling site (Sec-Fetch-Site: same-site)',
    headers: { 'sec-fetch-site': 'same-site', cookie: `${CSRF_COOKIE}=${TOKEN}` },
    token: TOKEN,
    ok: false,
  },
  {
    name: 'a foreign Origin without Fetch Metadata',
    headers: { origin: 'https://attacker.example', cookie: `${CSRF_COOKIE}=${TOKEN}` },
    token: TOKEN,
    ok: false,
  },
];

describe('page forms: same origin by Fetch Metadata or Origin, else the token', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase('pglite', { catalogue: true });
    dispose = db.dispose;
    await seedDemoAuctions(db.database.db);
    // An SMTP address, so the alert forms are offered (they are not without mail); no job runs, nothing is sent.
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: SITE, CAPTCHA_MODE: 'off', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', SMTP_URL: 'smtp://127.0.0.1:9' },
      '1.0.0-test',
    );
    const services = createServices(db.database, { warn: () => {} });
    await services.catalogue.init();
    // The production page build (`npx react-router build`).
    app = await buildApp({ config, services, logger: false });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  for (const action of ACTIONS) {
    describe(action.name, () => {
      for (const c of CASES) {
        it(`${c.ok ? 'takes' : 'refuses'} ${c.name}`, async () => {
          const fields = new URLSearchParams(action.fields);
          if (c.token !== null) fields.set(CSRF_FORM_FIELD, c.token);
          const res = await app.inject({
            method: 'POST',
            url: action.url,
            headers: { host: 'localhost:3000', 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded', ...c.headers },
            payload: fields.toString(),
          });
          if (c.ok) expect(res.statusCode, res.body.slice(0, 300)).toBe(action.status);
          else if (!c.headers.cookie && !c.headers.origin && !c.headers['sec-fetch-site']) {
            // A browser that proves nothing and has no cookie yet (ADR 035): the action is not run; the 403 page sets the
            // cookie and offers the same form again with the token, so that its retry passes the token check.
            expect(res.statusCode).toBe(403);
            expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${CSRF_COOKIE}=`));
            expect(res.body).toContain(`name="${CSRF_FORM_FIELD}"`);
          } else {
            expect(res.statusCode).toBe(403);
            expect(res.body).toMatch(/CSRF Failed|Cross-origin/);
          }
        });
      }
    });
  }

  it('a bid on an auction that does not exist is the page’s 404, never a failed bid (500)', async () => {
    const fields = new URLSearchParams({ name: 'Борис', phone: '+7 917 444-55-66', consent: 'on', amount: '10000000' });
    const res = await app.inject({
      method: 'POST',
      url: '/en/auctions/999999',
      headers: { host: 'localhost:3000', 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: fields.toString(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('GET /api/csrf/ sets the cookie for a visitor without one, never cached, and nothing for one who has it', async () => {
    const fresh = await app.inject({ url: '/api/csrf/', headers: { 'user-agent': UA } });
    expect(fresh.statusCode).toBe(204);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(String(fresh.headers['set-cookie'])).toMatch(/^csrftoken=[\w-]{43}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const known = await app.inject({ url: '/api/csrf/', headers: { 'user-agent': UA, cookie: `${CSRF_COOKIE}=${TOKEN}` } });
    expect(known.statusCode).toBe(204);
    expect(known.headers['set-cookie']).toBeUndefined();
  });
});

describe('pageFormCsrfFailure', () => {
  const base = { fetchSite: null, origin: null, formToken: null, cookieToken: null, siteOrigins: [SITE] };
  it('reads Sec-Fetch-Site first, then Origin, then the token', () => {
    expect(pageFormCsrfFailure({ ...base, fetchSite: 'same-origin', origin: 'https://attacker.example' })).toBeNull();
    expect(pageFormCsrfFailure({ ...base, fetchSite: 'cross-site', formToken: TOKEN, cookieToken: TOKEN })).toMatch(/cross-site/);
    expect(pageFormCsrfFailure({ ...base, fetchSite: 'same-site', origin: SITE })).toMatch(/same-site/);
    // `none` (a navigation the user started: no page sent it) proves nothing about a form: the token decides.
    expect(pageFormCsrfFailure({ ...base, fetchSite: 'none' })).toBe('CSRF cookie not set.');
    expect(pageFormCsrfFailure({ ...base, fetchSite: 'none', formToken: TOKEN, cookieToken: TOKEN })).toBeNull();
    expect(pageFormCsrfFailure({ ...base, origin: SITE })).toBeNull();
    expect(pageFormCsrfFailure({ ...base, origin: 'null' })).toMatch(/Origin checking failed/);
    expect(pageFormCsrfFailure({ ...base, cookieToken: TOKEN })).toBe('CSRF token missing.');
    expect(pageFormCsrfFailure({ ...base, cookieToken: TOKEN, formToken: 'x' })).toBe('CSRF token incorrect.');
    expect(pageFormCsrfFailure({ ...base, cookieToken: TOKEN, formToken: TOKEN })).toBeNull();
  });
});
