import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import type { Locale, LocaleStrategy } from '#core/i18n/locales.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { localizePath, splitLocalePath } from '#core/i18n/routing.ts';
import { escapeXml } from '../lib/xml.ts';

/** The catalogs' error texts: the same words the site's error page uses. */
export function errorTexts(locale: Locale): Messages['error'] {
  return CATALOGS[locale].error;
}

/** Statuses the server answers itself, before React Router renders anything (a body too large, overload). */
export type ServerPageStatus = 400 | 413 | 415 | 503;

function texts(status: ServerPageStatus, locale: Locale): { title: string; description: string } {
  const t = errorTexts(locale);
  if (status === 413) return { title: t.title413, description: t.description413 };
  if (status === 503) return { title: t.title503, description: t.description503 };
  return { title: t.titleOther, description: t.descriptionOther };
}

/** The request's path when it is a path of this site (never `//host` or `/\host`), else the home page. */
function samePath(url: string, home: string): string {
  const path = url.split('?')[0] ?? '/';
  return /^\/(?![/\\])[^\s"<>\\]*$/.test(path) ? path : home;
}

/**
 * A small page for an error the server answers before rendering (no database, no React, no scripts): the
 * status, its title and advice in the language of the requested page, and a link back to the page (GET).
 * Under overload it must cost next to nothing; on a body too large it must not read the body.
 */
export function serverErrorPage(url: string, status: ServerPageStatus, strategy: LocaleStrategy): { html: string; locale: Locale } {
  const { locale } = splitLocalePath(url.split('?')[0] ?? '/');
  const { title, description } = texts(status, locale);
  const home = localizePath('/', locale, strategy);
  const back = samePath(url, home);
  const t = errorTexts(locale);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeXml(`${formatMessage(t.code, { status })}. ${title}`)}</title></head>` +
    `<body><main><p>${status}</p><h1>${escapeXml(title)}</h1><p>${escapeXml(description)}</p>` +
    `<p><a href="${escapeXml(back)}">${escapeXml(t.reload)}</a></p>` +
    (back !== home ? `<p><a href="${escapeXml(home)}">${escapeXml(t.goHome)}</a></p>` : '') +
    `</main></body></html>`;
  return { html, locale };
}

/** Sends the small page; `no-store`, and `Connection: close` when a request body was left unread. */
export function sendServerErrorPage(request: FastifyRequest, reply: FastifyReply, status: ServerPageStatus, strategy: LocaleStrategy): FastifyReply {
  const { html, locale } = serverErrorPage(request.url, status, strategy);
  if (hasUnreadBody(request)) reply.header('connection', 'close');
  return reply.code(status).header('cache-control', 'no-store').header('content-language', locale).type('text/html; charset=utf-8').send(html);
}

/** A request that announces a body (length or chunked): answering before reading it must close the connection. */
export function hasUnreadBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
