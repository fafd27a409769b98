import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clickHouseClient, clickHouseEventSink } from './clickhouse.ts';
import { databaseEventSink } from './database.ts';
import type { BatchOptions, EventSink } from './store.ts';

type EventConfig = Pick<
  Config,
  'CLICKHOUSE_URL' | 'CLICKHOUSE_USER' | 'CLICKHOUSE_PASSWORD' | 'CLICKHOUSE_DATABASE' | 'EVENTS_BATCH_ROWS' | 'EVENTS_FLUSH_MS' | 'EVENTS_BUFFER_MAX'
>;

/** ClickHouse when `CLICKHOUSE_URL` is set, else the database's tables. */
export function eventSinkFor(config: EventConfig, db: Db): EventSink {
  if (!config.CLICKHOUSE_URL) return databaseEventSink(db);
  return clickHouseEventSink(
    clickHouseClient({
      url: config.CLICKHOUSE_URL,
      username: config.CLICKHOUSE_USER,
      password: config.CLICKHOUSE_PASSWORD,
      database: config.CLICKHOUSE_DATABASE,
    }),
  );
}

export function batchOptions(config: EventConfig): Partial<BatchOptions> {
  return { batchRows: config.EVENTS_BATCH_ROWS, flushMs: config.EVENTS_FLUSH_MS, maxBuffered: config.EVENTS_BUFFER_MAX };
}
