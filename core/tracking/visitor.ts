import { COOKIES, FOREIGN_COOKIES, parseCookies, readCookie, serializeCookie, type Cookies } from '#core/http/cookies.ts';

/**
 * The visitor's first-party id (cookie `vid`): one random token per browser, kept 400 days (the longest a
 * browser keeps a cookie). It is what experiments hash to put a visitor into a variation (REFERENCE "Feature
 * flags"), what experiment exposures and web vitals are stored under (`user_id`), and what a lead carries in
 * its context (`visitor_id`) so that conversions can be counted per variation. It says nothing about the
 * person: no IP, no user agent, no personal data goes into it.
 *
 * Readable by the page's script (not HttpOnly): the GrowthBook SDK in the browser needs the same id the
 * server hashed, and the lead form sends it.
 */

/** 22 characters of base64url: 132 random bits. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

/** A new id from the platform's CSPRNG (Web Crypto: the same in Node and the browser). */
export function newVisitorId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22);
}

/** The id in a `Cookie` header, `document.cookie` or parsed cookies, or null when absent or malformed. */
export function readVisitorId(cookies: string | Cookies | null | undefined): string | null {
  const value = readCookie(cookies, COOKIES.visitor);
  return isVisitorId(value) ? value : null;
}

/** The `Set-Cookie` value that keeps `id` (core/http/cookies.ts: 400 days, SameSite=Lax, whole site; Secure on https). */
export function visitorCookie(id: string, https: boolean): string {
  return serializeCookie(COOKIES.visitor, id, https);
}

const ANALYTICS_ID = /^[0-9]{1,20}(\.[0-9]{1,20})?$/;

/**
 * The analytics counter's client id (`ga_id` of the experiment events, `analytics_client_id` of a lead):
 * Google Analytics' from `_ga` (`GA1.1.123.456` → `123.456`), else Yandex Metrica's `_ym_uid`; null when
 * no counter has set one (no counter configured, `nometrics`, or no consent yet).
 */
export function analyticsClientId(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const cookies = parseCookies(cookieHeader);
  const ga = readCookie(cookies, FOREIGN_COOKIES.googleAnalytics);
  if (ga) {
    const id = ga.split('.').slice(2).join('.');
    if (ANALYTICS_ID.test(id)) return id;
  }
  const ym = readCookie(cookies, FOREIGN_COOKIES.yandexMetrica);
  return ym && ANALYTICS_ID.test(ym) ? ym : null;
}
