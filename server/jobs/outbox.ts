import { and, asc, eq, inArray, isNull, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { safeError } from '../logger.ts';
import { createPollingLoop } from './polling-loop.ts';

export type OutboxLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The columns every outbox table has (`lead_deliveries`, `alert_messages`): a row per message, leased while sent. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn<{ data: number }>;
  attempts: AnyPgColumn<{ data: number }>;
  nextAttemptAt: AnyPgColumn<{ data: Date }>;
  lockedUntil: AnyPgColumn<{ data: Date }>;
  lastError: AnyPgColumn<{ data: string }>;
  deliveredAt: AnyPgColumn<{ data: Date }>;
};

/** A claimed row as the claim returns it: `attempts` already counts this attempt. */
export type OutboxRow = { id: number; attempts: number };

/** One message of a claimed batch, ready to go: `send` resolves once the receiver acknowledged it. */
export type OutboxMessage<Row> = { row: Row; send: () => Promise<void> };

/** Columns of the domain's own a mark sets besides the outbox's (alerts: `outcome`). */
export type OutboxColumns<Table extends OutboxTable> = Partial<Table['$inferInsert']>;

/** What a domain's `compose` may do with a row it sends nothing for. */
export type OutboxMarks<Row, Table extends OutboxTable> = {
  /** Finished without a message (alerts: nothing to say, unsubscribed), with the domain's own columns. */
  delivered(row: Row, columns: OutboxColumns<Table>): Promise<void>;
  /** Could not be composed: back later, like a failed send. */
  failed(row: Row, error: unknown): Promise<void>;
};

export type OutboxOptions<Row extends OutboxRow, Table extends OutboxTable> = {
  /** Names the outbox in its loop's log line (`lead outbox cycle failed`). */
  name: string;
  db: Db;
  table: Table;
  /** The columns the claim returns, by the names the domain reads them under. */
  claimed: { [K in keyof Row]: AnyPgColumn };
  /** Reads what the claimed rows need and makes their messages, in the order they go out. */
  compose: (rows: Row[], marks: OutboxMarks<Row, Table>) => Promise<OutboxMessage<Row>[]>;
  /** Columns set with `delivered_at` when a message was acknowledged. */
  sentColumns?: OutboxColumns<Table>;
  log: OutboxLogger;
  /** What the log lines say of a row: ids only, never the personal data it stands for. */
  describe: (row: Row) => object;
  lines: { sent: string; failed: string; keepsFailing: string };
  /** The cleaned error text in the failure lines; off where a receiver's answer may quote an address. */
  logsErrorText?: boolean;
  /** Counts each outcome (the leads' delivery metrics). */
  counted?: (row: Row, outcome: 'success' | 'failure') => void;
  /** Closes the transports once the loop stopped. */
  close?: () => Promise<void>;
  /**
   * Only the rows this loop owns (a channel's: `eq(table.channel, 'bitrix24')`), in its claim and its next-due look-up,
   * so that each receiver has its own loop and a slow or failing one never delays another's rows.
   */
  where?: SQL;
  /**
   * The least wait before a failed row comes back, as the receiver asked (a rate limit's Retry-After), in ms. A
   * receiver that asked to wait is asked nothing more until then: the loop stops sending the rest of its batch (those
   * rows go back to the queue without counting an attempt, due when the wait ends) and claims nothing before it ends.
   */
  retryAfterMs?: (error: unknown) => number | null;
  /**
   * The receiver refused our credentials: no use sending anything until an operator fixes them. The row goes back to
   * the queue without counting the attempt, and so do the rest of its batch not yet sent; the loop claims nothing
   * more for `pause.probeMs`, then tries one row (a probe); `paused` is told once when the loop stops and `resumed`
   * once a probe went through. The pause is this process's (other processes find out on their own first refusal).
   */
  pause?: {
    when: (error: unknown) => boolean;
    probeMs: number;
    paused: (error: unknown) => Promise<void> | void;
    resumed: () => Promise<void> | void;
  };
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** How long a claimed row stays reserved: a worker that died holding it frees it after this. */
  leaseMs: number;
  batch?: number;
  /**
   * Messages in flight at once (default: the whole batch). A crash between a receiver's acknowledgement and the
   * row's mark sends those again: this bounds the redeliveries per crash.
   */
  concurrency?: number;
  /**
   * Where the loop keeps its pause and its receiver's wait: loops given the same one (one CRM's leads and reservation
   * events) stop and wait together. Default: the loop's own.
   */
  gate?: OutboxGate;
};

