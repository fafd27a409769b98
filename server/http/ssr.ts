import { existsSync } from 'node:fs';
import { alertTokens as createAlertTokens } from '../modules/alerts/tokens.ts';
import { buyerReservationsFor } from '../modules/reservations/buyer-pages.ts';
import { hideDealToken } from '#core/privacy.ts';
import { alertsByMail } from '../modules/alerts/index.ts';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import type { AppLoadValues } from '#app/lib/context.server.ts';
import type { ErrorReporter } from '#core/errors/sentry.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { StaffService } from '../modules/staff/service.ts';
import { isAdminPath } from '#core/admin/roles.ts';
import { withTracking } from '#core/http/page-query.ts';
import { hasUnreadBody, sendServerErrorPage } from './error-page.ts';
import { laterMessageKeys, pageMessageKeys, type PageMessageKeys } from './message-keys.ts';
import { loadMessages, pickMessages } from '#core/i18n/messages.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { checkOrigin } from './security.ts';
import { needsCsrfRetry, sendCsrfRetry } from './csrf-retry.ts';
import type { CurrencyCode } from '#core/currency/rates.ts';
import { detectsLocale, payloadDataPath } from './pages.ts';
import { cdnTagHeader } from './cdn-purge.ts';
import { asksPreview, PREVIEW_HEADERS, previewFor } from './preview.ts';
import { createImageSigner } from '../modules/images/signature.ts';
import { newRenderReads, recordFeature, trackReads } from '../db/read-tracking.ts';
import { onFeatureUsed } from '#core/flags/usage.ts';
import {
  cspWithHashes,
  inlineHashes,
  PER_ANSWER_HEADERS,
  pageAnswer,
  pageCacheControl,
  pageRequest,
  variationKey,
  visitorDependent,
  type CachedPage,
  type PageCache,
} from './page-cache.ts';

export const BUILD_DIR = fileURLToPath(new URL('../../build', import.meta.url));
const SERVER_BUILD = `${BUILD_DIR}/server/index.js`;

/**
 * The largest body a page action accepts. Page forms post urlencoded or multipart text of a few KB (no file
 * uploads); Fastify refuses more before reading it (Content-Length) or stops at this many bytes (chunked).
 */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * What the server takes from the build's entry (app/entry.server.tsx): the load context and the request handler,
 * both from the React Router the build itself loads, in development as in production (the context is checked
 * with `instanceof` against the handler's own class).
 */
type EntryModule = { createLoadContext: (values: AppLoadValues) => RouterContextProvider; createRequestHandler: typeof createRequestHandler };

/** Turns a Fastify request into the Web `Request` React Router expects, with the body Fastify read within the limit. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string, path: string = request.url): Request {
  const url = new URL(path, origin);
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

/**
 * A route's plain `public` (the empty selection's) is for its HTML page, to which the server adds a shared cache's
 * lifetime (ADR 035). Anything else answered with it, the route's data for a move in the page (`.data`) above all, is
 * the client's own like every other route's: a bare `public` would let a shared cache keep it for as long as it guessed.
 */
function notBarePublic(response: Response): Response {
  if (response.headers.get('cache-control') === 'public') response.headers.set('cache-control', 'private, no-cache');
  return response;
}

/** `tracking`: the tracking parameters a page was asked with, carried on by its redirect (core/http/page-query.ts). */
async function sendWebResponse(reply: FastifyReply, response: Response, tracking = ''): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, key === 'location' ? withTracking(value, tracking) : value);
  }
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return void (await reply.send());
  await reply.send(Readable.fromWeb(response.body as never));
}

export type SsrOptions = {
  config: Config;
  services: Services;
  /** The back office's staff service: its page loaders read the member from the request (ADR 025). */
  staff: StaffService;
  getBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  reporter: ErrorReporter | null;
  /** Rendered pages kept in memory (page-cache.ts); null renders every page. */
  pageCache: PageCache | null;
};

/** A buyer's deal page (`/deal/{token}`, any language): its address is a secret, its answers are kept by no cache. */
const isDealPath = (url: string): boolean => {
  const path = url.split('?')[0] ?? '/';
  return hideDealToken(path) !== path;
};

