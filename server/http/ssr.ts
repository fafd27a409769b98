import { existsSync } from 'node:fs';
import { alertTokens as createAlertTokens } from '../services/alerts/tokens.ts';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppLoadValues } from '#app/lib/context.server.ts';
import type { ErrorReporter } from '#core/errors/sentry.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import { hasUnreadBody, sendServerErrorPage } from './error-page.ts';
import { isbot } from 'isbot';
import { newVisitorId, readVisitorId, visitorCookie } from '#core/tracking/visitor.ts';
import { CONSENT_COOKIE, consentAllows, parseConsent } from '#core/analytics/consent.ts';
import { checkOrigin, sharedCacheable } from './security.ts';
import { createImageSigner } from '../images/signature.ts';

export const BUILD_DIR = fileURLToPath(new URL('../../build', import.meta.url));
const SERVER_BUILD = `${BUILD_DIR}/server/index.js`;

/**
 * The largest body a page action accepts. Page forms post urlencoded or multipart text of a few KB (no file
 * uploads); Fastify refuses more before reading it (Content-Length) or stops at this many bytes (chunked).
 */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

type EntryModule = { createLoadContext: (values: AppLoadValues) => RouterContextProvider };

/** Turns a Fastify request into the Web `Request` React Router expects, with the body Fastify read within the limit. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const body = request.body instanceof Buffer && request.method !== 'GET' && request.method !== 'HEAD' ? new Uint8Array(request.body) : null;
  return new Request(url, { method: request.method, headers, signal: controller.signal, body });
}

async function sendWebResponse(reply: FastifyReply, response: Response, visitor: { cookie: string } | null): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
  const cookies = response.headers.getSetCookie();
  // A new visitor's id, on an answer no shared cache keeps (it would hand one id to everyone; ADR 015).
  if (visitor && !sharedCacheable(reply.request.url, String(reply.getHeader('cache-control')))) cookies.push(visitor.cookie);
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return void (await reply.send());
  await reply.send(Readable.fromWeb(response.body as never));
}

export type SsrOptions = {
  config: Config;
  services: Services;
  getBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  reporter: ErrorReporter | null;
};

/** Everything that is not API, asset or image is a page rendered by React Router. */
export default async function ssr(app: FastifyInstance, opts: SsrOptions) {
  const { config, services, getBuild, mode, reporter } = opts;
  // Loaders sign the image URLs they hand to pages (app/lib/images.server.ts); the key stays on the server.
  const alertTokens = createAlertTokens(config.ALERTS_SECRET);
  const imageSigner = config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : null;
  // Page forms post urlencoded or multipart bodies that React Router parses itself: Fastify only reads the
  // bytes, within the route's bodyLimit, and answers 413 (connection closed) beyond it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // A body too large, an unknown or malformed content type: the small error page in the page's language.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode;
    if (status === 400 || status === 413 || status === 415) return sendServerErrorPage(request, reply, status, config.LOCALE_STRATEGY);
    throw error;
  });
  // A cross-site form post is refused before its body is read (the token check is the action's).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const failure = checkOrigin(request, config);
    if (!failure) return;
    if (hasUnreadBody(request)) reply.header('connection', 'close');
    return reply.code(403).type('text/plain; charset=utf-8').send(`CSRF Failed: ${failure}`);
  });

  let handler: ReturnType<typeof createRequestHandler> | null = null;
  let handlerBuild: ServerBuild | null = null;

  app.all('/*', { bodyLimit: PAGE_BODY_LIMIT_BYTES }, async (request, reply) => {
    // Pages are read (GET, HEAD) and their forms post (POST); any other method (OPTIONS, TRACE, CONNECT…) is
    // refused here, before a Web Request is made of it (Node's Request throws on TRACE and CONNECT).
    if (!PAGE_METHODS.has(request.method)) {
      return reply
        .code(405)
        .header('allow', 'GET, HEAD, POST')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Method Not Allowed');
    }
    const build = await getBuild();
    if (build !== handlerBuild) {
      handler = createRequestHandler(build, mode);
      handlerBuild = build;
    }
    const entry = build.entry.module as unknown as EntryModule;
    // The visitor experiments hash (cookie `vid`); a first visit gets a new id now, so this very page renders
    // the variation the browser's SDK will assign too (no flicker). A crawler gets none: every default, no cookie.
    // Neither does a visitor whose consent does not allow measuring them (ANALYTICS_CONSENT=opt-in before Accept,
    // or declined): no 400-day id is set, an old one is not used, and they see every default (ADR 014, 015).
    const crawler = isbot(request.headers['user-agent'] ?? '');
    const anonymous = crawler || !consentAllows(config.ANALYTICS_CONSENT, parseConsent(request.cookies[CONSENT_COOKIE]));
    const knownVisitor = anonymous ? null : readVisitorId(request.headers.cookie);
    const visitorId = anonymous ? null : (knownVisitor ?? newVisitorId());
    const loadContext = entry.createLoadContext({
      services,
      nonce: reply.cspNonce?.script ?? '',
      csrfToken: request.csrfToken,
      visitorId,
      config: {
        siteOrigin: config.siteOrigin,
        localeStrategy: config.LOCALE_STRATEGY,
        antibotSalt: config.ANTIBOT_SALT,
        clientVersion: config.clientVersion,
        csrfMetaName: config.CSRF_META_NAME,
        errorPreview: config.errorPreview,
        errorReporting: config.SENTRY_DSN
          ? {
              dsn: config.SENTRY_DSN,
              environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
              release: build.assets.version,
              tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
              replaysSessionSampleRate: config.SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
              replaysOnErrorSampleRate: config.SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
            }
          : null,
        mapsKey: config.YANDEX_MAPS_KEY ?? null,
        webVitalsSampleRate: config.WEB_VITALS_SAMPLE_RATE,
        analytics: config.analytics,
        analyticsConsent: config.ANALYTICS_CONSENT,
        growthbookClientKey: config.GROWTHBOOK_CLIENT_KEY,
      },
      reporter,
      imageSigner,
      alertTokens,
    });
    const response = await handler!(toWebRequest(request, reply, `${request.protocol}://${request.host}`), loadContext);
    const newVisitor = visitorId && !knownVisitor ? { cookie: visitorCookie(visitorId, request.protocol === 'https') } : null;
    return sendWebResponse(reply, response, newVisitor);
  });
}

/** The production build, loaded once; a clear error when `npm run build` has not run. */
export async function loadProductionBuild(): Promise<ServerBuild> {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`No server build at ${SERVER_BUILD}: run \`npm run build\` first (\`npm start\` does it).`);
  }
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
}
