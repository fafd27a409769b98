import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_TEMPLATES, type PageTemplate } from '#core/content/pages.ts';
import { isPurchasePage } from '#core/purchase/calculator.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { localizePath } from '#core/i18n/routing.ts';
import { COOKIES } from '#core/http/cookies.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { pageRequest, type PageCache } from './page-cache.ts';
import { PAYLOAD_FILE } from './pages.ts';
import { BUILD_DIR } from './ssr.ts';

/**
 * Static pages prerendered at build (ADR 028). `npm run build` renders the policy pages and the like (the `text` and
 * `disclosure` templates: text from the back office, nothing time-bound, no form) in every language, for the device
 * states first visits come with, together with each page's payload file (`{path}/_payload.json?{build id}`, what a
 * click to the page loads). The server keeps them from its start (the page cache, ADR 023): answered while every
 * kind of data they read is at the version the build saw; once one moves (an edit in the back office), the page is
 * rendered on request again and kept as any page is.
 */

/** The templates whose pages are prerendered: their text alone (or in a box). */
export const PRERENDERED_TEMPLATES: readonly PageTemplate[] = ['text', 'disclosure'];

/** The file a build's prerendered pages are written to (`PRERENDER_FILE` overrides it). */
export const prerenderFile = (config: Pick<Config, 'PRERENDER_FILE'>): string => config.PRERENDER_FILE ?? `${BUILD_DIR}/prerendered/pages.json`;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLEBOT_PHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const YANDEXBOT = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';

/** What browsers send for a document, and for a `fetch` (the payload file). */
const DOCUMENT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const SAFARI_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

type Profile = { userAgent: string; accept: string; hints?: Record<string, string> };

/** The device states the build renders for: the browsers most visits come from, and the search engines' crawlers. */
const PROFILES: Profile[] = [
  { userAgent: CHROME, accept: DOCUMENT_ACCEPT, hints: { 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' } },
  { userAgent: CHROME_MAC, accept: DOCUMENT_ACCEPT, hints: { 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"macOS"' } },
  { userAgent: ANDROID, accept: DOCUMENT_ACCEPT, hints: { 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' } },
  { userAgent: SAFARI_MAC, accept: SAFARI_ACCEPT },
  { userAgent: IPHONE, accept: SAFARI_ACCEPT },
  { userAgent: GOOGLEBOT, accept: DOCUMENT_ACCEPT },
  { userAgent: GOOGLEBOT_PHONE, accept: DOCUMENT_ACCEPT },
  { userAgent: YANDEXBOT, accept: DOCUMENT_ACCEPT },
];

/** The payload file of a page path (`/en/privacy` → `/en/privacy/_payload.json?{id}`). */
export function payloadUrl(path: string, buildId: string): string {
  return `${path === '/' ? '' : path}${PAYLOAD_FILE}?${buildId}`;
}

/** The addresses of the pages a build prerenders: each published page of those templates, in every language. */
export async function prerenderPaths(services: Services, config: Pick<Config, 'LOCALE_STRATEGY'>): Promise<string[]> {
  const others = PAGE_TEMPLATES.filter((template) => !PRERENDERED_TEMPLATES.includes(template));
  // The purchase pages carry the live programmes and their calculator: rendered on request.
  return (await services.pages.slugs(others))
    .filter((slug) => !isPurchasePage(slug))
    .flatMap((slug) => LOCALES.map((locale) => localizePath(`/${slug}`, locale, config.LOCALE_STRATEGY)));
}

const storedPage = z.object({
  key: z.string(),
  status: z.number().int(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  etag: z.string(),
  scriptHashes: z.array(z.string()),
  styleHashes: z.array(z.string()),
  deps: z.array(z.tuple([z.string(), z.string()])),
});
const prerenderedFile = z.object({
  id: z.string(),
  timestamp: z.number(),
  paths: z.array(z.string()),
  /** The data versions the pages were made from, with the time each was bumped (`DataVersions.stamps`). */
  stamps: z.record(z.string(), z.string()),
  pages: z.array(storedPage),
  bodies: z.record(z.string(), z.object({ body: z.string(), br: z.string(), gzip: z.string() })),
});
export type Prerendered = z.infer<typeof prerenderedFile>;

/**
 * Renders each path for every profile (a visitor who is measured, one who declined, the crawlers), and its payload
 * file, through the app's own page handler; returns what the page cache then keeps. A page that could not be kept
 * (it read something unversioned, or did not answer 200) fails the build: it would not be prerendered.
 */
export async function prerender(
  app: FastifyInstance,
  services: Services,
  pageCache: PageCache,
  paths: string[],
  buildId: string,
  config: Pick<Config, 'ANALYTICS_CONSENT'>,
): Promise<Prerendered> {
  pageCache.clear();
  const stamps = await services.versions.stamps();
  const keys = new Set<string>();
  for (const path of paths) {
    for (const profile of PROFILES) {
      for (const cookie of [undefined, `${COOKIES.consent.name}=declined`]) {
        const base = { 'user-agent': profile.userAgent, 'accept-language': 'ru', ...profile.hints, ...(cookie ? { cookie } : {}) };
        for (const [url, accept] of [
          [path, profile.accept],
          [payloadUrl(path, buildId), '*/*'],
        ] as const) {
          const headers = { ...base, accept };
          const { key } = pageRequest(url, headers, config.ANALYTICS_CONSENT);
          if (keys.has(key)) continue;
          keys.add(key);
          const answer = await app.inject({ method: 'GET', url, headers });
          const state = answer.headers['x-cache'];
          if (answer.statusCode !== 200 || (state !== 'MISS' && state !== 'HIT')) {
            throw new Error(`prerender: ${url} answered ${answer.statusCode} (${String(state)}): it cannot be prerendered`);
          }
        }
      }
    }
  }
  // A write during the renders would leave pages of two versions: the build fails rather than keep them.
  if (JSON.stringify(await services.versions.stamps()) !== JSON.stringify(stamps)) throw new Error('prerender: the data changed while rendering; build again');
  return { id: buildId, timestamp: Date.now(), paths, stamps, ...pageCache.exportPages() };
}

/** Writes the prerendered pages where the server reads them (atomically: a server never reads half a file). */
export function writePrerendered(file: string, prerendered: Prerendered): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(prerendered));
  renameSync(`${file}.tmp`, file);
}

/**
 * The build's prerendered pages, put in the page cache; returns their paths (`/builds/meta/{id}.json` lists them).
 * None when there is no file, or it was made for another build (its pages would carry another build's scripts). A
 * page is taken only when every kind of data it read is still as the build saw it in this very database (the
 * version and the time of its bump: a counter alone could match another database's); the others render on request.
 */
export async function loadPrerendered(file: string, buildId: string, pageCache: PageCache | null, services: Services): Promise<string[]> {
  if (!pageCache || !existsSync(file)) return [];
  const prerendered = prerenderedFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  if (prerendered.id !== buildId) return [];
  const now = await services.versions.stamps();
  const current = (kind: string) => prerendered.stamps[kind] !== undefined && prerendered.stamps[kind] === now[kind];
  const pages = prerendered.pages.filter((page) => page.deps.every(([kind]) => current(kind)));
  pageCache.prime(pages, prerendered.bodies);
  // The paths whose payload file was taken: the browser asks for those files (a CDN keeps them per build).
  return prerendered.paths.filter((path) => pages.some((page) => page.key.startsWith(`${payloadUrl(path, buildId)}|`)));
}
