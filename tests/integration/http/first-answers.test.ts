/**
 * First answers are cacheable (issue #40, ADR 035): a page asked without cookies — a first visit, a crawler, a CDN's
 * fetch — sets no cookie and is `public` with `s-maxage`, for every template, whichever way it is answered (rendered,
 * or the kept copy's fast path). The visitor id and the CSRF token come from `GET /api/visitor/`; a returning visitor
 * keeps what they had (their id picks their variation, their token is not replaced). No timing is asserted.
 */
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { localized, TEMPLATES, USER_AGENT } from '#tests/support/templates.ts';

const site = setupSiteApp();
const VISITOR = 'vid=AAAAAAAAAAAAAAAAAAAAAA';
const TOKEN = 'c'.repeat(43);
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const setCookies = (response: Response) => response.headers.getSetCookie();
const SHARED = /^public, .*\bs-maxage=\d+/;

describe('a page asked without cookies', () => {
  for (const lang of ['ru', 'en'] as const) {
    it(`sets no cookie and is public with s-maxage, rendered and kept (${lang}, every template)`, async () => {
      for (const template of TEMPLATES) {
        const url = `${SITE}${localized(template, lang)}`;
        for (const pass of ['first', 'again']) {
          const response = await site.fetch(url, { headers: { 'user-agent': USER_AGENT, 'accept-language': lang } });
          await response.arrayBuffer();
          expect(setCookies(response), `${url} (${pass})`).toEqual([]);
          expect(response.headers.get('cache-control') ?? '', `${url} (${pass})`).toMatch(SHARED);
        }
      }
    });
  }

  it('is public for a crawler too, with no cookie', async () => {
    for (const template of ['/', '/lipovy/flat/22', '/filter', '/no-such-page']) {
      const response = await site.fetch(`${SITE}${template}`, { headers: { 'user-agent': CRAWLER } });
      await response.arrayBuffer();
      expect(setCookies(response), template).toEqual([]);
      expect(response.headers.get('cache-control') ?? '', template).toMatch(SHARED);
    }
  });

  it('the home page (an experiment) is the defaults’ copy, varying on Cookie; a visitor with an id gets theirs, private', async () => {
    const first = await site.fetch(`${SITE}/en`, { headers: { 'user-agent': USER_AGENT } });
    await first.arrayBuffer();
    expect(first.headers.get('cache-control')).toMatch(SHARED);
    expect(first.headers.get('vary')).toMatch(/\bCookie\b/);
    const returning = await site.fetch(`${SITE}/en`, { headers: { 'user-agent': USER_AGENT, cookie: `${VISITOR}; ${CSRF_COOKIE}=${TOKEN}` } });
    await returning.arrayBuffer();
    expect(returning.headers.get('cache-control')).toBe('private, no-cache');
    expect(setCookies(returning)).toEqual([]);
  });

  it('a visitor’s own selection stays private, no-store; the empty one is public and varies on Cookie', async () => {
    const own = await site.fetch(`${SITE}/en/selection`, { headers: { 'user-agent': USER_AGENT, cookie: 'selection=22' } });
    await own.arrayBuffer();
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const empty = await site.fetch(`${SITE}/en/selection`, { headers: { 'user-agent': USER_AGENT } });
    await empty.arrayBuffer();
    expect(empty.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(empty.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
    // Its payload (a move to it in the page) is the client's own, as every page's payload: no bare `public`.
    const payload = await site.fetch(`${SITE}/en/selection.data`, { headers: { 'user-agent': USER_AGENT } });
    await payload.arrayBuffer();
    expect([payload.status, payload.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
    const ownPayload = await site.fetch(`${SITE}/en/selection.data`, { headers: { 'user-agent': USER_AGENT, cookie: 'selection=22' } });
    await ownPayload.arrayBuffer();
    expect(ownPayload.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('GET /api/visitor/', () => {
  it('gives a first visit its id and the CSRF cookie, never cached', async () => {
    const response = await site.fetch(`${SITE}/api/visitor/`, { headers: { 'user-agent': USER_AGENT } });
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookies = setCookies(response).join('\n');
    expect(cookies).toMatch(/^vid=[A-Za-z0-9_-]{22};/m);
    expect(cookies).toMatch(new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{32,64};`, 'm'));
  });

  it('keeps a returning visitor’s id and token, and gives a crawler no id', async () => {
    const returning = await site.fetch(`${SITE}/api/visitor/`, { headers: { 'user-agent': USER_AGENT, cookie: `${VISITOR}; ${CSRF_COOKIE}=${TOKEN}` } });
    expect(setCookies(returning)).toEqual([]);
    const crawler = await site.fetch(`${SITE}/api/visitor/`, { headers: { 'user-agent': CRAWLER } });
    expect(setCookies(crawler).join('\n')).not.toMatch(/^vid=/m);
  });
});

describe('a page form posted by a browser that proves nothing (no Sec-Fetch-Site, no Origin, no cookie)', () => {
  it('gets a 403 page that sets the cookie and sends the same form again with the token, and that retry is taken', async () => {
    const body = new URLSearchParams({ name: 'Ann <b>', phone: '' }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT };
    const refused = await site.fetch(`${SITE}/en/forms/callback`, { method: 'POST', headers: form, body });
    const html = await refused.text();
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    const cookie = setCookies(refused).find((c) => c.startsWith(`${CSRF_COOKIE}=`));
    const token = cookie?.split(';')[0]?.split('=')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
    expect(html).toContain(`name="${CSRF_FORM_FIELD}" value="${token}"`);
    expect(html).toContain('name="name" value="Ann &lt;b&gt;"');
    expect(html).toContain('<form method="post" action="/en/forms/callback">');

    const retry = await site.fetch(`${SITE}/en/forms/callback`, {
      method: 'POST',
      headers: { ...form, cookie: `${CSRF_COOKIE}=${token}` },
      body: `${body}&${CSRF_FORM_FIELD}=${token}`,
    });
    await retry.arrayBuffer();
    // Past the CSRF check: the form's own validation answers (an empty phone).
    expect(retry.status).toBe(400);
  });

  it('keeps the fields of a multipart post too', async () => {
    const boundary = 'b0undary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const refused = await site.fetch(`${SITE}/en/forms/callback`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': USER_AGENT },
      body: `${part('name', 'Ann')}${part(CSRF_FORM_FIELD, 'stale')}--${boundary}--\r\n`,
    });
    const html = await refused.text();
    expect(refused.status).toBe(403);
    expect(html).toContain('name="name" value="Ann"');
    expect(html).not.toContain('value="stale"');
  });
});
