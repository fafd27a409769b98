import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll } from 'vitest';
import { clickHouseClient, migrateClickHouse } from '#server/modules/events/clickhouse.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { startClickHouse, type LocalClickHouse } from '#tests/support/clickhouse.ts';
import { ENGINES, type Engine } from '#tests/support/db.ts';

/**
 * What the experiment event tests share (experiment-events, experiments-report, event-batches). The experiment event
 * store (spec §7, §8; ADR 016) is tested against a real ClickHouse — Debian's 18.16 server started by each file on
 * private ports (tests/support/clickhouse.ts; installed when missing, and a failure to install or start fails the
 * file) — and against the database's tables (PGlite, and PostgreSQL with TEST_DATABASE_URL): the endpoint, batching,
 * failures swallowed and counted, and the experiments report on the same seeded rows, which must read the same from
 * both stores.
 */
export const URL_ = '/api/clickhouse/store_data/';
export const CH_DATABASE = 'site_events';

export let clickhouse: LocalClickHouse;

/** Starts the file's ClickHouse with the event tables (`clickhouse`, a live binding) before its tests, and stops it after. */
export function setUpClickHouse(): void {
  beforeAll(async () => {
    clickhouse = await startClickHouse();
    const admin = clickHouseClient({ url: clickhouse.url, database: 'default' });
    await migrateClickHouse(admin, CH_DATABASE);
    // Twice: the migration is safe to run again.
    await migrateClickHouse(admin, CH_DATABASE);
    await admin.close();
  }, 300_000);
  afterAll(async () => clickhouse?.stop());
}

export type Store = { engine: Engine; store: 'clickhouse' | 'database' };
export const STORES: Store[] = [...ENGINES.map((engine): Store => ({ engine, store: 'database' })), { engine: 'pglite', store: 'clickhouse' }];

export type Row = Record<string, string | number>;

/**
 * The app on `engine` storing its events in `store` (ClickHouse's tables emptied first, and a client to read them;
 * null for the database). Batches are flushed by the test (a long timer), so what is stored is read at a known moment.
 */
export async function storeApp(engine: Engine, store: Store['store']): Promise<{ t: TestApp; ch: ClickHouseClient | null }> {
  const t = await testApp(engine, {
    EVENTS_FLUSH_MS: '600000',
    ...(store === 'clickhouse' ? { CLICKHOUSE_URL: clickhouse.url, CLICKHOUSE_DATABASE: CH_DATABASE } : {}),
  });
  if (store !== 'clickhouse') return { t, ch: null };
  const ch = clickHouseClient({ url: clickhouse.url, database: CH_DATABASE });
  await ch.command({ query: 'TRUNCATE TABLE experiment_views' });
  await ch.command({ query: 'TRUNCATE TABLE web_vitals' });
  return { t, ch };
}
