import { CSRF_HEADER, SAFE_METHODS } from './csrf.ts';

/** Statuses worth retrying for an idempotent read (spec §7, ofetch's list). */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export type ApiClientConfig = {
  /** Site origin; calls never leave it. */
  origin: string;
  antibotSalt: string;
  clientVersion: string;
  /** Reads the CSRF token (cookie, or the configured meta tag) at call time. */
  csrfToken: () => string | null;
  /**
   * Gets the visitor a CSRF cookie when `csrfToken` finds none (pages carry no token and a cached page sets no
   * cookie: `GET /api/csrf/`, ADR 022); called before an unsafe call, then `csrfToken` is read again.
   */
  ensureCsrfToken?: () => Promise<unknown>;
  locale?: () => string;
  fetch?: typeof fetch;
  /**
   * Retries of idempotent reads. Unsafe methods get `retry` only when a call asks for it, and only of a 503 (the server
   * took nothing: overloaded, or its database unavailable), after its Retry-After: a call that asks sends an
   * idempotency key, the same on every attempt.
   */
  retry?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  /** Failed responses go to the error reporter (spec §8: request, status, message, method). */
  onError?: (error: ApiError) => void;
  /** Extra headers for some calls, e.g. basic auth for partner endpoints when configured. */
  headers?: Record<string, string>;
};

export type RequestOptions = {
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body, or FormData / URLSearchParams / a Blob sent as they are (the meeting form posts a form body; a picture upload its file). */
  body?: unknown;
  headers?: Record<string, string>;
  retry?: number;
  signal?: AbortSignal;
};

export class ApiError extends Error {
  readonly status: number | null;
  readonly data: unknown;
  readonly url: string;
  readonly method: string;
  constructor(input: { message: string; status: number | null; data: unknown; url: string; method: string }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.data = input.data;
    this.url = input.url;
    this.method = input.method;
  }
}

/** `/api/menu/header` → `/api/menu/header/`; the spec's paths all end in a slash. */
export function withTrailingSlash(path: string): string {
  const [pathname = '', hash] = path.split('#');
  return (pathname.endsWith('/') ? pathname : `${pathname}/`) + (hash === undefined ? '' : `#${hash}`);
}

/** Filter-state convention (spec §3): arrays as comma lists, everything else as plain values. */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 10_000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.min(Math.max(date - Date.now(), 0), 10_000) : null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export type ApiClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/** The one client every browser call goes through. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const baseDelay = config.retryDelayMs ?? 250;

  return async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
      throw new Error(`API calls stay on the site origin; got an absolute URL: ${path}`);
    }
    const method = options.method ?? 'GET';
    const relative = withTrailingSlash(path.startsWith('/') ? path : `/${path}`) + encodeQuery(options.query);
    const url = new URL(relative, config.origin).toString();
    const idempotent = IDEMPOTENT.has(method);
    const retries = options.retry ?? (idempotent ? (config.retry ?? 2) : 0);

    // The digest's code (an MD5) loads with the first call, not with every page (issue #17).
    const { antibotHeaders } = await import('./antibot.ts');
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...config.headers,
        ...antibotHeaders(config.antibotSalt, config.clientVersion, relative),
        ...options.headers,
      };
      const locale = config.locale?.();
      if (locale) headers['accept-language'] = locale;
      if (!SAFE_METHODS.has(method)) {
        let token = config.csrfToken();
        if (!token && config.ensureCsrfToken) {
          await config.ensureCsrfToken().catch(() => {});
          token = config.csrfToken();
        }
        if (token) headers[CSRF_HEADER] = token;
      }
      let body: BodyInit | undefined;
      if (options.body instanceof FormData || options.body instanceof URLSearchParams || (typeof Blob !== 'undefined' && options.body instanceof Blob)) {
        body = options.body;
      } else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }

      const timeout = config.timeoutMs ? AbortSignal.timeout(config.timeoutMs) : undefined;
      const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, signal, credentials: 'same-origin' });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        // A write whose answer was lost may have been taken: the form's "try again" (same key) decides, not a loop.
        if (attempt < retries && idempotent) {
          await sleep(baseDelay * 2 ** attempt, options.signal);
          continue;
        }
        const error = new ApiError({ message: `Network error: ${(cause as Error).message}`, status: null, data: null, url: relative, method });
        config.onError?.(error);
        throw error;
      }

      if (response.ok) return (await readBody(response)) as T;

      if (attempt < retries && (idempotent ? RETRY_STATUSES.has(response.status) : response.status === 503)) {
        await response.body?.cancel();
        await sleep(retryAfterMs(response) ?? baseDelay * 2 ** attempt, options.signal);
        continue;
      }
      const data = await readBody(response);
      const detail = typeof data === 'object' && data && 'detail' in data ? String((data as { detail: unknown }).detail) : response.statusText;
      const error = new ApiError({ message: `${method} ${relative} → ${response.status} ${detail}`, status: response.status, data, url: relative, method });
      config.onError?.(error);
      throw error;
    }
  };
}
