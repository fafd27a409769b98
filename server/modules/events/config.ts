import { z } from 'zod';
import { envMeta, httpUrl } from '../../lib/env.ts';

/** The experiment event store (`/api/clickhouse/store_data/`, sinks.ts, docs/decisions/016-experiment-events.md). */
export const eventsConfigSchema = z
  .object({
    CLICKHOUSE_URL: httpUrl()
      .optional()
      .meta(envMeta({ example: 'http://127.0.0.1:8123', defaultText: "the database's tables" }))
      .describe(
        "ClickHouse's HTTP interface (create the tables with npm run clickhouse:migrate); without it exposures and web vitals go to the database's experiment_views and web_vitals tables.",
      ),
    CLICKHOUSE_USER: z.string().min(1).max(64).default('default').describe('The ClickHouse user.'),
    CLICKHOUSE_PASSWORD: z.string().max(256).optional().describe("The ClickHouse user's password."),
    CLICKHOUSE_DATABASE: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a ClickHouse database name (letters, digits, _)')
      .default('default')
      .describe('The ClickHouse database of the event tables.'),
    EVENTS_BATCH_ROWS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(500)
      .describe('A batch is written when this many events wait, or every EVENTS_FLUSH_MS.'),
    EVENTS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(2000).describe('How often (ms) waiting events are written.'),
    EVENTS_BUFFER_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(20_000)
      .describe('Events kept in memory while the store fails; beyond, new ones are dropped and counted (/metrics).'),
    WEB_VITALS_SAMPLE_RATE: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(0.2)
      .describe('The share of page loads that report their web vitals (LCP, INP, CLS, FCP, TTFB), decided once per load.'),
  })
  .meta({ title: 'Experiment events' })
  .describe(
    'Exposures and web vitals posted to /api/clickhouse/store_data/, written in batches to ClickHouse or the database (server/modules/events/, docs/decisions/016-experiment-events.md).',
  );
