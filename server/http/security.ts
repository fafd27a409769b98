import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANTIBOT_HEADERS, constantTimeEqual, verifyAntibot } from '#core/http/antibot.ts';
import { cookieAttributes, cookieName, COOKIES, readCookie } from '#core/http/cookies.ts';
import { CSRF_HEADER, CSRF_TOKEN_PATTERN, SAFE_METHODS } from '#core/http/csrf.ts';
import { safeLocation } from '#core/http/safe-location.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's CSRF token: the valid cookie, or a fresh one set on this response. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * A `navigator.sendBeacon` target (`/api/tracking_data/save/`): a beacon cannot set the CSRF and anti-bot
     * headers, so an unsafe call here is checked for its origin only (see apiGuard). `'text-plain'`: only a
     * `text/plain` body (what a beacon sends) is; a JSON call is checked like every other (`/api/clickhouse/store_data/`).
     */
    beacon?: boolean | 'text-plain';
    /**
     * An operator's call (`/api/admin/flags/`, made by `npm run flags:set`), not a page's: no CSRF or anti-bot
     * token, but the bearer token (always), and never from another site's page (see apiGuard).
     */
    admin?: { token: string | undefined };
    /**
     * A call authorised by a signed token in its own URL (ADR 021: an alert e-mail's one-click unsubscribe, RFC 8058,
     * which a mail provider POSTs without cookies): no CSRF or anti-bot token, the route verifies the HMAC; never
     * from another site's page (an `Origin` must be ours).
     */
    signedLink?: boolean;
    /**
     * A payment provider's server-to-server notification (`/api/payments/yookassa/`, ADR 034): no CSRF, anti-bot token
     * or Origin, which no provider sends. A notification is believed only once its payment is read back from the
     * provider's API; the route checks the sender's address against the configured ranges first.
     */
    providerNotification?: boolean;
  }
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Origins a browser request may come from: the configured site and the host it was sent to. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Django's origin check: an `Origin` header must name this site; without it, an HTTPS request must carry
 * a same-site `Referer`. Returns the failure reason or null.
 */
export function checkOrigin(request: FastifyRequest, config: Config): string | null {
  const allowed = new Set([config.siteOrigin, requestOrigin(request)]);
  const origin = request.headers.origin;
  if (origin) {
    return allowed.has(origin) ? null : `Origin checking failed - ${origin} does not match any trusted origins.`;
  }
  if (request.protocol === 'https') {
    const referer = request.headers.referer;
    if (!referer) return 'Referer checking failed - no Referer.';
    let refererOrigin: string;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      return 'Referer checking failed - Referer is malformed.';
    }
    if (!allowed.has(refererOrigin)) return `Referer checking failed - ${refererOrigin} does not match any trusted origins.`;
  }
  return null;
}

/** CSRF for API calls: same origin, and the `X-CSRFToken` header equal to the `csrftoken` cookie. */
export function checkCsrf(request: FastifyRequest, config: Config): string | null {
  const originFailure = checkOrigin(request, config);
  if (originFailure) return originFailure;
  const cookie = readCookie(request.cookies, COOKIES.csrf, isHttps(request));
  if (!cookie) return 'CSRF cookie not set.';
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !header) return 'CSRF token missing.';
  if (!constantTimeEqual(cookie, header)) return 'CSRF token incorrect.';
  return null;
}

/** HSTS of every answer over HTTPS (here and on the page fast path). */
export const HSTS = 'max-age=63072000; includeSubDomains; preload';

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setCsrfCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  const https = isHttps(request);
  reply.setCookie(cookieName(COOKIES.csrf, https), token, cookieAttributes(COOKIES.csrf, https));
}

/** Paths whose answers are public files (assets, images, feeds, sitemaps, PDFs, build manifests) whatever their headers. */
const PUBLIC_FILE_PATH = /^\/(assets|img|pdf|feeds|sitemaps|builds)\/|^\/(sitemap\.xml|robots\.txt|favicon[^/]*)(\?|$)/;

/**
 * True when a shared cache (a CDN, a proxy) may keep this answer and hand it to other visitors: a public
 * file, or a `Cache-Control` that says neither `private` nor `no-store` (`public`, `s-maxage`, a bare
 * `max-age` or `no-cache` all let a shared cache store it). Such an answer must not carry a visitor's cookie.
 */
export function sharedCacheable(url: string, cacheControl: string | undefined): boolean {
  if (PUBLIC_FILE_PATH.test(url)) return true;
  return cacheControl !== undefined && !/\b(private|no-store)\b/i.test(cacheControl);
}

/** An absolute https/http address on one of `origins`, exactly as a browser would read it (no control characters). */
function offSiteAllowed(location: string, origins: readonly string[]): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!origins.length || location !== location.trim() || /[\u0000-\u001f\u007f\\]/.test(location)) return false;
  try {
    const url = new URL(location);
    return (url.protocol === 'https:' || url.protocol === 'http:') && origins.includes(url.origin) && url.href === location;
  } catch {
    return false;
  }
}

