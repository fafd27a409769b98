import { dataVersions } from './schema/index.ts';
import type { Database, Db } from './client.ts';
import type { ChannelListener } from './notify.ts';

/**
 * The kinds of data pages are made of. Each has a version in `data_versions`, bumped by a statement trigger on its
 * tables in the writing transaction (migration 0020), whoever writes: this process, an import command, another
 * instance, an administrator's SQL.
 */
export const DATA_KINDS = ['catalogue', 'content', 'publications', 'offers', 'flags', 'auctions', 'bookings'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

export type DataVersions = {
  /** The version of `kind` this process last read (0 before the first read). */
  get(kind: DataKind): number;
  /** Reads the table now; listeners hear the kinds that moved. */
  check(): Promise<DataKind[]>;
  /**
   * Each kind's version with the time it was last bumped, as read now (`7@2026-11-27T18:40:01.123Z`): unlike the
   * version alone, it tells one database from another (the build's prerendered pages are checked against it).
   */
  stamps(): Promise<Record<string, string>>;
  /** Called with the kinds whose version moved, after each check that saw a change. */
  onChange(listener: (kinds: DataKind[]) => void): () => void;
  /**
   * Checks every `pollMs` (and at once); a failed check is retried on the next tick. On PostgreSQL it also listens
   * on the channel `data_versions` and checks as soon as a commit notifies it (ADR 024): the poll stays as the
   * safety net for a lost connection or notification.
   */
  start(pollMs: number): Promise<void>;
  stop(): void;
};

type Logger = { warn: (obj: object, msg: string) => void };

/** The channel the data versions' triggers notify at commit (migration 0020: `pg_notify('data_versions', kind)`). */
export const DATA_VERSIONS_CHANNEL = 'data_versions';

export function createDataVersions(db: Db, log?: Logger, opts: { listen?: Database['listen'] } = {}): DataVersions {
  const known = new Map<DataKind, number>();
  const listeners = new Set<(kinds: DataKind[]) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking: Promise<DataKind[]> | null = null;
  /** A notification came while a read was under way (which may have begun before that commit): read once more. */
  let again = false;
  let failing = false;
  let channel: ChannelListener | null = null;

  async function read(): Promise<DataKind[]> {
    const rows = await db.select({ kind: dataVersions.kind, version: dataVersions.version }).from(dataVersions);
    const moved: DataKind[] = [];
    for (const row of rows) {
      const kind = row.kind as DataKind;
      if (!(DATA_KINDS as readonly string[]).includes(kind)) continue;
      if (known.get(kind) !== row.version) {
        // The first read only learns where things stand: nothing was cached against an unknown version.
        if (known.has(kind)) moved.push(kind);
        known.set(kind, row.version);
      }
    }
    if (moved.length) for (const listener of listeners) listener(moved);
    return moved;
  }

  const versions: DataVersions = {
    get: (kind) => known.get(kind) ?? 0,
    async stamps() {
      const rows = await db.select().from(dataVersions);
      return Object.fromEntries(rows.map((row) => [row.kind, `${row.version}@${row.updatedAt.toISOString()}`]));
    },
    check() {
      checking ??= read().finally(() => {
        checking = null;
        if (again) {
          again = false;
          void notified();
        }
      });
      return checking;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(pollMs) {
      if (opts.listen && !channel) channel = opts.listen(DATA_VERSIONS_CHANNEL, { onNotify: () => void notified(), onListening: () => void notified() });
      await versions.check();
      if (timer) return;
      timer = setInterval(() => {
        versions.check().then(
          () => (failing = false),
          (error: unknown) => {
            // Said once per fault; the database's own fault log (cache.ts) tells the rest.
            if (!failing) log?.warn({ err: error }, 'data versions check failed: cached pages keep their versions until it succeeds');
            failing = true;
          },
        );
      }, pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      void channel?.close();
      channel = null;
    },
  };

  /** A notification (or listening again after a drop): read now, or once more after the read under way. */
  function notified(): Promise<unknown> {
    if (checking) {
      again = true;
      return checking;
    }
    // A failure here is the poll's to report and retry.
    return versions.check().catch(() => undefined);
  }
  return versions;
}

/** A process that never learns of changes (scripts, tests that build services by hand): every version 0. */
export const FROZEN_VERSIONS: DataVersions = {
  get: () => 0,
  check: async () => [],
  stamps: async () => ({}),
  onChange: () => () => {},
  start: async () => {},
  stop: () => {},
};
