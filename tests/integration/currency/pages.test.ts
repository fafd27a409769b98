import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LotCard } from '#core/catalogue/types.ts';
import { convertedPrice, rateDay } from '#core/currency/format.ts';
import type { CurrencyCode } from '#core/currency/rates.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { fakeCbr, FEED_RATES, moscowDayFromToday, type FakeCbr } from '#tests/support/fake-cbr.ts';
import { visibleText } from '#tests/support/html-text.ts';
import { readPdf } from '#tests/support/pdf.ts';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { USER_AGENT } from '#tests/support/templates.ts';

/**
 * Prices in other currencies as a visitor meets them (ADR 037), on the site as it is served, its rates job reading a
 * loopback stand-in of the Bank of Russia's feed: a first answer is roubles only, public and sets no cookie; the
 * footer's switch (a plain form) stores the choice; then the converted price stands beside the roubles on the card,
 * the lot page, the comparison and the PDF sheet, in that visitor's own (private) pages; the filter takes a price
 * range in dollars; stale rates hide it all.
 */
let feed: FakeCbr;
beforeAll(async () => {
  feed = await fakeCbr();
});
const site = setupSiteApp(() => ({ CBR_DAILY_URL: feed.url }), { jobs: true });
afterAll(async () => feed?.close());

