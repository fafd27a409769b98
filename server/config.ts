import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STRATEGIES } from '#core/i18n/locales.ts';
import { DEFAULT_REPLAYS_ON_ERROR_SAMPLE_RATE, DEFAULT_REPLAYS_SESSION_SAMPLE_RATE, DEFAULT_TRACES_SAMPLE_RATE, dsnOrigin } from '#core/errors/sentry.ts';
import { imageConfigSchema } from './modules/images/config.ts';
import { analyticsSettings, CALL_TRACKING_PROVIDERS, CONSENT_MODES, counterCsp, MAX_COUNTER_HOSTS, type AnalyticsSettings } from '#core/analytics/counters.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((value) => value === 'true' || value === '1' || value === 'yes');
/** A probability: a share of events sampled, 0 to 1. */
const sampleRate = z.coerce.number().min(0).max(1);

/** The demo's anti-bot salt: fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ANTIBOT_SALT = 'severnaya-liniya-antibot';
/** The demo's GrowthBook client key (public by design; any value of the right shape will do). */
export const DEMO_GROWTHBOOK_CLIENT_KEY = 'sdk-severnaya-demo';
/** The demo's key for alert links (ADR 021): fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ALERTS_SECRET = 'severnaya-liniya-alerts-demo-key';
/** The demo's key of the back office's session cookies (ADR 025): fine on a developer's machine, refused by a production server beyond loopback. */
export const DEMO_ADMIN_SECRET = 'severnaya-liniya-admin-demo-secret-key';
/** The placeholder `.env.example` shows for secrets. */
export const EXAMPLE_SECRET = 'change-me-to-a-long-random-string';

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

