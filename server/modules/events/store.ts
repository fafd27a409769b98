import { EVENT_TABLES, type EventRecord, type EventTable } from '#core/experiments/events.ts';

/** A row as written: the record and when the server received it (never the client's address or agent). */
export type StoredEvent = EventRecord & { receivedAt: Date };

/** Where rows go: ClickHouse (server/modules/events/clickhouse.ts) or the database table (server/modules/events/database.ts). */
export type EventSink = {
  name: 'clickhouse' | 'database';
  /** Writes one table's rows in one insert; throws when nothing was written. */
  insert(table: EventTable, rows: StoredEvent[]): Promise<void>;
  close(): Promise<void>;
};

export type BatchOptions = {
  /** A flush starts when this many rows wait (and every `flushMs`). */
  batchRows: number;
  flushMs: number;
  /** Rows kept while the sink fails; past it new rows are dropped (and counted). */
  maxBuffered: number;
  /** A row whose insert failed this many times is dropped (a row the store refuses must not block the rest). */
  maxAttempts: number;
};

export const DEFAULT_BATCH: BatchOptions = { batchRows: 500, flushMs: 2000, maxBuffered: 20_000, maxAttempts: 5 };

type Logger = { warn: (obj: object, msg: string) => void };
type Pending = { event: StoredEvent; attempts: number };
export type DropReason = 'buffer_full' | 'store_error' | 'shutdown';

/** An exposure's identity for deduplication: the same visitor shown the same variation of the same experiment. */
const exposureKey = (e: EventRecord): string | null => (e.table === 'experiment_views' ? `${e.userId}|${e.experimentId}|${e.variationId}` : null);

/**
 * The experiment event store (`POST /api/clickhouse/store_data/`): `record` only appends to a bounded buffer,
 * so the request answers at once; rows are written in batches — every `batchRows` rows, every `flushMs`, and
 * at shutdown (`close`). When the sink fails, rows wait and are retried with the next flush; past
 * `maxBuffered` new rows are dropped, and a row failing `maxAttempts` times is dropped. Every drop and every
 * failed insert is counted for `/metrics` (spec §8: the client never sees a storage failure).
 * An exposure already waiting (or being written) for the same visitor, experiment and variation is not queued
 * again, only its earliest time kept: a visitor reloading a page does not grow the store (counted as deduplicated).
 */
