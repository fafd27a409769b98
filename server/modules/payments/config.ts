import { z } from 'zod';
import { envMeta, httpUrl, secret } from '../../lib/env.ts';
import { isRange, YOOKASSA_PUBLISHED_RANGES } from './trust.ts';

/** A comma list of addresses or CIDR ranges, IPv4 or IPv6 (`185.71.76.0/27, 77.75.156.11, 2a02:5180::/32`). */
const rangeList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Online payments through YooKassa (REST API v3): the shop's credentials, where the API is, whose notifications
 * are believed, and how long one request may take. Without the shop id and key, payments are not configured
 * (`paymentsConfig` is null) and nothing offers to pay online.
 */
export const paymentsConfigSchema = z
  .object({
    YOOKASSA_SHOP_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be the shop id YooKassa shows (digits)')
      .optional()
      .meta(envMeta({ example: '123456' }))
      .describe("The YooKassa shop's id (shopId), the user name of the API's basic auth. With YOOKASSA_SECRET_KEY, turns online payments on."),
    YOOKASSA_SECRET_KEY: secret(16)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe("The shop's secret key for the API (live_… or test_…), the password of its basic auth. Never logged."),
    YOOKASSA_API_URL: httpUrl()
      .default('https://api.yookassa.ru/v3')
      .describe('The API root. Tests point it at the loopback stand-in (tests/support/fake-yookassa.ts).'),
    YOOKASSA_TRUSTED_IPS: z
      .string()
      .default('published')
      .refine(
        (value) => value === 'published' || value === 'off' || (rangeList(value).length > 0 && rangeList(value).every(isRange)),
        'must be published, off, or a comma list of IPv4/IPv6 addresses and CIDR ranges',
      )
      .describe(
        `Whose payment notifications are read: published (YooKassa's published ranges: ${YOOKASSA_PUBLISHED_RANGES.join(', ')}), off (any address; each notification is still read back from the API), or a comma list of addresses and CIDR ranges.`,
      ),
    YOOKASSA_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(500)
      .max(120_000)
      .default(10_000)
      .describe('Timeout of one request to the YooKassa API (ms); a timed-out request is retried with the same Idempotence-Key.'),
  })
  .meta({ title: 'Online payments' })
  .describe('The deposit of an online reservation, paid through YooKassa (server/modules/payments/, docs/guides/payments.md).');

export type PaymentsConfig = {
  shopId: string;
  secretKey: string;
  /** Without a trailing slash: `https://api.yookassa.ru/v3`. */
  apiUrl: string;
  /** Addresses and CIDR ranges notifications may come from; null = any (YOOKASSA_TRUSTED_IPS=off). */
  trustedRanges: string[] | null;
  timeoutMs: number;
};

/** What `paymentsConfig` reads: the loaded configuration (server/config.ts) or the raw environment. */
export type PaymentsEnv = {
  YOOKASSA_SHOP_ID?: string | undefined;
  YOOKASSA_SECRET_KEY?: string | undefined;
  YOOKASSA_API_URL?: string | undefined;
  YOOKASSA_TRUSTED_IPS?: string | undefined;
  YOOKASSA_TIMEOUT_MS?: string | number | undefined;
};

const blank = (value: string | number | undefined) => (value === '' ? undefined : value);

/**
 * The payments' settings, or null when the shop id or key is absent (payments not configured: no route offers to
 * pay). Throws a zod error for a malformed value. No secret is ever defaulted.
 */
export function paymentsConfig(env: PaymentsEnv): PaymentsConfig | null {
  const parsed = paymentsConfigSchema.parse({
    YOOKASSA_SHOP_ID: blank(env.YOOKASSA_SHOP_ID),
    YOOKASSA_SECRET_KEY: blank(env.YOOKASSA_SECRET_KEY),
    YOOKASSA_API_URL: blank(env.YOOKASSA_API_URL),
    YOOKASSA_TRUSTED_IPS: blank(env.YOOKASSA_TRUSTED_IPS),
    YOOKASSA_TIMEOUT_MS: blank(env.YOOKASSA_TIMEOUT_MS),
  });
  if (!parsed.YOOKASSA_SHOP_ID || !parsed.YOOKASSA_SECRET_KEY) return null;
  const trusted = parsed.YOOKASSA_TRUSTED_IPS;
  return {
    shopId: parsed.YOOKASSA_SHOP_ID,
    secretKey: parsed.YOOKASSA_SECRET_KEY,
    apiUrl: parsed.YOOKASSA_API_URL.replace(/\/+$/, ''),
    trustedRanges: trusted === 'off' ? null : trusted === 'published' ? [...YOOKASSA_PUBLISHED_RANGES] : rangeList(trusted),
    timeoutMs: parsed.YOOKASSA_TIMEOUT_MS,
  };
}

/**
 * Half a configuration is a mistake, not "off": one of the pair without the other. Payments are then off
 * (`paymentsConfig` is null), and a production server beyond loopback refuses to start (server/config.ts `serveProblems`).
 */
export function paymentsProblems(config: PaymentsEnv): string[] {
  const id = Boolean(blank(config.YOOKASSA_SHOP_ID));
  const key = Boolean(blank(config.YOOKASSA_SECRET_KEY));
  if (id && !key) return ['YOOKASSA_SECRET_KEY: must be set with YOOKASSA_SHOP_ID (or unset both to turn online payments off)'];
  if (key && !id) return ['YOOKASSA_SHOP_ID: must be set with YOOKASSA_SECRET_KEY (or unset both to turn online payments off)'];
  return [];
}

/**
 * Where YooKassa's confirmation pages are: a form of ours that answers 303 to one (the reserve form without
 * JavaScript) needs them in the CSP's `form-action`, which browsers apply to a form's redirects too. YooKassa's own
 * API confirms on yoomoney.ru; any other API root (the tests' stand-in, a proxy) serves its pages itself.
 */
export function checkoutOrigins(config: Pick<PaymentsConfig, 'apiUrl'>): string[] {
  const api = new URL(config.apiUrl);
  return api.hostname === 'api.yookassa.ru' ? ['https://yoomoney.ru', 'https://yookassa.ru'] : [api.origin];
}
