import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners as demoPartners, slides as demoSlides } from '#content/home-blocks.ts';
import { banks as demoBanks } from '#content/purchase.ts';
import { SELECTOR_BUDGETS } from '#core/content/home-blocks.ts';
import { seedIfEmpty } from '#server/db/seed.ts';
import { createHomeBlocksService } from '#server/modules/home/service.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Choice = { value: string; label: string; count: number };

/** The home page's calls (spec §7): main slider, project selector, partners; good and bad input, on each engine. */
describe.each(ENGINES)('home page API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('gives the slides in their order and the asked language, each with its link, project and picture', async () => {
    const body = await json('/api/main_page_slider/?lang=en');
    expect(body.count).toBe(demoSlides.length);
    expect(body.results.map((s: { title: string }) => s.title)).toEqual(demoSlides.map((s) => s.title.en));
    const [first] = body.results;
    expect(first).toMatchObject({
      text: demoSlides[0]!.text.en,
      link: { url: '/projects/2', label: demoSlides[0]!.linkLabel.en },
      project: { id: '2', name: 'Pine Shore' },
      image: { src: demoSlides[0]!.image.src, width: 3200, height: 2000, alt: demoSlides[0]!.image.alt.en },
    });
    expect(first.image.url).toMatch(/^\/img\/[^/]+\/.*w:1440.*\/plain\/demo\/hero\.jpg@webp$/);
    expect(body.results.at(-1).project).toBeNull();
    const zh = await json('/api/main_page_slider/?lang=zh');
    expect(zh.results[0].title).toBe(demoSlides[0]!.title.zh);
    expect(zh.results[0].project.name).toBe('松林河岸');
  });

  it('gives the partner banks first, then the other partners, each with a logo through the image proxy', async () => {
    const body = await json('/api/main_page_partners/?lang=ru');
    const banks = body.results.filter((p: { kind: string }) => p.kind === 'bank');
    expect(banks.map((b: { id: string }) => b.id)).toEqual(demoBanks.filter((b) => b.logo).map((b) => b.id));
    expect(body.results.slice(banks.length).map((p: { id: string }) => p.id)).toEqual(demoPartners.map((p) => p.id));
    expect(body.count).toBe(banks.length + demoPartners.length);
    const arkhplan = body.results.find((p: { id: string }) => p.id === 'arkhplan');
    expect(arkhplan).toMatchObject({ kind: 'architect', name: 'Бюро «Архплан»', url: null, logo: { src: 'partners/arkhplan.png', alt: 'Бюро «Архплан»' } });
    expect(arkhplan.logo.url).toMatch(/\/plain\/partners\/arkhplan\.png@png$/);
    expect(banks[0].logo.url).toMatch(/\/plain\/banks\/[a-z]+\.png@png$/);
  });

  it('counts flats by project, rooms and budget exactly as the lot filter it leads to does', async () => {
    const all = await json('/api/main_page_selector/?lang=en');
    const flats = await json('/api/filter/?type=flat&limit=1');
    expect(all.count).toBe(flats.count);
    expect(all.filterUrl).toBe('/filter?type=flat');
    expect(all.chosen).toEqual({ project: null, rooms: [], priceMax: null });
    expect(all.projects.map((p: Choice) => p.label)).toEqual(['Linden Quarter', 'Pine Shore', 'Northern Heights', 'Star Garden']);
    expect(all.rooms.map((r: Choice) => r.value)).toEqual(['0', '1', '2', '3', '4']);
    expect(all.budgets.map((b: Choice) => Number(b.value))).toEqual([...SELECTOR_BUDGETS]);
    expect(all.budgets[0].label).toMatch(/^up to /);
    // Each project's count is the filter's count for it; a presale project has none on offer.
    for (const p of all.projects as Choice[]) expect(p.count, p.label).toBe((await json(`/api/filter/?type=flat&project=${p.value}&limit=1`)).count);
    expect(all.projects.find((p: Choice) => p.label === 'Star Garden').count).toBe(0);

    const chosen = await json('/api/main_page_selector/?project=2&rooms=1,2&price_max=20000000');
    const expected = await json('/api/filter/?type=flat&project=2&rooms=1,2&price_max=20000000&limit=1');
    expect(chosen.count).toBe(expected.count);
    expect(chosen.count).toBeGreaterThan(0);
    expect(chosen.filterUrl).toBe('/filter?project=2&type=flat&rooms=1%2C2&price_max=20000000');
    expect(chosen.chosen).toEqual({ project: '2', rooms: ['1', '2'], priceMax: 20000000 });
    // A budget's count keeps the other choices; a room's keeps the project and the budget.
    const budget = chosen.budgets.find((b: Choice) => b.value === '10000000');
    expect(budget.count).toBe((await json('/api/filter/?type=flat&project=2&rooms=1,2&price_max=10000000&limit=1')).count);
    const studio = chosen.rooms.find((r: Choice) => r.value === '0');
    expect(studio.count).toBe((await json('/api/filter/?type=flat&project=2&rooms=0&price_max=20000000&limit=1')).count);
  });

  it('takes the empty values a GET form sends for "all projects" and "any budget" as no choice', async () => {
    const body = await json('/api/main_page_selector/?project=&price_max=&rooms=');
    expect(body.chosen).toEqual({ project: null, rooms: [], priceMax: null });
  });

  it('answers a bad parameter with a 400 naming it', async () => {
    await expectBad('/api/main_page_selector/?project=99', 'project');
    await expectBad('/api/main_page_selector/?project=a%20b', 'project');
    await expectBad('/api/main_page_selector/?rooms=7', 'rooms');
    await expectBad('/api/main_page_selector/?price_max=cheap', 'price_max');
    await expectBad('/api/main_page_selector/?price_max=-5', 'price_max');
    await expectBad('/api/main_page_slider/?lang=fr', 'lang');
    await expectBad('/api/main_page_partners/?lang=de', 'lang');
  });

  it('is documented: the three calls are in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['/api/main_page_slider/', '/api/main_page_selector/', '/api/main_page_partners/']) expect(doc.paths[path]?.get, path).toBeDefined();
  });

  it('keeps answering from the last good copy while the database is away, and shows an edit once renewed', async () => {
    let now = 0;
    const policy = { maxStaleMs: 60_000, retryMs: 0, now: () => now, health: { failed: () => {}, recovered: () => {}, down: false } };
    const failing = { fail: false };
    const db = new Proxy(t.services.database.db, {
      get(target, key, receiver) {
        if (key === 'select' && failing.fail)
          return () => {
            throw new Error('database down');
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const home = createHomeBlocksService(db, t.services.catalogue, policy);
    expect((await home.slides('en'))[0]!.title).toBe(demoSlides[0]!.title.en);
    const partners = await home.partners('en');
    failing.fail = true;
    now = 40_000;
    expect((await home.slides('en'))[0]!.title).toBe(demoSlides[0]!.title.en);
    expect(await home.partners('en')).toEqual(partners);
    await expect(createHomeBlocksService(db, t.services.catalogue, policy).slides('en')).rejects.toThrow('database down');
    failing.fail = false;
    await t.services.database.db.execute(sql`update home_slides set title = jsonb_set(title, '{en}', '"Homes by the water"') where position = 0`);
    home.invalidate();
    expect((await home.slides('en'))[0]!.title).toBe('Homes by the water');
  });

  it('gives a database seeded before the slides and partners existed the demo ones on the next start', async () => {
    await t.services.database.db.execute(sql`delete from home_slides`);
    await t.services.database.db.execute(sql`delete from partners`);
    expect(await seedIfEmpty(t.services.database)).toBe(true);
    const home = createHomeBlocksService(t.services.database.db, t.services.catalogue);
    expect((await home.slides('ru')).map((s) => s.title)).toEqual(demoSlides.map((s) => s.title.ru));
    expect((await home.partners('ru')).filter((p) => p.kind !== 'bank').map((p) => p.id)).toEqual(demoPartners.map((p) => p.id));
    expect(await seedIfEmpty(t.services.database)).toBe(false);
  });
});