export function createEventStore(sink: EventSink, log: Logger, options: Partial<BatchOptions> = {}) {
  const opts = { ...DEFAULT_BATCH, ...options };
  let buffer: Pending[] = [];
  let flushing: Promise<void> | null = null;
  let closed = false;
  let failingSince: number | null = null;
  const received = new Map<EventTable, number>();
  const stored = new Map<EventTable, number>();
  const dropped = new Map<string, number>();
  let failures = 0;
  let deduplicated = 0;
  /** The exposures waiting or in the batch being written, by `exposureKey`. */
  let exposures = new Map<string, Pending>();
  const indexExposures = () => {
    exposures = new Map();
    for (const p of buffer) {
      const k = exposureKey(p.event);
      if (k !== null && !exposures.has(k)) exposures.set(k, p);
    }
  };
  const inc = <K>(map: Map<K, number>, k: K, by = 1) => map.set(k, (map.get(k) ?? 0) + by);
  const drop = (table: EventTable, reason: DropReason, n = 1) => inc(dropped, `${table}|${reason}`, n);

  const timer = setInterval(() => void flush(), opts.flushMs);
  timer.unref();

  async function writeOnce(): Promise<void> {
    const batch = buffer;
    buffer = [];
    const retry: Pending[] = [];
    for (const table of EVENT_TABLES) {
      const rows = batch.filter((p) => p.event.table === table);
      if (!rows.length) continue;
      try {
        await sink.insert(
          table,
          rows.map((p) => p.event),
        );
        inc(stored, table, rows.length);
        if (failingSince !== null) {
          log.warn({ store: sink.name, failedForMs: Date.now() - failingSince }, 'experiment event store writes again');
          failingSince = null;
        }
      } catch (error) {
        failures++;
        if (failingSince === null) {
          failingSince = Date.now();
          // The message only (ClickHouse quotes the statement, not the rows); the rows hold no personal data anyway.
          log.warn(
            { store: sink.name, table, rows: rows.length, error: String((error as Error)?.message ?? error).slice(0, 300) },
            'experiment event store write failed; rows kept for retry',
          );
        }
        for (const p of rows) {
          if (p.attempts + 1 >= opts.maxAttempts) drop(table, 'store_error');
          else retry.push({ event: p.event, attempts: p.attempts + 1 });
        }
      }
    }
    // Rows that failed go back in front of those received meanwhile, within the bound.
    const merged = [...retry, ...buffer];
    for (const p of merged.slice(opts.maxBuffered)) drop(p.event.table, 'buffer_full');
    buffer = merged.slice(0, opts.maxBuffered);
    // The batch just written leaves the window: only what still waits is deduplicated against.
    indexExposures();
  }

  /** Writes what waits now (one flush at a time; a caller during a flush waits for it and then for its own). */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (!buffer.length) return;
    flushing = writeOnce().finally(() => {
      flushing = null;
    });
    await flushing;
  }

  return {
    sink: sink.name,

    /** Queues one row; never throws, never waits. */
    record(event: EventRecord, receivedAt = new Date()): void {
      inc(received, event.table);
      if (closed) {
        drop(event.table, 'shutdown');
        return;
      }
      const key = exposureKey(event);
      const same = key === null ? undefined : exposures.get(key);
      if (same) {
        deduplicated++;
        if (event.timestamp.getTime() < same.event.timestamp.getTime()) same.event = { ...same.event, timestamp: event.timestamp };
        return;
      }
      if (buffer.length >= opts.maxBuffered) {
        drop(event.table, 'buffer_full');
        return;
      }
      const pending: Pending = { event: { ...event, receivedAt }, attempts: 0 };
      buffer.push(pending);
      if (key !== null) exposures.set(key, pending);
      if (buffer.length >= opts.batchRows && !flushing) void flush();
    },

    flush,

    /** Rows waiting to be written. */
    buffered: () => buffer.length,

    /** Stops the timer, writes what waits (one last try: what still fails is dropped and counted), closes the sink. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await flush();
      for (const p of buffer) drop(p.event.table, 'shutdown');
      buffer = [];
      exposures = new Map();
      await sink.close();
    },

    /** Counters for `/metrics` (Prometheus text). */
    renderMetrics(): string {
      const lines: string[] = [];
      const family = (name: string, type: 'counter' | 'gauge', help: string, rows: [string, number][]) => {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
        for (const [labels, value] of rows) lines.push(labels ? `${name}{${labels}} ${value}` : `${name} ${value}`);
      };
      const byTable = (map: Map<EventTable, number>) => EVENT_TABLES.map((t): [string, number] => [`store="${sink.name}",table="${t}"`, map.get(t) ?? 0]);
      family('experiment_events_received_total', 'counter', 'Events accepted by /api/clickhouse/store_data/, by table.', byTable(received));
      family('experiment_events_stored_total', 'counter', 'Events written to the store, by table.', byTable(stored));
      family(
        'experiment_events_dropped_total',
        'counter',
        'Events never written: buffer full while the store failed, refused by the store too often, or left at shutdown.',
        EVENT_TABLES.flatMap((t) =>
          (['buffer_full', 'store_error', 'shutdown'] as const).map((r): [string, number] => [
            `reason="${r}",store="${sink.name}",table="${t}"`,
            dropped.get(`${t}|${r}`) ?? 0,
          ]),
        ),
      );
      family('experiment_events_deduplicated_total', 'counter', 'Exposures not queued: the same visitor, experiment and variation already waited.', [
        [`store="${sink.name}"`, deduplicated],
      ]);
      family('experiment_events_store_failures_total', 'counter', 'Failed inserts into the experiment event store.', [[`store="${sink.name}"`, failures]]);
      family('experiment_events_buffered', 'gauge', 'Events waiting in memory to be written.', [[`store="${sink.name}"`, buffer.length]]);
      return `${lines.join('\n')}\n`;
    },
  };
}
export type EventStore = ReturnType<typeof createEventStore>;
