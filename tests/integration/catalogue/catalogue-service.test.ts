import { ORDERINGS } from '#core/catalogue/filter-items.ts';
import { bestQuote } from '#core/purchase/payments.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotFilter } from '#core/catalogue/service.ts';
import { seedCatalogueIfEmpty } from '#server/modules/catalogue/ingest/write.ts';
import { lotInsolation, lots } from '#server/db/schema/index.ts';
import { LAYOUT_FEATURES, SUN_MARCH_HOURS, VIEWS, WINDOW_SIDES } from '#core/catalogue/lot-features.ts';
import { standInInsolation } from '#tests/support/insolation-stand-in.ts';
import { seeded } from '#server/modules/images/svg.ts';
import { createCatalogueService } from '#server/modules/catalogue/service.ts';
import { facetCounts } from '#server/modules/catalogue/lot-index-evaluate.ts';
import { FACET_ITEMS } from '#server/modules/catalogue/lot-index.ts';
import { sqlFacetCounts, sqlPageIds } from '#server/modules/catalogue/sql-facets.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/** The service the pages call in-process, and the index checked against plain SQL on each engine. */
describe.each(ENGINES)('catalogue service on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('seeds once: a seeded catalogue is left alone', async () => {
    expect(await seedCatalogueIfEmpty(t.services.database)).toBe(false);
  });

  it('walks project → building → section → floor → lot with consistent ids and urls', async () => {
    const c = t.services.catalogue;
    const project = (await c.project('2', 'en'))!;
    const b = project.genplan.buildings[0]!;
    const building = (await c.building('2', b.id, 'en'))!;
    expect(building.url).toBe(b.url);
    expect(building.facade.floors[0]!.number).toBe(building.floorsCount);
    expect(building.facade.floors.at(-1)!.number).toBe(-1);
    // A band opens a floor page only where that page shows all it counts: one section with the floor, or nothing on sale.
    for (const band of building.facade.floors) {
      const sectionsWithFloor = building.sections.filter((sec) => sec.floorsCount >= band.number).length;
      if (band.lotsLeft === 0 || sectionsWithFloor === 1) expect(band.url).toMatch(new RegExp(`^${building.url}/section/\\d+/floor/\\d+$`));
      else expect(band.url).toBeUndefined();
    }
    expect(building.lotsSummary.find((s) => s.type === 'flat')!.count).toBeGreaterThan(0);
    const section = (await c.section('2', b.id, building.sections[0]!.id))!;
    expect(section.floors[0]!.number).toBe(building.floorsCount);
    expect(section.floors[0]!.cells).toHaveLength(section.risers);
    const typical = section.floors[2]!;
    const floor = (await c.floor('2', b.id, section.id, typical.id, 'en'))!;
    expect(floor.lots).toHaveLength(section.risers);
    expect(floor.lots.every((l) => /^M[\d.]+ [\d.]+H/.test(l.shape))).toBe(true);
    expect(floor.neighbours.above!.number).toBe(floor.number + 1);
    expect(floor.neighbours.below!.number).toBe(floor.number - 1);
    expect(floor.plan.src).toMatch(/^catalogue\/plans\/.+\.png$/);
    const card = floor.lots[0]!;
    const [, slug, type, number] = card.url.split('/');
    const lot = (await c.lot(slug!, type as 'flat', number!, 'en'))!;
    expect(lot.id).toBe(card.id);
    expect(lot.floorPlan.shape).toBe(card.shape);
    expect(lot.similar.length).toBeGreaterThan(0);
    expect(lot.similar.every((s) => s.type === lot.type && s.id !== lot.id && s.status === 'free')).toBe(true);
    // The floor's cell shows the lot page's figures.
    expect({ price: card.price, area: card.area, status: card.status, floor: card.floor }).toEqual({
      price: lot.price,
      area: lot.area,
      status: lot.status,
      floor: lot.floor,
    });
    // Its "from N ₽ a month" is the lowest payment of the programmes in force that apply, the same on its card.
    const finance = await t.services.finance.data();
    const best = bestQuote(finance.programmes, lot, t.services.finance.today())!;
    expect(lot.payment).toMatchObject({ monthly: best.quote.monthly, programmeId: best.programme.id, termMonths: best.quote.termMonths });
    expect((await c.lotsByIds([card.id], 'en'))[0]!.payment).toEqual(lot.payment);
    expect(await c.lotsByIds([card.id, 'nope', card.id, '99999999'], 'ru')).toHaveLength(1);
  });

  it('returns null for paths that do not belong together', async () => {
    const c = t.services.catalogue;
    expect(await c.project('999', 'ru')).toBeNull();
    expect(await c.project('1', 'ru', { shared: true })).toBeNull();
    expect(await c.project('3', 'ru', { shared: true })).not.toBeNull();
    // Building 1 is in project 1, not 2.
    expect(await c.building('2', '1', 'ru')).toBeNull();
    expect(await c.building('1', 'abc', 'ru')).toBeNull();
    const b1 = (await c.building('1', '1', 'ru'))!;
    expect(await c.section('1', '1', '9999')).toBeNull();
    expect(await c.section('1', '2', b1.sections[0]!.id)).toBeNull();
    expect(await c.lot('lipovy', 'flat', '99999', 'ru')).toBeNull();
    expect(await c.lot('nowhere', 'flat', '1', 'ru')).toBeNull();
  });

  it('gives project cards with lots left and the seo filter pages', async () => {
    const cards = await t.services.catalogue.projects('ru');
    expect(cards.map((p) => p.id)).toEqual(['1', '2', '3', '4']);
    // A project in presale has nothing for sale yet: its lots are on no count.
    expect(cards.filter((p) => p.status !== 'presale').every((p) => p.lotsLeft > 0)).toBe(true);
    expect(cards.filter((p) => p.status === 'presale').map((p) => [p.lotsLeft, p.lotsLeftByType, p.minPrice])).toEqual([[0, {}, null]]);
    expect(cards.find((p) => p.id === '3')!.url).toBe('/shared-projects/3');
    expect(await t.services.catalogue.projects('ru', { status: ['presale'] })).toHaveLength(1);
    expect((await t.services.catalogue.seoFilter('kladovye', 'en'))!.filter).toEqual({ type: ['pantry'] });
    expect(await t.services.catalogue.seoFilter('nope', 'en')).toBeNull();
  });

  // 40 filters × one SQL query per facet: seconds on PGlite on a quiet machine, over 30 s on a loaded one (correctness, not speed).
  it('agrees with one-SQL-query-per-facet on counts, facets and pages, for 40 random filters', async () => {
    const c = t.services.catalogue;
    const db = t.services.database.db;
    // The sun and views of the lots: the computation's rows, or where it has not run a stand-in, so their facets count.
    const [{ n: computed } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(lotInsolation);
    if (!computed) {
      const rows = standInInsolation(await db.select({ id: lots.id, windows: lots.windows }).from(lots));
      await db.insert(lotInsolation).values(rows.map((r) => ({ ...r, normRule: r.normMet ? 'stand-in' : 'none' })));
      await c.refresh();
    }
    const { index } = await c.state();
    // Every layout feature the filter offers is one the catalogue's lots have.
    const all = facetCounts(index, {});
    for (const feature of LAYOUT_FEATURES) expect(all.items.features.choices![feature], feature).toBeGreaterThan(0);
    const rand = seeded(11);
    const pick = <T>(values: readonly T[]) => values.filter(() => rand() < 0.5);
    for (let n = 0; n < 40; n += 1) {
      const filter: LotFilter = {};
      if (rand() < 0.6) filter.type = pick(['flat', 'parking', 'pantry', 'commercial'] as const);
      if (rand() < 0.4) filter.rooms = pick(['0', '1', '2', '3', '4']);
      if (rand() < 0.3) filter.project = pick(['1', '2', '3', '4']);
      if (rand() < 0.4) filter.price_max = Math.round(5e6 + rand() * 30e6);
      if (rand() < 0.3) filter.area_min = Math.round(rand() * 500) / 10;
      if (rand() < 0.2) filter.floor_min = 2;
      if (rand() < 0.2) filter.status = pick(['free', 'booked', 'sold']);
      if (rand() < 0.2) filter.completion = pick(['done', '2027-Q4', '2028-Q2']);
      if (rand() < 0.2) filter.finish = pick(['whitebox', 'finished', 'furnished']);
      if (rand() < 0.2) filter.discount = true;
      if (rand() < 0.2) filter.not_last_floor = true;
      if (rand() < 0.2) filter.euro = true;
      if (rand() < 0.25) filter.monthly_payment_max = Math.round(40_000 + rand() * 150_000);
      if (rand() < 0.15) filter.monthly_payment_min = Math.round(rand() * 60_000);
      if (rand() < 0.25) filter.features = pick(LAYOUT_FEATURES);
      if (rand() < 0.2) filter.view = pick(VIEWS);
      if (rand() < 0.2) filter.windows = pick(WINDOW_SIDES);
      if (rand() < 0.2) filter.sun_march = pick(SUN_MARCH_HOURS);
      if (rand() < 0.15) filter.sun_norm = true;
      filter.ordering = ORDERINGS[n % ORDERINGS.length];
      const mine = facetCounts(index, filter);
      const theirs = await sqlFacetCounts(t.services.database.db, filter);
      expect(mine.count, JSON.stringify(filter)).toBe(theirs.count);
      for (const item of FACET_ITEMS) {
        const a = mine.items[item];
        const b = theirs.items[item];
        if (a.choices) expect(Object.fromEntries(Object.entries(a.choices).filter(([, v]) => v > 0)), `${item} ${JSON.stringify(filter)}`).toEqual(b.choices);
        else expect(a, `${item} ${JSON.stringify(filter)}`).toEqual(b);
      }
      const page = await c.filter({ ...filter, limit: 12, offset: 3 }, 'ru');
      expect(
        page.results.map((l) => Number(l.id)),
        JSON.stringify(filter),
      ).toEqual(await sqlPageIds(t.services.database.db, filter, 12, 3));
    }
  }, 180_000);

  it('rebuilds the index on refresh(), and watch() notices another process’s change', async () => {
    const c = t.services.catalogue;
    const before = await c.filter({ type: ['flat'], status: ['sold'], limit: 1 }, 'ru');
    const target = (await c.filter({ type: ['flat'], status: ['free'], limit: 1 }, 'ru')).results[0]!;
    await t.services.database.db
      .update(lots)
      .set({ status: 'sold' })
      .where(eq(lots.id, Number(target.id)));
    // Stale until told, then exact.
    expect((await c.filter({ type: ['flat'], status: ['sold'], limit: 1 }, 'ru')).count).toBe(before.count);
    await c.refresh();
    expect((await c.filter({ type: ['flat'], status: ['sold'], limit: 1 }, 'ru')).count).toBe(before.count + 1);

    // A second service (another process) watching the version.
    const other = createCatalogueService(t.services.database.db, { pollMs: 20 });
    await other.init();
    other.watch();
    try {
      await t.services.database.db
        .update(lots)
        .set({ status: 'free' })
        .where(eq(lots.id, Number(target.id)));
      await t.services.database.db.execute(sql`update catalogue_state set version = version + 1`);
      await expect.poll(async () => (await other.filter({ type: ['flat'], status: ['sold'], limit: 1 }, 'ru')).count, { timeout: 5000 }).toBe(before.count);
    } finally {
      other.stop();
    }
    await c.refresh();
  });
});
