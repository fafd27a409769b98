import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isbot } from 'isbot';
import { consentAllows, parseConsent } from '#core/analytics/consent.ts';
import type { ConsentMode } from '#core/analytics/counters.ts';
import { detectDevice, deviceInputFromHeaders } from '#core/device.ts';
import { COOKIES, parseCookies, readCookie } from '#core/http/cookies.ts';
import { currencyChoice, type CurrencyCode } from '#core/currency/rates.ts';
import { pageQuery } from '#core/http/page-query.ts';
import type { FeaturesPayload } from '#core/flags/features.ts';
import { readVisitorId } from '#core/tracking/visitor.ts';
import type { RenderReads } from '../db/read-tracking.ts';
import { evaluateFeatures } from '../modules/flags/values.ts';

/**
 * Rendered pages kept in memory (ADR 023). A page is kept when everything it shows is versioned data (the render's
 * reads, server/db/read-tracking.ts) and it carries nothing of one visitor; it is answered again while every kind
 * of data it read is still at the version it saw, for `freshMs` at most (countdowns, a new Moscow day). The key is
 * what the HTML may depend on: the URL (language included; tracking parameters left out), the device class the server sees, whether the visitor
 * is measured (a crawler, a visitor without consent: every feature's default) and — only for a page that evaluated
 * a feature with rules, such as an experiment — the visitor's values of those features.
 */

/**
 * The brotli quality of a page kept while a request waits (its first visitor's answer): 5. Quality 9 (as it was) made
 * a 150 kB page 2 % smaller in ~105 ms of the event loop, against ~3 ms at 5 (measured on /projects/1: 31.4 against
 * 32.0 kB) — every process's every new page (a filter, a lot a crawler walks, each page after a data change) held
 * every other request that long (issue #40). The build's prerendered pages keep quality 9: the build has the time.
 */
const KEPT_PAGE_BROTLI_QUALITY = 5;
const PRERENDERED_BROTLI_QUALITY = 9;

/** A kept page's bytes in one encoding: brotli at `brotliQuality` (window 2^20), gzip at level 9. */
function compress(body: Buffer, encoding: 'br' | 'gzip', brotliQuality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_LGWIN]: 20, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

export type PageAudience = 'crawler' | 'anonymous' | 'visitor';

/**
 * Who asks for a page and under which key its kept copy is found: a crawler, a visitor who is not measured (opt-in
 * consent not given, or declined: every feature's default, no id), or a measured visitor with their id (`vid`; null on
 * a first visit). One computation for the page handler and the fast path (ssr.ts, page-fast-path.ts).
 */
export function pageRequest(url: string, headers: Record<string, string | string[] | undefined>, consentMode: ConsentMode) {
  // Tracking parameters are not part of the page (core/http/page-query.ts); the build's payload files keep their query
  // (the build id).
  const query = url.split('?', 1)[0]!.endsWith('/_payload.json') ? { url, tracking: '', unknown: null } : pageQuery(url);
  const { audience, knownVisitor } = visitorAudience(headers, consentMode);
  const device = detectDevice(deviceInputFromHeaders(headers));
  // The currency prices are also shown in (ADR 037): a page chosen in one is kept apart, and is the visitor's (`pageAnswer`).
  const currency = currencyChoice(typeof headers.cookie === 'string' ? headers.cookie : null);
  return { key: `${query.url}|${audience}|${JSON.stringify(device)}${currency ? `|${currency}` : ''}`, query, audience, knownVisitor, currency };
}

/**
 * Whether the request is a crawler's, a visitor's who is not measured, or a measured visitor's, and that visitor's id
 * (`vid`; null on a first visit). Pages never set the id (ADR 035): `GET /api/visitor/` does, under this same rule.
 */
export function visitorAudience(
  headers: Record<string, string | string[] | undefined>,
  consentMode: ConsentMode,
): { audience: PageAudience; knownVisitor: string | null } {
  const cookies = parseCookies(typeof headers.cookie === 'string' ? headers.cookie : '');
  const crawler = isbot(typeof headers['user-agent'] === 'string' ? headers['user-agent'] : '');
  const anonymous = crawler || !consentAllows(consentMode, parseConsent(readCookie(cookies, COOKIES.consent)));
  const audience: PageAudience = crawler ? 'crawler' : anonymous ? 'anonymous' : 'visitor';
  return { audience, knownVisitor: anonymous ? null : readVisitorId(cookies) };
}

