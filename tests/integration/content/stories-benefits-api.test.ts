import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits as demoBenefits } from '#content/benefits.ts';
import { stories as demoStories } from '#content/stories.ts';
import { seedIfEmpty } from '#server/db/seed.ts';
import { createStoriesService } from '#server/modules/home/stories.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Card = { story: string; position: number; kind: string; title: string; image: { url: string } | null; link: { url: string; label: string } | null };
type BenefitRow = { project: string | null; title: string; icon: string };

/** Stories on phones and benefits (spec §7): good and bad input, on each engine. */
describe.each(ENGINES)('stories and benefits API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('lists the stories in their order and language, each with its ring picture, format and link', async () => {
    const body = await json('/api/stories_mobile/?lang=en');
    expect(body).toMatchObject({ count: demoStories.length, next: null, previous: null });
    expect(body.results.map((s: { title: string }) => s.title)).toEqual(demoStories.map((s) => s.title.en));
    const [penthouse] = body.results;
    expect(penthouse).toMatchObject({
      slug: 'penthouse',
      lotType: 'flat',
      rareFormat: 'penthouse',
      url: '/filter?project=3&type=flat&floor_min=25',
      cards: demoStories[0]!.cards.length,
      cover: { src: demoStories[0]!.cover.src, width: 3200, height: 2000, alt: demoStories[0]!.cover.alt.en },
    });
    expect(penthouse.cover.url).toMatch(/w:160\/h:160\/plain\/demo\/photo-dusk\.jpg@webp$/);
    const ru = await json('/api/stories_mobile/?lang=ru');
    expect(ru.results[0].title).toBe('Пентхаусы');
  });

  it('gives the cards of a story, of a kind of lot and of a rare format, story after story', async () => {
    const terrace = await json('/api/story_cards_mobile/?slug=terrace&lang=zh');
    expect(terrace.results.map((c: Card) => c.title)).toEqual(demoStories[1]!.cards.map((c) => c.title.zh));
    expect(terrace.results.map((c: Card) => c.position)).toEqual([0, 1]);
    expect(terrace.results[0]).toMatchObject({ story: 'terrace', kind: 'picture', link: null });
    expect(terrace.results[0].image.url).toMatch(/w:720\/h:1280\/plain\/demo\/render-day\.jpg@webp$/);
    expect(terrace.results[1].link).toEqual({ url: '/projects/2', label: '了解项目' });

    // The spec's call: `slug=flat` with an empty rare format is every story about flats, in their order.
    const flats = await json('/api/story_cards_mobile/?slug=flat&rare_format_type=');
    const flatStories = demoStories.filter((s) => s.lotType === 'flat');
    expect([...new Set(flats.results.map((c: Card) => c.story))]).toEqual(flatStories.map((s) => s.slug));
    expect(flats.count).toBe(flatStories.reduce((n, s) => n + s.cards.length, 0));
    const penthouse = await json('/api/story_cards_mobile/?slug=flat&rare_format_type=penthouse&lang=en');
    expect(penthouse.results.map((c: Card) => c.story)).toEqual(['penthouse', 'penthouse', 'penthouse']);
    expect(penthouse.results[1]).toMatchObject({ kind: 'text', image: null });
    const parking = await json('/api/story_cards_mobile/?slug=parking');
    expect(parking.results.every((c: Card) => c.story === 'parking')).toBe(true);
    // A format no story is about has no cards; nothing asked, every card.
    expect((await json('/api/story_cards_mobile/?rare_format_type=two_level')).count).toBe(0);
    expect((await json('/api/story_cards_mobile/')).count).toBe(demoStories.reduce((n, s) => n + s.cards.length, 0));
  });

  it('gives a project page its own benefits first, then the developer’s said on pages; the dialog, those said in it', async () => {
    const page = await json('/api/benefits_project_page/?project=2&lang=en');
    const own = demoBenefits.filter((b) => b.project === 2);
    const developerOnPage = demoBenefits.filter((b) => b.project === null && b.onPage !== false);
    expect(page.results.map((b: BenefitRow) => b.title)).toEqual([...own, ...developerOnPage].map((b) => b.title.en));
    expect(page.results[0]).toMatchObject({ project: '2', icon: own[0]!.icon });
    expect(page.results.at(-1).project).toBeNull();

    const popup = await json('/api/benefits_popup/?project=2&lang=ru');
    const developerInPopup = demoBenefits.filter((b) => b.project === null && b.inPopup !== false);
    expect(popup.results.map((b: BenefitRow) => b.title)).toEqual([...own, ...developerInPopup].map((b) => b.title.ru));
    // Without a project, the dialog has the developer's alone.
    expect((await json('/api/benefits_popup/')).results.map((b: BenefitRow) => b.project)).toEqual(developerInPopup.map(() => null));
  });

  it('says a project’s advantages from the benefits table in its about call, and counts its figures from the catalogue', async () => {
    const about = await json('/api/project/2/about/?lang=en');
    const page = await json('/api/benefits_project_page/?project=2&lang=en');
    expect(about.advantages).toEqual(page.results.map((b: { title: string; text: string }) => ({ title: b.title, description: b.text })));
    const lots = await json('/api/filter/?project=2&type=flat&status=free,booked,sold&limit=1');
    const parking = await json('/api/filter/?project=2&type=parking&status=free,booked,sold&limit=1');
    const figures = Object.fromEntries(about.indicators.map((i: { value: string; label: string }) => [i.label, i.value]));
    expect(figures).toMatchObject({
      buildings: '3',
      storeys: '15–17',
      'flats in the project': lots.count.toLocaleString('en-GB'),
      'ceiling height': '2.9 m',
      completion: 'Q4 2027',
      'parking spaces': String(parking.count),
    });
    expect(about.indicators.length).toBeGreaterThanOrEqual(8);
    const detail = await json('/api/project/2/');
    expect(detail).not.toHaveProperty('advantages');
  });

  it('answers a bad parameter with a 400 naming it', async () => {
    await expectBad('/api/story_cards_mobile/?slug=nope', 'slug');
    await expectBad('/api/story_cards_mobile/?slug=Bad%20Slug', 'slug');
    await expectBad('/api/story_cards_mobile/?rare_format_type=loft', 'rare_format_type');
    await expectBad('/api/stories_mobile/?lang=fr', 'lang');
    await expectBad('/api/benefits_project_page/', 'project');
    await expectBad('/api/benefits_project_page/?project=99', 'project');
    await expectBad('/api/benefits_popup/?project=abc', 'project');
    await expectBad('/api/benefits_popup/?project=2&lang=de', 'lang');
  });

  it('is documented: the four calls are in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['/api/stories_mobile/', '/api/story_cards_mobile/', '/api/benefits_popup/', '/api/benefits_project_page/'])
      expect(doc.paths[path]?.get, path).toBeDefined();
  });

  it('refuses rows the tables’ rules forbid', async () => {
    const { db } = t.services.database;
    await expect(
      db.execute(sql`insert into stories (slug, title, lot_type, rare_format, url, cover, cover_width, cover_height, cover_alt)
      values ('x', '{}', 'parking', 'terrace', '/', 'a.png', 1, 1, '{}')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into story_cards (story_id, kind, title, text) select id, 'picture', '{}', '{}' from stories limit 1`),
    ).rejects.toThrow();
    await expect(db.execute(sql`insert into benefits (title, text, icon, in_popup, on_page) values ('{}', '{}', 'key', false, false)`)).rejects.toThrow();
    await expect(db.execute(sql`insert into benefits (title, text, icon) values ('{}', '{}', 'rocket')`)).rejects.toThrow();
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
    const service = createStoriesService(db, policy);
    const stories = await service.stories('en');
    const benefits = await service.benefits('en', 1, 'page');
    failing.fail = true;
    now = 40_000;
    expect(await service.stories('en')).toEqual(stories);
    expect(await service.benefits('en', 1, 'page')).toEqual(benefits);
    await expect(createStoriesService(db, policy).stories('en')).rejects.toThrow('database down');
    failing.fail = false;
    await t.services.database.db.execute(sql`update stories set title = jsonb_set(title, '{en}', '"Sky homes"') where slug = 'penthouse'`);
    service.invalidate();
    expect((await service.stories('en'))[0]!.title).toBe('Sky homes');
  });

  it('gives a database seeded before stories and benefits existed the demo ones on the next start', async () => {
    await t.services.database.db.execute(sql`delete from stories`);
    await t.services.database.db.execute(sql`delete from benefits`);
    expect(await seedIfEmpty(t.services.database)).toBe(true);
    const service = createStoriesService(t.services.database.db);
    expect((await service.stories('ru')).map((s) => s.slug)).toEqual(demoStories.map((s) => s.slug));
    expect((await service.cards('ru')).length).toBe(demoStories.reduce((n, s) => n + s.cards.length, 0));
    expect((await service.benefits('ru', 4, 'page')).length).toBeGreaterThan(0);
    expect(await seedIfEmpty(t.services.database)).toBe(false);
  });
});
