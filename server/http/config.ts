import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STRATEGIES } from '#core/i18n/locales.ts';
import { bool, envMeta, httpUrl, secret } from '../lib/env.ts';

/** The demo's anti-bot salt: fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ANTIBOT_SALT = 'severnaya-liniya-antibot';

/** TRUST_PROXY as parsed: off, every hop, the number of hops in front of the server, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, `address/prefix` or `IPv4/netmask` that proxy-addr (Fastify's trustProxy) understands. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === 'yes') return true;
  if (text === 'false' || text === 'no' || text === '0' || text === '') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count or a comma list of proxy addresses/CIDRs (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY value. Fastify 5 ignores a bare hop count (it cannot check the
 * immediate peer), so a count becomes the function proxy-addr calls per hop: the nearest `hops` are believed.
 */
export function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value > 0 ? (_address: string, hop: number) => hop < value : false;
  return value;
}

/** Where the server listens and what it believes of the proxies in front (server/main.ts, server/app.ts). */
export const listenConfigSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1').describe('Where to listen. Use 0.0.0.0 in a container.'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('The port to listen on; 0 takes a free one.'),
    SITE_URL: httpUrl()
      .optional()
      .meta(envMeta({ example: 'https://www.example.ru', defaultText: 'the listening address', production: 'required' }))
      .describe(
        'Public origin of the site: canonical links, hreflang, sitemap, feeds, PDFs and the CSRF Origin check. Unset on loopback, it is the address the server listens on; a production server listening beyond loopback requires it.',
      ),
    TRUST_PROXY: z
      .string()
      .transform(parseTrustProxy)
      .default(false)
      .describe(
        "Which X-Forwarded-For/-Proto to believe (client IPs for the rate limits, HTTPS for HSTS), as Fastify's trustProxy: false (ignore them), a hop count (1 = one proxy in front; only when the server is reachable through it alone), a comma list of proxy addresses/CIDRs (e.g. 10.0.0.1,172.16.0.0/12, or loopback, linklocal, uniquelocal), or true (every hop: only when the proxy replaces X-Forwarded-For, else visitors choose their own address).",
      ),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(120_000)
      .default(10_000)
      .describe('How long (ms) a graceful shutdown waits for the requests in progress.'),
    ACCEPT_SOCKETS: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(128)
      .describe(
        "Sockets listening on the port in this process (SO_REUSEPORT, Linux): libuv takes one new connection per socket per turn of the event loop, so under load more sockets keep new connections from waiting in the kernel's queue (server/http/acceptors.ts, ADR 010). 1 = one socket, as on other systems.",
      ),
    WEB_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(0)
      .max(64)
      .default(0)
      .describe(
        'Server processes serving the port (server/cluster.ts, ADR 036). 0: one per core when DATABASE_URL names PostgreSQL and REDIS_URL is set (the processes then share their limits and learn of each other’s writes), else one. More than one needs DATABASE_URL (the embedded database is one process’s) and REDIS_URL (or each process would keep its own limits); the processes share the database connections one would pool.',
      ),
  })
  .meta({ title: 'Listening and proxies' })
  .describe('Where the server listens, the public origin it names in links, and the proxies it believes (server/main.ts, server/app.ts).');

