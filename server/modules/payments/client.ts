import { setTimeout as wait } from 'node:timers/promises';
import { z } from 'zod';
import { errorSchema, paymentSchema, processingSchema, refundSchema, toPayment, toRefund, type ProviderPayment, type ProviderRefund } from './api.ts';
import type { PaymentsConfig } from './config.ts';
import { PaymentProviderError } from './errors.ts';
import type { Money } from './money.ts';

export interface PaymentProvider {
  /** A one-stage payment (`capture: true`) the buyer confirms at `confirmationUrl`, then comes back to `returnUrl`. */
  createPayment(input: {
    amount: Money;
    description: string;
    returnUrl: string;
    metadata: Record<string, string>;
    idempotenceKey: string;
  }): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** Cancels a payment waiting for capture (YooKassa refuses to cancel a pending or finished one: `rejected`). */
  cancelPayment(id: string, idempotenceKey: string): Promise<ProviderPayment>;
  /** Returns money of a succeeded payment, all or part (never above what is left of it). */
  createRefund(input: { paymentId: string; amount: Money; description: string; idempotenceKey: string }): Promise<ProviderRefund>;
  getRefund(id: string): Promise<ProviderRefund>;
}

export type YooKassaOptions = {
  fetch?: typeof fetch;
  /** Retries of a request whose outcome is unknown (timeout, reset, 5xx, 429), with the same Idempotence-Key. */
  retries?: number;
  /** How many 202 "processing" answers are followed by asking again, at most. */
  processingRetries?: number;
  /** The longest wait before asking again (ms), whatever the provider asks for. */
  maxDelayMs?: number;
  /** Waits between attempts (tests pass one that returns at once and records the delays). */
  sleep?: (ms: number) => Promise<void>;
};

const DEFAULTS = { retries: 2, processingRetries: 3, maxDelayMs: 5_000 };
/** The wait YooKassa's own SDKs use when a 202 names none (ms). */
const DEFAULT_PROCESSING_DELAY_MS = 1_800;
const BACKOFF_MS = 250;

/** The request's own limits (YooKassa's: description ≤ 128, ≤ 16 metadata keys of ≤ 32, values ≤ 512, key ≤ 64). */
const idempotenceKey = z.string().min(1).max(64);
const money = z.object({ value: z.string().regex(/^\d{1,15}\.\d{2}$/, 'must be like 50000.00'), currency: z.literal('RUB') });
const objectId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, 'must be an id as YooKassa writes it');
const paymentInput = z.object({
  amount: money,
  description: z.string().min(1).max(128),
  returnUrl: z.url({ protocol: /^https?$/ }).max(2048),
  metadata: z.record(z.string().min(1).max(32), z.string().max(512)).refine((record) => Object.keys(record).length <= 16, 'at most 16 keys'),
  idempotenceKey,
});
const refundInput = z.object({ paymentId: objectId, amount: money, description: z.string().min(1).max(250), idempotenceKey });

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const parameter = issue?.path.join('.') || undefined;
  throw new PaymentProviderError('rejected', `invalid request: ${parameter ?? 'input'}: ${issue?.message ?? 'invalid'}`, {
    code: 'invalid_request',
    ...(parameter ? { parameter } : {}),
  });
}

