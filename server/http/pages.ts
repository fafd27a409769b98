import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, isLocale } from '#core/i18n/locales.ts';
import { canonicalLocaleRedirect, detectLocale, localizePath, parseAcceptLanguage, splitLocalePath } from '#core/i18n/routing.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';

/** Requests that are pages (not API, assets, images or health probes). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url;
  return (
    !/^\/(api|assets|img|pdf|healthz|readyz|builds|favicon|robots\.txt|sitemap\.xml|sitemaps\/|feeds\/|__manifest|@|node_modules|app\/)/.test(path) &&
    !path.includes('.data')
  );
}

function withQuery(path: string, url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? path : path + url.slice(q);
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
 * Page routing in front of React Router: the redirect table (301), the locale strategy's canonical form,
 * and language detection on the first visit to the root (cookie → Accept-Language → fallback, 302).
 */
export function registerPageHooks(app: FastifyInstance, config: Config, services: Services): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageRequest(request)) return;
    const pathname = request.url.split('?')[0] ?? '/';

    const target = await services.redirects.match(pathname);
    if (target) return reply.redirect(withQuery(target, request.url), 301);

    // One URL per page: `/en/contacts/` → `/en/contacts` (API paths keep their slash; they are not pages).
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      return reply.redirect(withQuery(canonicalLocaleRedirect(trimmed, config.LOCALE_STRATEGY) ?? trimmed, request.url), 301);
    }

    const canonical = canonicalLocaleRedirect(pathname, config.LOCALE_STRATEGY);
    if (canonical && canonical !== pathname) return reply.redirect(withQuery(canonical, request.url), 301);

    const { path, prefixed } = splitLocalePath(pathname);
    const userAgent = request.headers['user-agent'] ?? '';
    if (config.LOCALE_DETECT && path === '/' && !prefixed && isEntryVisit(request, config) && !isbot(userAgent)) {
      const cookie = request.cookies[LOCALE_COOKIE];
      const languages = parseAcceptLanguage(request.headers['accept-language']);
      if (!isLocale(cookie) && languages.length === 0) return;
      const locale = detectLocale({ cookie, languages, fallback: config.FALLBACK_LOCALE });
      if (!isLocale(cookie)) {
        reply.setCookie(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure: request.protocol === 'https' });
      }
      const localized = localizePath('/', locale, config.LOCALE_STRATEGY);
      if (localized !== pathname) return reply.header('vary', 'accept-language, cookie').redirect(withQuery(localized, request.url), 302);
    }
  });
}
