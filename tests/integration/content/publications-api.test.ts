import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications as demo } from '#content/publications.ts';
import { createPublicationService } from '#server/modules/content/publications.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/** Moscow's calendar day now, as the service reads it. */
const moscowToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
const demoOf = (kind: string) => demo.map((item, index) => ({ ...item, id: String(index + 1) })).filter((item) => item.kind === kind);
const running = (item: { endsAt?: string }) => !item.endsAt || item.endsAt >= moscowToday();

/** Promotions, news and press mentions (spec §7): lists, specs, facets and items, good and bad input, on each engine. */
describe.each(ENGINES)('publications API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('lists running promotions newest first, in the asked language, with their project and page address', async () => {
    const body = await json('/api/promo/?lang=en');
    const expected = demoOf('promo')
      .filter(running)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    expect(body.count).toBe(expected.length);
    expect(body.results.map((r: { title: string }) => r.title)).toEqual(expected.map((item) => item.title.en));
    const mortgage = body.results.find((r: { slug: string }) => r.slug === 'family-mortgage');
    expect(mortgage).toMatchObject({
      kind: 'promo',
      badge: '6%',
      url: `/promo/${mortgage.id}`,
      project: { id: '2', name: 'Pine Shore', url: '/projects/2' },
    });
    expect(mortgage.image).toMatchObject({ src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 });
    // An ended offer leaves the list.
    expect(body.results.some((r: { slug: string }) => r.slug === 'summer-instalment')).toBe(false);
    const zh = await get('/api/promo/', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.json().results[0].title).toBe(expected[0]!.title.zh);
  });

  it('filters by project, kind of premises and year, as comma lists, and pages with limit and offset', async () => {
    const parking = await json('/api/promo/?realty_types=parking,pantry');
    for (const item of parking.results) expect(item.realtyTypes.some((type: string) => ['parking', 'pantry'].includes(type))).toBe(true);
    expect(parking.count).toBe(demoOf('promo').filter((i) => running(i) && i.realtyTypes.some((r) => r === 'parking' || r === 'pantry')).length);
    const news = await json('/api/news/?project=2&year=2026');
    expect(news.results.every((item: { project: { id: string } }) => item.project.id === '2')).toBe(true);
    expect(news.count).toBeGreaterThan(0);
    // The main page's call (spec §7): three commercial news at most.
    const main = await json('/api/news/?limit=3&realty_types=commercial');
    expect(main.results.length).toBeLessThanOrEqual(3);
    for (const item of main.results) expect(item.realtyTypes).toContain('commercial');
    const first = await json('/api/news/?limit=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe('http://localhost:3000/api/news/?limit=2&offset=2');
    const second = await json('/api/news/?limit=2&offset=2');
    expect(second.previous).toBe('http://localhost:3000/api/news/?limit=2');
    expect(second.results[0].id).not.toBe(first.results[0].id);
  });

  it('describes the filter (specs) and counts what each choice would leave (facets)', async () => {
    const specs = await json('/api/promo/specs/?lang=ru');
    expect(specs.results.map((s: { name: string }) => s.name)).toEqual(['project', 'realty_types', 'year']);
    const types = specs.results.find((s: { name: string }) => s.name === 'realty_types');
    expect(types.choices).toContainEqual({ value: 'parking', label: 'Машино-место' });
    const facets = await json('/api/promo/facets/?realty_types=commercial');
    expect(facets.count).toBe(demoOf('promo').filter((i) => running(i) && i.realtyTypes.includes('commercial')).length);
    // Another item's counts apply the commercial choice; the item's own counts do not.
    expect(facets.items.project.choices['1'] ?? 0).toBe(0);
    expect(facets.items.realty_types.choices.parking).toBeGreaterThan(0);
  });

  it('gives one item by number or slug, ended promotions included, with related items and where to go next', async () => {
    const promos = demoOf('promo');
    const parkingId = promos.find((i) => i.slug === 'parking-discount')!.id;
    const item = await json(`/api/promo/${parkingId}/?lang=en`);
    expect(item).toMatchObject({ slug: 'parking-discount', filterQuery: 'project=1&type=parking' });
    expect(item.body).toMatch(/^<p>[^<]+<\/p><ul><li>/);
    expect(item.related.length).toBeGreaterThan(0);
    expect(item.related.some((r: { id: string }) => r.id === parkingId)).toBe(false);
    expect((await json('/api/promo/parking-discount/')).id).toBe(parkingId);
    const ended = await json('/api/promo/summer-instalment/');
    expect(ended).toMatchObject({ ended: true, endsAt: '2026-08-31' });
    const news = await json('/api/news/sosnovy-frame-complete/?lang=zh');
    expect(news).toMatchObject({ kind: 'news', url: '/news/sosnovy-frame-complete', title: '松林河岸：1 号楼主体结构封顶' });
    const press = await json('/api/massmedia/');
    expect(press.results[0].source.url).toMatch(/^https:\/\/example\.com\//);
    expect(press.results[0].url).toBe(press.results[0].source.url);
  });

  it('answers 400 naming the field for bad input and 404 for an unknown item', async () => {
    await expectBad('/api/promo/?project=99', 'project');
    await expectBad('/api/promo/?realty_types=castle', 'realty_types');
    await expectBad('/api/news/?year=19', 'year');
    await expectBad('/api/news/?limit=0', 'limit');
    await expectBad('/api/news/?offset=-1', 'offset');
    await expectBad('/api/massmedia/?lang=de', 'lang');
    await expectBad('/api/promo/facets/?project=x', 'project');
    await expectBad('/api/promo/specs/?lang=xx', 'lang');
    await expectBad('/api/news/Bad%20Slug/', 'key');
    await expectBad('/api/news/12/?lang=fr', 'lang');
    for (const url of ['/api/promo/999/', '/api/news/no-such-news/', '/api/massmedia/nothing/', '/api/news/family-mortgage/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toMatch(/^No /);
    }
  });
});

describe('publication dates', () => {
  it('ends an offer at midnight in Moscow, not in UTC', async () => {
    const { freshDatabase } = await import('#tests/support/db.ts');
    const { database, dispose } = await freshDatabase('pglite');
    try {
      const projects = async () => [];
      // 31 December 2026, 22:30 UTC is already 1 January 2027 in Moscow: an offer "until 31 December" has ended.
      const late = createPublicationService(database.db, { projects }, () => new Date('2026-12-31T22:30:00Z'));
      const early = createPublicationService(database.db, { projects }, () => new Date('2026-12-31T20:30:00Z'));
      const slugs = async (service: typeof late) => (await service.list('promo', 'ru')).map((item) => item.slug);
      expect(await slugs(early)).toContain('pantry-gift');
      expect(await slugs(late)).not.toContain('pantry-gift');
      expect((await late.item('promo', 'pantry-gift', 'ru'))?.ended).toBe(true);
    } finally {
      await dispose();
    }
  });
});
