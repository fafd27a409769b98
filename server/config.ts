import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STRATEGIES } from '#core/i18n/locales.ts';
import { parseDsn } from '#core/errors/reporter.ts';
import { imageConfigSchema } from './images/config.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, validated once at boot.
 * `.env.example` documents each of them; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site, used for canonical links, hreflang and the CSRF Origin check. */
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy (needed for HSTS and client IPs behind a TLS proxy). */
  TRUST_PROXY: bool.default(false),
  LOCALE_STRATEGY: z.enum(LOCALE_STRATEGIES).default('prefix_except_default'),
  DEFAULT_LOCALE: z.enum(LOCALES).default(DEFAULT_LOCALE),
  FALLBACK_LOCALE: z.enum(LOCALES).default('en'),
  /** Detect the visitor's language on the first visit to the root path and redirect (REFERENCE "Locales"). */
  LOCALE_DETECT: bool.default(true),
  ANTIBOT_SALT: z.string().min(8, 'must be at least 8 characters').default('severnaya-liniya-antibot'),
  ANTIBOT_MAX_AGE_S: z.coerce.number().int().min(30).max(86_400).default(600),
  /** Name of the page meta tag that carries the CSRF token (spec §7). */
  CSRF_META_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('csrf-token'),
  /** Seed the demo catalogue and content when the database is empty. */
  SEED_DEMO: bool.default(true),
  /** Serve `/_error/{status}` previews of the error page (on outside production by default). */
  ERROR_PREVIEW: bool.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** Error reporting (Sentry convention): `proto://publicKey@host[:port]/[path/]projectId`; off without it. */
  SENTRY_DSN: z
    .string()
    .refine((value) => {
      try {
        parseDsn(value);
        return true;
      } catch {
        return false;
      }
    }, 'must be a DSN like https://publicKey@host/projectId')
    .optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  // Leads (ADR 006): where requests are delivered, how hard to retry, spam defences.
  /** CRM webhook receiving each lead as JSON, signed with CRM_WEBHOOK_SECRET (HMAC-SHA256). */
  CRM_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  CRM_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CRM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** SMTP server for lead e-mails, e.g. smtp://user:pass@mail.example.ru:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  LEADS_EMAIL_TO: z
    .string()
    .regex(/^[^\s@,]+@[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+)*$/, 'must be one or more e-mail addresses separated by commas')
    .optional(),
  LEADS_EMAIL_FROM: z.string().min(3).default('Severnaya Liniya site <no-reply@localhost>'),
  LEADS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  LEADS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  LEADS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  LEADS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Leads per client IP per 10 minutes, and per phone number per hour. */
  LEADS_IP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  LEADS_PHONE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Proof-of-work challenge: off, auto (after CAPTCHA_AUTO_AFTER leads from one IP in an hour) or always. */
  CAPTCHA_MODE: z.enum(['off', 'auto', 'always']).default('auto'),
  CAPTCHA_AUTO_AFTER: z.coerce.number().int().min(0).max(1_000_000).default(3),
  CAPTCHA_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** `user:password`: partner-meeting endpoints and page ask for this basic auth. */
  PARTNER_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, 'must be user:password')
    .optional(),
  /** Bearer token for GET /metrics; without it only loopback clients may read metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Tests only: the first submit of each lead named "Fault" fails, to exercise error views and retries. */
  LEADS_FAULT_INJECTION: bool.default(false),
});

/** The whole schema: the server's own variables and those of the image proxy (server/images/config.ts). */
const fullSchema = configSchema.extend(imageConfigSchema.shape);

export type Config = z.infer<typeof fullSchema> & { errorPreview: boolean; siteOrigin: string; clientVersion: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, clientVersion = '0.0.0'): Config {
  const cleaned: Record<string, string> = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  // Media and the image cache live in DATA_DIR unless placed elsewhere.
  const dataDir = cleaned.DATA_DIR ?? './data';
  cleaned.MEDIA_DIR ??= `${dataDir}/media`;
  cleaned.IMAGE_CACHE_DIR ??= `${dataDir}/image-cache`;
  const result = fullSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const config = result.data;
  return {
    ...config,
    errorPreview: config.ERROR_PREVIEW ?? config.NODE_ENV !== 'production',
    siteOrigin: new URL(config.SITE_URL).origin,
    clientVersion,
  };
}
