import { describe, expect, inject, it } from 'vitest';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** What a crawler does: read the sitemap, fetch every page in it, find it whole and canonical. */
describe('sitemap pages', () => {
  it('answers every page of the sitemap (and a sample of lots) with 200 and a canonical link to itself', async () => {
    const base = inject('baseURL');
    const files = locs(await (await fetch(`${base}/sitemap.xml`)).text());
    const pages = locs(await (await fetch(files[0]!)).text());
    const lots = locs(await (await fetch(files[1]!)).text());
    const sample = lots.filter((_, i) => i % Math.ceil(lots.length / 30) === 0);
    const failures: string[] = [];
    for (const url of [...pages, ...sample]) {
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      });
      const html = await res.text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || canonical !== url) failures.push(`${res.status} ${url} (canonical ${canonical})`);
    }
    expect(failures).toEqual([]);
    expect(pages.length).toBeGreaterThan(150);
  });
});
