import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_FORM_FIELD, pageFormCsrfFailure } from '#core/http/csrf.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { escapeXml } from '../lib/xml.ts';
import { errorTexts } from './error-page.ts';
import { newCsrfToken, setCsrfCookie } from './security.ts';

/**
 * The one page form post the site cannot tell from a forged one (ADR 035): a browser that sends neither
 * `Sec-Fetch-Site` nor `Origin` (none in use does), posting before it has the `csrftoken` cookie — which pages no
 * longer set, so that a shared cache may keep them. Instead of the bare 403 such a post got, the answer is a small
 * page that sets the cookie and shows the same form again, its fields kept and the token in its hidden field: the
 * visitor presses "Send again", and the retry passes the token check (the hidden token equals the cookie). Never
 * kept (`no-store`): it holds what the visitor typed. A post that is cross-site by its headers, or that carries a
 * cookie, is left to the page's action, which refuses or takes it as before.
 */
export function needsCsrfRetry(request: FastifyRequest, siteOrigins: readonly string[]): boolean {
  if (request.method !== 'POST') return false;
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : null;
  };
  const failure = pageFormCsrfFailure({
    fetchSite: header('sec-fetch-site'),
    origin: header('origin'),
    formToken: null,
    cookieToken: request.csrfToken || null,
    siteOrigins,
  });
  return failure === 'CSRF cookie not set.';
}

/** The posted fields, text only (a page form posts no files), the old token left out. */
async function postedFields(request: FastifyRequest): Promise<[string, string][]> {
  const type = request.headers['content-type'] ?? '';
  if (!(request.body instanceof Buffer) || !type) return [];
  try {
    const form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': type } }).formData();
    const fields: [string, string][] = [];
    for (const [name, value] of form) if (typeof value === 'string' && name !== CSRF_FORM_FIELD) fields.push([name, value]);
    return fields;
  } catch {
    return [];
  }
}

/** The request's path when it is a path of this site (never `//host` or `/\host`), else null. */
function samePath(url: string): string | null {
  const path = url.split('?')[0] ?? '/';
  return /^\/(?![/\\])[^\s"<>\\]*$/.test(path) ? url : null;
}

/** Answers the retry page: 403, the fresh cookie, the form again with its fields and the token. */
export async function sendCsrfRetry(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { locale } = splitLocalePath(request.url.split('?')[0] ?? '/');
  const t = errorTexts(locale);
  const token = newCsrfToken();
  setCsrfCookie(reply, request, token);
  const action = samePath(request.url) ?? '/';
  const inputs = [...(await postedFields(request)), [CSRF_FORM_FIELD, token] as [string, string]]
    .map(([name, value]) => `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`)
    .join('');
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeXml(`${formatMessage(t.code, { status: 403 })}. ${t.titleCsrf}`)}</title></head>` +
    `<body><main><h1>${escapeXml(t.titleCsrf)}</h1><p>${escapeXml(t.descriptionCsrf)}</p>` +
    `<form method="post" action="${escapeXml(action)}">${inputs}<button type="submit">${escapeXml(t.sendAgain)}</button></form>` +
    `</main></body></html>`;
  await reply.code(403).header('cache-control', 'private, no-store').header('content-language', locale).type('text/html; charset=utf-8').send(html);
}