/**
 * Every environment variable the server reads, validated once at boot.
 * `.env.example` documents each of them; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin of the site: canonical links, hreflang, sitemap, feeds, PDFs and the CSRF Origin check.
   * Unset on loopback, it is the address the server listens on; beyond loopback production requires it.
   */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which X-Forwarded-* to believe (client IPs, HTTPS for HSTS): false, true (every hop), a hop count, or a
   * comma list of proxy addresses/CIDRs (and loopback, linklocal, uniquelocal), as Fastify's `trustProxy`.
   */
  TRUST_PROXY: z.string().transform(parseTrustProxy).default(false),
  LOCALE_STRATEGY: z.enum(LOCALE_STRATEGIES).default('prefix_except_default'),
  DEFAULT_LOCALE: z.enum(LOCALES).default(DEFAULT_LOCALE),
  FALLBACK_LOCALE: z.enum(LOCALES).default('en'),
  /** Detect the visitor's language on the first visit to the root path and redirect (REFERENCE "Locales"). */
  LOCALE_DETECT: bool.default(true),
  ANTIBOT_SALT: z.string().min(8, 'must be at least 8 characters').default(DEMO_ANTIBOT_SALT),
  ANTIBOT_MAX_AGE_S: z.coerce.number().int().min(30).max(86_400).default(600),
  /** Name of the page meta tag that carries the CSRF token (spec §7). */
  CSRF_META_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('csrf-token'),
  /** Seed the demo catalogue and content when the database is empty. */
  SEED_DEMO: bool.default(true),
  /** Serve `/_error/{status}` previews of the error page (on outside production by default). */
  ERROR_PREVIEW: bool.optional(),
  /** Check every API answer against its declared schema and fail loudly on a mismatch (on outside production by default). */
  API_CHECK_RESPONSES: bool.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /**
   * Sockets listening on the port in this process (SO_REUSEPORT, Linux): libuv takes one new connection per
   * socket per turn of the event loop, so under load more sockets keep new connections from waiting in the
   * kernel's queue (server/http/acceptors.ts). 1 = one socket, as on other systems.
   */
  ACCEPT_SOCKETS: z.coerce.number().int().min(1).max(256).default(128),
  // Load shedding (server/http/load.ts): beyond these, page and API requests get a quick 503 + Retry-After.
  /**
   * Page and API requests in progress at once (0 = unbounded); more wait in a queue. Node renders on one
   * thread: beyond a few at once, each only takes longer (`npm run bench -- load`).
   */
  LOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(4),
  /** Requests waiting for a slot; beyond, 503 at once. */
  LOAD_MAX_QUEUE: z.coerce.number().int().min(0).max(1_000_000).default(8),
  /** Longest wait in the queue (ms) before a 503. */
  LOAD_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** 503 while the event loop's mean delay (ms, over a second) is above this (0 = not checked). */
  LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** 503 while the JavaScript heap or the process's resident memory is above this many MB (0 = not checked). */
  LOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  LOAD_MAX_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** The Retry-After (seconds) of those 503s. */
  LOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
  /** Error reporting with the Sentry SDK (ADR 017): `proto://publicKey@host[:port]/[path/]projectId`; off without it. */
  SENTRY_DSN: z
    .string()
    .refine((value) => dsnOrigin(value) !== null, 'must be a DSN like https://publicKey@host/projectId')
    .optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  /** Share of page loads, navigations and server requests traced (spec §9: 0.2). */
  SENTRY_TRACES_SAMPLE_RATE: sampleRate.default(DEFAULT_TRACES_SAMPLE_RATE),
  /** Share of visits recorded by session replay (spec §9: 0.01); tests force 1. */
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE: sampleRate.default(DEFAULT_REPLAYS_SESSION_SAMPLE_RATE),
  /** Share of the other visits whose replay is kept when an error happens (buffered meanwhile; ADR 017). */
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: sampleRate.default(DEFAULT_REPLAYS_ON_ERROR_SAMPLE_RATE),
  // Leads (ADR 006): where requests are delivered, how hard to retry, spam defences.
  /** CRM webhook receiving each lead as JSON, signed with CRM_WEBHOOK_SECRET (HMAC-SHA256). */
  CRM_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  CRM_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CRM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** SMTP server for lead e-mails, e.g. smtp://user:pass@mail.example.ru:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  LEADS_EMAIL_TO: z
    .string()
    .regex(/^[^\s@,]+@[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+)*$/, 'must be one or more e-mail addresses separated by commas')
    .optional(),
  LEADS_EMAIL_FROM: z.string().min(3).default('Severnaya Liniya site <no-reply@localhost>'),
  LEADS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  LEADS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  LEADS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  LEADS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Leads per client IP per 10 minutes, and per phone number per hour. */
  LEADS_IP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  LEADS_PHONE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Proof-of-work challenge: off, auto (after CAPTCHA_AUTO_AFTER leads from one IP in an hour) or always. */
  CAPTCHA_MODE: z.enum(['off', 'auto', 'always']).default('auto'),
  CAPTCHA_AUTO_AFTER: z.coerce.number().int().min(0).max(1_000_000).default(3),
  CAPTCHA_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  // Alerts without an account (ADR 021): saved searches and followed lots, confirmed by e-mail, digests over SMTP_URL.
  /** HMAC key of the confirm and unsubscribe links in alert e-mails. */
  ALERTS_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEMO_ALERTS_SECRET),
  /** Sender of alert e-mails (LEADS_EMAIL_FROM when unset). */
  ALERTS_EMAIL_FROM: z.string().min(3).optional(),
  ALERTS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  ALERTS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // The back office at /admin (ADR 025): staff sign-in, sessions in the database, lockout.
  /** Key that signs the staff session cookies and encrypts TOTP secrets (better-auth's `secret`). */
  ADMIN_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEMO_ADMIN_SECRET),
  /** How long a staff session lasts from its sign-in (seconds); it is not extended by use. */
  ADMIN_SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(8 * 3_600),
  /** Failed sign-ins of one account (or ADMIN_LOCKOUT_IP_FAILURES of one client address) within ADMIN_LOCKOUT_S that lock it for ADMIN_LOCKOUT_S. */
  ADMIN_LOCKOUT_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  ADMIN_LOCKOUT_IP_FAILURES: z.coerce.number().int().min(1).max(10_000).default(20),
  ADMIN_LOCKOUT_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Alert subscriptions per client IP per 10 minutes. */
  ALERTS_IP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** `user:password`: partner-meeting endpoints and page ask for this basic auth. */
  PARTNER_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, 'must be user:password')
    .optional(),
  /**
   * The Yandex Maps JavaScript API key (a browser key, public by design: restrict it to the site's referrers in
   * the Yandex developer console). With it the contact page shows the offices on a map and the CSP allows the
   * maps hosts; without it no map script is loaded and each office has a route link instead.
   */
  YANDEX_MAPS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a Yandex Maps API key (letters, digits and dashes)')
    .optional(),
  // The experiment event store (`/api/clickhouse/store_data/`, docs/decisions/016-experiment-events.md).
  /** ClickHouse's HTTP interface (http://host:8123); without it exposures and vitals go to the database's tables. */
  CLICKHOUSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CLICKHOUSE_USER: z.string().min(1).max(64).default('default'),
  CLICKHOUSE_PASSWORD: z.string().max(256).optional(),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a ClickHouse database name (letters, digits, _)')
    .default('default'),
  /** A batch is written when this many events wait, or every EVENTS_FLUSH_MS. */
  EVENTS_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(500),
  EVENTS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** Events kept in memory while the store fails; beyond, new ones are dropped and counted (/metrics). */
  EVENTS_BUFFER_MAX: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  /** The share of page loads that report their web vitals (LCP, INP, CLS, FCP, TTFB), decided once per load. */
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.2),
  // Analytics counters and call tracking (core/analytics/counters.ts, ADR 014): none configured, none loaded.
  /** `notice` (default): counters load and a notice says so once; `opt-in`: nothing loads before the visitor accepts. */
  ANALYTICS_CONSENT: z.enum(CONSENT_MODES).default('notice'),
  /** Yandex Metrica counter id (digits). */
  YANDEX_METRIKA_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a Yandex Metrica counter id (digits)')
    .optional(),
  /** Google Analytics 4 measurement id, `G-XXXXXXX`. */
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,16}$/, 'must be a GA4 measurement id like G-ABC123DEF4')
    .optional(),
  /** Call tracking: the provider and its site id (Calltouch's `id`, CoMagic's `k` of the script address). */
  CALLTRACKING_PROVIDER: z.enum(CALL_TRACKING_PROVIDERS).optional(),
  CALLTRACKING_SITE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the site id the provider gave (letters, digits, - and _)')
    .optional(),
  /**
   * Another address of a counter's script (a first-party proxy; the tests' stand-in): the CSP then admits that
   * origin for the counter instead of the vendor's hosts.
   */
  YANDEX_METRIKA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  GA4_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  CALLTRACKING_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Bearer token for GET /metrics; without it only loopback clients may read metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Feature flags and experiments (ADR 015).
  /**
   * The GrowthBook client key the pages' SDK asks for (`/api/features/{key}`, `/sub/{key}`); public by design (it
   * is in every page). Another key is answered 404. The demo default is fine: it names this site's flags only.
   */
  GROWTHBOOK_CLIENT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,64}$/, 'must be 3-64 letters, digits, "_" or "-"')
    .default(DEMO_GROWTHBOOK_CLIENT_KEY),
  /**
   * Bearer token for the flag admin API (`/api/admin/flags/`, `npm run flags:set`). Without it the server makes
   * a random one at each boot and writes it to `DATA_DIR/operator-token` (mode 0600), where the command reads it.
   */
  FLAGS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The page cache (server/http/page-cache.ts, ADR 023): rendered pages kept in memory and by shared caches.
  /** `on` (default): anonymous pages are kept and answered from memory; `off`: every page is rendered (a debugging aid). */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Memory the kept pages may take (MB); the least recently used go first. */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
  /** Seconds a kept page is answered without rendering again (time-bound content: countdowns, a new Moscow day) and a CDN's `s-maxage`. */
  PAGE_CACHE_FRESH_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Seconds a CDN may answer a page past its freshness while it asks for a new one (`stale-while-revalidate`). */
  PAGE_CACHE_STALE_S: z.coerce.number().int().min(0).max(604_800).default(300),
  // A CDN that purges by tag (server/http/cdn-purge.ts, ADR 029, docs/deploy.md).
  /**
   * `cloudflare` (pages tagged with `Cache-Tag`, purged through `purge_cache` by tags) or `fastly` (`Surrogate-Key`,
   * a soft purge of the keys); `off` (default): no tags, a CDN learns of changes by expiry (`PAGE_CACHE_FRESH_S`).
   */
  CDN_PURGE: z.enum(['off', 'cloudflare', 'fastly']).default('off'),
  /** The purge endpoint: `https://api.cloudflare.com/client/v4/zones/{zone id}/purge_cache` or `https://api.fastly.com/service/{service id}/purge`. */
  CDN_PURGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The API token allowed to purge (Cloudflare: Cache Purge permission; Fastly: purge_select scope). */
  CDN_PURGE_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Put before every tag (several sites on one CDN zone or service); default none. */
  CDN_TAG_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{0,32}$/, 'must be at most 32 letters, digits, ".", "_", ":" or "-"')
    .default(''),
  /** How long (ms) after a change is heard the purge is sent: every instance must have heard it (the poll at the latest). */
  CDN_PURGE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * The static pages `npm run build` prerenders (server/http/prerender.ts, ADR 028): the file it writes and the
   * server reads at start (default `build/prerendered/pages.json`).
   */
  PRERENDER_FILE: z.string().min(1).optional(),
  /** `off`: the build prerenders nothing (a build without access to the database); pages render on request. */
  PRERENDER: z.enum(['on', 'off']).default('on'),
  /** How often (ms) a server reads the data versions (`data_versions`) to learn of changes made elsewhere. */
  DATA_VERSIONS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(500),
  /**
   * Redis shared by every instance (ADR 024): the rate limits' counters and spent proof-of-work solutions. Unset,
   * each process counts in its own memory (one instance). A Redis that goes away is skipped, logged once.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of this site's Redis keys (several sites may share one Redis); default `site:{SITE_URL's host}:`. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 letters, digits, :, ., _ or -')
    .optional(),
  /** How often (ms) a server checks the flags table for a change made by another process or instance. */
  FLAGS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // The flag stream `/sub/{clientKey}` (server/modules/flags/stream.ts): each open stream holds a socket.
  /** Streams open at once in this process; beyond, 503 + Retry-After. Keep it well below the open-files limit (`ulimit -n`). */
  FLAGS_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Streams open at once per client address (`request.ip`, as TRUST_PROXY resolves it; across instances with REDIS_URL); beyond, 503 + Retry-After. */
  FLAGS_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(4),
  /** Streams a client address may open per minute; beyond, 429. */
  FLAGS_STREAMS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** A stream's longest life (ms); each is ended between 75 % and 100 % of it, and the SDK reconnects. */
  FLAGS_STREAM_MAX_AGE_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** Tests only: the first submit of each lead named "Fault" fails, to exercise error views and retries. */
  LEADS_FAULT_INJECTION: bool.default(false),
});

