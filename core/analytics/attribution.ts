import { safeLandingPage, safeReferrer, safeUtm, sitePath, UTM_FIELDS, type UtmField } from '#core/tracking/events.ts';
import { VISIT_IDLE_MS } from './visit.ts';

/**
 * Where the visit came from, as its first page saw it (first touch): the landing page, the referrer when it is
 * another site, and the UTM tags. Kept in the browser for the visit (30 minutes after the last page) and sent
 * with every lead, whichever page the form is on; the server adds the visitor id and reads the analytics
 * client id itself (server/modules/leads/submit.ts).
 */
export type Attribution = {
  landing_page: string;
  referrer: string | null;
} & Partial<Record<UtmField, string>>;

/** What the browser keeps: the attribution and when the visit last showed a page. */
export type StoredAttribution = Attribution & { at: number };

/** The landing page and referrer are cut to these lengths (the lead schema's bounds, core/schemas/lead.ts). */
export const ATTRIBUTION_LIMITS = { landingPage: 2048, referrer: 512 } as const;

/**
 * The attribution of a page loaded at `href` from `referrer`, on a site at `origin`, cleaned as the server keeps
 * it (core/tracking/events.ts): the landing page's path and UTM tags only, the referrer's origin and path, no tag
 * holding an e-mail address or a phone number. So a lead never carries, nor fails on, what the address held.
 */
export function firstTouch(href: string, referrer: string, origin: string): Attribution {
  const url = new URL(href, origin);
  const landing = sitePath(url.href, [url.origin]) ?? '/';
  let external: string | null = null;
  try {
    if (referrer && new URL(referrer).origin !== url.origin) external = safeReferrer(referrer) ?? null;
  } catch {
    // not an address: no referrer
  }
  const out: Attribution = { landing_page: landing.slice(0, ATTRIBUTION_LIMITS.landingPage), referrer: external };
  for (const field of UTM_FIELDS) {
    const value = safeUtm(url.searchParams.get(field));
    if (value) out[field] = value;
  }
  return out;
}

/**
 * The visit's attribution after a page at `now`: the stored one while the visit goes on (its last page within
 * 30 minutes), else this page's.
 */
export function nextAttribution(stored: StoredAttribution | null, page: () => Attribution, now: number): StoredAttribution {
  if (stored && now - stored.at <= VISIT_IDLE_MS && now >= stored.at - VISIT_IDLE_MS) return { ...stored, at: now };
  return { ...page(), at: now };
}

/**
 * A stored value read back: only the known fields, as strings, cleaned again as `firstTouch` cleans them (a visit
 * that began before a change of the rules sends what the server keeps); anything else is no attribution.
 */
export function readStoredAttribution(json: string | null): StoredAttribution | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.landing_page !== 'string' || typeof record.at !== 'number') return null;
  const out: StoredAttribution = {
    landing_page: (safeLandingPage(record.landing_page) ?? '/').slice(0, ATTRIBUTION_LIMITS.landingPage),
    referrer: typeof record.referrer === 'string' ? (safeReferrer(record.referrer) ?? null) : null,
    at: record.at,
  };
  for (const field of UTM_FIELDS) {
    const value = typeof record[field] === 'string' ? safeUtm(record[field]) : null;
    if (value) out[field] = value;
  }
  return out;
}

/** The lead fields of an attribution (strings only; no empty ones). */
export function attributionFields(attribution: Attribution): Record<string, string> {
  const out: Record<string, string> = { landing_page: attribution.landing_page };
  if (attribution.referrer) out.referrer = attribution.referrer;
  for (const field of UTM_FIELDS) {
    const value = attribution[field];
    if (value) out[field] = value;
  }
  return out;
}