/** Requests that were given a fresh CSRF token; the cookie is set in onSend once the answer's caching is known. */
const freshToken = new WeakSet<FastifyRequest>();

/**
 * Hooks for every request: HSTS over HTTPS, the CSRF cookie (only on API answers no shared cache keeps), and
 * every `Location` made safe (a path on this site; see core/http/safe-location.ts).
 */
export function registerSecurityHooks(
  app: FastifyInstance,
  config: Pick<Config, 'siteOrigin'>,
  /** Other origins a redirect may lead to: the payment provider's confirmation pages (the reserve form's 303, issue #39). */
  redirectOrigins: readonly string[] = [],
): void {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    // HSTS only where the visitor really came over TLS (directly or through a trusted proxy).
    if (isHttps(request)) reply.header('strict-transport-security', HSTS);
    const cookie = readCookie(request.cookies, COOKIES.csrf, isHttps(request));
    if (cookie && CSRF_TOKEN_PATTERN.test(cookie)) {
      request.csrfToken = cookie;
    } else if (SAFE_METHODS.has(request.method) && request.url.startsWith('/api/')) {
      // Only API answers give the cookie (ADR 035): pages set none, so a first visit's page is one a shared cache keeps;
      // the browser asks `GET /api/csrf/` (or `/api/visitor/`) before its first unsafe call or form post.
      request.csrfToken = newCsrfToken();
      freshToken.add(request);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string' && !offSiteAllowed(location, redirectOrigins)) {
      const safe = safeLocation(location, config.siteOrigin);
      if (safe === null) request.log.warn({ location }, 'redirect off the site refused');
      if (safe !== location) reply.header('location', safe ?? '/');
    }
    // A cookie on an answer a shared cache may keep would be handed to everyone who gets the copy: such an answer
    // is the browser's only (a page's language cookie, any other a hook or route set).
    const cacheControl0 = reply.getHeader('cache-control');
    if (
      reply.hasHeader('set-cookie') &&
      sharedCacheable(request.url, typeof cacheControl0 === 'string' ? cacheControl0 : undefined) &&
      !PUBLIC_FILE_PATH.test(request.url)
    ) {
      reply.header('cache-control', 'private, no-cache');
    }
    if (freshToken.has(request)) {
      const cacheControl = reply.getHeader('cache-control');
      if (!sharedCacheable(request.url, typeof cacheControl === 'string' ? cacheControl : undefined)) {
        setCsrfCookie(reply, request, request.csrfToken);
      }
    }
  });
}

/**
 * Who may make an operator's call (the flag admin API): the bearer token, compared in constant time, and
 * nothing else. Not "a loopback socket without forwarding headers": a reverse proxy on the same machine that
 * adds no X-Forwarded-For (nginx's `proxy_pass` alone) would make every visitor such a socket. Without
 * FLAGS_TOKEN the server makes a token at boot (server/http/operator-token.ts); with no token at all, nobody.
 */
export function operatorAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/**
 * API guard for unsafe methods: CSRF, then the anti-bot token; 403 with a JSON reason. A beacon route (route
 * config `beacon`) is checked for its origin only: the browser sends `Origin` with a beacon's POST, so another
 * site's page cannot post to it from a browser, and what it records is worth no more than its GET form, which
 * any link can send (docs/decisions/013-tracking-beacon.md, 016-experiment-events.md).
 */
export function apiGuard(config: Config) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const admin = request.routeOptions.config?.admin;
    if (admin) {
      // A browser sends Origin with every unsafe cross-site call: an operator's command sends none.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== config.siteOrigin)
        return reply.code(403).send({ detail: `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.` });
      if (!operatorAllowed(request, admin.token))
        return reply
          .code(403)
          .send({ detail: 'Only an operator may do this: send the operator token as a bearer token (FLAGS_TOKEN, or DATA_DIR/operator-token).' });
      return;
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.providerNotification) return;
    if (request.routeOptions.config?.signedLink) {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== 'null' && origin !== config.siteOrigin)
        return reply.code(403).send({ detail: `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.` });
      return;
    }
    const beacon = request.routeOptions.config?.beacon;
    if (beacon === true || (beacon === 'text-plain' && /^text\/plain\s*(;|$)/i.test(request.headers['content-type'] ?? ''))) {
      const origin = checkOrigin(request, config);
      if (origin) return reply.code(403).send({ detail: `CSRF Failed: ${origin}` });
      return;
    }
    const csrf = checkCsrf(request, config);
    if (csrf) return reply.code(403).send({ detail: `CSRF Failed: ${csrf}` });
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const antibot = verifyAntibot({
      salt: config.ANTIBOT_SALT,
      url: request.url,
      timestamp: header(ANTIBOT_HEADERS.timestamp),
      token: header(ANTIBOT_HEADERS.token),
      maxAgeS: config.ANTIBOT_MAX_AGE_S,
    });
    if (!antibot.ok) return reply.code(403).send({ detail: `Anti-bot check failed: ${antibot.reason}` });
  };
}
