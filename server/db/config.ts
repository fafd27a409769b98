import { z } from 'zod';
import { bool, envMeta } from '../lib/env.ts';

/** The database, the data directory and how a server hears of changes made elsewhere (server/db/, server/first-start.ts). */
export const databaseConfigSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .meta(envMeta({ example: 'postgres://user:password@localhost:5432/site', defaultText: 'the embedded PGlite database in `DATA_DIR`' }))
      .describe('PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used.'),
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .describe("Directory of the embedded database (one process at a time), the media storage, the image cache and the lots' columns file."),
    CATALOGUE_SNAPSHOT_DIR: z
      .string()
      .min(1)
      .default('./data/catalogue-snapshot')
      .meta(envMeta({ defaultText: '`DATA_DIR/catalogue-snapshot`', example: './data/catalogue-snapshot' }))
      .describe(
        "Where the catalogue's lot columns are kept between loads (one file, ~120 MB at a million lots): a restart or another process of the same catalogue maps them instead of reading every lot again. A file is used only for the data it was made from; safe to delete at any time.",
      ),
    SEED_DEMO: bool.default(true).describe("Seed the demo developer's catalogue and content when the database is empty."),
    DATA_VERSIONS_POLL_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(600_000)
      .default(500)
      .describe(
        'How often (ms) a server reads the data versions (data_versions) to learn of changes made by another process or instance. On PostgreSQL it also listens to their notifications (LISTEN data_versions) and reads at once; the poll is the safety net (ADR 024).',
      ),
  })
  .meta({ title: 'Database' })
  .describe('PostgreSQL or the embedded PGlite, the data directory, the demo seed and the data versions (server/db/, server/first-start.ts).');
