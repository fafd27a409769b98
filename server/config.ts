import { z } from 'zod';
import { type AnalyticsSettings, analyticsSettings } from '#core/analytics/counters.ts';
import { databaseConfigSchema } from './db/config.ts';
import { errorReportingConfigSchema } from './error-reporting-config.ts';
import { analyticsConfigSchema, analyticsProblems, mapsConfigSchema } from './http/config-third-party.ts';
import { cdnPurgeConfigSchema, cdnPurgeProblems, pageCacheConfigSchema, prerenderConfigSchema } from './http/config-pages.ts';
import {
  DEMO_ANTIBOT_SALT,
  developmentConfigSchema,
  listenConfigSchema,
  loadSheddingConfigSchema,
  localeConfigSchema,
  securityConfigSchema,
} from './http/config.ts';
import { EXAMPLE_SECRET } from './lib/env.ts';
import { isLoopbackHost, listenOrigin } from './lib/loopback.ts';
import { alertsConfigSchema, DEMO_ALERTS_SECRET } from './modules/alerts/config.ts';
import { amocrmConfigSchema, amocrmProblems } from './modules/crm/amocrm/config.ts';
import { bitrix24ConfigSchema, crmConfigSchema } from './modules/crm/config.ts';
import { currencyConfigSchema } from './modules/currency/config.ts';
import { eventsConfigSchema } from './modules/events/config.ts';
import { flagsConfigSchema } from './modules/flags/config.ts';
import { imageConfigSchema } from './modules/images/config.ts';
import { captchaConfigSchema, leadsConfigSchema } from './modules/leads/config.ts';
import { paymentsConfigSchema, paymentsProblems } from './modules/payments/config.ts';
import { dealsConfigSchema } from './modules/reservations/deals-config.ts';
import { reservationsConfigSchema } from './modules/reservations/config.ts';
import { DEMO_ADMIN_SECRET, staffConfigSchema } from './modules/staff/config.ts';
import { redisConfigSchema } from './redis-config.ts';

export { DEMO_ANTIBOT_SALT, trustProxyOption, type TrustProxy } from './http/config.ts';
export { EXAMPLE_SECRET } from './lib/env.ts';
export { isLoopbackAddress, isLoopbackHost, listenOrigin } from './lib/loopback.ts';
export { DEMO_ALERTS_SECRET } from './modules/alerts/config.ts';
export { crmChannelsOf } from './modules/crm/config.ts';
export { DEMO_GROWTHBOOK_CLIENT_KEY } from './modules/flags/config.ts';
export { DEMO_ADMIN_SECRET } from './modules/staff/config.ts';