/**
 * A receiver's pause (refused credentials: `pausedUntil`, then probes) and wait (a rate limit: `waitUntil`), in ms
 * since the epoch (0: none), shared by the loops that send to it, in this process. `stops` counts the times either
 * began: a batch in flight stops sending when it moves.
 */
export type OutboxGate = { pausedUntil: number; waitUntil: number; stops: number };
export const outboxGate = (): OutboxGate => ({ pausedUntil: 0, waitUntil: 0, stops: 0 });

/** Exponential backoff with ±20 % jitter, so failed deliveries do not all come back at once. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * The transactional outbox both domains deliver through (leads, ADR 006; alerts, ADR 021). Rows are written in the
 * transaction that makes them due; this job claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, lets the
 * domain compose the batch, sends at most `concurrency` at once, and marks each delivered right after its receiver
 * acknowledged it, so nothing else runs between the acknowledgement and the mark. A failure comes back with backoff,
 * retried until acknowledged (an error line from the fifth attempt on). A worker killed mid-send leaves its rows
 * leased; they come back when the lease ends, and only a message acknowledged just before its mark committed is
 * sent again.
 */
export function createOutbox<Row extends OutboxRow, Table extends OutboxTable>(options: OutboxOptions<Row, Table>) {
  const { db, log } = options;
  const table: OutboxTable = options.table;
  const batch = options.batch ?? 25;
  const concurrency = options.concurrency ?? batch;

  // A row is still this worker's while its attempt count is the one it claimed: a lease that ran out and was claimed
  // again elsewhere counted another attempt, and this worker's late mark must not clear that claim.
  const mine = (row: Row) => and(eq(table.id, row.id), eq(table.attempts, row.attempts));

  async function markDelivered(row: Row, columns: OutboxColumns<Table> | undefined): Promise<void> {
    await db
      .update(table)
      .set({ deliveredAt: new Date(), lockedUntil: null, lastError: null, ...columns })
      .where(mine(row));
  }

  /** The loop's pause and wait (its own, or shared with the other loops of its receiver: `gate`). */
  const gate = options.gate ?? outboxGate();
  /** Until when nothing is claimed: the pause's probe or the receiver's wait, whichever ends later. */
  const holdUntil = () => Math.max(gate.pausedUntil, gate.waitUntil);

  async function halted(row: Row, error: unknown): Promise<void> {
    const { message, type } = safeError(error);
    const wasRunning = gate.pausedUntil === 0;
    gate.pausedUntil = Date.now() + options.pause!.probeMs;
    gate.stops++;
    // Back in the queue as it was: an attempt that could not have succeeded is not counted.
    await db
      .update(table)
      .set({ attempts: sql`${table.attempts} - 1`, nextAttemptAt: new Date(gate.pausedUntil), lockedUntil: null, lastError: message.slice(0, 500) })
      .where(mine(row));
    if (wasRunning) await options.pause!.paused(error);
    log.warn({ ...options.describe(row), errorClass: type, probeInMs: options.pause!.probeMs }, `${options.name} delivery paused: credentials refused`);
  }

  async function failed(row: Row, error: unknown): Promise<void> {
    if (options.pause?.when(error)) return halted(row, error);
    // Cleaned like every logged error: a receiver's answer may quote what it was sent.
    const { message, type } = safeError(error);
    const asked = options.retryAfterMs?.(error) ?? null;
    if (asked !== null && asked > 0) {
      // The receiver asked us to wait: nothing more goes to it until then, from this batch or the next.
      gate.waitUntil = Math.max(gate.waitUntil, Date.now() + asked);
      gate.stops++;
    }
    const delay = Math.max(backoffMs(row.attempts, options.retryBaseMs, options.retryMaxMs), asked ?? 0);
    await db
      .update(table)
      .set({ nextAttemptAt: new Date(Date.now() + delay), lockedUntil: null, lastError: message.slice(0, 500) })
      .where(mine(row));
    options.counted?.(row, 'failure');
    const entry = { ...options.describe(row), retryInMs: delay, errorClass: type, ...(options.logsErrorText ? { error: message } : {}) };
    if (row.attempts >= 5) log.error(entry, options.lines.keepsFailing);
    else log.warn(entry, options.lines.failed);
  }

  const marks: OutboxMarks<Row, Table> = { delivered: markDelivered, failed };

  async function send({ row, send }: OutboxMessage<Row>): Promise<void> {
    try {
      await send();
    } catch (error) {
      return failed(row, error);
    }
    await markDelivered(row, options.sentColumns);
    if (gate.pausedUntil) {
      gate.pausedUntil = 0;
      await options.pause?.resumed();
    }
    options.counted?.(row, 'success');
    log.info(options.describe(row), options.lines.sent);
  }

  /** Claims and sends one batch of due rows; returns how many it claimed. */
  async function runOnce(now = new Date()): Promise<number> {
    // Paused: nothing until the probe is due, then one row; told to wait: nothing until the wait ends.
    if (now.getTime() < holdUntil()) return 0;
    const pausedUntil = gate.pausedUntil;
    const due = db
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.deliveredAt), lte(table.nextAttemptAt, now), or(isNull(table.lockedUntil), lte(table.lockedUntil, now)), options.where))
      .orderBy(asc(table.nextAttemptAt), asc(table.id))
      .limit(pausedUntil ? 1 : batch)
      .for('update', { skipLocked: true });
    const claimed = (await db
      .update(table)
      .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${table.attempts} + 1` })
      .where(inArray(table.id, due))
      .returning(options.claimed)) as Row[];
    if (!claimed.length) return 0;
    const queue = await options.compose(claimed, marks);
    const stops = gate.stops;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        // The receiver refused our credentials or asked to wait meanwhile: the rest of the batch is not sent.
        while (gate.stops === stops) {
          const next = queue.shift();
          if (!next) break;
          await send(next);
        }
      }),
    );
    if (queue.length) await putBack(queue.map((message) => message.row));
    return claimed.length;
  }

  /** Rows claimed but not sent (the receiver said stop): back in the queue as they were, due when the stop ends. */
  async function putBack(rows: Row[]): Promise<void> {
    for (const row of rows)
      await db
        .update(table)
        .set({ attempts: sql`${table.attempts} - 1`, nextAttemptAt: new Date(Math.max(holdUntil(), Date.now())), lockedUntil: null })
        .where(mine(row));
  }

  /** Milliseconds until the next row is due (capped by the poll interval). */
  async function nextDueInMs(): Promise<number> {
    const hold = holdUntil() - Date.now();
    if (gate.pausedUntil || hold > 0) return Math.max(0, Math.min(options.pollMs, hold));
    const [row] = await db
      .select({ next: min(table.nextAttemptAt) })
      .from(table)
      .where(and(isNull(table.deliveredAt), options.where));
    if (!row?.next) return options.pollMs;
    return Math.max(0, Math.min(options.pollMs, new Date(row.next).getTime() - Date.now()));
  }

  const loop = createPollingLoop({ name: options.name, batch, pollMs: options.pollMs, log, runOnce: () => runOnce(), nextDueInMs });
  return {
    runOnce,
    wake: loop.wake,
    /** Whether the loop is paused (its receiver refused our credentials) and probes now and then. */
    paused: () => gate.pausedUntil !== 0,
    start: loop.start,
    /** Finishes the messages in flight (each bounded by its transport's timeout), then closes the transports. */
    async stop(): Promise<void> {
      await loop.stop();
      await options.close?.();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
