import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STRATEGIES } from '#core/i18n/locales.ts';

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
});

export type Config = z.infer<typeof configSchema> & { errorPreview: boolean; siteOrigin: string; clientVersion: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, clientVersion = '0.0.0'): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(cleaned);
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
