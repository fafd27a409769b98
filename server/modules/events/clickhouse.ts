import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { VITAL_METRICS, type EventTable } from '#core/experiments/events.ts';
import type { EventSink, StoredEvent } from './store.ts';

export type ClickHouseOptions = { url: string; username?: string; password?: string; database: string; requestTimeoutMs?: number };

/**
 * A client for the experiment event store. Works with ClickHouse from 18.16 (Debian's package) on: JSONEachRow
 * inserts and selects, `DateTime` written as Unix seconds (no `DateTime64`, no `LowCardinality`, no query
 * parameters `{name:Type}` before 19.x: queries quote their literals with `quote`). The client's own logging is
 * off: failures reach the store, which counts them and logs once per outage.
 */
export function clickHouseClient(opts: ClickHouseOptions): ClickHouseClient {
  return createClient({
    url: opts.url,
    username: opts.username ?? 'default',
    password: opts.password ?? '',
    database: opts.database,
    request_timeout: opts.requestTimeoutMs ?? 10_000,
    max_open_connections: 4,
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/** A string literal for ClickHouse SQL (its escaping: backslash and quote). */
export function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** An identifier (a database name) checked, never quoted from input. */
export function identifier(value: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new Error(`not a ClickHouse identifier: ${value}`);
  return value;
}

/**
 * The tables (`npm run clickhouse:migrate`). MergeTree, partitioned by the month the server received the row
 * (never by a time the client sends: a forged date must not create partitions), ordered for the report's reads:
 * exposures by experiment then visitor, vitals by visitor then time.
 */
export const clickHouseTables = (database: string): Record<EventTable, string> => ({
  experiment_views: `CREATE TABLE IF NOT EXISTS ${identifier(database)}.experiment_views (
  timestamp DateTime,
  received_at DateTime,
  user_id String,
  experiment_id String,
  variation_id String,
  ga_id String,
  value String,
  host String,
  url String
) ENGINE = MergeTree
PARTITION BY toYYYYMM(received_at)
ORDER BY (experiment_id, user_id, timestamp)`,
  web_vitals: `CREATE TABLE IF NOT EXISTS ${identifier(database)}.web_vitals (
  timestamp DateTime,
  received_at DateTime,
  user_id String,
  ga_id String,
  metric Enum8(${VITAL_METRICS.map((m, i) => `'${m}' = ${i + 1}`).join(', ')}),
  value Float64,
  host String,
  url String
) ENGINE = MergeTree
PARTITION BY toYYYYMM(received_at)
ORDER BY (user_id, timestamp, metric)`,
});

/** Creates the database (unless `default`) and the tables when missing; safe to run again. */
export async function migrateClickHouse(client: ClickHouseClient, database: string): Promise<void> {
  if (database !== 'default') await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${identifier(database)}` });
  for (const ddl of Object.values(clickHouseTables(database))) await client.command({ query: ddl });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function chRow(r: StoredEvent): Record<string, string | number> {
  const common = { timestamp: seconds(r.timestamp), received_at: seconds(r.receivedAt), user_id: r.userId, ga_id: r.gaId, host: r.host, url: r.url };
  return r.table === 'experiment_views'
    ? { ...common, experiment_id: r.experimentId, variation_id: r.variationId, value: r.value }
    : { ...common, metric: r.metric, value: r.value };
}

/** The experiment event store in ClickHouse: one JSONEachRow insert per table per batch. */
export function clickHouseEventSink(client: ClickHouseClient): EventSink {
  return {
    name: 'clickhouse',
    async insert(table, rows) {
      await client.insert({ table, values: rows.map(chRow), format: 'JSONEachRow' });
    },
    close: () => client.close(),
  };
}
