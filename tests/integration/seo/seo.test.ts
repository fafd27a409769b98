import { describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { schemaOrgProblems } from '#app/components/seo/schema-org-check.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
/** The schema.org blocks of a page, by type. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown> & { '@type': string });
/** An absolute address of an image this site serves. */
async function expectImage(url: string): Promise<void> {
  expect(url).toMatch(new RegExp(`^${SITE}/`));
  const res = await fetch(url, { headers: GOOGLEBOT });
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type'), url).toMatch(/^image\//);
}
const site = setupSiteApp();
/** The site's answers, through inject(). */
const fetch = site.fetch;
const GOOGLEBOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

/** What a crawler does: read the sitemap, fetch every page in it, find it whole and canonical. */
describe('sitemap pages', () => {
  it('answers every page of the sitemap (and a sample of lots) with 200 and a canonical link to itself', async () => {
    const base = SITE;
    const files = locs(await (await fetch(`${base}/sitemap.xml`)).text());
    const pages = locs(await (await fetch(files[0]!)).text());
    const lots = locs(await (await fetch(files[1]!)).text());
    const sample = lots.filter((_, i) => i % Math.ceil(lots.length / 30) === 0);
    const failures: string[] = [];
    // Three at a time, as a polite crawler would (the server renders four at once). The limit below is for a hang:
    // ~180 pages rendered in this process took 120 s alone and 280 s beside the browser tests.
    const queue = [...pages, ...sample];
    const crawl = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await fetch(url, { redirect: 'manual', headers: GOOGLEBOT });
        const html = await res.text();
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        if (res.status !== 200 || canonical !== url) failures.push(`${res.status} ${url} (canonical ${canonical})`);
      }
    };
    await Promise.all([crawl(), crawl(), crawl()]);
    expect(failures).toEqual([]);
    expect(pages.length).toBeGreaterThan(150);
  }, 600_000);

  it('describes a lot, its project, the developer and the breadcrumbs as schema.org data', async () => {
    const base = SITE;
    const lot = (
      (await (await fetch(`${base}/api/filter/?type=flat&limit=1&lang=en`)).json()) as {
        results: { url: string; price: number; area: number; projectId: string }[];
      }
    ).results[0]!;
    const blocks = jsonLd(await (await fetch(`${base}/en${lot.url}`, { headers: GOOGLEBOT })).text());
    const listing = blocks.find((b) => b['@type'] === 'RealEstateListing')!;
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      url: `${base}/en${lot.url}`,
      mainEntity: {
        '@type': 'Apartment',
        floorSize: { value: lot.area, unitCode: 'MTK' },
        containedInPlace: { '@type': 'ApartmentComplex', url: `${base}/en/projects/${lot.projectId}` },
      },
      offers: { '@type': 'Offer', price: lot.price, priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
    });
    await expectImage(String(listing['image']));
    const trail = blocks.find((b) => b['@type'] === 'BreadcrumbList') as unknown as { itemListElement: { position: number; name: string; item?: string }[] };
    expect(trail.itemListElement[0]).toMatchObject({ position: 1, name: 'Home', item: `${base}/en` });
    expect(trail.itemListElement.at(-1)!.item).toBeUndefined();

    const project = jsonLd(await (await fetch(`${base}/projects/${lot.projectId}`, { headers: GOOGLEBOT })).text());
    expect(project.find((b) => b['@type'] === 'ApartmentComplex')).toMatchObject({
      url: `${base}/projects/${lot.projectId}`,
      address: { addressCountry: 'RU' },
    });
    const home = jsonLd(await (await fetch(`${base}/zh`, { headers: GOOGLEBOT })).text());
    expect(home.find((b) => b['@type'] === 'Organization')).toMatchObject({ name: '北线开发', url: `${base}/zh` });
    const news = jsonLd(await (await fetch(`${base}/news/zvezdny-presale`, { headers: GOOGLEBOT })).text());
    const organisation = home.find((b) => b['@type'] === 'Organization')!;
    await expectImage(String(organisation['logo']));
    const article = news.find((b) => b['@type'] === 'NewsArticle')!;
    expect(article).toMatchObject({
      datePublished: '2026-11-18',
      dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\d/),
      url: `${base}/news/zvezdny-presale`,
      author: { '@type': 'Organization', url: `${base}/` },
    });
    expect(String(article['dateModified']) >= '2026-11-18').toBe(true);
    await expectImage(String(article['image']));
    for (const block of [...blocks, ...project, ...home, ...news]) expect(schemaOrgProblems(block), JSON.stringify(block)).toEqual([]);
  });
});
