import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { dsnOrigin } from '#core/errors/sentry.ts';
import { createErrorReporter } from './error-reporting.ts';
import apiRoutes from './http/api/index.ts';
import apiFallback, { apiFrameworkErrors } from './http/api/fallback.ts';
import { jsonErrorHandler } from './http/api/errors.ts';
import { registerOpenApi, useZodValidation } from './http/api/openapi.ts';
import { registerLeadRoutes } from './modules/leads/routes-pages.ts';
import { crmChannelsOf, trustProxyOption, type Config } from './config.ts';
import { apiGuard, registerSecurityHooks } from './http/security.ts';
import { clientNetwork } from './lib/client-network.ts';
import { registerBuildRoutes } from './http/builds.ts';
import { registerFeatureStream } from './modules/flags/stream.ts';
import { registerMetricsRoute } from './http/metrics.ts';
import { registerLingeringClose } from './http/lingering-close.ts';
import { registerLoadShedding } from './http/load.ts';
import { registerHostCheck } from './http/host.ts';
import imageProxy, { rateLimitStoreCounter, toImageProxyOptions } from './modules/images/routes.ts';
import { registerPageHooks } from './http/pages.ts';
import { registerPdfRoutes } from './modules/pdf/routes.ts';
import { registerDealDocumentRoutes } from './modules/reservations/routes-deals.ts';
import { registerFeedRoutes } from './modules/feeds/routes.ts';
import { registerSeoRoutes } from './http/sitemap.ts';
import { createPageCache, type PageCache } from './http/page-cache.ts';
import { registerPageFastPath } from './http/page-fast-path.ts';
import { loadPrerendered, prerenderFile } from './http/prerender.ts';
import { registerAdminHeaders } from './http/admin.ts';
import ssr, { BUILD_DIR, PAGE_BODY_LIMIT_BYTES, loadProductionBuild } from './http/ssr.ts';
import { loggerOptions } from './logger.ts';
import { connectRedis, memoryOnceStore, rateLimitStore, redisHeldPlaces, redisOnceStore } from './redis.ts';
import { createCdnPurger } from './http/cdn-purge.ts';
import { MAPS_CSP } from '#core/content/maps.ts';
import { counterCsp } from '#core/analytics/counters.ts';
import { currentVersion, type Services } from './services.ts';
import { createStaffService, type StaffService } from './modules/staff/service.ts';
import { staffThrottleOptions } from './modules/staff/config.ts';
import { checkoutOrigins, paymentsConfig } from './modules/payments/index.ts';
import { renderCrmMetrics } from './modules/crm/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's staff: sign-in, sessions, accounts (ADR 025). */
    staff: StaffService;
    /** Rendered pages kept in memory (ADR 023); null when pages are rendered every time. The build's prerender reads it. */
    pageCache: PageCache | null;
  }
}

export type AppOptions = {
  config: Config;
  services: Services;
  /** Where the React Router build comes from: the production build on disk, or Vite in development. */
  build?: { getBuild: () => Promise<ServerBuild>; mode: 'production' | 'development' } | 'none';
  /** Registers extra plugins before the page handler (Vite's dev middleware). */
  beforePages?: (app: FastifyInstance) => Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /** A logger made before the app (the server process logs its start-up and its services' warnings with it). */
  loggerInstance?: FastifyBaseLogger;
  /** The flag stream's ping interval (30 s; tests shorten it). */
  streamPingMs?: number;
};

/** The prefix of the site's Redis keys: REDIS_PREFIX, or one made from the site's host (several sites, one Redis). */
export function redisNamespace(config: Config): string {
  return config.REDIS_PREFIX ?? `site:${new URL(config.siteOrigin).host}:`;
}

