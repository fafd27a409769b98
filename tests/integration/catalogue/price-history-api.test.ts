import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotCard, Page, PriceHistory, ProjectPriceByMonth } from '#core/catalogue/types.ts';
import { dropPercent } from '#core/catalogue/price-history.ts';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { apiGets } from '#tests/support/api.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';

/** What the API says from the lots' history (ADR 019), on both engines. */
describe.each(ENGINES)('price history API on %s', (engine) => {
  let t: TestApp;
  const { json, expectBad, expectMissing } = apiGets(() => t.app);
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  /** A free flat on sale whose price has not changed in 30 days (so the test's cut is the only drop). */
  async function steadyFlat(skip: number): Promise<LotCard> {
    const page = (await json(`/api/filter/?type=flat&status=free&ordering=area&limit=50&offset=${skip}`)) as Page<LotCard>;
    return page.results.find((l) => l.priceDrop30d === null && l.oldPrice === null)!;
  }

  it('a price cut by an import shows in the lot JSON, the history endpoint and first in the "price reduced" order', async () => {
    const lot = await steadyFlat(0);
    const before = (await json(`/api/lot/${lot.id}/price_history/`)) as PriceHistory;
    expect(before.points.at(-1)).toMatchObject({ price: lot.price, status: 'free' });
    // Deeper than any cut of the demo: the lot goes to the top of the order.
    const cut = Math.round(lot.price * 0.75);
    const report = await importFeed(t.services.database, JSON.stringify([{ id: lot.id, price: cut }]));
    expect(report.historyRows).toBe(1);
    await t.services.catalogue.refresh();
    const drop = dropPercent(lot.price, cut);
    expect(drop).toBe(25);

    const after = (await json(`/api/lot/${lot.id}/price_history/`)) as PriceHistory;
    expect(after).toMatchObject({ lotId: lot.id, price: cut, status: 'free', priceDrop30d: drop });
    expect(after.points.length).toBe(before.points.length + 1);
    expect(after.points.at(-1)).toMatchObject({ price: cut, status: 'free' });
    expect(Date.parse(after.points.at(-1)!.at)).toBeGreaterThan(Date.parse(before.points.at(-1)!.at));

    const sorted = (await json('/api/filter/?type=flat&ordering=price_reduced&limit=5')) as Page<LotCard>;
    expect(sorted.results[0]).toMatchObject({ id: lot.id, priceDrop30d: drop });
    // Most reduced first.
    const drops = sorted.results.map((l) => l.priceDrop30d ?? 0);
    expect(drops).toEqual([...drops].sort((a, b) => b - a));
    const cards = (await json(`/api/filter/?type=flat&status=free&ordering=price_reduced&limit=200`)) as Page<LotCard>;
    expect(cards.results.find((l) => l.id === lot.id)?.priceDrop30d).toBe(drop);
  });

  it('a price raised has no drop; a lot booked now says "booked today"; a sold lot has no drop', async () => {
    const lot = await steadyFlat(60);
    const other = await steadyFlat(120);
    await importFeed(
      t.services.database,
      JSON.stringify([
        { id: lot.id, price: lot.price + 500_000 },
        { id: other.id, price: other.price - 500_000, status: 'booked' },
      ]),
    );
    await t.services.catalogue.refresh();
    const [raised, booked] = (await t.services.catalogue.lotsByIds([lot.id, other.id], 'ru')).sort((a, b) => (a.id === lot.id ? -1 : b.id === lot.id ? 1 : 0));
    expect(raised).toMatchObject({ priceDrop30d: null, bookedToday: false });
    expect(booked).toMatchObject({ status: 'booked', bookedToday: true, priceDrop30d: dropPercent(other.price, other.price - 500_000) });
    await importFeed(t.services.database, JSON.stringify([{ id: other.id, status: 'sold' }]));
    await t.services.catalogue.refresh();
    expect((await t.services.catalogue.lotsByIds([other.id], 'ru'))[0]).toMatchObject({ status: 'sold', bookedToday: false, priceDrop30d: null });
  });

  it('the project price per m² by month: months with flats on sale, by kind', async () => {
    const prices = (await json('/api/project/1/price_per_m2/')) as ProjectPriceByMonth;
    expect(prices.months.length).toBeGreaterThan(3);
    expect(prices.months).toEqual([...prices.months].sort());
    expect(prices.kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['1', '2']));
    for (const k of prices.kinds) {
      expect(k.values).toHaveLength(prices.months.length);
      for (const v of k.values) if (v !== null) expect(v).toBeGreaterThan(50_000);
    }
    // A project in presale has no prices yet.
    const presale = (await t.services.catalogue.projects('ru')).find((p) => p.status === 'presale');
    expect(presale).toBeDefined();
    await expectMissing(`/api/project/${presale!.id}/price_per_m2/`);
  });

  it('bad and unknown ids: 400 naming the field, 404 with a detail', async () => {
    await expectBad('/api/lot/abc/price_history/', 'id');
    await expectBad('/api/lot/0/price_history/', 'id');
    await expectMissing('/api/lot/99999999/price_history/');
    await expectBad('/api/project/x/price_per_m2/', 'id');
    await expectMissing('/api/project/99999/price_per_m2/');
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = (await json('/api/openapi.json')) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths).toHaveProperty(['/api/lot/{id}/price_history/']);
    expect(doc.paths).toHaveProperty(['/api/project/{id}/price_per_m2/']);
    expect(doc.components.schemas.LotCard!.properties).toHaveProperty('priceDrop30d');
  });
});
