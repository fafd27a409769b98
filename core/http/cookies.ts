import { parseCookie, stringifySetCookie, type Cookies } from 'cookie';

/**
 * Every cookie the site reads or writes, and the one way to do either, in the browser and on the server: the `cookie`
 * package, the parser and serialiser Fastify's own cookies go through, so both sides read a value the same way.
 *
 * A cookie the site writes has Path=/ and no Domain (this host only), its SameSite and lifetime, and Secure where the
 * page is served over HTTPS. A name prefix is added over HTTPS only: the browser takes a `__Secure-` cookie only when
 * it is Secure, and a `__Host-` one only when it is also on Path=/ without a Domain (which every cookie here is). On
 * http://localhost the cookie keeps its plain name and no Secure, as before the prefix.
 */

export type { Cookies };
export type CookiePrefix = '__Secure-' | '__Host-';

/** A cookie as it is read: its name, and the prefix it has over HTTPS. */
export type CookieName = { readonly name: string; readonly prefix?: CookiePrefix };

/** A cookie the site writes, with the attributes it is always written with. */
export type CookieSpec = CookieName & {
  /** Seconds; none: a session cookie, gone when the browser closes. */
  readonly maxAge?: number;
  readonly sameSite: 'lax' | 'strict';
  /** Out of the page script's reach. */
  readonly httpOnly?: true;
  /** The value percent-encoded whole (`encodeURIComponent`); else only a character a cookie cannot hold is. */
  readonly escape?: true;
};

const YEAR_S = 365 * 24 * 60 * 60;

/** The site's own cookies, each with its attributes as the browser and the server write it. */
export const COOKIES = {
  /** The CSRF token (core/http/csrf.ts, ADR 022): the API client reads it, so not HttpOnly (Django's default too). */
  csrf: { name: 'csrftoken', maxAge: YEAR_S, sameSite: 'lax' },
  /** The visitor's language (Nuxt i18n's name, spec §9: 365 days, SameSite=Lax); the server and the switcher write it. */
  locale: { name: 'i18n_redirected', maxAge: YEAR_S, sameSite: 'lax' },
  /** The back office's language (ADR 025), its own: the site's language cookie is the visitor's. */
  adminLocale: { name: 'admin_locale', maxAge: YEAR_S, sameSite: 'strict' },
  /** The visitor's selection of lots (app/lib/selection.ts): a comma list of ids, written escaped. */
  selection: { name: 'selection', maxAge: YEAR_S, sameSite: 'lax', escape: true },
  /** The visitor id (core/tracking/visitor.ts): 400 days, the longest a browser keeps a cookie. */
  visitor: { name: 'vid', maxAge: 400 * 24 * 60 * 60, sameSite: 'lax' },
  /** The answer to the cookie notice (core/analytics/consent.ts). */
  consent: { name: 'sl_consent', maxAge: YEAR_S, sameSite: 'lax', escape: true },
  /** A tester's visit (`nometrics` in an address): for the browser session. */
  noMetrics: { name: 'sl_nometrics', sameSite: 'lax', escape: true },
  /** The visit and its goals (core/analytics/visit.ts): as long as a visit lasts without activity, 30 minutes. */
  visit: { name: 'sl_visit', maxAge: 30 * 60, sameSite: 'lax', escape: true },
  /** The currency prices are also shown in (core/currency/rates.ts, ADR 037): the switch's form writes it, pages read it. */
  currency: { name: 'currency', maxAge: YEAR_S, sameSite: 'lax' },
} as const satisfies Record<string, CookieSpec>;

/** Cookies the site once wrote and now expires (`Max-Age=0`) where a browser still holds one. */
export const RETIRED_COOKIES = {
  /** The WebP test's result (until 2026-11-30, ADR 035); this can go once the last one has expired (2027-12). */
  webp: { name: 'device_webp', maxAge: 0, sameSite: 'lax' },
} as const satisfies Record<string, CookieSpec>;

/** Cookies others write that the site reads. */
export const FOREIGN_COOKIES = {
  /** better-auth's (server/modules/staff/auth.ts, `cookiePrefix: 'staff'`), `__Secure-` when the site is on HTTPS. */
  staffSession: { name: 'staff.session_token', prefix: '__Secure-' },
  staffSecondFactor: { name: 'staff.two_factor', prefix: '__Secure-' },
  /** The analytics counters' client ids (core/tracking/visitor.ts `analyticsClientId`). */
  googleAnalytics: { name: '_ga' },
  yandexMetrica: { name: '_ym_uid' },
} as const satisfies Record<string, CookieName>;

/** The cookie's name over this scheme: with its prefix over HTTPS only. */
export function cookieName(cookie: CookieName, https: boolean): string {
  return https && cookie.prefix ? cookie.prefix + cookie.name : cookie.name;
}

/** The cookies of a `Cookie` header or `document.cookie` by name (of a repeated name the first, the most specific). */
export function parseCookies(header: string | null | undefined): Cookies {
  return parseCookie(header ?? '');
}

/**
 * The value of `cookie` in a `Cookie` header, `document.cookie` or parsed cookies; null when there is none.
 * `https` decides a prefixed cookie's name; without it (a cookie another library names by a rule of its own) the
 * prefixed name is looked for first, then the plain one.
 */
export function readCookie(source: string | Cookies | null | undefined, cookie: CookieName, https?: boolean): string | null {
  const cookies = typeof source === 'object' && source !== null ? source : parseCookies(source);
  if (https === undefined && cookie.prefix) return cookies[cookie.prefix + cookie.name] ?? cookies[cookie.name] ?? null;
  return cookies[cookieName(cookie, https ?? false)] ?? null;
}

/** What a cookie is written with besides its name and value. */
export type CookieAttributes = { maxAge?: number; path: '/'; httpOnly?: true; secure: boolean; sameSite: 'lax' | 'strict' };

/** The attributes `spec` is written with over this scheme; Fastify's `reply.setCookie` takes them as they are. */
export function cookieAttributes(spec: CookieSpec, https: boolean): CookieAttributes {
  return {
    ...(spec.maxAge === undefined ? {} : { maxAge: spec.maxAge }),
    path: '/',
    ...(spec.httpOnly ? { httpOnly: true } : {}),
    secure: https,
    sameSite: spec.sameSite,
  };
}

/** The cookie as a `Set-Cookie` value, which is also what `document.cookie =` takes. */
export function serializeCookie(spec: CookieSpec, value: string, https: boolean): string {
  const cookie = { name: cookieName(spec, https), value, ...cookieAttributes(spec, https) };
  return stringifySetCookie(cookie, spec.escape ? { encode: encodeURIComponent } : undefined);
}

const pageIsHttps = () => location.protocol === 'https:';

/** In the browser: the value of `cookie` for this page. */
export function readDocumentCookie(cookie: CookieName): string | null {
  return readCookie(document.cookie, cookie, pageIsHttps());
}

/** In the browser: writes `spec` as the server would for this page. */
export function writeDocumentCookie(spec: CookieSpec, value: string): void {
  document.cookie = serializeCookie(spec, value, pageIsHttps());
}
