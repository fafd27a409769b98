import { CrmAuthError, CrmRateLimitError } from '../adapter.ts';

/**
 * Bitrix24's error codes that mean our webhook's credentials are refused: the adapter stops (ADR 040). Not
 * ACCESS_DENIED: Bitrix24 says it of one entity our webhook's user may not touch (a restricted deal), an ordinary
 * failure of that delivery, retried with backoff while the others go on (a refused webhook answers 401 as well).
 */
const AUTH_ERRORS = new Set(['expired_token', 'invalid_token', 'INVALID_CREDENTIALS', 'insufficient_scope', 'NO_AUTH_FOUND', 'WRONG_AUTH_TYPE']);
/** Bitrix24's own "slow down" (its leaky bucket: about 2 calls a second per portal), besides HTTP 429 and 503. */
const RATE_ERRORS = new Set(['QUERY_LIMIT_EXCEEDED', 'OPERATION_TIME_LIMIT']);
/** How long to wait when Bitrix24 says slow down without a Retry-After: its bucket drains in about a second. */
export const DEFAULT_RETRY_AFTER_MS = 2_000;

/** A Bitrix24 REST error that is neither ours to fix by waiting nor refused credentials (a bad field, not found…). */
export class Bitrix24Error extends Error {
  override name = 'Bitrix24Error';
  readonly status: number;
  readonly code: string;
  /** Bitrix24's "Not found" (crm.deal.get of an id it has not: 400, an empty code). */
  readonly notFound: boolean;
  constructor(method: string, status: number, code: string, notFound = false) {
    // The method and Bitrix24's code only: its description may quote the values sent (a name, a phone).
    super(`Bitrix24 ${method} answered ${status}${code ? ` ${code}` : notFound ? ' Not found' : ''}`);
    this.status = status;
    this.code = code;
    this.notFound = notFound;
  }
}

export type Bitrix24Client = {
  /** Calls one REST method; resolves with its `result`. */
  call<T = unknown>(method: string, params: Record<string, unknown>): Promise<T>;
};

function retryAfter(header: string | null): number {
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 3_600_000) : DEFAULT_RETRY_AFTER_MS;
}

/**
 * The portal's REST API through its inbound webhook (`https://<portal>/rest/<user>/<code>/<method>.json`, JSON in,
 * JSON out). The webhook's address holds its password (the code): it never appears in an error or a log line.
 * Answers `{ result }` or `{ error, error_description }`; HTTP 429/503 and QUERY_LIMIT_EXCEEDED become
 * CrmRateLimitError (Retry-After, else 2 s), 401 and the token errors CrmAuthError, anything else Bitrix24Error.
 */
export function createBitrix24Client(options: { webhookUrl: string; timeoutMs: number; fetch?: typeof fetch }): Bitrix24Client {
  const base = options.webhookUrl.endsWith('/') ? options.webhookUrl : `${options.webhookUrl}/`;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      const response = await doFetch(`${base}${method}.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'severnaya-liniya-crm/1' },
        body: JSON.stringify(params),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      }).catch((error: unknown) => {
        // fetch's own error may carry the address in its cause: say what failed, not where.
        throw new Error(`Bitrix24 ${method} unreachable: ${error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error'}`);
      });
      const text = await response.text();
      let body: { result?: unknown; error?: unknown; error_description?: unknown } = {};
      try {
        body = text ? (JSON.parse(text) as typeof body) : {};
      } catch {
        body = {};
      }
      const code = typeof body.error === 'string' ? body.error : '';
      if (response.status === 429 || response.status === 503 || RATE_ERRORS.has(code))
        throw new CrmRateLimitError(`Bitrix24 ${method} answered ${response.status}${code ? ` ${code}` : ''}`, retryAfter(response.headers.get('retry-after')));
      if (response.status === 401 || AUTH_ERRORS.has(code)) throw new CrmAuthError(`Bitrix24 ${method} answered ${response.status}${code ? ` ${code}` : ''}`);
      if (!response.ok || code || !('result' in body))
        throw new Bitrix24Error(method, response.status, code, typeof body.error_description === 'string' && /not found/i.test(body.error_description));
      return body.result as T;
    },
  };
}
