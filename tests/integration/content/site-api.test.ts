import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, CSRF, testApp, type TestApp } from '#tests/support/app.ts';
import { menus } from '#content/menus.ts';
import { redirects } from '#content/redirects.ts';
import { seoMeta } from '#content/seo.ts';

describe.each(ENGINES)('site API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(async () => t?.dispose());

  it('lists redirects as old_path/new_path in the list envelope', async () => {
    const res = await t.app.inject('/api/redirects/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: redirects.length, next: null, previous: null });
    expect(body.results).toContainEqual(redirects[0]);
  });

  it('gives the header menu with the live mortgage rates substituted, each link its own kind, per language', async () => {
    const ru = (await t.app.inject('/api/menu/header/')).json();
    expect(ru.menu_header.elements.length).toBe(menus.header.length);
    expect(ru.menu_header.elements[0].title).toBe(menus.header[0]!.title.ru);
    expect(ru.purchasing_methods.purchasing_methods.length).toBe(menus.purchasingMethods.length);
    // The rates come from the finance programmes in force (spec §3), not from a setting.
    const [all, family, it] = await Promise.all([t.services.finance.minRate(), t.services.finance.minRate('family'), t.services.finance.minRate('it')]);
    expect(all).not.toBeNull();
    expect(ru.min_mortgage_rate).toBe(all);
    // A percentage as Russian writes it: a no-break space before the sign (core/i18n/percent.ts).
    const format = (rate: number | null) => new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 2 }).format((rate ?? 0) / 100);
    const byUrl = Object.fromEntries(ru.mortgage.elems.map((item: { url: string; name: string }) => [item.url, item.name]));
    expect(byUrl['/purchase/mortgage']).toBe(`Ипотека от ${format(all)}`);
    expect(byUrl['/purchase/family-mortgage']).toBe(`Семейная ипотека от ${format(family)}`);
    expect(byUrl['/purchase/it-mortgage']).toBe(`IT-ипотека от ${format(it)}`);
    for (const item of ru.mortgage.elems) expect(item.name).not.toContain('min_mortgage_rate');
    const settings = (await t.app.inject('/api/settings/')).json();
    expect(settings.minMortgageRate).toBe(all);
    const en = (await t.app.inject({ url: '/api/menu/header/', headers: { 'accept-language': 'en' } })).json();
    expect(en.menu_header.elements[0].title).toBe(menus.header[0]!.title.en);
    const zh = (await t.app.inject('/api/menu/header/?lang=zh')).json();
    expect(zh.menu_header.elements[0].title).toBe(menus.header[0]!.title.zh);
  });

  it('substitutes 0 when no programme is in force', async () => {
    const { financeProgrammes } = await import('#server/db/schema/index.ts');
    const { writeOffers } = await import('#server/modules/purchase/offers.ts');
    const demo = await import('#content/purchase.ts');
    await t.services.database.db.delete(financeProgrammes);
    t.services.finance.invalidate();
    const body = (await t.app.inject('/api/menu/header/?lang=en')).json();
    expect(body.min_mortgage_rate).toBe(0);
    for (const item of body.mortgage.elems) expect(item.name).toContain('0%');
    expect((await t.app.inject('/api/settings/')).json().minMortgageRate).toBeNull();
    await writeOffers(t.services.database.db, { banks: demo.banks, programmes: demo.programmes }, { checkProjects: false });
    t.services.finance.invalidate();
  });

  it('rejects a bad lang with a 400 naming the field', async () => {
    const res = await t.app.inject('/api/menu/header/?lang=de');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('lang');
  });

  it('gives the footer and a submenu; a bad or unknown id is a 400 or 404', async () => {
    const footer = (await t.app.inject('/api/menu/footer/')).json();
    expect(footer.elements.length).toBe(menus.footer.length);
    const group = footer.elements[0];
    const sub = await t.app.inject(`/api/menu/${group.id}/submenu/?lang=en`);
    expect(sub.statusCode).toBe(200);
    expect(sub.json().elements.length).toBe(menus.footer[0]!.children!.length);
    expect((await t.app.inject('/api/menu/abc/submenu/')).json().errors).toHaveProperty('id');
    expect((await t.app.inject('/api/menu/999999/submenu/')).statusCode).toBe(404);
  });

  it('gives page meta per URL and language, {} for an unknown URL, 400 without url', async () => {
    const row = seoMeta.find((r) => r.url === '/projects')!;
    const en = await t.app.inject('/api/seo/get_page_meta/?url=/en/projects/&lang=en');
    expect(en.json()).toEqual({ title: row.title.en, description: row.description.en });
    expect((await t.app.inject('/api/seo/get_page_meta/?url=/nowhere')).json()).toEqual({});
    const bad = await t.app.inject('/api/seo/get_page_meta/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('url');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/No API endpoint/);
  });

  describe('unsafe methods', () => {
    const url = '/api/clickhouse/store_data/';
    const record = {
      user_id: 'AAAAAAAAAAAAAAAAAAAAAA',
      experiment_id: 'hero',
      variation_id: 1,
      ga_id: 'GA1.2.3',
      value: 'x',
      host: 'localhost:3000',
      url: '/',
      timestamp: '2026-11-25T10:00:00.000Z',
      table_name: 'experiment_views',
    };

    it('stores an experiment record from a legitimate browser', async () => {
      const res = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url), payload: record });
      expect(res.statusCode).toBe(204);
    });

    it('refuses a call without the CSRF cookie, header or with a foreign origin', async () => {
      const h = browserHeaders(t.config, url);
      const noCookie = await t.app.inject({ method: 'POST', url, headers: { ...h, cookie: '' }, payload: record });
      expect(noCookie.statusCode).toBe(403);
      expect(noCookie.json().detail).toBe('CSRF Failed: CSRF cookie not set.');
      const { 'x-csrftoken': _omit, ...noHeader } = h;
      expect((await t.app.inject({ method: 'POST', url, headers: noHeader, payload: record })).json().detail).toBe('CSRF Failed: CSRF token missing.');
      expect((await t.app.inject({ method: 'POST', url, headers: { ...h, 'x-csrftoken': 'b'.repeat(43) }, payload: record })).json().detail).toBe(
        'CSRF Failed: CSRF token incorrect.',
      );
      const foreign = await t.app.inject({ method: 'POST', url, headers: { ...h, origin: 'https://evil.example' }, payload: record });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().detail).toMatch(/Origin checking failed/);
    });

    it('refuses a missing, stale or wrong anti-bot token', async () => {
      const h = browserHeaders(t.config, url);
      const none = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: h.origin!, cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
        payload: record,
      });
      expect(none.json()).toEqual({ detail: 'Anti-bot check failed: anti-bot headers missing' });
      const other = browserHeaders(t.config, '/api/other/');
      expect((await t.app.inject({ method: 'POST', url, headers: other, payload: record })).json().detail).toBe(
        'Anti-bot check failed: anti-bot token invalid',
      );
      const stale = { ...h, 'x-client-timestamp': '1000000000' };
      expect((await t.app.inject({ method: 'POST', url, headers: stale, payload: record })).json().detail).toBe(
        'Anti-bot check failed: anti-bot timestamp expired',
      );
    });

    it('names each bad field of the body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: browserHeaders(t.config, url),
        payload: { ...record, user_id: '', host: 'bad host', extra: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['user_id', 'host']));
    });
  });

  it('serves health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: engine });
  });

  it('sets security headers, and the CSRF cookie on an API answer no shared cache keeps (never elsewhere, ADR 035)', async () => {
    expect((await t.app.inject('/healthz')).headers['set-cookie']).toBeUndefined();
    const res = await t.app.inject('/api/csrf/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/csrftoken=[\w-]{43}; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });
});
