import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminPath } from '#core/admin/roles.ts';
import { isbot } from 'isbot';
import { cookieAttributes, cookieName, COOKIES, readCookie } from '#core/http/cookies.ts';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { canonicalLocaleRedirect, detectLocale, localizePath, parseAcceptLanguage, splitLocalePath } from '#core/i18n/routing.ts';
import { collapseSlashes, safeLocation } from '#core/http/safe-location.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { asksPreview } from './preview.ts';

/** Requests that are pages (not API, assets, images or health probes). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url;
  return (
    !/^\/(api|sub\/|assets|img|pdf|healthz|readyz|builds|favicon|robots\.txt|sitemap\.xml|sitemaps\/|feeds\/|__manifest|@|node_modules|app\/)/.test(path) &&
    !path.includes('.data') &&
    !path.includes(PAYLOAD_FILE)
  );
}

/**
 * Addresses holding a token whose case is its value (the buyer's deal page and its documents, issue #39: a base64url
 * token): never lower-cased, whatever language prefix they have.
 */
const SECRET_CASE = /^\/(?:[a-z]{2}\/)?deal\/[^/]+(\/|$)/i;

/** What no page is (API, assets, images, feeds…), whatever the case of its first segment: left as it is asked for. */
const NOT_A_PAGE = /^\/(api|sub|assets|img|pdf|healthz|readyz|builds|feeds|sitemaps|__manifest)(\/|$)/;

/**
 * A page path in lower case: every page address is lower case (route segments, slugs, lot numbers), so `/en/Projects`
 * and `/EN/projects` are `/en/projects`. Percent-escapes keep their hex digits (a browser writes them in upper case,
 * and so do the site's own links), and a path that is not a page (`/API/…`, `/Img/…`) is left alone: an API client
 * or an image's signed address must not be redirected, and such a path is no page in any case.
 */
export function lowerCasePath(pathname: string): string {
  if (!/[A-Z]/.test(pathname) || NOT_A_PAGE.test(pathname.toLowerCase()) || SECRET_CASE.test(pathname)) return pathname;
  return pathname.replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, (part) => (part.startsWith('%') ? part : part.toLowerCase()));
}

/** A page's data file as prerendered pages load it (spec §2): `{path}/_payload.json?{build id}`. */
export const PAYLOAD_FILE = '/_payload.json';

/**
 * The React Router data request (`/en/privacy.data`, `/_.data` for the root) a payload file's URL stands for, or
 * null when the URL is not one. The query (the build id) only tells builds apart in a shared cache: it is dropped.
 */
export function payloadDataPath(url: string): string | null {
  const pathname = url.split('?')[0] ?? '';
  if (!pathname.endsWith(PAYLOAD_FILE)) return null;
  const page = pathname.slice(0, -PAYLOAD_FILE.length) || '/';
  return page === '/' ? '/_.data' : `${page}.data`;
}

/**
 * The `Location` for a page redirect: `path` made safe (one leading slash, nothing a browser reads as
 * another host) with the request's query kept; null when `path` names another site.
 */
function location(path: string, url: string, siteOrigin: string): string | null {
  const q = url.indexOf('?');
  return safeLocation(q === -1 ? path : path + url.slice(q), siteOrigin);
}

/** An entry visit: the visitor did not come from another page of this site. */
function isEntryVisit(request: FastifyRequest, config: Config): boolean {
  const referer = request.headers.referer;
  if (!referer) return true;
  try {
    const origin = new URL(referer).origin;
    return origin !== config.siteOrigin && origin !== `${request.protocol}://${request.host}`;
  } catch {
    return true;
  }
}

/**
 * The language a visitor chose by following a plain language link (no JavaScript): a page reached from a page of
 * this site in another language. Only the language switcher links languages, so that is a choice; the script
 * stores it on click, this stores it for visitors without scripts. Null when nothing is to be stored.
 */
function chosenLocale(request: FastifyRequest, pathname: string, cookieLocale: string | null | undefined): Locale | null {
  const referer = request.headers.referer;
  if (!referer || request.method !== 'GET') return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.host !== request.host) return null;
  const { locale } = splitLocalePath(pathname);
  if (splitLocalePath(from.pathname).locale === locale || cookieLocale === locale) return null;
  return locale;
}

/**
 * The site's root without a language prefix, where the first visit's language is detected (a redirect or a language
 * cookie, by the visitor's cookie, Accept-Language and Referer): its answers depend on more than the URL, so no shared
 * cache keeps them and the page fast path leaves them to the whole way.
 */