/** Everything that is not API, asset or image is a page rendered by React Router. */
export default async function ssr(app: FastifyInstance, opts: SsrOptions) {
  const { config, services, staff, getBuild, mode, reporter, pageCache } = opts;
  // The features a render evaluates are recorded with its reads (a page showing an experiment is kept per variation).
  onFeatureUsed(recordFeature);

  /**
   * A page as a kept copy is answered (ADR 023): its hashes in the CSP instead of a nonce, its ETag (304 when the
   * browser has it), compressed once; `public` for a shared cache unless it is one visitor's variation (pageAnswer).
   * It never sets a cookie (ADR 035): the visitor id and the CSRF token come from `GET /api/visitor/`.
   */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { entry: CachedPage; key: string | null; state: 'HIT' | 'MISS' | 'BYPASS' },
    visitorId: string | null,
    currency: CurrencyCode | null,
  ): Promise<void> {
    const { entry } = page;
    reply.status(entry.status);
    for (const [name, value] of entry.headers) reply.header(name, value);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', (entry.csp ??= cspWithHashes(policy, entry)));
    // The headers of the first whole answer, for the fast path (a prerendered page's first answer is a HIT).
    if (page.state !== 'BYPASS' && !entry.answerHeaders) {
      const kept: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined && !PER_ANSWER_HEADERS.has(name)) kept[name] = typeof value === 'number' ? String(value) : value;
      entry.answerHeaders = kept;
    }
    const answer = pageAnswer(entry, visitorId, currency);
    // The root's language detection (pages.ts) answers by `Accept-Language` and the language cookie; one that stores
    // the language (a Set-Cookie) is the browser's only.
    const detects = detectsLocale(request.url.split('?')[0] ?? '/', config);
    const shared = page.state !== 'BYPASS' && answer.shared && !(detects && reply.hasHeader('set-cookie'));
    reply.header('cache-control', pageCacheControl(shared, config));
    const tags = shared ? (entry.cdnTags ??= cdnTagHeader(config, entry.deps)) : null;
    if (tags) reply.header(tags[0], tags[1]);
    reply.header('vary', detects ? `${answer.vary}, Accept-Language${answer.vary.endsWith('Cookie') ? '' : ', Cookie'}` : answer.vary);
    reply.header('x-cache', page.state);
    if (page.state !== 'BYPASS') reply.header('etag', entry.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (page.state !== 'BYPASS' && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      return void (await reply.code(304).send());
    }
    const { body, encoding } = pageCache
      ? pageCache.encoded(entry, page.key, String(request.headers['accept-encoding'] ?? ''))
      : { body: entry.body, encoding: null };
    if (encoding) reply.header('content-encoding', encoding);
    if (request.method === 'HEAD') {
      reply.header('content-length', body.length);
      return void (await reply.send());
    }
    await reply.send(body);
  }
  // Loaders sign the image URLs they hand to pages (app/lib/images.server.ts); the key stays on the server.
  const alertTokens = createAlertTokens(config.ALERTS_SECRET);
  // The buyer's reserve and deal pages (issue #39): null without YooKassa, and then nothing offers to reserve.
  const reservations = buyerReservationsFor(config, {
    db: services.database.db,
    log: app.log,
    versions: services.versions,
    // The finance programmes a buyer may choose on the reserve page, by the lot page's rule.
    finance: services.finance,
    catalogue: services.catalogue,
  });
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
  let messageKeys: PageMessageKeys | undefined;

  /**
   * The messages a document's first load leaves out, which the browser fetches before code that loads later renders
   * (app/lib/later-messages.ts, ADR 043): every message any page's code can show, per language and build. Kept for a
   * year under the build's version; another version (a page from before a deploy) gets this build's, not kept.
   */
  const laterMessages = new Map<string, string>();
  app.get('/_messages/:version/:file', async (request, reply) => {
    const { version, file } = request.params as { version: string; file: string };
    const locale = /^([a-z]{2})\.json$/.exec(file)?.[1];
    if (!locale || !(LOCALES as readonly string[]).includes(locale))
      return reply.code(404).header('cache-control', 'no-store').send({ detail: 'No such catalog.' });
    const build = await getBuild();
    let body = laterMessages.get(`${build.assets.version} ${locale}`);
    if (body === undefined) {
      const selector = mode === 'production' ? laterMessageKeys(build, `${BUILD_DIR}/client`) : null;
      const catalog = await loadMessages(locale as Locale);
      body = JSON.stringify(selector ? pickMessages(catalog, selector) : catalog);
      laterMessages.set(`${build.assets.version} ${locale}`, body);
    }
    reply.header('cache-control', version === build.assets.version ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.type('application/json; charset=utf-8').send(body);
  });

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
    // An old browser's first form post, without the cookie and without the headers that prove it ours (ADR 035).
    if (needsCsrfRetry(request, [config.siteOrigin, `${request.protocol}://${request.host}`])) return sendCsrfRetry(request, reply);
    const build = await getBuild();
    const entry = build.entry.module as unknown as EntryModule;
    if (build !== handlerBuild) {
      handler = entry.createRequestHandler(build, mode);
      handlerBuild = build;
      // Development serves modules, not built chunks: there the browser gets the whole catalog.
      messageKeys = mode === 'production' ? pageMessageKeys(build, `${BUILD_DIR}/client`) : undefined;
    }
    // The visitor id experiments hash (cookie `vid`). A page never sets it (ADR 035): a first visit is rendered with
    // every default, as a crawler's and an unmeasured visitor's (ADR 014, 015), and gets its id from
    // `GET /api/visitor/` after the page has loaded; its next page shows its variation.
    const { key, query, audience, knownVisitor, currency } = pageRequest(request.url, request.headers, config.ANALYTICS_CONSENT);
    // The back office's pages (ADR 025) are each member's own: never kept, rendered with the nonce, no visitor id.
    const admin = isAdminPath(request.url.split('?')[0] ?? '/');
    const visitorId = audience === 'visitor' && !admin ? knownVisitor : null;
    // A preview (`?preview=news:12`, issue #42) is a member's own view of a draft: never kept, whoever asks.
    const previewing = asksPreview(request.url);
    const preview = previewing ? await previewFor(request, staff) : null;
    // Pages (GET, HEAD) are answered as kept copies: the same bytes for every visitor of a key, so no nonce in
    // them (their inline scripts' hashes go in the CSP); a form's answer (POST) is rendered with the nonce.
    const asPage = pageCache !== null && request.method !== 'POST' && !admin && !previewing;
    // A page's payload file (`…/_payload.json?{build}`, how prerendered pages are reached by a click) is the router's
    // data request for the page, kept like the page itself (ADR 028).
    const payload = request.method === 'POST' ? null : payloadDataPath(request.url);
    // Made only for a render (a kept page's answer needs none).
    const loadContext = () =>
      entry.createLoadContext({
        services,
        staff,
        nonce: asPage ? '' : (reply.cspNonce?.script ?? ''),
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
          alertMail: alertsByMail(config),
        },
        reporter,
        imageSigner,
        alertTokens,
        reservations,
        preview,
        pageMessageKeys: messageKeys,
        // A document, not the router's data (`….data`, a payload file): its static parts stay out of its data (ADR 043).
        document: !payload && !(request.url.split('?')[0] ?? '').endsWith('.data'),
        staticData: new Map(),
      });
    const origin = `${request.protocol}://${request.host}`;
    if (!asPage) {
      const answer = await handler!(toWebRequest(request, reply, origin, payload ?? request.url), loadContext());
      if (previewing) for (const [name, value] of Object.entries(PREVIEW_HEADERS)) answer.headers.set(name, value);
      return sendWebResponse(reply, notBarePublic(answer));
    }

    const features = await services.features.payload().catch(() => null);
    const variation = (keys: string[]) => (features ? variationKey(features, visitorId, keys) : 'defaults');
    const hit = pageCache.get(key, variation);
    if (hit) return sendPage(request, reply, { entry: hit.entry, key: hit.key, state: 'HIT' }, visitorId, currency);

    // A HEAD is rendered as the GET it stands for (and kept as one). A page is rendered without its tracking parameters
    // (core/http/page-query.ts): one copy for all their values, which the browser reads from its own address.
    const webRequest = toWebRequest(request, reply, origin, payload ?? query.url);
    const reads = newRenderReads();
    const response = await trackReads(reads, () =>
      handler!(request.method === 'HEAD' ? new Request(webRequest, { method: 'GET' }) : webRequest, loadContext()),
    );
    const type = response.headers.get('content-type') ?? '';
    // Not a page to keep: a redirect, an error, a route that set its own caching or cookies, anything but HTML (or,
    // for a payload file, the router's data).
    const keptType = payload ? type.startsWith('text/x-script') : type.startsWith('text/html');
    if (response.status !== 200 || !keptType || response.headers.has('cache-control') || response.headers.getSetCookie().length > 0) {
      // Any page the router rendered (an error page too) was rendered without a nonce: its CSP names its hashes.
      if (type.startsWith('text/html') && response.body) {
        const headers = response.headers;
        const body = Buffer.from(await response.arrayBuffer());
        reply.status(response.status);
        for (const [name, value] of headers) if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') reply.header('content-security-policy', cspWithHashes(policy, inlineHashes(body.toString('utf8'))));
        const cookies = headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const routeCaching = headers.get('cache-control');
        // A deal page's address is its buyer's secret (issue #39): even its 404 is kept by no cache.
        const deal = isDealPath(request.url);
        // Kept by a shared cache like a page, not by this process (ADR 035): a page that is not one (404, 410; such
        // addresses are endless), or a page whose route said plain `public` (the empty selection, whose key would need
        // the visitor's cookie), when made only of versioned reads and setting no cookie.
        const publicNotKept =
          !deal &&
          !cookies.length &&
          versionedOnly(reads) &&
          (routeCaching === null ? response.status === 404 || response.status === 410 : routeCaching === 'public' && response.status === 200);
        const answer = pageAnswer({ perVisitor: features !== null && visitorDependent(features, reads.features).length > 0 }, visitorId, currency);
        if (publicNotKept && answer.shared) {
          reply.header('cache-control', pageCacheControl(true, config));
          const routeVary = headers.get('vary');
          reply.header('vary', routeVary ? `${answer.vary}, ${routeVary}` : answer.vary);
          const tags = cdnTagHeader(config, [...reads.versions] as [string, string][]);
          if (tags) reply.header(tags[0], tags[1]);
        } else if (routeCaching === null || routeCaching === 'public') {
          reply.header('cache-control', deal ? 'private, no-store' : 'private, no-cache');
        }
        reply.header('x-cache', 'BYPASS');
        return void (await reply.send(request.method === 'HEAD' ? undefined : body));
      }
      // A redirect carries the tracking parameters on, as the address it was asked with did.
      return sendWebResponse(reply, notBarePublic(response), query.tracking);
    }
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) if (!PER_ANSWER_HEADERS.has(name) && name !== 'content-security-policy') headers.push([name, value]);
    const body = Buffer.from(await response.arrayBuffer());
    const split = features ? visitorDependent(features, reads.features) : [];
    const refuse = query.unknown === null ? null : `a query parameter no page reads: ${query.unknown}`;
    const stored = pageCache.put(key, { status: 200, headers, body }, reads, split.length ? { features: split, variation } : null, refuse);
    if (stored.why) request.log.debug({ path: request.url.split('?')[0], why: stored.why }, 'page not kept');
    return sendPage(request, reply, { entry: stored.entry, key: stored.key, state: stored.key ? 'MISS' : 'BYPASS' }, visitorId, currency);
  });
}

/** Whether everything a render read can tell it is stale (the page cache's condition for keeping it, ADR 023). */
function versionedOnly(reads: ReturnType<typeof newRenderReads>): boolean {
  return reads.direct === null && [...reads.versions].every(([, version]) => version !== null);
}

/** The production build, loaded once; a clear error when `npm run build` has not run. */
export async function loadProductionBuild(): Promise<ServerBuild> {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`No server build at ${SERVER_BUILD}: run \`npm run build\` first (\`npm start\` does it).`);
  }
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
}
