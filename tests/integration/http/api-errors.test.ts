import { describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';

const site = setupSiteApp();
/** The site's answers, through inject(). */
const fetch = site.fetch;

/**
 * The production server with the page build (the page handler's catch-all `/*` registered): unknown /api
 * addresses and wrong methods still answer the API's JSON, not an HTML page; and a form without JavaScript
 * shows its own message, in the page's language, for text with a NUL character.
 */
const base = SITE;

async function call(method: string, path: string, body?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', allow: res.headers.get('allow'), text: await res.text() };
}

describe('API errors on the production server', () => {
  it('answers an unknown /api path with a small JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT']) {
      const res = await call(method, '/api/no-such-thing/deeper/?x=1', method === 'GET' ? undefined : '{}');
      expect(res.status, method).toBe(404);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ detail: `No API endpoint ${method} /api/no-such-thing/deeper/` });
    }
  });

  it('answers a wrong method with a JSON 405 and Allow', async () => {
    const cases = [
      ['GET', '/api/request/', 'POST'],
      ['DELETE', '/api/filter/', 'GET, HEAD'],
      ['POST', '/api/project/2/', 'GET, HEAD'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const res = await call(method, path, method === 'GET' ? undefined : '{broken');
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.allow).toBe(allow);
      expect(JSON.parse(res.text)).toEqual({ detail: `Method "${method}" not allowed.` });
    }
  });

  it('answers an address that is not valid percent-encoding with a JSON detail', async () => {
    const res = await call('GET', '/api/project/%E0%A4%A/');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toHaveProperty('detail');
  });

  it('answers a page with a method pages do not take (OPTIONS, TRACE, PUT, DELETE) 405 with Allow, never 500', async () => {
    // fetch refuses TRACE itself: the request is injected as a client could send it.
    const raw = async (method: string) => {
      const res = await site.app().inject({ method: method as 'GET', url: '/contacts' });
      return { status: res.statusCode, allow: res.headers.allow };
    };
    for (const method of ['OPTIONS', 'TRACE', 'PUT', 'DELETE']) {
      expect(await raw(method), method).toEqual({ status: 405, allow: 'GET, HEAD, POST' });
    }
  });

  it('still renders the HTML 404 page outside /api', async () => {
    const res = await call('GET', '/no-such-page-here');
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/^text\/html/);
  });
});

describe('a form without JavaScript and a NUL character', () => {
  async function post(path: string, fields: Record<string, string>) {
    // Pages carry no CSRF cookie (a shared cache may keep them, ADR 022, 023): the tiny request sets it.
    const page = await fetch(`${base}/api/csrf/`);
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('csrftoken='))!
      .split(';')[0]!;
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: cookie.slice('csrftoken='.length), ...fields }).toString(),
    });
    return { status: res.status, html: await res.text() };
  }

  it.each([
    ['en', '/en/forms/request', { name: 'Anna\u0000' }],
    ['ru', '/forms/request', { comment: 'Перезвоните\u0000' }],
    ['zh', '/zh/forms/callback', { name: '\u0000' }],
  ] as const)('shows the field message in %s', async (locale, path, bad) => {
    const res = await post(path, { name: 'Anna', phone: '+7 916 123-45-67', consent: 'on', ...bad });
    expect(res.status).toBe(400);
    expect(res.html).toContain(CATALOGS[locale].forms.validation.characters);
  });
});