export function detectsLocale(pathname: string, config: Pick<Config, 'LOCALE_DETECT'>): boolean {
  const { path, prefixed } = splitLocalePath(pathname);
  return config.LOCALE_DETECT && path === '/' && !prefixed;
}

/** Remembers the visitor's language on this answer, as the language switcher does in the browser. */
function storeLocaleCookie(reply: FastifyReply, request: FastifyRequest, locale: Locale): void {
  const https = request.protocol === 'https';
  reply.setCookie(cookieName(COOKIES.locale, https), locale, cookieAttributes(COOKIES.locale, https));
}

/** Whether this page request stores the visitor's language choice (a cookie on its answer); the fast path asks. */
export function storesLocaleChoice(request: FastifyRequest, pathname: string, cookieLocale: string | null): boolean {
  return chosenLocale(request, pathname, cookieLocale) !== null;
}

/**
 * Page routing in front of React Router: the redirect table (301), the locale strategy's canonical form,
 * language detection on the first visit to the root (cookie → Accept-Language → fallback, 302), and the
 * language cookie of a visitor who switched languages without JavaScript.
 */
export function registerPageHooks(app: FastifyInstance, config: Config, services: Services): void {
  const origin = config.siteOrigin;
  /** Answers that store a language: never kept by a shared cache (it would hand the cookie to everyone). */
  const storesLocale = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply) => {
    // A preview's `private, no-store` (preview.ts) is stricter and stays.
    if (storesLocale.has(request) && !asksPreview(request.url)) reply.header('cache-control', 'private, no-cache');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageRequest(request)) return;
    const pathname = request.url.split('?')[0] ?? '/';
    // The back office has one address whatever the site's language strategy, and no redirects of the content's.
    if (isAdminPath(pathname)) return;

    const target = await services.redirects.match(pathname);
    if (target) {
      const to = location(target, request.url, origin);
      if (to === null) request.log.warn({ target }, 'redirect table row points off the site; ignored');
      else if (to.split('?')[0] !== pathname) return reply.redirect(to, 301);
    }

    // One URL per page: `/en//contacts/`, `/en\contacts` and `/EN/Contacts` → `/en/contacts` (API paths keep their
    // slash and their case; they are not pages). Doubled slashes and backslashes collapse, so no path ever redirects
    // off the site. A mixed-case path with no page goes to its lower-case form, which answers 404 itself.
    const single = lowerCasePath(collapseSlashes(pathname));
    if (single !== pathname || (pathname.length > 1 && pathname.endsWith('/'))) {
      const trimmed = single.replace(/\/+$/, '') || '/';
      return reply.redirect(location(canonicalLocaleRedirect(trimmed, config.LOCALE_STRATEGY) ?? trimmed, request.url, origin) ?? '/', 301);
    }

    const canonical = canonicalLocaleRedirect(pathname, config.LOCALE_STRATEGY);
    if (canonical && canonical !== pathname) return reply.redirect(location(canonical, request.url, origin) ?? '/', 301);

    const { path, prefixed } = splitLocalePath(pathname);
    const userAgent = request.headers['user-agent'] ?? '';
    if (config.LOCALE_DETECT && path === '/' && !prefixed && isEntryVisit(request, config) && !isbot(userAgent)) {
      const cookie = readCookie(request.cookies, COOKIES.locale, request.protocol === 'https');
      const languages = parseAcceptLanguage(request.headers['accept-language']);
      if (!isLocale(cookie) && languages.length === 0) return;
      const locale = detectLocale({ cookie, languages, fallback: config.FALLBACK_LOCALE });
      const localized = localizePath('/', locale, config.LOCALE_STRATEGY);
      if (localized !== pathname) {
        if (!isLocale(cookie)) storeLocaleCookie(reply, request, locale);
        return reply.header('vary', 'accept-language, cookie').redirect(location(localized, request.url, origin) ?? '/', 302);
      }
      // Staying here stores nothing (ADR 035): the same header detects the same language next time, and the root's
      // answer stays one a shared cache may keep (it varies on Accept-Language and Cookie).
      return;
    }

    const chosen = chosenLocale(request, pathname, readCookie(request.cookies, COOKIES.locale, request.protocol === 'https'));
    if (chosen) {
      storeLocaleCookie(reply, request, chosen);
      storesLocale.add(request);
    }
  });
}
