import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe.each(ENGINES)('page routing in front of React Router on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(async () => t?.dispose());

  it('answers an old path with a 301 to its new path, /old stripped from both sides, query kept', async () => {
    const rows = await t.services.redirects.list();
    const old = rows.find((row) => row.old_path.startsWith('/old/'))!;
    const direct = await t.app.inject(old.old_path);
    expect(direct.statusCode).toBe(301);
    expect(direct.headers.location).toBe(old.new_path);
    const stripped = await t.app.inject(`${old.old_path.replace('/old', '')}/?utm_source=x`);
    expect(stripped.statusCode).toBe(301);
    expect(stripped.headers.location).toBe(`${old.new_path}?utm_source=x`);
  });

  it('redirects every /old/ row, and never sends the new path to itself', async () => {
    for (const row of (await t.services.redirects.list()).filter((r) => r.old_path.startsWith('/old/'))) {
      const res = await t.app.inject(row.old_path);
      expect(res.statusCode, row.old_path).toBe(301);
      expect(res.headers.location).toBe(row.new_path);
      expect((await t.app.inject(row.new_path)).statusCode, row.new_path).not.toBe(301);
    }
  });

  it('sends the default locale prefix to the unprefixed path', async () => {
    const res = await t.app.inject('/ru/contacts?x=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/contacts?x=1');
  });

  it('gives every page one URL: a trailing slash is a 301 to the path without it, query kept', async () => {
    for (const [from, to] of [
      ['/en/', '/en'],
      ['/zh/contacts/?utm_source=x', '/zh/contacts?utm_source=x'],
      ['/ru/contacts//', '/contacts'],
    ] as const) {
      const res = await t.app.inject(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // API paths end in a slash by convention and are not touched.
    expect((await t.app.inject('/api/filter/specs/')).statusCode).toBe(200);
  });

  it('gives every page its lower-case URL: a mixed-case path is one 301 to it, the query kept as it was', async () => {
    for (const [from, to] of [
      ['/en/Projects', '/en/projects'],
      ['/EN/projects?utm_source=Mail&Q=A', '/en/projects?utm_source=Mail&Q=A'],
      ['/ZH/Contacts/', '/zh/contacts'],
      ['/RU/Contacts', '/contacts'],
      ['/Lipovy/Flat/22', '/lipovy/flat/22'],
      // No such page: the lower-case path answers for itself (404).
      ['/en/No-Such-Page', '/en/no-such-page'],
      // Percent-escapes keep their hex digits (as browsers and the site's links write them).
      ['/News/%D0%9F', '/news/%D0%9F'],
    ] as const) {
      const res = await t.app.inject(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // Lower case already: no redirect.
    expect((await t.app.inject('/news/%D0%9F')).statusCode).not.toBe(301);
    // Not pages, deliberately left as asked: API calls (a redirect would turn a POST into a GET), images' signed
    // addresses and assets' hashed names, whose case is part of them.
    expect((await t.app.inject('/API/filter/specs')).statusCode).not.toBe(301);
    expect((await t.app.inject({ method: 'POST', url: '/EN/forms/request' })).statusCode).not.toBe(301);
    expect((await t.app.inject('/img/_/w:10/plain/demo/Hero.jpg@webp')).statusCode).not.toBe(301);
    expect((await t.app.inject('/assets/entry.client-AbC.js')).statusCode).not.toBe(301);
  });

  it('detects the language on the first visit to the root: cookie, then Accept-Language, then fallback', async () => {
    const byHeader = await t.app.inject({ url: '/', headers: { 'user-agent': UA, 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(byHeader.statusCode).toBe(302);
    expect(byHeader.headers.location).toBe('/zh');
    expect(String(byHeader.headers['set-cookie'])).toMatch(/i18n_redirected=zh; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const byCookie = await t.app.inject({ url: '/', headers: { 'user-agent': UA, 'accept-language': 'zh', cookie: 'i18n_redirected=en' } });
    expect(byCookie.headers.location).toBe('/en');
    const fallback = await t.app.inject({ url: '/', headers: { 'user-agent': UA, 'accept-language': 'de-DE' } });
    expect(fallback.headers.location).toBe('/en');
    const russian = await t.app.inject({ url: '/', headers: { 'user-agent': UA, 'accept-language': 'ru-RU' } });
    expect(russian.statusCode).not.toBe(302);
    // Navigating home from inside the site never redirects.
    const internal = await t.app.inject({ url: '/', headers: { 'user-agent': UA, 'accept-language': 'en', referer: 'http://localhost:3000/contacts' } });
    expect(internal.statusCode).not.toBe(302);
    const bot = await t.app.inject({ url: '/', headers: { 'accept-language': 'en', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(bot.statusCode).not.toBe(302);
  });

  it('prefixes every locale under the prefix strategy', async () => {
    const p = await testApp(engine, { LOCALE_STRATEGY: 'prefix' });
    try {
      const res = await p.app.inject('/contacts');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/ru/contacts');
    } finally {
      await p.dispose();
    }
  });

  it('sends HSTS only over HTTPS behind a trusted proxy', async () => {
    const p = await testApp(engine, { TRUST_PROXY: 'true' });
    try {
      const res = await p.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=63072000/);
    } finally {
      await p.dispose();
    }
  });
});
