import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale, type LocaleStrategy } from './locales.ts';

export type LocalePath = { locale: Locale; /** the path without the locale prefix, always starting with `/` */ path: string; prefixed: boolean };

/** Splits `/en/projects` into `{locale: 'en', path: '/projects'}`; an unprefixed path is the default locale's. */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && isLocale(match[1])) {
    return { locale: match[1], path: pathname.slice(3) || '/', prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/', prefixed: false };
}

/** The canonical URL path of `path` in `locale` under the given strategy. */
export function localizePath(path: string, locale: Locale, strategy: LocaleStrategy): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (strategy === 'prefix_except_default' && locale === DEFAULT_LOCALE) return clean;
  if (strategy === 'prefix_and_default' && locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * Where a request for `pathname` must go to be canonical under the strategy, or null when it already is.
 * `prefix_except_default`: `/ru/x` → `/x`. `prefix`: `/x` → `/ru/x`. `prefix_and_default`: both forms are served.
 */
export function canonicalLocaleRedirect(pathname: string, strategy: LocaleStrategy): string | null {
  const { locale, path, prefixed } = splitLocalePath(pathname);
  if (strategy === 'prefix_except_default' && prefixed && locale === DEFAULT_LOCALE) return path;
  if (strategy === 'prefix' && !prefixed) return localizePath(path, DEFAULT_LOCALE, strategy);
  return null;
}

/**
 * Picks the visitor's language from an `Accept-Language` header or `navigator.languages`:
 * exact match first, then the language part before `-`, in the visitor's order of preference.
 */
export function negotiateLocale(preferred: readonly string[]): Locale | null {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (isLocale(lower)) return lower;
  }
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** Parses `Accept-Language` into tags ordered by q-value (stable for equal weights). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Detection order of spec §2 / REFERENCE: stored cookie → browser languages → fallback. */
export function detectLocale(input: { cookie?: string | null; languages: readonly string[]; fallback?: Locale }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return negotiateLocale(input.languages) ?? input.fallback ?? DEFAULT_LOCALE;
}

export { LOCALES };
