import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCurrencyRatesJob } from '#server/modules/currency/index.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { fakeCbr, FEED_RATES, moscowDayFromToday, type FakeCbr } from '#tests/support/fake-cbr.ts';

/**
 * The Bank of Russia's daily rates (ADR 037): the job reads the feed (a loopback stand-in of XML_daily), stores a day
 * once, retries what is worth retrying; rates older than three days are shown nowhere; the filter API takes a price
 * range in a currency and finds the lots of the same range in roubles. No timing is asserted: the stand-in's day is
 * set from today.
 */
describe.each(ENGINES)('currency rates on %s', (engine) => {
  let t: TestApp;
  let feed: FakeCbr;
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (_: object, message: string) => void warnings.push(message), error: () => {} };
  beforeAll(async () => {
    feed = await fakeCbr();
    t = await testApp(engine, {}, { catalogue: true });
    await t.services.catalogue.init();
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await feed?.close();
  });
  beforeEach(async () => {
    await t.services.database.db.execute(sql`delete from currency_rates`);
    await t.services.currency.refresh();
    feed.setDay(moscowDayFromToday(0));
    warnings.length = 0;
  });

  /** One run of the job against the stand-in, without real waits between retries. */
  async function runJob() {
    const job = startCurrencyRatesJob({ currency: t.services.currency, url: feed.url, everyMs: 3_600_000, timeoutMs: 5_000, log, sleep: async () => {} });
    await job.run();
    await job.stop();
  }
  const stored = async () => {
    const { rows } = (await t.services.database.db.execute(
      sql`select to_char(date, 'YYYY-MM-DD') as date, code, nominal, per_unit from currency_rates order by date, code`,
    )) as unknown as { rows: { date: string; code: string; nominal: number; per_unit: string }[] };
    return rows.map((row) => ({ ...row, per_unit: Number(row.per_unit) }));
  };
  const offersVersion = async () => (await t.services.versions.check(), t.services.versions.get('offers'));

  it('stores the four rates of the feed’s day once, and shows them', async () => {
    const before = await offersVersion();
    await runJob();
    const today = moscowDayFromToday(0);
    expect(await stored()).toEqual([
      { date: today, code: 'aed', nominal: 1, per_unit: FEED_RATES.aed },
      { date: today, code: 'cny', nominal: 1, per_unit: FEED_RATES.cny },
      { date: today, code: 'eur', nominal: 1, per_unit: FEED_RATES.eur },
      { date: today, code: 'usd', nominal: 1, per_unit: FEED_RATES.usd },
    ]);
    const moved = await offersVersion();
    expect(moved).toBeGreaterThan(before);
    expect(await t.services.currency.current()).toEqual({ date: today, perUnit: FEED_RATES });
    expect(t.services.currency.latestRates()).toEqual({ date: today, perUnit: FEED_RATES });
    // The same day read again writes nothing: kept pages stay kept.
    await runJob();
    expect(await stored()).toHaveLength(4);
    expect(await offersVersion()).toBe(moved);
  });

  it('asks again after a failure worth retrying, and not after one that is not', async () => {
    const asked = feed.requests;
    feed.failNext(1, 503);
    feed.failNext(1, 0);
    await runJob();
    expect(feed.requests - asked).toBe(3);
    expect(await stored()).toHaveLength(4);

    await t.services.database.db.execute(sql`delete from currency_rates`);
    const again = feed.requests;
    feed.failNext(1, 404);
    await runJob();
    expect(feed.requests - again).toBe(1);
    expect(await stored()).toEqual([]);
    expect(warnings).toEqual(["currency rates: could not read the Bank of Russia's feed; trying again at the next run"]);
  });

  it('hides rates older than three days everywhere, and shows them up to that', async () => {
    feed.setDay(moscowDayFromToday(-4));
    await runJob();
    expect(await stored()).toHaveLength(4);
    expect(await t.services.currency.current()).toBeNull();
    expect(t.services.currency.latestRates()).toBeNull();
    expect(await t.services.currency.chosen('usd')).toBeNull();

    feed.setDay(moscowDayFromToday(-3));
    await runJob();
    expect(await t.services.currency.current()).toEqual({ date: moscowDayFromToday(-3), perUnit: FEED_RATES });
  });

  it('shows today’s rates until tomorrow’s day has come, though the bank sets them the day before', async () => {
    feed.setDay(moscowDayFromToday(0));
    await runJob();
    feed.setDay(moscowDayFromToday(1));
    await runJob();
    expect(await stored()).toHaveLength(8);
    expect((await t.services.currency.current())?.date).toBe(moscowDayFromToday(0));
  });

  it('finds the same lots for a price range in dollars as for that range in roubles at the day’s rate', async () => {
    await runJob();
    const inRoubles = (await t.app.inject('/api/filter/?type=flat&price_min=7822840&price_max=15645680&limit=5')).json<{ count: number }>();
    const inDollars = await t.app.inject('/api/filter/?type=flat&price_min=100000&price_max=200000&currency=usd&limit=5');
    expect(inDollars.statusCode).toBe(200);
    const page = inDollars.json<{ count: number; next: string | null }>();
    expect(inRoubles.count).toBeGreaterThan(5);
    expect(page.count).toBe(inRoubles.count);
    // The next page is asked in dollars, as this one was.
    expect(new URL(page.next!).searchParams.toString()).toBe('type=flat&price_min=100000&price_max=200000&currency=usd&limit=5&offset=5');
    const facets = (await t.app.inject('/api/filter/facets/?type=flat&price_max=200000&currency=usd')).json<{ count: number }>();
    const facetsInRoubles = (await t.app.inject('/api/filter/facets/?type=flat&price_max=15645680')).json<{ count: number }>();
    expect(facets.count).toBe(facetsInRoubles.count);
  });

  it('refuses a price range in a currency without a fresh rate, naming the field', async () => {
    const response = await t.app.inject('/api/filter/?price_max=200000&currency=usd');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('currency');
    const unknown = await t.app.inject('/api/filter/?price_max=200000&currency=gbp');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('currency');
  });
});