/** The process as a whole: its mode and its logs (server/index.ts, server/logger.ts). */
const runtimeConfigSchema = z
  .object({
    NODE_ENV: z
      .enum(['production', 'development', 'test'])
      .default('production')
      .describe('Runtime mode: production, development (the Vite dev server with hot reload) or test.'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe("pino's level: fatal, error, warn, info, debug, trace or silent. Logs are JSON without personal data (pretty in development)."),
  })
  .meta({ title: 'Runtime' })
  .describe('The process as a whole: its mode and its logs (server/index.ts, server/logger.ts).');

/**
 * Every environment variable the server reads, one schema per subsystem, each beside the code that reads it, in
 * the order of the reference (docs/configuration.md and `.env.example`, both written from these by
 * `npm run config:docs`). `source` is the file that declares the section.
 */
export const configSections = [
  { source: 'server/config.ts', schema: runtimeConfigSchema },
  { source: 'server/http/config.ts', schema: listenConfigSchema },
  { source: 'server/db/config.ts', schema: databaseConfigSchema },
  { source: 'server/http/config.ts', schema: localeConfigSchema },
  { source: 'server/http/config.ts', schema: securityConfigSchema },
  { source: 'server/http/config.ts', schema: developmentConfigSchema },
  { source: 'server/http/config.ts', schema: loadSheddingConfigSchema },
  { source: 'server/http/config-pages.ts', schema: pageCacheConfigSchema },
  { source: 'server/http/config-pages.ts', schema: prerenderConfigSchema },
  { source: 'server/http/config-pages.ts', schema: cdnPurgeConfigSchema },
  { source: 'server/redis-config.ts', schema: redisConfigSchema },
  { source: 'server/modules/images/config.ts', schema: imageConfigSchema },
  { source: 'server/error-reporting-config.ts', schema: errorReportingConfigSchema },
  { source: 'server/modules/leads/config.ts', schema: leadsConfigSchema },
  { source: 'server/modules/leads/config.ts', schema: captchaConfigSchema },
  { source: 'server/modules/crm/config.ts', schema: crmConfigSchema },
  { source: 'server/modules/crm/config.ts', schema: bitrix24ConfigSchema },
  { source: 'server/modules/crm/amocrm/config.ts', schema: amocrmConfigSchema },
  { source: 'server/modules/alerts/config.ts', schema: alertsConfigSchema },
  { source: 'server/modules/payments/config.ts', schema: paymentsConfigSchema },
  { source: 'server/modules/reservations/config.ts', schema: reservationsConfigSchema },
  { source: 'server/modules/reservations/deals-config.ts', schema: dealsConfigSchema },
  { source: 'server/modules/currency/config.ts', schema: currencyConfigSchema },
  { source: 'server/modules/staff/config.ts', schema: staffConfigSchema },
  { source: 'server/http/config-third-party.ts', schema: mapsConfigSchema },
  { source: 'server/modules/events/config.ts', schema: eventsConfigSchema },
  { source: 'server/http/config-third-party.ts', schema: analyticsConfigSchema },
  { source: 'server/modules/flags/config.ts', schema: flagsConfigSchema },
] as const;

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;
/** Every section's variables together (sections declare distinct names; scripts/config-docs.test.ts checks). */
type ConfigShape = UnionToIntersection<(typeof configSections)[number]['schema']['shape']>;

/** The whole schema: every section's variables in one object, validated together so one error names them all. */
export const configSchema = z.object(Object.assign({}, ...configSections.map((section) => section.schema.shape)) as ConfigShape);

export type Config = z.infer<typeof configSchema> & {
  errorPreview: boolean;
  checkResponses: boolean;
  siteOrigin: string;
  clientVersion: string;
  /** The analytics counters configured, or null (then nothing loads and the CSP admits no counter host). */
  analytics: AnalyticsSettings | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, clientVersion = '0.0.0'): Config {
  const cleaned: Record<string, string> = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  // Media, the image cache and the lots' columns file live in DATA_DIR unless placed elsewhere.
  const dataDir = cleaned.DATA_DIR ?? './data';
  cleaned.MEDIA_DIR ??= `${dataDir}/media`;
  cleaned.IMAGE_CACHE_DIR ??= `${dataDir}/image-cache`;
  cleaned.CATALOGUE_SNAPSHOT_DIR ??= `${dataDir}/catalogue-snapshot`;
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const config = result.data;
  const analytics = analyticsSettings(config);
  const problems = [...analyticsProblems(config, analytics), ...cdnPurgeProblems(config), ...amocrmProblems(config)];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every variable.`);
  return {
    ...config,
    errorPreview: config.ERROR_PREVIEW ?? config.NODE_ENV !== 'production',
    checkResponses: config.API_CHECK_RESPONSES ?? config.NODE_ENV !== 'production',
    siteOrigin: config.SITE_URL ? new URL(config.SITE_URL).origin : listenOrigin(config.HOST, config.PORT),
    clientVersion,
    analytics,
  };
}

/** The configuration once the server knows the port it really listens on (PORT=0 picks one). */
export function withListenPort(config: Config, port: number): Config {
  return { ...config, PORT: port, siteOrigin: config.SITE_URL ? config.siteOrigin : listenOrigin(config.HOST, port) };
}

/**
 * What keeps a production server from listening beyond loopback: no public SITE_URL (links would name
 * another host), or secrets still at their demo or example values. Empty on loopback and outside production,
 * so `npm start` on a fresh machine and the tests need none of them. The variables' `production` and `secret`
 * notes (server/lib/env.ts) say the same in the reference; scripts/config-docs.test.ts keeps the two in step.
 */
export function serveProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production' || isLoopbackHost(config.HOST)) return [];
  const problems: string[] = [];
  const where = `the server listens beyond loopback (HOST=${config.HOST})`;
  if (!config.SITE_URL) problems.push(`SITE_URL: must be the site's public origin (e.g. https://www.example.ru) when ${where}`);
  else if (isLoopbackHost(new URL(config.SITE_URL).hostname))
    problems.push(`SITE_URL: ${config.siteOrigin} is this machine only; set the site's public origin when ${where}`);
  if (config.ANTIBOT_SALT === DEMO_ANTIBOT_SALT) problems.push(`ANTIBOT_SALT: is the demo default; set a value of your own when ${where}`);
  if (config.ALERTS_SECRET === DEMO_ALERTS_SECRET) problems.push(`ALERTS_SECRET: is the demo default; set a long random string when ${where}`);
  if (config.ADMIN_SECRET === DEMO_ADMIN_SECRET) problems.push(`ADMIN_SECRET: is the demo default; set a long random string (32+ characters) when ${where}`);
  problems.push(...paymentsProblems(config));
  // The inbound webhook's address carries its password: never in clear beyond this machine (http is for the stand-ins).
  if (config.BITRIX24_WEBHOOK_URL && new URL(config.BITRIX24_WEBHOOK_URL).protocol !== 'https:')
    problems.push(`BITRIX24_WEBHOOK_URL: must be https (its address carries the webhook's password) when ${where}`);
  if (config.CAPTCHA_MODE !== 'off' && !config.CAPTCHA_SECRET)
    problems.push(`CAPTCHA_SECRET: is unset (a random key per process, so challenges fail across restarts and instances) when ${where}`);
  for (const name of [
    'CAPTCHA_SECRET',
    'CRM_WEBHOOK_SECRET',
    'AMOCRM_TOKEN',
    'AMOCRM_WEBHOOK_SECRET',
    'DEALS_WEBHOOK_SECRET',
    'BITRIX24_OUTGOING_TOKEN',
    'YOOKASSA_SECRET_KEY',
    'METRICS_TOKEN',
    'FLAGS_TOKEN',
    'ALERTS_SECRET',
    'ADMIN_SECRET',
    'CDN_PURGE_TOKEN',
  ] as const) {
    if (config[name] === EXAMPLE_SECRET) problems.push(`${name}: is the example value from .env.example; set a long random string`);
  }
  return problems;
}

/** Throws one ConfigError naming every variable that keeps the server from starting (see serveProblems). */
export function assertServable(config: Config): void {
  const problems = serveProblems(config);
  if (problems.length) {
    throw new ConfigError(`Refusing to start:\n${problems.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every variable.`);
  }
}
