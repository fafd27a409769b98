import { LOT_TYPES, type LotType } from '#core/catalogue/types.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { hasPersonalShape } from '#core/privacy.ts';
import { isId } from '#core/schemas/id.ts';

/**
 * What `/api/tracking_data/save/` records (docs/api.md): a page view, and the engagement goals of spec §9
 * (an involved visit after 60 seconds and after 3 minutes, a visit of more than 3 minutes, a visit of two pages).
 */
export const TRACKING_EVENTS = ['page_view', 'visit_60s', 'visit_3min', 'visit_over_3min', 'two_pages'] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

/** The kinds of page of the route table (app/routes.ts), as analytics groups them. */
export const PAGE_TYPES = [
  'home',
  'projects',
  'project',
  'progress',
  'building',
  'section',
  'floor',
  'lot',
  'filter',
  'selection',
  'collection',
  'landing',
  'contacts',
  'auctions',
  'auction',
  'publications',
  'publication',
  'purchase',
  'page',
  'form',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Bounds of what is stored (the columns' checks say the same). */
export const TRACKING_LIMITS = { url: 2048, referrer: 512, utm: 200, clientId: 128, visitId: 64 } as const;

/** The UTM tags of the visit's first page, in their order. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/**
 * What a page's path says by itself, before the catalogue or the content is asked: its type, or `slug` for the
 * catch-all that the database decides (a content page, a purchase page, a collection, a landing); the project
 * or lot it names, as written in the address.
 */
export type PathRoute =
  | { type: Exclude<PageType, 'lot' | 'page' | 'purchase' | 'collection' | 'landing'>; project?: { id: string; shared: boolean } }
  | { type: 'lot'; lot: { slug: string; lotType: LotType; number: string } }
  | { type: 'slug'; slug: string };

const ID = /^[A-Za-z0-9_-]+$/;
const SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/**
 * Reads a path the way app/routes.ts does (each locale prefix, then the same tree). `path` is a pathname
 * without query; a trailing slash is ignored. Kept next to the route table's rules: a new route must be added
 * in both (tests/unit of this file list every route of the table).
 */
export function routeOfPath(pathname: string): { locale: Locale; route: PathRoute } {
  const { locale, path } = splitLocalePath(pathname);
  const parts = path.split('/').filter(Boolean);
  const route = ((): PathRoute => {
    const [head, second, third, ...rest] = parts;
    if (head === undefined) return { type: 'home' };
    if (head === 'projects' && second === undefined) return { type: 'projects' };
    if ((head === 'projects' || head === 'shared-projects') && second !== undefined) {
      const project = { id: second, shared: head === 'shared-projects' };
      const nested = parts.slice(2);
      if (!ID.test(second) || !nested.every((p) => ID.test(p))) return { type: 'other' };
      if (nested.length === 0) return { type: 'project', project };
      if (third === 'progress' && nested.length <= 2) return { type: 'progress', project };
      const [b, , s, , f] = nested;
      const shape = nested.filter((_, i) => i % 2 === 0).join('/');
      if (shape === 'building' && b === 'building') return { type: 'building', project };
      if (shape === 'building/section' && s === 'section') return { type: 'section', project };
      if (shape === 'building/section/floor' && f === 'floor') return { type: 'floor', project };
      return { type: 'other' };
    }
    if (parts.length === 1) {
      const single: Record<string, PathRoute['type']> = {
        filter: 'filter',
        selection: 'selection',
        promo: 'publications',
        news: 'publications',
        contacts: 'contacts',
        auctions: 'auctions',
        // The footer's search results: a page of no type of its own.
        search: 'other',
      };
      const type = Object.hasOwn(single, head) ? single[head] : undefined;
      if (type && type !== 'lot' && type !== 'slug') return { type };
    }
    if (parts.length === 2 && second !== undefined) {
      if (head === 'filter') return { type: 'filter' };
      if (head === 'promo' || head === 'news') return { type: 'publication' };
      if (head === 'forms') return { type: 'form' };
      if (head === 'auctions') return isId(second) ? { type: 'auction' } : { type: 'other' };
    }
    if (parts.length === 3 && second !== undefined && third !== undefined && (LOT_TYPES as readonly string[]).includes(second)) {
      return { type: 'lot', lot: { slug: head, lotType: second as LotType, number: third } };
    }
    if (rest.length === 0 && ['ui-kit', '_error', '_icons'].includes(head)) return { type: 'other' };
    const slug = parts.join('/');
    return SLUG.test(slug) ? { type: 'slug', slug } : { type: 'other' };
  })();
  return { locale, route };
}

const CONTROL = /\p{Cc}+/gu;

/*
 * The visit's attribution and the page addresses, as every part of the site stores them (ADR 014): the browser
 * before it sends (core/analytics/attribution.ts, app/lib/analytics.ts, the lead forms' hidden fields), the lead
 * schema (core/schemas/lead.ts), `/api/tracking_data/save/` and `/api/clickhouse/store_data/`. One set of
 * functions, so a value the browser sends is one the server keeps: nothing personal is kept, and nothing a
 * visitor's address held ever makes a lead fail — what is personal is dropped, not refused.
 */

/**
 * A UTM tag as stored: control characters out, spaces collapsed, at most `TRACKING_LIMITS.utm` characters (an ad
 * network's long campaign name is cut, not refused). A value that holds an e-mail address or a phone number
 * (core/privacy.ts) is personal data and dropped. Empty: null.
 */
export function safeUtm(value: string | undefined | null): string | null {
  if (!value) return null;
  const clean = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (!clean || hasPersonalShape(clean)) return null;
  return Array.from(clean).slice(0, TRACKING_LIMITS.utm).join('').trim() || null;
}

/**
 * A referrer as stored: its origin and path only (no query, fragment or credentials, which may carry a search
 * or a token), cut to `TRACKING_LIMITS.referrer`; a path holding an e-mail address or a phone number (a webmail's
 * `/u/ivan.petrov@mail.ru/inbox`) is dropped, the origin kept. Null when empty; undefined when it is no http(s)
 * address.
 */
export function safeReferrer(value: string | undefined | null): string | null | undefined {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = hasPersonalShape(url.pathname) ? '/' : url.pathname;
  return `${url.origin}${path}`.slice(0, TRACKING_LIMITS.referrer);
}

/** A query parameter kept in a stored address: a UTM tag (`utm_source`, …, `utm_referrer`). */
const UTM_KEY = /^utm_[a-z0-9_]{1,24}$/i;

/** An address's path and its UTM tags (each as `safeUtm` keeps it); every other query parameter and the fragment dropped. */
function pathAndUtm(url: URL): string {
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(url.search)) {
    const utm = UTM_KEY.test(key) ? safeUtm(value) : null;
    if (utm) kept.append(key, utm);
  }
  const query = kept.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * A page address as stored: its path and UTM tags on this site, without origin, fragment or any other query
 * parameter (a form's `?name=…&phone=…` sent by GET, a search, a token). `origins` are this site's; an absolute
 * address elsewhere (or a protocol-relative one) gives undefined.
 */
export function sitePath(value: string, origins: readonly string[]): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//')) {
    if (!/^https?:\/\//i.test(value)) return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, origins[0] ?? 'http://localhost');
  } catch {
    return undefined;
  }
  // Checked after parsing whatever the input looked like: `/\evil.example` is `//evil.example` to a browser.
  if (!origins.includes(url.origin)) return undefined;
  return pathAndUtm(url);
}

/** A base that only a path resolves against (`.invalid` is never a real host). */
const PATH_BASE = 'http://path.invalid';

/**
 * The visit's landing page as stored (a lead's `landing_page`): a path on this site (`sitePath`: its UTM tags
 * only). Undefined when it is no such path (an absolute or protocol-relative address).
 */
export function safeLandingPage(value: string): string | undefined {
  return value.startsWith('/') ? sitePath(value, [PATH_BASE]) : undefined;
}

/**
 * The page a lead was sent from as stored (`page_url`): a path, or an http(s) address whose origin is kept, with
 * its UTM tags only. Undefined when it is neither.
 */
export function safePageUrl(value: string): string | undefined {
  if (value.startsWith('/')) return safeLandingPage(value);
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return `${url.origin}${pathAndUtm(url)}`;
  } catch {
    return undefined;
  }
}
