import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS_PER_FILE } from '#server/http/sitemap.ts';
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

  it('robots.txt keeps crawlers out of the API, forms and selections in every language, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of ['Disallow: /api/', 'Disallow: /forms', 'Disallow: /en/forms', 'Disallow: /zh/selection', 'Sitemap: https://example.ru/sitemap.xml'])
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
