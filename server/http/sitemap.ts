import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_ENTRIES, LOCALES, type Locale } from '#core/i18n/locales.ts';
import { localizePath } from '#core/i18n/routing.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { escapeXml } from '../lib/xml.ts';

/** Paths per sitemap file: each becomes one `<url>` per language, under the protocol's 50,000. */
export const PATHS_PER_FILE = 15_000;
const XHTML = 'http://www.w3.org/1999/xhtml';
const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * What search engines read first: `/robots.txt` (what not to crawl, where the sitemap is) and the sitemap
 * (an index of `/sitemaps/pages.xml` and `/sitemaps/lots-{n}.xml`), every page in every language with its
 * hreflang alternates, so each language version is found and tied to the others. Lots sold leave it.
 */
export function registerSeoRoutes(app: FastifyInstance, opts: { services: Services; config: Config }): void {
  const { services, config } = opts;
  const origin = config.siteOrigin;
  const absolute = (path: string, locale: (typeof LOCALES)[number]) => origin + localizePath(path, locale, config.LOCALE_STRATEGY);

  // The lists change when the catalogue does: remembered per catalogue version.
  let memo: { version: number; screens: string[]; lots: string[] } | null = null;
  async function catalogue() {
    const version = await services.catalogue.version();
    if (!memo || memo.version !== version) memo = await services.catalogue.sitemapPaths();
    return memo;
  }

  /** A path in every language, or (a landing) in the languages it is written in. */
  type Entry = string | { path: string; locales: readonly Locale[] };

  async function pagePaths(): Promise<Entry[]> {
    const [{ screens }, seo, promos, news, slugs, collections, landings] = await Promise.all([
      catalogue(),
      services.catalogue.seoFilters(DEFAULT_LOCALE),
      services.publications.list('promo', DEFAULT_LOCALE),
      services.publications.list('news', DEFAULT_LOCALE),
      // The partners' page asks for basic auth when it is configured: a crawler would only meet the 401.
      services.pages.slugs(services.leads.partnerAuthRequired() ? ['partners'] : []),
      services.collections.slugs(),
      services.landings.pages(),
    ]);
    return [
      '/',
      '/projects',
      '/filter',
      '/promo',
      '/news',
      '/contacts',
      '/auctions',
      ...screens,
      ...seo.map((page) => page.url),
      ...promos.map((item) => item.url),
      ...news.map((item) => item.url),
      ...slugs.map((slug) => `/${slug}`),
      ...collections.map((slug) => `/${slug}`),
      ...landings.map((landing) => ({ path: landing.path, locales: landing.locales })),
    ];
  }

  function urlset(paths: Entry[]): string {
    const entries: string[] = [];
    for (const entry of paths) {
      const { path, locales } = typeof entry === 'string' ? { path: entry, locales: LOCALES } : entry;
      const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0]!;
      const alternates = [
        ...locales.map(
          (locale) => `<xhtml:link rel="alternate" hreflang="${LOCALE_ENTRIES[locale].iso.split('-')[0]}" href="${escapeXml(absolute(path, locale))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute(path, fallback))}"/>`,
      ].join('');
      for (const locale of locales) entries.push(`<url><loc>${escapeXml(absolute(path, locale))}</loc>${alternates}</url>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP}" xmlns:xhtml="${XHTML}">\n${entries.join('\n')}\n</urlset>\n`;
  }

  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);

  app.get('/robots.txt', async (_request, reply) => {
    // Forms, the visitor's own selection and the developer pages: in every language's address.
    const blocked = ['/forms', '/selection', '/_icons', '/ui-kit', '/_error'].flatMap((path) => [
      ...new Set([path, ...LOCALES.map((locale) => localizePath(path, locale, config.LOCALE_STRATEGY))]),
    ]);
    const lines = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin',
      ...blocked.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const { lots } = await catalogue();
    const files = ['pages', ...Array.from({ length: Math.ceil(lots.length / PATHS_PER_FILE) }, (_, i) => `lots-${i + 1}`)];
    const body = files.map((file) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file}.xml`)}</loc></sitemap>`).join('\n');
    return xml(reply, `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP}">\n${body}\n</sitemapindex>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params;
    if (file === 'pages.xml') return xml(reply, urlset(await pagePaths()));
    const match = /^lots-([1-9]\d{0,4})\.xml$/.exec(file);
    const { lots } = await catalogue();
    const n = match ? Number(match[1]) : 0;
    if (!n || (n - 1) * PATHS_PER_FILE >= lots.length) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap.');
    return xml(reply, urlset(lots.slice((n - 1) * PATHS_PER_FILE, n * PATHS_PER_FILE)));
  });
}
