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
 * hreflang alternates, so each language version is found and tied to the others. Lots sold leave it. Each URL's
 * `lastmod` is when its own data last changed (the rows' `updated_at`): a lot's, a project screen's (the project and
 * the lots it shows), a publication's, a page's, a collection's, each language version of a landing's; the filter's
 * pages the catalogue's; a list the latest of its items'. The home page, contacts and auctions have no one row: none.
 */
export function registerSeoRoutes(app: FastifyInstance, opts: { services: Services; config: Config }): void {
  const { services, config } = opts;
  const origin = config.siteOrigin;
  const absolute = (path: string, locale: (typeof LOCALES)[number]) => origin + localizePath(path, locale, config.LOCALE_STRATEGY);

  type SitemapTimes = Awaited<ReturnType<Services['catalogue']['sitemapTimes']>>;
  // The lists and their times change when the catalogue does: remembered per catalogue version.
  let memo: { version: number; screens: string[]; lots: string[]; times: SitemapTimes } | null = null;
  async function catalogue() {
    const version = await services.catalogue.version();
    if (!memo || memo.version !== version) {
      const [paths, times] = await Promise.all([services.catalogue.sitemapPaths(), services.catalogue.sitemapTimes()]);
      memo = { ...paths, times };
    }
    return memo;
  }

  /**
   * A path in every language, or (a landing) in the languages it is written in; with when it last changed, one time
   * for every language or one per language.
   */
  type Entry = { path: string; locales?: readonly Locale[]; lastmod?: Date | Partial<Record<Locale, Date>> | undefined };
  const latest = (times: Iterable<Date>): Date | undefined => {
    let out: Date | undefined;
    for (const time of times) if (!out || time > out) out = time;
    return out;
  };

  async function pagePaths(): Promise<Entry[]> {
    const [{ screens, times }, seo, promos, news, promoTimes, newsTimes, slugs, pageTimes, collections, collectionTimes, landings] = await Promise.all([
      catalogue(),
      services.catalogue.seoFilters(DEFAULT_LOCALE),
      services.publications.list('promo', DEFAULT_LOCALE),
      services.publications.list('news', DEFAULT_LOCALE),
      services.publications.updatedTimes('promo'),
      services.publications.updatedTimes('news'),
      // The partners' page asks for basic auth when it is configured: a crawler would only meet the 401.
      services.pages.slugs(services.leads.partnerAuthRequired() ? ['partners'] : []),
      services.pages.updatedTimes(),
      services.collections.slugs(),
      services.collections.updatedTimes(),
      services.landings.pages(),
    ]);
    const catalogueTime = times.catalogue ?? undefined;
    return [
      { path: '/' },
      {
        path: '/projects',
        lastmod: latest(screens.filter((path) => /^\/(shared-)?projects\/[^/]+$/.test(path)).flatMap((path) => times.byPath.get(path) ?? [])),
      },
      { path: '/filter', lastmod: catalogueTime },
      { path: '/promo', lastmod: latest(promoTimes.values()) },
      { path: '/news', lastmod: latest(newsTimes.values()) },
      { path: '/contacts' },
      { path: '/auctions' },
      ...screens.map((path) => ({ path, lastmod: times.byPath.get(path) })),
      ...seo.map((page) => ({ path: page.url, lastmod: catalogueTime })),
      ...promos.map((item) => ({ path: item.url, lastmod: promoTimes.get(item.url) })),
      ...news.map((item) => ({ path: item.url, lastmod: newsTimes.get(item.url) })),
      ...slugs.map((slug) => ({ path: `/${slug}`, lastmod: pageTimes.get(slug) })),
      ...collections.map((slug) => ({ path: `/${slug}`, lastmod: collectionTimes.get(slug) })),
      ...landings.map((landing) => ({ path: landing.path, locales: landing.locales, lastmod: landing.updatedAt })),
    ];
  }

  /** The W3C date-time the sitemap protocol takes, to the second in UTC. */
  const w3c = (time: Date) => `${time.toISOString().slice(0, 19)}Z`;

  function urlset(paths: Entry[]): string {
    const entries: string[] = [];
    for (const entry of paths) {
      const { path } = entry;
      const locales = entry.locales ?? LOCALES;
      const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0]!;
      const alternates = [
        ...locales.map(
          (locale) => `<xhtml:link rel="alternate" hreflang="${LOCALE_ENTRIES[locale].iso.split('-')[0]}" href="${escapeXml(absolute(path, locale))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute(path, fallback))}"/>`,
      ].join('');
      for (const locale of locales) {
        const time = entry.lastmod instanceof Date ? entry.lastmod : entry.lastmod?.[locale];
        const lastmod = time ? `<lastmod>${w3c(time)}</lastmod>` : '';
        entries.push(`<url><loc>${escapeXml(absolute(path, locale))}</loc>${lastmod}${alternates}</url>`);
      }
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP}" xmlns:xhtml="${XHTML}">\n${entries.join('\n')}\n</urlset>\n`;
  }

  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);

  app.get('/robots.txt', async (_request, reply) => {
    // Forms, the visitor's own selection, the site search's result pages (an endless space of queries; they also say
    // noindex) and the developer pages: in every language's address.
    const blocked = ['/forms', '/selection', '/search', '/_icons', '/ui-kit', '/_error'].flatMap((path) => [
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
    const { lots, times } = await catalogue();
    const n = match ? Number(match[1]) : 0;
    if (!n || (n - 1) * PATHS_PER_FILE >= lots.length) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap.');
    return xml(reply, urlset(lots.slice((n - 1) * PATHS_PER_FILE, n * PATHS_PER_FILE).map((path) => ({ path, lastmod: times.byPath.get(path) }))));
  });
}
