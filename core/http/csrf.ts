/** Django-style CSRF (REFERENCE "API conventions"): cookie `csrftoken`, header `X-CSRFToken`. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Hidden field carried by forms that post without JavaScript. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
/** Page meta tag that may carry the token instead of the cookie (spec §7). */
export const CSRF_META_NAME = 'csrf-token';
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
