import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollections } from '#content/collections.ts';
import { demoLandings, LANDING_SLUG } from '#content/landings.ts';
import { parseLotFilter } from '#core/catalogue/filter.ts';
import { customCollections } from '#server/db/schema/index.ts';
import { seedIfEmpty } from '#server/db/seed.ts';
import { createCollectionService } from '#server/modules/catalogue/collections.ts';
import { createLandingService } from '#server/modules/content/landings.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Summary = { slug: string; title: string; count: number; url: string; filterUrl: string | null };

/** Collections (`/api/custom_collect/`, `/api/custom_collect/{slug}/`) and landings (`/api/multilingual_landing/{slug}/`), on each engine. */
describe.each(ENGINES)('collections and landings API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad, expectMissing } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('seeds collections whose saved filters the codec reads and which each hold demo lots', async () => {
    for (const c of demoCollections) expect(parseLotFilter(new URLSearchParams(c.query ?? '')).ok, c.slug).toBe(true);
    const body = await json('/api/custom_collect/?lang=en');
    expect(body.results.map((c: Summary) => c.slug)).toEqual(demoCollections.map((c) => c.slug));
    expect(body).toMatchObject({ count: demoCollections.length, next: null, previous: null });
    for (const c of body.results as Summary[]) expect(c.count, c.slug).toBeGreaterThan(0);
    expect(body.results[0]).toMatchObject({ title: 'Ready to move in', url: '/ready-to-move-in', filterUrl: '/filter?type=flat&completion=done' });
  });

  it('counts each collection exactly as the lot filter it links to', async () => {
    const body = await json('/api/custom_collect/?lang=ru');
    for (const c of body.results as Summary[]) {
      const filter = await json(`/api/filter/?${c.filterUrl!.split('?')[1]}&limit=1`);
      expect(c.count, c.slug).toBe(filter.count);
    }
  });

  it('gives one collection with its lots in the filter’s card shape, paged, in the asked language', async () => {
    const one = await json('/api/custom_collect/family-flats/?lang=zh&limit=5');
    expect(one).toMatchObject({ slug: 'family-flats', title: '家庭户型', url: '/family-flats' });
    expect(one.intro.length).toBeGreaterThan(0);
    const filter = await json('/api/filter/?type=flat&rooms=3,4&area_min=70&limit=5&lang=zh');
    expect(one.lots.count).toBe(filter.count);
    expect(one.lots.results.map((l: { id: string }) => l.id)).toEqual(filter.results.map((l: { id: string }) => l.id));
    expect(one.lots.results[0]).toEqual(filter.results[0]);
    for (const lot of one.lots.results) expect(lot.rooms).toBeGreaterThanOrEqual(3);
    expect(one.lots.previous).toBeNull();
    expect(one.lots.next).toMatch(/\/api\/custom_collect\/family-flats\/\?lang=zh&limit=5&offset=5$/);
    const second = await json('/api/custom_collect/family-flats/?lang=zh&limit=5&offset=5');
    const filterSecond = await json('/api/filter/?type=flat&rooms=3,4&area_min=70&limit=5&offset=5');
    expect(second.lots.results.map((l: { id: string }) => l.id)).toEqual(filterSecond.results.map((l: { id: string }) => l.id));
    expect(second.lots.previous).toMatch(/limit=5$/);
    const cheapest = await json('/api/custom_collect/ready-to-move-in/?ordering=price&limit=3');
    const prices = cheapest.lots.results.map((l: { price: number }) => l.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('keeps a curator’s list to its lots on offer, in the curator’s order, without a filter link', async () => {
    const some = (await json('/api/filter/?type=flat&limit=3')).results.map((l: { id: string }) => l.id);
    await t.services.database.db.insert(customCollections).values({
      slug: 'curated',
      position: 9,
      title: { ru: 'Выбор редакции', en: 'Editor’s choice', zh: '编辑精选' },
      description: { ru: 'r', en: 'e', zh: 'z' },
      intro: { ru: [], en: [], zh: [] },
      lotIds: [some[2], 'no-such-lot', some[0]],
    });
    const service = createCollectionService(t.services.database.db, t.services.catalogue);
    const curated = await service.bySlug('curated', 'en');
    expect(curated).toMatchObject({ title: 'Editor’s choice', filterUrl: null, intro: [] });
    expect(curated!.lots.results.map((l) => l.id)).toEqual([some[2], some[0]]);
    expect(curated!.lots.count).toBe(2);
    await t.services.database.db.execute(sql`delete from custom_collections where slug = 'curated'`);
  });

  it('refuses a collection that names neither a filter nor lots, or a slug its page could not have', async () => {
    const db = t.services.database.db;
    const row = { title: { ru: 'x', en: 'x', zh: 'x' }, description: { ru: 'x', en: 'x', zh: 'x' }, intro: { ru: [], en: [], zh: [] } };
    await expect(db.insert(customCollections).values({ ...row, slug: 'empty' })).rejects.toThrow();
    await expect(db.insert(customCollections).values({ ...row, slug: 'Bad Slug', query: 'type=flat' })).rejects.toThrow();
  });

  it('gives the landing in English and in Chinese, English for a language it is not written in', async () => {
    const en = await json(`/api/multilingual_landing/${LANDING_SLUG}/?lang=en`);
    expect(en).toMatchObject({ slug: LANDING_SLUG, locale: 'en', locales: ['en', 'zh'], url: `/${LANDING_SLUG}`, title: demoLandings[0]!.content.title });
    expect(en.steps.items.length).toBeGreaterThanOrEqual(5);
    expect(en.guidance).toMatch(/not legal or tax advice/);
    for (const part of ['payment', 'signing', 'taxes'] as const) expect(en[part].paragraphs.length, part).toBeGreaterThan(0);
    const zh = await json(`/api/multilingual_landing/${LANDING_SLUG}/?lang=zh`);
    expect(zh).toMatchObject({ locale: 'zh', title: demoLandings[1]!.content.title });
    expect(zh.promise.title).toMatch(/中文/);
    const ru = await json(`/api/multilingual_landing/${LANDING_SLUG}/?lang=ru`);
    expect(ru.locale).toBe('en');
    const byHeader = await get(`/api/multilingual_landing/${LANDING_SLUG}/`, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(byHeader.json().locale).toBe('zh');
  });

  it('answers unknown slugs with a 404 and bad parameters with a 400 naming them', async () => {
    await expectMissing('/api/custom_collect/no-such-collection/');
    await expectMissing('/api/multilingual_landing/no-such-landing/');
    await expectBad('/api/custom_collect/Bad_Slug!/', 'slug');
    await expectBad('/api/multilingual_landing/%20x/', 'slug');
    await expectBad('/api/custom_collect/?lang=fr', 'lang');
    await expectBad('/api/custom_collect/?limit=0', 'limit');
    await expectBad('/api/custom_collect/family-flats/?offset=-1', 'offset');
    await expectBad('/api/custom_collect/family-flats/?ordering=cheapest', 'ordering');
    await expectBad('/api/custom_collect/family-flats/?limit=500', 'limit');
    await expectBad(`/api/multilingual_landing/${LANDING_SLUG}/?lang=de`, 'lang');
  });

  it('is documented: the three calls are in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['/api/custom_collect/', '/api/custom_collect/{slug}/', '/api/multilingual_landing/{slug}/'])
      expect(doc.paths[path]?.get, path).toBeDefined();
  });

  it('lists the collections and the landings in the sitemap, a landing only in its languages', async () => {
    const xml = (await get('/sitemaps/pages.xml')).body;
    for (const c of demoCollections) {
      for (const prefix of ['', '/en', '/zh']) expect(xml, `${prefix}/${c.slug}`).toContain(`<loc>http://localhost:3000${prefix}/${c.slug}</loc>`);
    }
    expect(xml).toContain(`<loc>http://localhost:3000/en/${LANDING_SLUG}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/zh/${LANDING_SLUG}</loc>`);
    expect(xml).not.toContain(`<loc>http://localhost:3000/${LANDING_SLUG}</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="http://localhost:3000/en/${LANDING_SLUG}"`);
    for (const slug of ['agents', 'partners']) expect(xml).toContain(`<loc>http://localhost:3000/en/${slug}</loc>`);
    // While the partners' page asks for basic auth, crawlers are not sent to it.
    t.services.leads.configure({ ...t.services.leads.settings, partnerBasicAuth: 'partner:secret' });
    const closed = (await get('/sitemaps/pages.xml')).body;
    t.services.leads.configure({ ...t.services.leads.settings, partnerBasicAuth: null });
    expect(closed).not.toContain('/partners</loc>');
    expect(closed).toContain('<loc>http://localhost:3000/agents</loc>');
  });

  it('gives a database seeded before collections and landings existed the demo ones, with the agents’ and partners’ pages, once', async () => {
    const db = t.services.database.db;
    await db.execute(sql`delete from custom_collections`);
    await db.execute(sql`delete from multilingual_landings`);
    await db.execute(sql`delete from pages where slug in ('agents', 'partners')`);
    expect(await seedIfEmpty(t.services.database)).toBe(true);
    expect((await createCollectionService(db, t.services.catalogue).slugs()).sort()).toEqual(demoCollections.map((c) => c.slug).sort());
    expect((await createLandingService(db).pages()).map((p) => p.locales)).toEqual([['en', 'zh']]);
    const pages = await db.execute<{ slug: string }>(sql`select slug from pages where slug in ('agents', 'partners') order by slug`);
    const rows = (Array.isArray(pages) ? pages : (pages as { rows: { slug: string }[] }).rows) as { slug: string }[];
    expect(rows.map((r) => r.slug)).toEqual(['agents', 'partners']);
    expect(await seedIfEmpty(t.services.database)).toBe(false);
  });
});