/** How long a client may take to send a whole request, headers and body (`requestTimeout` below). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The one Fastify instance: security, compression, API, static assets, images and the SSR handler. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, services } = opts;
  let shuttingDown = false;
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: opts.logger ?? loggerOptions(config) }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // No route takes more than a form's worth of text; routes that take bodies say so (bodyLimit).
    bodyLimit: PAGE_BODY_LIMIT_BYTES,
    // A request (headers and body) must be in within this, or it is answered 408 and its connection closed: a body
    // sent a byte at a time holds no slot of the load limit (load.ts) but must not hold its socket and buffer for
    // ever. Room for the largest upload (an editor's picture) on a slow line.
    requestTimeout: REQUEST_TIMEOUT_MS,
    frameworkErrors: apiFrameworkErrors,
  });
  // While closing, keep-alive connections that finish their last response are closed too (Node's
  // server.close() only closes the ones idle at the moment it is called).
  let idleSweep: ReturnType<typeof setInterval> | undefined;
  app.addHook('preClose', async () => {
    shuttingDown = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  const dev = config.NODE_ENV === 'development';
  const reporter = await createErrorReporter(config);
  const reportOrigin = config.SENTRY_DSN ? dsnOrigin(config.SENTRY_DSN) : null;
  // The Yandex Maps JavaScript API's hosts (its documented CSP rules), allowed only when a maps key is configured.
  const maps = config.YANDEX_MAPS_KEY ? MAPS_CSP : null;
  // The analytics counters' hosts (core/analytics/counters.ts), only those of the counters configured.
  const counters = counterCsp(config.analytics);
  // The payment provider's confirmation pages: the reserve form without JavaScript answers 303 to one (docs/guides/payments.md).
  const payments = paymentsConfig(config);
  const checkout = payments ? checkoutOrigins(payments) : [];
  // Rendered pages kept per data version (ADR 023); not in development, where the code changes under them. A kept
  // page is answered before the other hooks when nothing of this visitor's needs them (page-fast-path.ts).
  const pageCache =
    config.PAGE_CACHE === 'on' && opts.build !== 'none' && (opts.build?.mode ?? 'production') === 'production'
      ? createPageCache({
          maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
          freshMs: config.PAGE_CACHE_FRESH_S * 1000,
          versionOf: (kind) => currentVersion(services, kind),
        })
      : null;
  app.decorate('pageCache', pageCache);
  // A malformed Host is the client's error (400), before anything makes an address of it.
  registerHostCheck(app, config);
  // Before any other request work (cookies, headers, nonces): beyond capacity a request costs only its 503. A kept
  // page is answered between the event-loop guard and the in-flight limit, before the other hooks, when nothing of
  // this visitor's needs them (page-fast-path.ts).
  const admission = await registerLoadShedding(app, config, {
    beforeInFlight: () => pageCache && registerPageFastPath(app, { config, services, pageCache, closing: () => shuttingDown }),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...(maps?.script ?? []), ...counters.script],
            styleSrc: ["'self'", ...(maps?.style ?? [])],
            imgSrc: ["'self'", 'data:', 'blob:', ...(maps?.img ?? []), ...counters.img],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...(reportOrigin ? [reportOrigin] : []), ...(maps?.connect ?? []), ...counters.connect],
            mediaSrc: ["'self'"],
            frameSrc: ["'self'", ...counters.frame],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'", ...checkout],
            frameAncestors: ["'none'"],
            manifestSrc: ["'self'"],
            // Same-origin workers only (Replay's compression worker is a file of ours, ADR 017); `blob:` only for the map.
            workerSrc: ["'self'", ...(maps ? ['blob:', ...maps.worker] : [])],
            ...(config.siteOrigin.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    hsts: false, // set per request, only over HTTPS (security.ts)
    crossOriginEmbedderPolicy: false, // third-party analytics and maps must keep loading
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
  });
  // Brotli's default window (4 MiB) costs more per response than rendering the page: pages are small.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 6 },
  });
  registerLingeringClose(app);
  // With REDIS_URL every instance counts each client's requests in one place (ADR 024); while Redis is away each
  // instance counts in its own memory (the fault logged once), never a reason to refuse or to wait.
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, redisNamespace(config), app.log) : null;
  if (redis) {
    app.addHook('onClose', () => redis.close());
    services.leads.shareReplays(redisOnceStore(redis, 'pow:'));
  }
  // With a CDN that purges by tag (ADR 029): the first instance to hear of a change purges the pages of its kind.
  const purger = pageCache
    ? createCdnPurger({ config, versions: services.versions, once: redis ? redisOnceStore(redis, 'cdn-purge:') : memoryOnceStore(), log: app.log })
    : null;
  if (purger) app.addHook('onClose', async () => purger.close());
  await app.register(fastifyRateLimit, {
    global: false,
    // An IPv6 client counts by its /64 (server/lib/client-network.ts), so a new address in it is not a new allowance.
    keyGenerator: (request) => clientNetwork(request.ip),
    ...(redis ? { store: rateLimitStore(redis, `${redis.namespace}rl:`) } : {}),
  });
  registerSecurityHooks(app, config, checkout);
  // The back office's staff and their sessions (ADR 025), for its API and its pages.
  const staff = createStaffService(services.database.db, {
    secret: config.ADMIN_SECRET,
    siteOrigin: config.siteOrigin,
    sessionTtlS: config.ADMIN_SESSION_TTL_S,
    log: app.log,
    throttle: staffThrottleOptions(config),
  });
  app.decorate('staff', staff);
  registerAdminHeaders(app);

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    try {
      await services.database.ping();
      return reply.send({ status: 'ready', database: services.database.engine });
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  await registerOpenApi(app, { version: config.clientVersion, siteOrigin: config.siteOrigin, onError: jsonErrorHandler(reporter) });
  await app.register(
    async (api) => {
      // Before validation: a cross-site or unproven write is refused before its body is judged.
      api.addHook('preValidation', apiGuard(config));
      useZodValidation(api, { checkResponses: config.checkResponses });
      api.setNotFoundHandler({ preHandler: api.rateLimit({ max: 60, timeWindow: '1 minute' }) }, (request, reply) =>
        reply.code(404).send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}` }),
      );
      api.setErrorHandler(jsonErrorHandler(reporter));
      await api.register(apiRoutes, { services, config, staff });
    },
    { prefix: '/api' },
  );
  // Unknown /api paths and wrong methods: JSON 404/405, never the page handler's HTML.
  await app.register(apiFallback, { prefix: '/api' });

  // Renders of uncached variants per client are counted like the other rate limits: in Redis across instances.
  const renderCounter = redis ? rateLimitStoreCounter(new (rateLimitStore(redis, `${redis.namespace}rl:img-renders:`))({})) : undefined;
  await app.register(imageProxy, { prefix: '/img', ...toImageProxyOptions(config), ...(renderCounter ? { renderCounter } : {}) });
  await registerLeadRoutes(app, { services, config, onError: jsonErrorHandler(reporter), checkResponses: config.checkResponses });
  const streams = registerFeatureStream(app, {
    services,
    config,
    pingMs: opts.streamPingMs,
    onError: jsonErrorHandler(reporter),
    ...(redis ? { places: redisHeldPlaces(redis, 'streams:') } : {}),
  });
  registerMetricsRoute(app, {
    services,
    config,
    more: [
      streams.renderMetrics,
      admission.renderMetrics,
      ...(pageCache ? [pageCache.renderMetrics] : []),
      ...(purger ? [purger.renderMetrics] : []),
      () => renderCrmMetrics(services.database.db, crmChannelsOf(config)),
    ],
  });
  registerPdfRoutes(app, { services, config });
  registerDealDocumentRoutes(app, { services, config });
  registerSeoRoutes(app, { services, config });
  registerFeedRoutes(app, { services, config });
  registerPageHooks(app, config, services);
  const build = opts.build ?? {
    getBuild: (() => {
      const b = loadProductionBuild();
      return () => b;
    })(),
    mode: 'production' as const,
  };
  if (build !== 'none') {
    if (build.mode === 'production') {
      await app.register(fastifyStatic, {
        root: `${BUILD_DIR}/client`,
        wildcard: false,
        index: false,
        setHeaders(reply, path) {
          // Hashed file names never change content: cache them for a year.
          reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    // The static pages the build prerendered (ADR 028), kept from the start while their data has not moved.
    const prerendered =
      build.mode === 'production' ? await loadPrerendered(prerenderFile(config), (await build.getBuild()).assets.version, pageCache, services) : [];
    registerBuildRoutes(app, build.getBuild, prerendered);
    // A new build's pages name other assets: the CDN's copies of the last build's go (once per build, ADR 029).
    if (purger && build.mode === 'production') await purger.purgePagesOf((await build.getBuild()).assets.version);
    if (opts.beforePages) await opts.beforePages(app);
    await app.register(ssr, { config, services, staff, getBuild: build.getBuild, mode: build.mode, reporter, pageCache });
  }
  return app;
}
