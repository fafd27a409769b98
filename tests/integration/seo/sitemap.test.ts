import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS_PER_FILE } from '#server/http/sitemap.ts';
import { catalogueState, customCollections, lots, multilingualLandings, pages, projects, publications } from '#server/db/schema/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** robots.txt and the sitemap, on each database engine (the pages themselves answer in the browser tests). */
describe.each(ENGINES)('robots.txt and sitemap on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { SITE_URL: 'https://example.ru' });
  });
  afterAll(async () => t?.dispose());

  it('robots.txt keeps crawlers out of the API, forms, selections and search results in every language, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'Disallow: /api/',
      'Disallow: /forms',
      'Disallow: /en/forms',
      'Disallow: /zh/selection',
      'Disallow: /search',
      'Disallow: /en/search',
      'Sitemap: https://example.ru/sitemap.xml',
    ])
      expect(res.body.split('\n')).toContain(line);
    expect(res.body).not.toMatch(/Disallow: \/$/m);
  });

  it('indexes a pages file and lot files, each page in three languages with hreflang alternates', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = locs(index.body);
    expect(files[0]).toBe('https://example.ru/sitemaps/pages.xml');
    expect(files.slice(1).every((f, i) => f === `https://example.ru/sitemaps/lots-${i + 1}.xml`)).toBe(true);

    const pages = (await t.app.inject({ url: '/sitemaps/pages.xml' })).body;
    const urls = locs(pages);
    for (const url of [
      'https://example.ru/',
      'https://example.ru/en',
      'https://example.ru/zh/projects',
      'https://example.ru/promo',
      'https://example.ru/en/news',
      'https://example.ru/privacy',
    ])
      expect(urls).toContain(url);
    expect(urls.some((u) => /\/projects\/2\/building\/\w+\/section\/\w+$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/en\/filter\/[a-z0-9-]+$/.test(u))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.some((u) => /selection|forms|\/api\//.test(u))).toBe(false);
    // Each entry names all three languages and the default.
    const entry = pages.split('\n').find((line) => line.includes('<loc>https://example.ru/en/projects</loc>'))!;
    expect(entry).toContain('hreflang="ru" href="https://example.ru/projects"');
    expect(entry).toContain('hreflang="zh" href="https://example.ru/zh/projects"');
    expect(entry).toContain('hreflang="x-default" href="https://example.ru/projects"');

    // Lots on offer, sold ones left out: the count matches the catalogue's own.
    const lotUrls: string[] = [];
    for (const file of files.slice(1)) lotUrls.push(...locs((await t.app.inject({ url: file.replace('https://example.ru', '') })).body));
    const { lots } = await t.services.catalogue.sitemapPaths();
    expect(lotUrls).toHaveLength(lots.length * 3);
    expect(lots.length).toBeLessThanOrEqual(PATHS_PER_FILE * (files.length - 1));
    const sold = await t.services.catalogue.filter({ status: ['sold'], limit: 200 }, 'ru');
    expect(sold.count).toBeGreaterThan(0);
    for (const lot of sold.results) expect(lots).not.toContain(lot.url);
  });

  it('answers 404 for a sitemap file that does not exist', async () => {
    for (const url of ['/sitemaps/lots-0.xml', '/sitemaps/lots-999.xml', '/sitemaps/other.xml'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });
});

/** `lastmod` on a fresh app whose rows were given times of their own before anything read them. */
describe.each(ENGINES)('sitemap lastmod on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { SITE_URL: 'https://example.ru' });
  });
  afterAll(async () => t?.dispose());

  /** Each `<url>` of a sitemap file: its address and its lastmod (null without one). */
  const entries = (xml: string) =>
    new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1]!.replace('https://example.ru', ''), m[2] ?? null]));
  const at = (iso: string) => new Date(iso);

  it('gives each URL the time its own data last changed', async () => {
    const { db } = t.services.database;
    const { lots: lotPaths } = await t.services.catalogue.sitemapPaths();
    const lotPath = lotPaths[0]!;
    const [, slug, type, number] = /^\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(lotPath)!;
    const [project] = await db.select().from(projects).where(eq(projects.shortSlug, slug!));
    // One lot changed last; the projects' rows earlier; every other lot before both.
    await db.update(lots).set({ updatedAt: at('2026-01-01T00:00:00Z') });
    await db.update(projects).set({ updatedAt: at('2026-02-01T00:00:00Z') });
    await db
      .update(lots)
      .set({ updatedAt: at('2026-03-04T05:06:07.890Z') })
      .where(sql`${lots.projectId} = ${project!.id} and ${lots.type} = ${type!} and ${lots.number} = ${decodeURIComponent(number!)}`);
    await db.update(catalogueState).set({ updatedAt: at('2026-04-01T10:00:00Z') });
    await db.update(publications).set({ updatedAt: at('2026-01-01T00:00:00Z') });
    const [news] = await db
      .update(publications)
      .set({ updatedAt: at('2026-05-02T03:04:05Z') })
      .where(eq(publications.slug, 'office-opening'))
      .returning();
    await db
      .update(pages)
      .set({ updatedAt: at('2026-06-01T00:00:00Z') })
      .where(eq(pages.slug, 'privacy'));
    const [collection] = await db
      .update(customCollections)
      .set({ updatedAt: at('2026-07-01T00:00:00Z') })
      .returning();
    const [landing] = await db
      .update(multilingualLandings)
      .set({ updatedAt: at('2026-08-01T00:00:00Z') })
      .where(eq(multilingualLandings.locale, 'en'))
      .returning();

    // The running site hears of the writes as it does of an editor's (the data versions the tables' triggers moved).
    await t.services.versions.check();

    const lotFiles = locs((await t.app.inject('/sitemap.xml')).body).slice(1);
    const lotEntries = new Map<string, string | null>();
    for (const file of lotFiles)
      for (const [loc, time] of entries((await t.app.inject(file.replace('https://example.ru', ''))).body)) lotEntries.set(loc, time);
    expect(lotEntries.get(lotPath)).toBe('2026-03-04T05:06:07Z');
    expect(lotEntries.get(`/en${lotPath}`)).toBe('2026-03-04T05:06:07Z');
    expect([...lotEntries.values()].every((time) => time !== null)).toBe(true);

    const page = entries((await t.app.inject('/sitemaps/pages.xml')).body);
    // The project's page: its lot changed after the project row did. Its reports: the project row.
    const projectPath = project!.shared ? `/shared-projects/${project!.id}` : `/projects/${project!.id}`;
    expect(page.get(projectPath)).toBe('2026-03-04T05:06:07Z');
    const reports = [...page.keys()].filter((loc) => /^\/zh\/projects\/\d+\/progress(\/\d+)?$/.test(loc));
    expect(reports.length).toBeGreaterThan(1);
    for (const loc of reports) expect(page.get(loc), loc).toBe('2026-02-01T00:00:00Z');
    expect(page.get('/projects')).toBe('2026-03-04T05:06:07Z');
    expect(page.get('/filter')).toBe('2026-04-01T10:00:00Z');
    expect(page.get(`/news/${news!.slug}`)).toBe('2026-05-02T03:04:05Z');
    expect(page.get('/en/news')).toBe('2026-05-02T03:04:05Z');
    expect(page.get('/privacy')).toBe('2026-06-01T00:00:00Z');
    expect(page.get(`/${collection!.slug}`)).toBe('2026-07-01T00:00:00Z');
    // A landing's language versions are rows of their own: each its own time.
    expect(page.get(`/en/${landing!.slug}`)).toBe('2026-08-01T00:00:00Z');
    // No one row stands for the home page: no lastmod rather than an invented one.
    expect(page.get('/')).toBeNull();
  });
});
