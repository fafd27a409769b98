import { dataVersions } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';

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
  /** Called with the kinds whose version moved, after each check that saw a change. */
  onChange(listener: (kinds: DataKind[]) => void): () => void;
  /** Checks every `pollMs` (and at once); a failed check is retried on the next tick. */
  start(pollMs: number): Promise<void>;
  stop(): void;
};

type Logger = { warn: (obj: object, msg: string) => void };

export function createDataVersions(db: Db, log?: Logger): DataVersions {
  const known = new Map<DataKind, number>();
  const listeners = new Set<(kinds: DataKind[]) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking: Promise<DataKind[]> | null = null;
  let failing = false;

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
    check() {
      checking ??= read().finally(() => (checking = null));
      return checking;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(pollMs) {
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
    },
  };
  return versions;
}

/** A process that never learns of changes (scripts, tests that build services by hand): every version 0. */
export const FROZEN_VERSIONS: DataVersions = {
  get: () => 0,
  check: async () => [],
  onChange: () => () => {},
  start: async () => {},
  stop: () => {},
};
