/**
 * The one way a `Location` header is written (server/http/security.ts applies it to every response).
 *
 * Browsers read a redirect target with the WHATWG URL parser: tabs and newlines anywhere are dropped,
 * leading and trailing spaces and control characters are trimmed, and in an http(s) URL a backslash is a
 * slash. So `//evil.example/`, `/\evil.example/`, `\/evil.example` and `/<TAB>/evil.example` all leave the
 * site. A safe target is a path with exactly one leading slash and no slash or backslash after it; an
 * absolute URL is kept only when it names the site's own origin (and is then written as its path).
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Characters a header value may not carry as they are (outside printable ASCII): percent-encoded. */
function encodeUnsafe(value: string): string {
  return value.replace(/[^\x21-\x7e]+/g, (chars) => {
    try {
      return encodeURI(chars);
    } catch {
      return ''; // a lone surrogate has no encoding
    }
  });
}

/** `path` with backslashes read as slashes and every run of slashes made one: `/\\a//b` → `/a/b`. */
export function collapseSlashes(path: string): string {
  const collapsed = path.replace(/[\\/]+/g, '/');
  return collapsed.startsWith('/') ? collapsed : `/${collapsed}`;
}

/**
 * A redirect target that stays on the site, or null when `target` names another origin (or is not a URL
 * a browser would follow to this site at all, such as `javascript:`).
 */
export function safeLocation(target: string, siteOrigin: string): string | null {
  let value = target.replace(CONTROL, '').trim();
  if (SCHEME.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== siteOrigin) return null;
    value = url.pathname + url.search + url.hash;
  }
  const cut = value.search(/[?#]/);
  const path = cut === -1 ? value : value.slice(0, cut);
  const rest = cut === -1 ? '' : value.slice(cut);
  return encodeUnsafe(collapseSlashes(path) + rest);
}

/** True when a browser resolving `location` against `siteOrigin` stays on `siteOrigin`. */
export function isOnSite(location: string, siteOrigin: string): boolean {
  try {
    return new URL(location, `${siteOrigin}/`).origin === siteOrigin;
  } catch {
    return false;
  }
}