type Entry = {
  kind: 'page';
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed once, on the first answer that asks for it. */
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  /** The script-src and style-src sources the page's own inline scripts and styles need (their hashes). */
  scriptHashes: string[];
  styleHashes: string[];
  /** Kind of data → the version the page was made from. */
  deps: [string, string][];
  storedAt: number;
  /** Made for some visitors only (a feature with rules): never for a shared cache. */
  perVisitor: boolean;
  /**
   * Rendered by the build (server/http/prerender.ts): valid while every kind it read is at the version it saw, with
   * no time bound (only pages without time-bound content are prerendered).
   */
  prerendered?: boolean;
  /** The CSP this page is answered with (the site's policy with the page's hashes), made once. */
  csp?: string;
  /** Its CDN tag header when answered to a shared cache (cdn-purge.ts), made once; null without a CDN purge. */
  cdnTags?: [string, string] | null;
  /**
   * Every header of the first whole answer (security headers included) but those each answer sets itself: what the
   * fast path answers with (page-fast-path.ts), so a kept page is answered alike by both ways.
   */
  answerHeaders?: Record<string, string | string[]>;
};

/** Headers each answer of a kept page sets for itself (the rest is kept with the page). */
export const PER_ANSWER_HEADERS = new Set([
  'set-cookie',
  'cache-control',
  'content-length',
  'content-encoding',
  'etag',
  'x-cache',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'strict-transport-security',
  // A shared answer's CDN tags (cdn-purge.ts), with its `public`.
  'cache-tag',
  'surrogate-key',
]);

/** At the key without the visitor's part: the page evaluated these features, so its copies are per their values. */
type Split = { kind: 'split'; features: string[] };

export type PageCacheOptions = {
  maxBytes: number;
  freshMs: number;
  /** The version of a kind of data now (null: unknown, the page is stale). */
  versionOf: (kind: string) => string | null;
  now?: () => number;
};

export type CachedPage = Entry;

/** A kept page as the build writes it (server/http/prerender.ts); its bytes are stored once per ETag (`StoredBody`). */
export type StoredPage = {
  key: string;
  status: number;
  headers: [string, string][];
  etag: string;
  scriptHashes: string[];
  styleHashes: string[];
  deps: [string, string][];
};
/** A page's bytes and their compressed forms, as base64 (a compressed form no smaller than the page is the page). */
export type StoredBody = { body: string; br: string; gzip: string };

