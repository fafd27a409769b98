/**
 * Why a request to the payment provider failed:
 * - `rejected`: the provider answered no (4xx: bad request, bad credentials, not found, a refund above what was
 *   paid). Definitive: the same request will be refused again.
 * - `server`: the provider failed (5xx, or an answer that is not what its API documents). The outcome is unknown.
 * - `timeout`: no answer in time (or still "processing" after the retries). The outcome is unknown.
 * - `network`: the connection failed (refused, reset, DNS). The outcome is unknown.
 * For the unknown outcomes, ask again later: a POST with the same Idempotence-Key, or a GET of the object.
 */
export type PaymentProviderErrorKind = 'timeout' | 'network' | 'rejected' | 'server';

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly kind: PaymentProviderErrorKind;
  /** The HTTP status, when there was an answer. */
  readonly status?: number;
  /** YooKassa's error code (`invalid_request`, `invalid_credentials`, `not_found`, `too_many_requests`…), or ours. */
  readonly code?: string;
  /** The request's field YooKassa names in its error (`amount.value`, `Idempotence-Key`…). */
  readonly parameter?: string;

  constructor(kind: PaymentProviderErrorKind, message: string, details: { status?: number; code?: string; parameter?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.parameter !== undefined) this.parameter = details.parameter;
  }

  /** Whether the outcome is unknown (worth asking again later with the same key) rather than a definite refusal. */
  get retryable(): boolean {
    return this.kind !== 'rejected';
  }
}
