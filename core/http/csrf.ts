import { constantTimeEqual } from './constant-time.ts';
import { COOKIES } from './cookies.ts';

/** Django-style CSRF (REFERENCE "API conventions"): cookie `csrftoken`, header `X-CSRFToken`. */
export const CSRF_COOKIE = COOKIES.csrf.name;
export const CSRF_HEADER = 'x-csrftoken';
/** Hidden field carried by forms that post without JavaScript. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
/** Page meta tag that may carry the token instead of the cookie (spec §7). */
export const CSRF_META_NAME = 'csrf-token';
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** What a page form's post carries that decides whether it may be acted on (Fetch Metadata, Origin, the token). */
export type PageFormRequest = {
  /** The `Sec-Fetch-Site` header, or null when the browser sent none (older browsers, scripts). */
  fetchSite: string | null;
  /** The `Origin` header, or null. */
  origin: string | null;
  /** The form's hidden `csrfmiddlewaretoken`, or null. */
  formToken: string | null;
  /** The visitor's `csrftoken` cookie, or null. */
  cookieToken: string | null;
  /** The origins that are this site (the configured one, the one the request was sent to). */
  siteOrigins: readonly string[];
};

/**
 * Whether a page form's post (a lead form, a heart, an alert, a bid, posted as a document without JavaScript)
 * may be acted on: null when it may, else the reason it may not (ADR 022, Go's `http.CrossOriginProtection`):
 *
 * - `Sec-Fetch-Site: same-origin`: a page of this site sent it, no token needed;
 * - `Sec-Fetch-Site: cross-site` or `same-site` (another site, a sibling subdomain): refused, token or not;
 * - no `Sec-Fetch-Site` (an older browser): an `Origin` naming this site is enough, a foreign one is refused;
 * - neither header (`Sec-Fetch-Site: none` included): the hidden token must equal the `csrftoken` cookie.
 */
export function pageFormCsrfFailure(input: PageFormRequest): string | null {
  const site = input.fetchSite?.trim().toLowerCase() || null;
  if (site === 'same-origin') return null;
  if (site === 'cross-site' || site === 'same-site') return `Cross-origin request refused (Sec-Fetch-Site: ${site}).`;
  if (site === null && input.origin) {
    return input.siteOrigins.includes(input.origin) ? null : `Origin checking failed - ${input.origin} does not match any trusted origins.`;
  }
  const { formToken, cookieToken } = input;
  if (!cookieToken) return 'CSRF cookie not set.';
  if (!formToken) return 'CSRF token missing.';
  if (!constantTimeEqual(formToken, cookieToken)) return 'CSRF token incorrect.';
  return null;
}
