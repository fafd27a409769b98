import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDay } from '#core/currency/rates.ts';
import { parseLotFilter } from '#core/catalogue/filter.ts';
import { apiGets } from '#tests/support/api.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/** `GET /api/filter/parse/` (issue #41): a buyer's words as the lot filter, with the catalogue's names and the day's rates. */
describe('the phrase search API', () => {
  let t: TestApp;
  const { get, json, expectBad } = apiGets(() => t.app);
  beforeAll(async () => {
    t = await testAppWithCatalogue('pglite');
  });
  afterAll(async () => t?.dispose());

  it('answers the filter, its canonical query, what it understood and what it did not', async () => {
    const q = 'двушка в Липовом квартале до 15 млн с отделкой, не первый этаж, рядом с метро';
    const res = await get(`/api/filter/parse/?q=${encodeURIComponent(q)}&lang=ru`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    // Its language named, the answer is the same for everyone; without it, Accept-Language decides («1,500» is 1.5
    // in Russian, 1500 in English), and a shared cache is told so.
    expect(res.headers.vary ?? '').not.toMatch(/accept-language/i);
    const byHeader = await t.app.inject({ url: `/api/filter/parse/?q=${encodeURIComponent(q)}`, headers: { 'accept-language': 'en' } });
    expect(byHeader.headers.vary).toMatch(/Accept-Language/);
    const body = res.json();
    expect(body).toEqual({
      query: 'project=1&rooms=2&price_max=15000000&finish=finished&not_first_floor=true',
      filter: { project: ['1'], rooms: ['2'], price_max: 15_000_000, finish: ['finished'], not_first_floor: true },
      understood: [
        { text: 'двушка', param: 'rooms=2' },
        { text: 'Липовом квартале', param: 'project=1' },
        { text: 'до 15 млн', param: 'price_max=15000000' },
        { text: 'с отделкой', param: 'finish=finished' },
        { text: 'не первый этаж', param: 'not_first_floor=true' },
      ],
      ignored: [{ text: 'рядом с метро', reason: 'unknown' }],
    });
    // The query is the filter's own: /api/filter/ reads it and finds the same lots the page would.
    expect(parseLotFilter(new URLSearchParams(body.query))).toEqual({ ok: true, filter: body.filter });
    const lots = await json(`/api/filter/?${body.query}`);
    expect(lots.count).toBeGreaterThan(0);
    for (const lot of lots.results) expect(lot).toMatchObject({ projectId: '1', rooms: 2, finish: 'finished' });
  });

  it('reads project names in every language', async () => {
    for (const [q, lang] of [
      ['studio in Pine Shore', 'en'],
      ['松林河岸的开间', 'zh'],
      ['студия в Сосновом береге', 'ru'],
    ] as const)
      expect((await json(`/api/filter/parse/?q=${encodeURIComponent(q)}&lang=${lang}`)).query, q).toBe('project=2&rooms=0');
  });

  it('reports an amount in dollars as ignored while no rate is stored, and converts it once the day’s rates are', async () => {
    const q = encodeURIComponent('2BR below $200k');
    expect(await json(`/api/filter/parse/?q=${q}&lang=en`)).toMatchObject({ query: 'rooms=2', ignored: [{ text: 'below $200k', reason: 'rates' }] });
    const perUnit = { usd: 80, eur: 92, cny: 11, aed: 22 };
    await t.services.currency.store({
      date: moscowDay(new Date()),
      perUnit,
      rates: Object.entries(perUnit).map(([code, rate]) => ({ code: code as 'usd', nominal: 1, value: rate, perUnit: rate })),
    });
    await t.services.currency.refresh();
    expect(await json(`/api/filter/parse/?q=${q}&lang=en`)).toMatchObject({ query: 'rooms=2&price_max=16000000', ignored: [] });
  });

  it('refuses a missing, blank or too long query and an unknown language, naming the field', async () => {
    await expectBad('/api/filter/parse/', 'q');
    await expectBad('/api/filter/parse/?q=%20%20', 'q');
    await expectBad(`/api/filter/parse/?q=${'а'.repeat(201)}`, 'q');
    await expectBad('/api/filter/parse/?q=studio&lang=de', 'lang');
  });
});
