import { describe, expect, it } from 'vitest';
import { VISIT_IDLE_MS } from '#core/analytics/visit.ts';
import { cookieAttributes, COOKIES, parseCookies, readCookie, RETIRED_COOKIES, serializeCookie, type CookieSpec } from './cookies.ts';

describe('cookies', () => {
  it('are written with Path=/, their lifetime and SameSite, and Secure over HTTPS only', () => {
    expect(serializeCookie(COOKIES.csrf, 'abc', false)).toBe('csrftoken=abc; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(serializeCookie(COOKIES.csrf, 'abc', true)).toBe('csrftoken=abc; Max-Age=31536000; Path=/; Secure; SameSite=Lax');
    expect(serializeCookie(COOKIES.adminLocale, 'en', true)).toBe('admin_locale=en; Max-Age=31536000; Path=/; Secure; SameSite=Strict');
    expect(serializeCookie(COOKIES.noMetrics, '1', false)).toBe('sl_nometrics=1; Path=/; SameSite=Lax');
    // A retired cookie is written only to expire it.
    expect(serializeCookie(RETIRED_COOKIES.webp, '', false)).toBe('device_webp=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('escape whole the values the site has always written escaped, and only what must be in the others', () => {
    expect(serializeCookie(COOKIES.selection, 'l1,l2', false)).toBe('selection=l1%2Cl2; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(serializeCookie(COOKIES.visit, '{"a":1}', false)).toMatch(/^sl_visit=%7B%22a%22%3A1%7D; Max-Age=1800;/);
    expect(serializeCookie(COOKIES.locale, 'zh', false)).toMatch(/^i18n_redirected=zh; /);
  });

  it('keep a visit as long as a visit lasts', () => {
    expect(COOKIES.visit.maxAge * 1000).toBe(VISIT_IDLE_MS);
  });

  it('read from a header, document.cookie or parsed cookies, decoded, the first of a repeated name', () => {
    const header = 'a=1; csrftoken=abc%3D; selection=l1%2Cl2; csrftoken=second';
    expect(readCookie(header, COOKIES.csrf)).toBe('abc=');
    expect(readCookie(parseCookies(header), COOKIES.selection)).toBe('l1,l2');
    expect(readCookie(header, COOKIES.visitor)).toBeNull();
    expect(readCookie(null, COOKIES.visitor)).toBeNull();
    expect(readCookie('sl_visit=%E0%A4%A', COOKIES.visit)).toBe('%E0%A4%A');
  });

  it('take their prefix over HTTPS only, and a __Host- or __Secure- cookie is always Secure', () => {
    const host: CookieSpec = { name: 'token', prefix: '__Host-', sameSite: 'strict', httpOnly: true };
    expect(serializeCookie(host, 'x', true)).toBe('__Host-token=x; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(serializeCookie(host, 'x', false)).toBe('token=x; Path=/; HttpOnly; SameSite=Strict');
    expect(readCookie('token=plain; __Host-token=prefixed', host, true)).toBe('prefixed');
    expect(readCookie('token=plain', host, true)).toBeNull();
    expect(readCookie('token=plain; __Host-token=prefixed', host, false)).toBe('plain');
    // Named by another library's rule (better-auth's staff cookies): the prefixed name first, then the plain one.
    expect(readCookie('token=plain; __Host-token=prefixed', host)).toBe('prefixed');
    expect(readCookie('token=plain', host)).toBe('plain');
  });

  it('of the site carry no prefix in their names, and are all Secure over HTTPS', () => {
    for (const spec of Object.values(COOKIES) as CookieSpec[]) {
      expect(spec.name).not.toMatch(/^__(Secure|Host)-/);
      expect(cookieAttributes(spec, true).secure).toBe(true);
    }
  });
});