/** The whole schema: the server's own variables and those of the image proxy (server/modules/images/config.ts). */
const fullSchema = configSchema.extend(imageConfigSchema.shape);

export type Config = z.infer<typeof fullSchema> & {
  errorPreview: boolean;
  checkResponses: boolean;
  siteOrigin: string;
  clientVersion: string;
  /** The analytics counters configured, or null (then nothing loads and the CSP admits no counter host). */
  analytics: AnalyticsSettings | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, clientVersion = '0.0.0'): Config {
  const cleaned: Record<string, string> = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  // Media and the image cache live in DATA_DIR unless placed elsewhere.
  const dataDir = cleaned.DATA_DIR ?? './data';
  cleaned.MEDIA_DIR ??= `${dataDir}/media`;
  cleaned.IMAGE_CACHE_DIR ??= `${dataDir}/image-cache`;
  const result = fullSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const config = result.data;
  const analytics = analyticsSettings(config);
  const problems = analyticsProblems(config, analytics);
  if (config.CDN_PURGE !== 'off') {
    if (!config.CDN_PURGE_URL) problems.push(`CDN_PURGE_URL: is required with CDN_PURGE=${config.CDN_PURGE}`);
    if (!config.CDN_PURGE_TOKEN) problems.push(`CDN_PURGE_TOKEN: is required with CDN_PURGE=${config.CDN_PURGE}`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every variable.`);
  return {
    ...config,
    errorPreview: config.ERROR_PREVIEW ?? config.NODE_ENV !== 'production',
    checkResponses: config.API_CHECK_RESPONSES ?? config.NODE_ENV !== 'production',
    siteOrigin: config.SITE_URL ? new URL(config.SITE_URL).origin : listenOrigin(config.HOST, config.PORT),
    clientVersion,
    analytics,
  };
}

/** Analytics settings that parse one by one but not together: half a call-tracking setup, too many hosts. */
function analyticsProblems(config: z.infer<typeof fullSchema>, analytics: AnalyticsSettings | null): string[] {
  const problems: string[] = [];
  if (config.CALLTRACKING_PROVIDER && !config.CALLTRACKING_SITE_ID) problems.push('CALLTRACKING_SITE_ID: is required with CALLTRACKING_PROVIDER');
  if (config.CALLTRACKING_SITE_ID && !config.CALLTRACKING_PROVIDER) problems.push('CALLTRACKING_PROVIDER: is required with CALLTRACKING_SITE_ID');
  const hosts = counterCsp(analytics).hosts;
  if (hosts.length > MAX_COUNTER_HOSTS)
    problems.push(
      `YANDEX_METRIKA_ID, GA4_MEASUREMENT_ID, CALLTRACKING_PROVIDER: the counters need ${hosts.length} hosts (${hosts.join(', ')}); at most ${MAX_COUNTER_HOSTS}`,
    );
  return problems;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: a socket address that can only be this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** A HOST to listen on that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || isLoopbackAddress(name);
}

/** `http://host:port` of a listening address (the wildcard addresses are reached as localhost). */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

/** The configuration once the server knows the port it really listens on (PORT=0 picks one). */
export function withListenPort(config: Config, port: number): Config {
  return { ...config, PORT: port, siteOrigin: config.SITE_URL ? config.siteOrigin : listenOrigin(config.HOST, port) };
}

/**
 * What keeps a production server from listening beyond loopback: no public SITE_URL (links would name
 * another host), or secrets still at their demo or example values. Empty on loopback and outside production,
 * so `npm start` on a fresh machine and the tests need none of them.
 */
export function serveProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production' || isLoopbackHost(config.HOST)) return [];
  const problems: string[] = [];
  const where = `the server listens beyond loopback (HOST=${config.HOST})`;
  if (!config.SITE_URL) problems.push(`SITE_URL: must be the site's public origin (e.g. https://www.example.ru) when ${where}`);
  else if (isLoopbackHost(new URL(config.SITE_URL).hostname))
    problems.push(`SITE_URL: ${config.siteOrigin} is this machine only; set the site's public origin when ${where}`);
  if (config.ANTIBOT_SALT === DEMO_ANTIBOT_SALT) problems.push(`ANTIBOT_SALT: is the demo default; set a value of your own when ${where}`);
  if (config.ALERTS_SECRET === DEMO_ALERTS_SECRET) problems.push(`ALERTS_SECRET: is the demo default; set a long random string when ${where}`);
  if (config.ADMIN_SECRET === DEMO_ADMIN_SECRET) problems.push(`ADMIN_SECRET: is the demo default; set a long random string (32+ characters) when ${where}`);
  if (config.CAPTCHA_MODE !== 'off' && !config.CAPTCHA_SECRET)
    problems.push(`CAPTCHA_SECRET: is unset (a random key per process, so challenges fail across restarts and instances) when ${where}`);
  for (const name of ['CAPTCHA_SECRET', 'CRM_WEBHOOK_SECRET', 'METRICS_TOKEN', 'FLAGS_TOKEN', 'ALERTS_SECRET', 'ADMIN_SECRET', 'CDN_PURGE_TOKEN'] as const) {
    if (config[name] === EXAMPLE_SECRET) problems.push(`${name}: is the example value from .env.example; set a long random string`);
  }
  return problems;
}

/** Throws one ConfigError naming every variable that keeps the server from starting (see serveProblems). */
export function assertServable(config: Config): void {
  const problems = serveProblems(config);
  if (problems.length) {
    throw new ConfigError(`Refusing to start:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every variable.`);
  }
}
