import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDailyRates, RatesFeedError } from './feed.ts';
import { readDailyRates } from './job.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/currency/${name}`, import.meta.url)));
const cp1251 = (text: string) => Uint8Array.from(text, (char) => (char.charCodeAt(0) < 128 ? char.charCodeAt(0) : 0xe0)); // ASCII feeds
const feed = (valutes: string, date = '28.11.2026') =>
  cp1251(`<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${date}" name="Foreign Currency Market">${valutes}</ValCurs>`);
const valute = (code: string, nominal: string, value: string, vunit?: string) =>
  `<Valute ID="R0"><CharCode>${code}</CharCode><Nominal>${nominal}</Nominal><Name>x</Name><Value>${value}</Value>${vunit ? `<VunitRate>${vunit}</VunitRate>` : ''}</Valute>`;
const four = (usd = valute('USD', '1', '78,2284', '78,2284')) =>
  usd + valute('EUR', '1', '90,6135', '90,6135') + valute('CNY', '1', '11,0151', '11,0151') + valute('AED', '1', '21,3025', '21,3025');

describe("the Bank of Russia's XML_daily", () => {
  it('is read as it is published: windows-1251, comma decimals, the day of the rates', () => {
    const daily = parseDailyRates(fixture('xml-daily.xml'));
    expect(daily.date).toBe('2026-11-28');
    expect(daily.perUnit).toEqual({ usd: 78.2284, eur: 90.6135, cny: 11.0151, aed: 21.3025 });
    expect(daily.rates.find((rate) => rate.code === 'usd')).toEqual({ code: 'usd', nominal: 1, value: 78.2284, perUnit: 78.2284 });
  });

  it('divides by the nominal where there is no VunitRate (ten yuan a rate, as before 2022)', () => {
    const daily = parseDailyRates(fixture('xml-daily-nominal-10.xml'));
    expect(daily.date).toBe('2019-03-15');
    expect(daily.rates.find((rate) => rate.code === 'cny')).toEqual({ code: 'cny', nominal: 10, value: 115.83, perUnit: 11.583 });
  });

  it('takes VunitRate, and does not believe one that disagrees with Value / Nominal', () => {
    expect(parseDailyRates(feed(four(valute('USD', '10', '782,284', '78,2284')))).perUnit.usd).toBe(78.2284);
    expect(() => parseDailyRates(feed(four(valute('USD', '10', '782,284', '782,284'))))).toThrow(/USD of 2026-11-28: VunitRate 782.284 disagrees/);
  });

  it('refuses a feed without one of the four currencies, or with a malformed figure or day', () => {
    expect(() => parseDailyRates(feed(four('')))).toThrow(new RatesFeedError('the feed of 2026-11-28 has no USD'));
    expect(() => parseDailyRates(feed(four(valute('USD', '1', '78.22.84'))))).toThrow(/USD of 2026-11-28: Value is not a decimal/);
    expect(() => parseDailyRates(feed(four(valute('USD', '0', '78,2284'))))).toThrow(/Nominal is not a whole number/);
    expect(() => parseDailyRates(feed(four(), '31.02.2026'))).toThrow(/not a day/);
    expect(() => parseDailyRates(cp1251('<html>Service unavailable</html>'))).toThrow(/no ValCurs/);
  });
});

describe('reading the feed', () => {
  const answer =
    (body: BodyInit, headers: Record<string, string> = {}) =>
    async () =>
      new Response(body, { status: 200, headers });
  const read = (fetch: () => Promise<Response>) =>
    readDailyRates('http://127.0.0.1:1/XML_daily.asp', { timeoutMs: 1000, fetch: fetch as typeof globalThis.fetch, sleep: async () => {} });

  it('expands no entity: one in the feed stays text and does not pass for a currency', async () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "USD">]><ValCurs Date="28.11.2026"><Valute><CharCode>&a;</CharCode></Valute></ValCurs>';
    await expect(read(answer(bomb))).rejects.toBeInstanceOf(RatesFeedError);
  });

  it('refuses a body far larger than the feed, declared or not, without asking again', async () => {
    let asked = 0;
    const big = async () => {
      asked += 1;
      return new Response('x', { status: 200, headers: { 'content-length': String(50 * 1024 * 1024) } });
    };
    await expect(read(big)).rejects.toThrow(/more than/);
    expect(asked).toBe(1);
    await expect(read(answer(new Uint8Array(2 * 1024 * 1024)))).rejects.toThrow(/more than/);
  });
});