export type PageCacheStats = { hits: number; misses: number; stored: number; bypassed: number; entries: number; bytes: number };

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const store = new LRUCache<string, Entry | Split>({
    maxSize: opts.maxBytes,
    sizeCalculation: (value, key) => key.length + (value.kind === 'page' ? value.body.length + (value.br?.length ?? 0) + (value.gzip?.length ?? 0) + 512 : 64),
  });
  const stats = { hits: 0, misses: 0, stored: 0, bypassed: 0 };

  const valid = (entry: Entry) =>
    (entry.prerendered === true || now() - entry.storedAt < opts.freshMs) && entry.deps.every(([kind, version]) => opts.versionOf(kind) === version);

  const cache = {
    /**
     * The kept page for this key and visitor, when still valid. `variation` gives the visitor's values of features
     * (only asked for a page that evaluated some).
     */
    get(key: string, variation: (features: string[]) => string): { entry: Entry; key: string } | null {
      const hit = cache.peek(key, variation);
      if (hit) stats.hits++;
      else stats.misses++;
      return hit;
    },

    /** As `get`, without counting: the fast path looks first and counts only what it answers (`count`). */
    peek(key: string, variation: (features: string[]) => string): { entry: Entry; key: string } | null {
      const found = store.get(key);
      let entryKey = key;
      let entry: Entry | undefined;
      if (found?.kind === 'split') {
        entryKey = `${key}|${variation(found.features)}`;
        const page = store.get(entryKey);
        entry = page?.kind === 'page' ? page : undefined;
      } else entry = found;
      return entry && valid(entry) ? { entry, key: entryKey } : null;
    },
    count(_hit: { entry: Entry }): void {
      stats.hits++;
    },

    /**
     * Keeps a rendered page when it may be kept; returns it (with its hashes and ETag) either way, and the key it is
     * kept under, or null when the page read something unversioned (it is answered as rendered, not kept).
     */
    put(
      key: string,
      page: { status: number; headers: [string, string][]; body: Buffer },
      reads: RenderReads,
      split: { features: string[]; variation: (features: string[]) => string } | null,
      /** Why this page must not be kept whatever it read (a query parameter no page reads). */
      refuse: string | null = null,
    ): { entry: Entry; key: string | null; why?: string } {
      const versions = [...reads.versions];
      const keepable = refuse === null && reads.direct === null && versions.every(([, v]) => v !== null) && page.status === 200;
      const entry: Entry = {
        kind: 'page',
        status: page.status,
        headers: page.headers,
        body: page.body,
        etag: `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
        ...inlineHashes(page.body.toString('utf8')),
        deps: versions as [string, string][],
        storedAt: now(),
        perVisitor: split !== null,
      };
      if (!keepable) {
        stats.bypassed++;
        const why =
          refuse !== null
            ? refuse
            : reads.direct !== null
              ? `a query outside versioned reads: ${reads.direct}`
              : page.status !== 200
                ? `status ${page.status}`
                : `data changed while rendering: ${versions
                    .filter(([, v]) => v === null)
                    .map(([k]) => k)
                    .join(', ')}`;
        return { entry, key: null, why };
      }
      if (split) {
        const existing = store.get(key);
        // Features seen by another render of this page too: the copies are split by all of them.
        const features = [...new Set([...(existing?.kind === 'split' ? existing.features : []), ...split.features])].sort();
        store.set(key, { kind: 'split', features });
        const entryKey = `${key}|${split.variation(features)}`;
        store.set(entryKey, entry);
        stats.stored++;
        return { entry, key: entryKey };
      }
      store.set(key, entry);
      stats.stored++;
      return { entry, key };
    },

    /** The body in the encoding the client accepts best (br, gzip), compressed once per kept page. */
    encoded(entry: Entry, entryKey: string | null, acceptEncoding: string): { body: Buffer; encoding: 'br' | 'gzip' | null } {
      if (entry.body.length < 1024) return { body: entry.body, encoding: null };
      const accepts = (name: string) => new RegExp(`(^|[,\\s])${name}(?![^,]*;\\s*q=0(\\.0*)?(,|$))`, 'i').test(acceptEncoding);
      let encoding: 'br' | 'gzip' | null = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
      if (!encoding) return { body: entry.body, encoding: null };
      let body = entry[encoding];
      if (!body) {
        body = compress(entry.body, encoding, KEPT_PAGE_BROTLI_QUALITY);
        entry[encoding] = body;
        // Counted again at its new size (LRU bookkeeping); a page evicted meanwhile is simply answered.
        if (entryKey && store.peek(entryKey) === entry) store.set(entryKey, entry);
      }
      if (body.length >= entry.body.length) encoding = null;
      return { body: encoding ? body : entry.body, encoding };
    },

    /**
     * The kept pages, with their bytes compressed in both encodings once per ETag (the build's prerender writes them;
     * many device states get the same bytes). Split pages (made for some visitors only) are left out: a build renders
     * for everyone.
     */
    exportPages(): { pages: StoredPage[]; bodies: Record<string, StoredBody> } {
      const pages: StoredPage[] = [];
      const bodies: Record<string, StoredBody> = {};
      for (const [key, value] of [...store.entries()]) {
        if (value.kind !== 'page' || value.perVisitor || !valid(value)) continue;
        bodies[value.etag] ??= {
          body: value.body.toString('base64'),
          br: compress(value.body, 'br', PRERENDERED_BROTLI_QUALITY).toString('base64'),
          gzip: compress(value.body, 'gzip', PRERENDERED_BROTLI_QUALITY).toString('base64'),
        };
        const { status, headers, etag, scriptHashes, styleHashes, deps } = value;
        pages.push({ key, status, headers, etag, scriptHashes, styleHashes, deps });
      }
      return { pages: pages.sort((x, y) => x.key.localeCompare(y.key)), bodies };
    },

    /** Keeps the build's pages (prerendered): answered while the data they were made from has not moved. */
    prime(pages: StoredPage[], bodies: Record<string, StoredBody>): void {
      const buffers = new Map<string, { body: Buffer; br: Buffer; gzip: Buffer }>();
      for (const page of pages) {
        const stored = bodies[page.etag];
        if (!stored) continue;
        let bytes = buffers.get(page.etag);
        if (!bytes) {
          bytes = { body: Buffer.from(stored.body, 'base64'), br: Buffer.from(stored.br, 'base64'), gzip: Buffer.from(stored.gzip, 'base64') };
          buffers.set(page.etag, bytes);
        }
        store.set(page.key, { kind: 'page', ...page, ...bytes, storedAt: now(), perVisitor: false, prerendered: true });
      }
    },

    /** The Prometheus lines of `/metrics`. */
    renderMetrics(): string {
      const lines = [
        '# HELP page_cache_answers_total Pages answered from a kept copy (hit), rendered and kept (miss), rendered and not kept (bypass: unversioned reads, a change mid-render).',
        '# TYPE page_cache_answers_total counter',
        `page_cache_answers_total{result="hit"} ${stats.hits}`,
        `page_cache_answers_total{result="miss"} ${stats.stored}`,
        `page_cache_answers_total{result="bypass"} ${stats.bypassed}`,
        '# HELP page_cache_bytes Memory the kept pages take (bytes).',
        '# TYPE page_cache_bytes gauge',
        `page_cache_bytes ${store.calculatedSize}`,
        '# HELP page_cache_entries Kept pages (and split markers).',
        '# TYPE page_cache_entries gauge',
        `page_cache_entries ${store.size}`,
      ];
      return `${lines.join('\n')}\n`;
    },
    stats(): PageCacheStats {
      return { ...stats, entries: store.size, bytes: store.calculatedSize };
    },
    clear(): void {
      store.clear();
    },
  };
  return cache;
}

/** What every page answer varies on: the device state the key is made from (Accept, User-Agent) and the encoding. */
export const PAGE_VARY = 'Accept-Encoding, Accept, User-Agent';

/**
 * How a kept copy is answered (ADR 035): to a shared cache, unless it was made for the variations of one visitor's id.
 * A page split by variation (an experiment) is public for a visitor without an id (every first visit, every crawler):
 * its copy is the defaults', the same for all of them, and it varies on `Cookie`, so a shared cache hands it only to
 * requests without cookies and asks the origin for the others. A visitor with an id gets their variation's copy,
 * `private`: kept by the origin per variation, not by a shared cache (which cannot compute the variation). A visitor who
 * chose a currency (cookie `currency`) gets that currency's copy, `private` likewise.
 */
export function pageAnswer(entry: { perVisitor: boolean }, visitorId: string | null, currency: CurrencyCode | null = null): { shared: boolean; vary: string } {
  // A page with prices in a currency the visitor chose (ADR 037) is theirs: a shared cache keeps only the roubles one.
  if (currency !== null) return { shared: false, vary: PAGE_VARY };
  if (!entry.perVisitor) return { shared: true, vary: PAGE_VARY };
  return visitorId === null ? { shared: true, vary: `${PAGE_VARY}, Cookie` } : { shared: false, vary: PAGE_VARY };
}

/** `Cache-Control` of a page answer: a shared cache may keep it for the page cache's freshness, or only the browser, asking each time. */
export function pageCacheControl(shared: boolean, config: { PAGE_CACHE_FRESH_S: number; PAGE_CACHE_STALE_S: number }): string {
  return shared ? `public, max-age=0, s-maxage=${config.PAGE_CACHE_FRESH_S}, stale-while-revalidate=${config.PAGE_CACHE_STALE_S}` : 'private, no-cache';
}
export type PageCache = ReturnType<typeof createPageCache>;

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
/** Script types a browser does not run (data blocks): no CSP source needed. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP sources of a page's inline scripts and styles: their SHA-256 hashes, so the same bytes can be answered
 * to every visitor (a nonce would have to be new for each answer). Read from the HTML our own renderer wrote.
 */
export function inlineHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  const scripts = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    scripts.add(sha256(match[2] ?? ''));
  }
  const styles = new Set<string>();
  for (const match of html.matchAll(INLINE_STYLE)) styles.add(sha256(match[1] ?? ''));
  return { scriptHashes: [...scripts], styleHashes: [...styles] };
}

/** The response's CSP with the per-answer nonce replaced by the page's hashes (script-src and style-src). */
export function cspWithHashes(policy: string, hashes: { scriptHashes: string[]; styleHashes: string[] }): string {
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0]?.toLowerCase();
      if (name !== 'script-src' && name !== 'style-src') return directive;
      const sources = name === 'script-src' ? hashes.scriptHashes : hashes.styleHashes;
      const kept = directive
        .trim()
        .split(/\s+/)
        .filter((source) => !/^'nonce-/i.test(source));
      return [...kept, ...sources].join(' ');
    })
    .join(';');
}

/** Features of the payload whose value can differ between visitors (any rule: experiments, targeting). */
export function visitorDependent(payload: FeaturesPayload, used: Iterable<string>): string[] {
  const out: string[] = [];
  for (const key of used) if ((payload.features[key]?.rules?.length ?? 0) > 0) out.push(key);
  return out.sort();
}

/** The visitor's values of these features, as the SDK evaluates them (the page's key part). */
export function variationKey(payload: FeaturesPayload, visitorId: string | null, features: string[]): string {
  if (!visitorId) return 'defaults';
  const values = evaluateFeatures(payload, visitorId, features);
  return features.map((key) => `${key}=${JSON.stringify(values[key])}`).join('&');
}
