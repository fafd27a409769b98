import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIES, readCookie } from '#core/http/cookies.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { pageAnswer, pageCacheControl, pageRequest, variationKey, type PageCache } from './page-cache.ts';
import { cdnTagHeader } from './cdn-purge.ts';
import { detectsLocale, isPageRequest, storesLocaleChoice } from './pages.ts';
import { HSTS } from './security.ts';
import { asksPreview } from './preview.ts';
import { isAdminPath } from '#core/admin/roles.ts';

/**
 * Kept pages answered before the request's hooks run (ADR 023): what a CDN in front of the site would do, inside
 * it. Only when the whole way would answer the same: a page request with a valid kept copy, nothing to redirect or to
 * remember for this visitor (a language choice, the language detection of `/`). A first visit is answered here too:
 * no page sets the visitor id or the CSRF cookie (ADR 035).
 * The headers are those of the copy's first whole answer (security headers included); the per-answer ones are made
 * here as page handler makes them. Anything else goes the whole way, which answers kept copies too.
 */
export function registerPageFastPath(app: FastifyInstance, opts: { config: Config; services: Services; pageCache: PageCache; closing: () => boolean }): void {
  const { config, services, pageCache } = opts;

  function fastAnswerable(request: FastifyRequest): boolean {
    if (opts.closing() || !isPageRequest(request)) return false;
    const pathname = request.url.split('?')[0] ?? '/';
    // The back office's pages are never kept (ADR 025).
    if (isAdminPath(pathname)) return false;
    // Nor is a preview of a draft (issue #42): it goes the whole way, which renders it for staff only.
    if (asksPreview(request.url)) return false;
    // The language detection of the site's root (a redirect or a language cookie on an entry visit).
    if (detectsLocale(pathname, config)) return false;
    return !storesLocaleChoice(request, pathname, readCookie(request.headers.cookie, COOKIES.locale));
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!fastAnswerable(request)) return;
    const { key, knownVisitor, currency } = pageRequest(request.url, request.headers, config.ANALYTICS_CONSENT);
    const payload = services.features.loadedPayload();
    if (!payload) return;
    const hit = pageCache.peek(key, (features) => variationKey(payload, knownVisitor, features));
    if (!hit?.entry.answerHeaders || !hit.entry.csp) return;
    const { entry } = hit;
    pageCache.count(hit);

    const answer = pageAnswer(entry, knownVisitor, currency);
    const headers: Record<string, string | string[] | number> = {
      ...entry.answerHeaders,
      'cache-control': pageCacheControl(answer.shared, config),
      vary: answer.vary,
      'x-cache': 'HIT',
      etag: entry.etag,
    };
    const tags = answer.shared ? (entry.cdnTags ??= cdnTagHeader(config, entry.deps)) : null;
    if (tags) headers[tags[0]] = tags[1];
    if (request.protocol === 'https') headers['strict-transport-security'] = HSTS;
    reply.hijack();
    const res = reply.raw;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      res.writeHead(304, headers);
      res.end();
      return reply;
    }
    const { body, encoding } = pageCache.encoded(entry, hit.key, String(request.headers['accept-encoding'] ?? ''));
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(entry.status, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
    return reply;
  });
}