/** Load shedding (server/http/load.ts): beyond these, page and API requests get a quick 503 + Retry-After. */
export const loadSheddingConfigSchema = z
  .object({
    LOAD_MAX_IN_FLIGHT: z.coerce
      .number()
      .int()
      .min(0)
      .max(100_000)
      .default(64)
      .describe(
        "The most page and API requests in progress at once (0 = unbounded). Within it the limit adapts to the event loop's delay (LOAD_TARGET_EVENT_LOOP_DELAY_MS), from 4 up; more wait in a queue. Visitors' writes (leads, bookings, bids, form posts) are never counted nor held.",
      ),
    LOAD_TARGET_EVENT_LOOP_DELAY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(50)
      .describe(
        "The event loop's mean delay (ms, read every 200 ms) the admission steers to: the requests in progress grow while it stays below and shrink when it goes above (0 = a fixed limit of LOAD_MAX_IN_FLIGHT).",
      ),
    LOAD_MAX_QUEUE: z.coerce.number().int().min(0).max(1_000_000).default(256).describe('Requests waiting for a slot; beyond, a 503 at once.'),
    LOAD_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(1000).describe('Longest wait in the queue (ms) before a 503.'),
    LOAD_QUEUE_TARGET_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(100)
      .describe(
        'Once the queue has not emptied for 100 ms (overload, not a burst), the newest waiter is served first and, each time a slot frees, those waiting longer than this (ms) get a 503 (0 = first come, first served until LOAD_MAX_QUEUE_WAIT_MS).',
      ),
    LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(1000)
      .describe("A 503 while the event loop's mean delay (ms, over a second) is above this (0 = not checked); visitors' writes excepted."),
    LOAD_MAX_HEAP_MB: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe('A 503 while the JavaScript heap is above this many MB (0 = not checked).'),
    LOAD_MAX_RSS_MB: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe("A 503 while the process's resident memory is above this many MB (0 = not checked)."),
    LOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5).describe('The Retry-After (seconds) of those 503s.'),
  })
  .meta({ title: 'Load shedding' })
  .describe(
    "Admission by the event loop's delay: beyond capacity, page and API reads get a quick 503 with Retry-After (server/http/load.ts, ADR 010); visitors' writes (leads, bookings, bids, form posts), health probes, /metrics and /assets are never shed.",
  );

/** The API's request checks (server/http/security.ts) and the metrics endpoint's token (server/http/metrics.ts). */
export const securityConfigSchema = z
  .object({
    ANTIBOT_SALT: z
      .string()
      .min(8, 'must be at least 8 characters')
      .default(DEMO_ANTIBOT_SALT)
      .meta(envMeta({ example: 'a-value-of-your-own', defaultText: 'the demo salt', production: 'required: the demo default is refused' }))
      .describe('Salt of the anti-bot token, MD5(salt + url + timestamp), on every API call; shipped to the browser.'),
    ANTIBOT_MAX_AGE_S: z.coerce.number().int().min(30).max(86_400).default(600).describe("How old (seconds) an anti-bot token's timestamp may be."),
    CSRF_META_NAME: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/)
      .default('csrf-token')
      .describe('Name of the page meta tag the API client reads the CSRF token from when there is no cookie (spec §7).'),
    METRICS_TOKEN: secret(16)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe('Bearer token for GET /metrics; without it only this machine may read them (a loopback socket, not proxied).'),
  })
  .meta({ title: 'Request checks and metrics' })
  .describe("The API's anti-bot token and CSRF meta tag (server/http/security.ts), and the token of /metrics (server/http/metrics.ts).");

/** Aids to development that production turns off unless asked. */
export const developmentConfigSchema = z
  .object({
    ERROR_PREVIEW: bool
      .optional()
      .meta(envMeta({ example: 'false', defaultText: 'on outside production' }))
      .describe('Serve /_error/{status} previews of the error page.'),
    API_CHECK_RESPONSES: bool
      .optional()
      .meta(envMeta({ example: 'false', defaultText: 'on outside production' }))
      .describe('Check every API answer against its declared schema and fail loudly on a mismatch (a logged 500).'),
  })
  .meta({ title: 'Development aids' })
  .describe('Checks and previews that are on outside production (server/http/error-page.ts, server/http/api/).');

/** The site's languages and how their addresses are made (server/http/pages.ts, the sitemap, core/i18n/). */
export const localeConfigSchema = z
  .object({
    LOCALE_STRATEGY: z
      .enum(LOCALE_STRATEGIES)
      .default('prefix_except_default')
      .describe('How addresses carry the language: prefix_except_default (the default language unprefixed), prefix, or prefix_and_default.'),
    DEFAULT_LOCALE: z.enum(LOCALES).default(DEFAULT_LOCALE).describe('The default language (ru, en or zh): unprefixed with prefix_except_default.'),
    FALLBACK_LOCALE: z.enum(LOCALES).default('en').describe('The language for visitors whose browser asks for none of ours.'),
    LOCALE_DETECT: bool
      .default(true)
      .describe('Detect the language on the first visit to the root path (cookie, then Accept-Language, then the fallback) and redirect (302).'),
  })
  .meta({ title: 'Languages' })
  .describe('The languages (ru, en, zh) and how addresses carry them (server/http/pages.ts, server/http/sitemap.ts, core/i18n/).');
