import { hideDealToken, redactPersonal, safeMessage } from '#core/privacy.ts';

/**
 * What the browser and the server share about error reporting with the Sentry SDK (ADR 017): the DSN's
 * shape, the spec's sample rates and warning statuses, and the privacy filter every event passes through
 * before it leaves (`beforeSend`): no form values, cookies, request bodies, personal query values, nor the
 * values an error message carried (a database error's parameters, an e-mail address, a phone number).
 */

/** Spec §9: traces 0.2, replays 0.01. Replays of sessions that hit an error: ADR 017. */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.2;
export const DEFAULT_REPLAYS_SESSION_SAMPLE_RATE = 0.01;
export const DEFAULT_REPLAYS_ON_ERROR_SAMPLE_RATE = 1;

/** Spec §8: failed responses with these statuses are warnings, not errors. */
export const WARNING_STATUSES: ReadonlySet<number> = new Set([403, 404]);

export type ReportLevel = 'error' | 'warning';

/** The level of a failed HTTP response (`null`: no response at all, a network error). */
export function httpFailureLevel(status: number | null): ReportLevel {
  return status !== null && WARNING_STATUSES.has(status) ? 'warning' : 'error';
}

/**
 * A DSN `proto://publicKey@host[:port]/[path/]projectId` (REFERENCE "Error reporting"): its origin (what the
 * CSP's connect-src admits), or null when it is not one.
 */
export function dsnOrigin(dsn: string): string | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  return url.origin;
}

/** What the browser needs to report (the DSN is public by design), from the root loader. */
export type BrowserReportingConfig = {
  dsn: string;
  environment: string;
  /** The build id (`/builds/latest.json`), so an event names the code that raised it. */
  release: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
};

/** The one reporting call the server's code makes (API 5xx, React Router's handleError). */
export type ErrorReporter = {
  captureException(error: unknown, context?: { request?: { url?: string; method?: string }; tags?: Record<string, string> }): void;
};

/**
 * Names of values that are a visitor's personal data (the lead forms' fields, spec §7), in a query string,
 * an object of extra data or a context. Matched whole, case-insensitively.
 */
const PERSONAL_KEY =
  /^(name|first_?name|last_?name|full_?name|fio|phone|tel|telephone|email|e-?mail|comment|message_text|question|password|token|csrfmiddlewaretoken|csrf_?token)$/i;
export const REDACTED = '[Filtered]';

/**
 * A URL with the values of personal query parameters replaced (`?phone=…` → `?phone=[Filtered]`), or with
 * no query at all when `dropQuery` (the server reports paths only). Relative URLs stay relative.
 */
export function scrubUrl(given: string, options: { dropQuery?: boolean } = {}): string {
  const url = hideDealToken(given);
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  if (queryAt < 0) return withoutHash;
  const base = withoutHash.slice(0, queryAt);
  if (options.dropQuery) return base;
  const params = new URLSearchParams(withoutHash.slice(queryAt + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (PERSONAL_KEY.test(key)) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${base}?${params.toString()}` : withoutHash;
}

/** A value of extra data, a context or a breadcrumb: texts through `safeMessage`, objects and lists walked. */
function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return safeMessage(value);
  if (Array.isArray(value)) return depth < 4 ? value.map((v) => scrubValue(v, depth + 1)) : [];
  if (value && typeof value === 'object') return depth < 4 ? scrubRecord(value as Record<string, unknown>, depth + 1) : {};
  return value;
}

function scrubRecord(record: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = PERSONAL_KEY.test(key) ? REDACTED : scrubValue(value, depth);
  return out;
}

/** The parts of an SDK event the filter touches (structural, so core/ needs no SDK types). */
export type ScrubbableEvent = {
  request?: { url?: string; method?: string; data?: unknown; cookies?: unknown; query_string?: unknown; headers?: Record<string, string>; env?: unknown };
  user?: { id?: string | number; [key: string]: unknown };
  extra?: Record<string, unknown>;
  contexts?: Record<string, Record<string, unknown> | undefined>;
  breadcrumbs?: { category?: string; message?: string; data?: Record<string, unknown> }[];
  transaction?: string;
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  exception?: { values?: { value?: string }[] };
};

/** Contexts the SDKs fill with the runtime's own facts (`runtime.name`, `os.name`…), never a visitor's data. */
const SDK_CONTEXTS = new Set(['runtime', 'os', 'device', 'browser', 'app', 'culture', 'trace', 'cloud_resource', 'response', 'react', 'replay', 'state']);

/** Headers an event may keep: none of them carries a visitor's data or credentials. */
const KEPT_HEADERS = new Set(['user-agent', 'accept', 'accept-language', 'content-type', 'content-length', 'x-request-id']);

/**
 * The `beforeSend` filter of both SDKs: request bodies, cookies and credentials' headers are dropped, personal
 * query values and fields redacted (whole query strings dropped with `dropQuery`), the user reduced to an id;
 * exception values, messages and breadcrumbs go through the log lines' `safeMessage` (core/privacy.ts: a
 * database error's `params:` cut, quoted values, e-mail addresses and phone numbers redacted), as do the texts
 * of extra data and contexts. Events are changed in place and returned.
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E, options: { dropQuery?: boolean } = {}): E {
  const request = event.request;
  if (request) {
    delete request.data;
    delete request.cookies;
    delete request.env;
    delete request.query_string;
    if (request.url) request.url = redactPersonal(scrubUrl(request.url, options));
    if (request.headers) {
      request.headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())));
    }
  }
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.extra) event.extra = scrubRecord(event.extra);
  if (event.contexts) {
    for (const [name, context] of Object.entries(event.contexts)) if (context && !SDK_CONTEXTS.has(name)) event.contexts[name] = scrubRecord(context);
  }
  for (const exception of event.exception?.values ?? []) if (typeof exception.value === 'string') exception.value = safeMessage(exception.value);
  if (typeof event.message === 'string') event.message = safeMessage(event.message);
  if (event.logentry) {
    if (typeof event.logentry.message === 'string') event.logentry.message = safeMessage(event.logentry.message);
    delete event.logentry.params;
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (typeof crumb.message === 'string') crumb.message = safeMessage(crumb.message);
    if (crumb.data) {
      const urls: Record<string, string> = {};
      for (const key of ['url', 'from', 'to'] as const) {
        const value = crumb.data[key];
        if (typeof value === 'string') urls[key] = redactPersonal(scrubUrl(value, options));
      }
      crumb.data = { ...scrubRecord(crumb.data), ...urls };
    }
  }
  if (event.transaction) event.transaction = redactPersonal(scrubUrl(event.transaction, options));
  return event;
}

/** The query keys the SDKs' own collection leaves out (`dataCollection.urlQueryParams`). */
export const PERSONAL_QUERY_KEYS = ['name', 'phone', 'tel', 'email', 'e-mail', 'comment', 'question', 'fio', 'token', 'password'];

/** A span's URL-like attributes (`url.full`, `http.url`, `url.query`, its name) with personal query values redacted. */
export function scrubSpan<S extends { name: string; attributes?: Record<string, unknown> }>(span: S, options: { dropQuery?: boolean } = {}): S {
  span.name = scrubUrl(span.name, options);
  for (const [key, value] of Object.entries(span.attributes ?? {})) {
    if (typeof value !== 'string' || !/url|query|target|route/i.test(key)) continue;
    const scrubbed = /query/i.test(key) ? scrubUrl(`?${value.replace(/^\?/, '')}`, options).slice(1) : scrubUrl(value, options);
    span.attributes![key] = scrubbed;
  }
  return span;
}
