import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#core/i18n/locales.ts';
import { negotiateLocale, parseAcceptLanguage } from '#core/i18n/routing.ts';

/** The language of an API answer: `?lang=`, else `Accept-Language` (the client sends the page's locale), else Russian. */
export function apiLocale(request: FastifyRequest): Locale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(lang)) return lang;
  return negotiateLocale(parseAcceptLanguage(request.headers['accept-language'])) ?? DEFAULT_LOCALE;
}