/** A failed fetch: our timeout, or the connection (refused, reset, closed mid-answer). */
function transportError(what: string, error: unknown): PaymentProviderError {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new PaymentProviderError('timeout', `${what}: no answer in time`, { cause: error });
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return new PaymentProviderError('network', `${what}: connection failed${code ? ` (${code})` : ''}`, { cause: error, ...(code ? { code } : {}) });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (or an HTTP date), as milliseconds; null when absent. */
function retryAfterHeader(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * YooKassa's REST API v3 over fetch (no SDK): basic auth with the shop id and secret key, an Idempotence-Key on
 * every POST, answers checked against the documented shapes. Requests whose outcome is unknown (timeout, connection
 * reset, 5xx, 429) are asked again, a few times, with the same key — which makes a POST safe to repeat — and a 202
 * "processing" is asked again after the wait it names, bounded. The secret never leaves the Authorization header.
 */
export function createYooKassa(config: Pick<PaymentsConfig, 'shopId' | 'secretKey' | 'apiUrl' | 'timeoutMs'>, options: YooKassaOptions = {}): PaymentProvider {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => wait(ms));
  const retries = options.retries ?? DEFAULTS.retries;
  const processingRetries = options.processingRetries ?? DEFAULTS.processingRetries;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const base = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<unknown> {
    const what = `YooKassa ${method} ${path}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization, accept: 'application/json', 'user-agent': 'severnaya-liniya-payments/1' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (key !== undefined) headers['idempotence-key'] = key;
    let failures = 0;
    let processing = 0;
    for (;;) {
      let failure: PaymentProviderError;
      let delay: number | null = null;
      try {
        const response = await doFetch(`${base}${path}`, {
          method,
          headers,
          ...(payload === undefined ? {} : { body: payload }),
          redirect: 'manual',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        const text = await response.text();
        const json = parseJson(text);
        if (response.status === 200) {
          if (json === undefined) throw new PaymentProviderError('server', `${what}: the answer is not JSON`, { status: 200, code: 'invalid_response' });
          return json;
        }
        if (response.status === 202) {
          processing++;
          if (processing > processingRetries)
            throw new PaymentProviderError('timeout', `${what}: still processing after ${processingRetries} retries`, { status: 202, code: 'processing' });
          const asked =
            processingSchema.safeParse(json).data?.retry_after ?? retryAfterHeader(response.headers.get('retry-after')) ?? DEFAULT_PROCESSING_DELAY_MS;
          await sleep(Math.min(asked, maxDelayMs));
          continue;
        }
        const error = errorSchema.safeParse(json).data;
        const details = {
          status: response.status,
          ...(error?.code ? { code: error.code } : {}),
          ...(error?.parameter ? { parameter: error.parameter } : {}),
        };
        const message = `${what}: ${response.status}${error?.code ? ` ${error.code}` : ''}${error?.parameter ? ` (${error.parameter})` : ''}${error?.description ? `: ${error.description}` : ''}`;
        // 4xx is a refusal, except 429: too many requests, not processed, to be asked again later.
        if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PaymentProviderError('rejected', message, details);
        failure = new PaymentProviderError('server', message, details);
        delay = retryAfterHeader(response.headers.get('retry-after'));
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        failure = transportError(what, error);
      }
      failures++;
      if (failures > retries) throw failure;
      await sleep(Math.min(delay ?? BACKOFF_MS * 2 ** (failures - 1), maxDelayMs));
    }
  }

  function answer<T>(what: string, schema: z.ZodType<T>, json: unknown): T {
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new PaymentProviderError('server', `YooKassa ${what}: the answer is not as documented (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`, {
        status: 200,
        code: 'invalid_response',
      });
    }
    return result.data;
  }

  const id = (value: string) => encodeURIComponent(checked(objectId, value));

  return {
    async createPayment(input) {
      const valid = checked(paymentInput, input);
      const body = {
        amount: valid.amount,
        capture: true,
        confirmation: { type: 'redirect', return_url: valid.returnUrl },
        description: valid.description,
        metadata: valid.metadata,
      };
      return toPayment(answer('payment', paymentSchema, await request('POST', '/payments', body, valid.idempotenceKey)));
    },
    async getPayment(paymentId) {
      return toPayment(answer('payment', paymentSchema, await request('GET', `/payments/${id(paymentId)}`)));
    },
    async cancelPayment(paymentId, key) {
      const path = `/payments/${id(paymentId)}/cancel`;
      return toPayment(answer('payment', paymentSchema, await request('POST', path, {}, checked(idempotenceKey, key))));
    },
    async createRefund(input) {
      const valid = checked(refundInput, input);
      const body = { payment_id: valid.paymentId, amount: valid.amount, description: valid.description };
      return toRefund(answer('refund', refundSchema, await request('POST', '/refunds', body, valid.idempotenceKey)));
    },
    async getRefund(refundId) {
      return toRefund(answer('refund', refundSchema, await request('GET', `/refunds/${id(refundId)}`)));
    },
  };
}