const SHARED = /^public, .*\bs-maxage=\d+/;
const get = (path: string, cookie?: string) => site.fetch(`${SITE}${path}`, { headers: { 'user-agent': USER_AGENT, ...(cookie ? { cookie } : {}) } });
const page = async (path: string, cookie?: string) => {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { response, html, text: visibleText(html).replace(/\s+/g, ' ') };
};
/** A sentence as the page prints it, its spaces as any space (a PDF line may wrap it). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const expected = (locale: Locale, roubles: number, code: CurrencyCode = 'usd') =>
  spaced(convertedPrice(locale, translatorOf(locale), roubles, { code, perUnit: FEED_RATES[code], date: moscowDayFromToday(0) }));
const postSwitch = (body: string, headers: Record<string, string> = { origin: SITE, 'sec-fetch-site': 'same-origin' }) =>
  site.fetch(`${SITE}/currency`, {
    method: 'POST',
    redirect: 'manual',
    body,
    headers: { 'user-agent': USER_AGENT, 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

let lot: LotCard;
beforeAll(async () => {
  // The job's first run, at start, brings today's rates from the stand-in.
  await vi.waitFor(
    async () => {
      if (!(await site.services().currency.current())) throw new Error('no rates stored yet');
    },
    { timeout: 60_000, interval: 100 },
  );
  const found = await (await get('/api/filter/?type=flat&limit=1&lang=ru')).json();
  lot = (found as { results: LotCard[] }).results[0]!;
}, 120_000);

describe('the first answer', () => {
  it('is in roubles only, public, and sets no cookie; its footer offers the switch', async () => {
    for (const path of ['/filter', lot.url, `/en${lot.url}`]) {
      const { response, html, text } = await page(path);
      expect(response.headers.getSetCookie(), path).toEqual([]);
      expect(response.headers.get('cache-control'), path).toMatch(SHARED);
      expect(text, path).not.toMatch(/≈/);
      expect(html, path).toMatch(/<form class="currency-switch" action="(\/en)?\/currency" method="post"/);
    }
  });
});

describe('the switch', () => {
  it('stores the choice in a cookie and goes back to the page, without JavaScript', async () => {
    const chosen = await postSwitch('currency=usd&back=%2Ffilter%3Frooms%3D2');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/filter?rooms=2');
    expect(chosen.headers.getSetCookie()).toEqual(['currency=usd; Max-Age=31536000; Path=/; SameSite=Lax']);
    expect(chosen.headers.get('cache-control')).toBe('private, no-store');
    // Roubles only again: the cookie is expired.
    const none = await postSwitch('currency=rub&back=%2Fen%2Ffilter');
    expect(none.headers.get('location')).toBe('/en/filter');
    expect(none.headers.getSetCookie()).toEqual(['currency=; Max-Age=0; Path=/; SameSite=Lax']);
  });

  it('goes nowhere off the site, refuses an unknown currency and a post from another site', async () => {
    expect((await postSwitch('currency=eur&back=https%3A%2F%2Fevil.example%2F')).headers.get('location')).toBe('/');
    expect((await postSwitch('currency=gbp&back=%2F')).status).toBe(400);
    const forged = await postSwitch('currency=usd&back=%2F', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);
  });
});

describe('a converted price', () => {
  it('stands beside the roubles on the card, the lot page, the comparison and the PDF sheet, in each language', async () => {
    for (const [locale, prefix] of [
      ['ru', ''],
      ['en', '/en'],
      ['zh', '/zh'],
    ] as const) {
      const line = expected(locale, lot.price);
      const card = await page(`${prefix}/filter?type=flat`, 'currency=usd');
      expect(card.text, `${locale} card`).toContain(line);
      const lotPage = await page(`${prefix}${lot.url}`, 'currency=usd');
      expect(lotPage.text, `${locale} lot page`).toContain(line);
      // The page's PDF link asks the sheet in the visitor's currency.
      expect(lotPage.html, `${locale} sheet link`).toContain(`/pdf/${locale}/lots/${lot.id}.pdf?currency=usd`);
      const comparison = await page(`${prefix}/selection?ids=${lot.id}`, 'currency=usd');
      expect(comparison.text, `${locale} comparison`).toContain(line);
      const pdf = await get(`/pdf/${locale}/lots/${lot.id}.pdf?currency=usd`);
      expect(pdf.status).toBe(200);
      // A PDF's text comes in runs of one font each, which its reading joins with spaces: compared without them.
      const unspaced = (text: string) => text.replace(/\s+/g, '');
      expect(unspaced(readPdf(Buffer.from(await pdf.arrayBuffer())).text), `${locale} PDF`).toContain(unspaced(line));
      // Never instead: the roubles are there too.
      expect(lotPage.text).toMatch(/₽/);
    }
  });

  it('in another currency too, and each currency’s pages are the visitor’s own: the shared copy stays in roubles', async () => {
    const euros = await page(lot.url, 'currency=eur');
    expect(euros.text).toContain(expected('ru', lot.price, 'eur'));
    expect(euros.response.headers.get('cache-control')).toBe('private, no-cache');
    const dollars = await page(lot.url, 'currency=usd');
    expect(dollars.text).toContain(expected('ru', lot.price, 'usd'));
    const first = await page(lot.url);
    expect(first.text).not.toMatch(/≈/);
    expect(first.response.headers.get('cache-control')).toMatch(SHARED);
    // The PDF without a currency is the roubles' one; a currency it does not know is refused, naming the field.
    const roublesPdf = await get(`/pdf/ru/lots/${lot.id}.pdf`);
    expect(readPdf(Buffer.from(await roublesPdf.arrayBuffer())).text).not.toMatch(/≈/);
    const bad = await get(`/pdf/ru/lots/${lot.id}.pdf?currency=gbp`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('currency');
  });
});

describe('the filter in dollars', () => {
  it('finds the lots of the same range in roubles, shows the range in dollars and the rate it was converted at', async () => {
    const inRoubles = (await (await get('/api/filter/?type=flat&price_max=15645680')).json()) as { count: number };
    const { response, html, text } = await page('/filter?type=flat&price_max=200000&currency=usd');
    // An address anyone may share: public like any filter page.
    expect(response.headers.get('cache-control')).toMatch(SHARED);
    expect(html).toContain('name="currency" value="usd"');
    expect(text).toContain(spaced(translatorOf('ru')('currency.filter.hint', { code: 'USD', date: rateDay('ru', moscowDayFromToday(0)) })));
    expect(text).toContain(spaced(translatorOf('ru')('catalogue.plural.lots', { count: inRoubles.count })));
  });
});

describe('stale rates', () => {
  it('hide the conversion everywhere, and the switch says why', async () => {
    const { db } = site.database();
    await db.execute(sql`delete from currency_rates`);
    const old = moscowDayFromToday(-5);
    await db.execute(
      sql`insert into currency_rates (date, code, nominal, value, per_unit) values (${old}, 'usd', 1, 78.2284, 78.2284), (${old}, 'eur', 1, 90.6135, 90.6135), (${old}, 'cny', 1, 11.0151, 11.0151), (${old}, 'aed', 1, 21.3025, 21.3025)`,
    );
    await site.services().versions.check();
    await site.services().currency.refresh();
    const lotPage = await page(lot.url, 'currency=usd');
    expect(lotPage.text).not.toMatch(/≈/);
    expect(lotPage.text).toContain(spaced(translatorOf('ru')('currency.switch.stale')));
    const pdf = await get(`/pdf/ru/lots/${lot.id}.pdf?currency=usd`);
    expect(readPdf(Buffer.from(await pdf.arrayBuffer())).text).not.toMatch(/≈/);
    expect((await get('/api/filter/?price_max=200000&currency=usd')).status).toBe(400);
  });
});
