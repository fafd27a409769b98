/**
 * Tracking parameters: campaign tags and the click ids ads, mail and social networks add to a link. No page reads
 * them on the server (core/http/page-query.ts); the browser reads them from its own address. Small on its own: the
 * forms' code in the browser takes it.
 */
const TRACKING = /^(utm_[a-z0-9_]*|_openstat|gclid|gclsrc|dclid|gbraid|wbraid|yclid|ysclid|ymclid|fbclid|msclkid|ttclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i;

export function isTrackingParameter(name: string): boolean {
  return TRACKING.test(name);
}

/** A path and query (`/en/filter?rooms=2&utm_source=mail`) without its tracking parameters, the rest as written. */
export function withoutTracking(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '' && !isTrackingParameter(parameterName(part)));
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/** The decoded name of one `name=value` part of a query. */
export function parameterName(part: string): string {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
