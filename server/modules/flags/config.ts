import { z } from 'zod';
import { envMeta, secret } from '../../lib/env.ts';

/** The demo's GrowthBook client key (public by design; any value of the right shape will do). */
export const DEMO_GROWTHBOOK_CLIENT_KEY = 'sdk-severnaya-demo';

/** Feature flags and experiments (ADR 015): the client key, the operator API, and the flag stream (routes.ts, stream.ts). */
export const flagsConfigSchema = z
  .object({
    GROWTHBOOK_CLIENT_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,64}$/, 'must be 3-64 letters, digits, "_" or "-"')
      .default(DEMO_GROWTHBOOK_CLIENT_KEY)
      .describe(
        "The GrowthBook client key the pages' SDK asks for (/api/features/{key}, /sub/{key}); public by design (it is in every page). Another key is answered 404. The demo default is fine: it names this site's flags only.",
      ),
    FLAGS_TOKEN: secret(16)
      .optional()
      .meta(envMeta({ defaultText: 'random per boot, in `DATA_DIR/operator-token`', secret: true }))
      .describe(
        'Bearer token for the flag operator API (/api/admin/flags/, npm run flags:set). Without it the server makes a random one at each boot and writes it to DATA_DIR/operator-token (mode 0600), where npm run flags:* on the same machine reads it. Set it for several instances or a command run elsewhere.',
      ),
    FLAGS_POLL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(5_000)
      .describe('How often (ms) a server checks the flags table for a change made by another process or instance.'),
    FLAGS_STREAMS_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1000)
      .describe('Flag streams (/sub/{key}) open at once in this process; beyond, 503 + Retry-After. Keep it well below the open-files limit (ulimit -n).'),
    FLAGS_STREAMS_PER_CLIENT: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(4)
      .describe('Streams open at once per client address (as TRUST_PROXY resolves it; across instances with REDIS_URL); beyond, 503 + Retry-After.'),
    FLAGS_STREAMS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30).describe('Streams a client address may open per minute; beyond, 429.'),
    FLAGS_STREAM_MAX_AGE_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(86_400_000)
      .default(600_000)
      .describe("A stream's longest life (ms); each is ended between 75 % and 100 % of it, and the SDK reconnects."),
  })
  .meta({ title: 'Feature flags' })
  .describe(
    'GrowthBook flags and experiments served to the pages, the operator API, and the flag stream /sub/{key}, each stream holding a socket (server/modules/flags/, ADR 015).',
  );

/** What `npm run flags:*` (scripts/flags.ts) reads besides the server's variables. */
export const flagsCommandConfigSchema = z
  .object({
    FLAGS_SERVER_URL: z
      .string()
      .optional()
      .meta(envMeta({ example: 'http://127.0.0.1:3000', defaultText: "this machine's `HOST` and `PORT`" }))
      .describe('The running server whose operator API the command calls; when none answers, the command writes to the database directly.'),
  })
  .meta({ title: 'npm run flags:*' })
  .describe('The commands that list, set and delete flags (scripts/flags.ts); the server never reads it.');
