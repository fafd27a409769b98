import { z } from 'zod';
import { envMeta, httpUrl, secret } from '../lib/env.ts';

/** Rendered pages kept in memory and by shared caches (server/http/page-cache.ts, ADR 023). */
export const pageCacheConfigSchema = z
  .object({
    PAGE_CACHE: z
      .enum(['on', 'off'])
      .default('on')
      .describe('on: anonymous pages are rendered once per data version and answered from memory; off: every page is rendered (a debugging aid).'),
    PAGE_CACHE_MAX_MB: z.coerce
      .number()
      .int()
      .min(1)
      .max(16_384)
      .default(64)
      .describe('Memory the kept pages may take (MB); the least recently used go first.'),
    PAGE_CACHE_FRESH_S: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(60)
      .describe("Seconds a kept page is answered without rendering again (time-bound content: countdowns, a new Moscow day), and a CDN's s-maxage."),
    PAGE_CACHE_STALE_S: z.coerce
      .number()
      .int()
      .min(0)
      .max(604_800)
      .default(300)
      .describe('Seconds a CDN may answer a page past its freshness while it asks for a new one (stale-while-revalidate).'),
  })
  .meta({ title: 'Page cache' })
  .describe('Anonymous pages kept in memory per data version and by shared caches (server/http/page-cache.ts, ADR 023).');

/** The static pages `npm run build` prerenders (server/http/prerender.ts, scripts/prerender.ts, ADR 028). */
export const prerenderConfigSchema = z
  .object({
    PRERENDER: z
      .enum(['on', 'off'])
      .default('on')
      .describe(
        'on: `npm run build` prerenders the static pages from the database; off: nothing is prerendered (a build machine without the database) and pages render on request.',
      ),
    PRERENDER_FILE: z
      .string()
      .min(1)
      .optional()
      .meta(envMeta({ example: 'build/prerendered/pages.json', defaultText: '`build/prerendered/pages.json`' }))
      .describe('The file the build writes the prerendered pages to and the server reads at start.'),
  })
  .meta({ title: 'Prerendered pages' })
  .describe(
    'Static pages prerendered by `npm run build` and kept from the server’s start while their data holds (server/http/prerender.ts, scripts/prerender.ts, ADR 028).',
  );

/** A CDN that purges by tag (server/http/cdn-purge.ts, ADR 029, docs/guides/operations.md). */
export const cdnPurgeConfigSchema = z
  .object({
    CDN_PURGE: z
      .enum(['off', 'cloudflare', 'fastly'])
      .default('off')
      .meta(envMeta({ example: 'cloudflare' }))
      .describe(
        'cloudflare (pages tagged with Cache-Tag, purged through purge_cache by tags) or fastly (Surrogate-Key, a soft purge of the keys); off: no tags, a CDN learns of changes by expiry (PAGE_CACHE_FRESH_S).',
      ),
    CDN_PURGE_URL: httpUrl()
      .optional()
      .meta(envMeta({ example: 'https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache' }))
      .describe(
        'The purge endpoint, required with CDN_PURGE: https://api.cloudflare.com/client/v4/zones/{zone id}/purge_cache or https://api.fastly.com/service/{service id}/purge.',
      ),
    CDN_PURGE_TOKEN: secret(16)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe('The API token allowed to purge, required with CDN_PURGE (Cloudflare: the Cache Purge permission; Fastly: the purge_select scope).'),
    CDN_TAG_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{0,32}$/, 'must be at most 32 letters, digits, ".", "_", ":" or "-"')
      .default('')
      .describe('Put before every tag (several sites on one CDN zone or service); default none.'),
    CDN_PURGE_DELAY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(1_000)
      .describe('How long (ms) after a change is heard the purge is sent: every instance must have heard it by then (the poll at the latest).'),
  })
  .meta({ title: 'CDN purge' })
  .describe(
    "Kept pages name the kinds of data they were made from, and the first instance to hear of a change purges that kind's tag; a new build purges every page once (server/http/cdn-purge.ts, ADR 029, docs/guides/operations.md).",
  );

type CdnPurgeConfig = z.infer<typeof cdnPurgeConfigSchema>;

/** What the CDN settings lack together: a provider without its endpoint or token. */
export function cdnPurgeProblems(config: CdnPurgeConfig): string[] {
  const problems: string[] = [];
  if (config.CDN_PURGE !== 'off') {
    if (!config.CDN_PURGE_URL) problems.push(`CDN_PURGE_URL: is required with CDN_PURGE=${config.CDN_PURGE}`);
    if (!config.CDN_PURGE_TOKEN) problems.push(`CDN_PURGE_TOKEN: is required with CDN_PURGE=${config.CDN_PURGE}`);
  }
  return problems;
}
