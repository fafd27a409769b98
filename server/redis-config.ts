import { z } from 'zod';
import { envMeta } from './lib/env.ts';

/** Redis shared by every instance (server/redis.ts, ADR 024). */
export const redisConfigSchema = z
  .object({
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .meta(envMeta({ example: 'redis://127.0.0.1:6379', defaultText: "each process's own memory" }))
      .describe(
        'Redis shared by every instance: the rate limits’ counters and spent proof-of-work solutions. Unset, each process counts in its own memory (one instance). A Redis that goes away is skipped, logged once.',
      ),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 letters, digits, :, ., _ or -')
      .optional()
      .meta(envMeta({ example: 'site:example.ru:', defaultText: "`site:{SITE_URL's host}:`" }))
      .describe("Prefix of this site's Redis keys, so several sites may share one Redis."),
  })
  .meta({ title: 'Redis' })
  .describe('What several instances share: rate limits and spent proofs of work (server/redis.ts, ADR 024, docs/guides/operations.md).');
