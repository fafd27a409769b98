import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './lock.ts';
import { listenChannel, type ChannelHandlers, type ChannelListener } from './notify.ts';
import { queryInRender } from './read-tracking.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * What a query runs on: the database handle or a transaction in it. drizzle's `PgTransaction` extends
 * `PgDatabase`, and both drivers' databases are `PgDatabase`s, so this base takes either without a cast;
 * a function that may run inside its caller's transaction takes an `Executor`.
 */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle `openDatabase` gives: an `Executor` on its own connection (or pool). */
export type Db = Executor;
export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PostgreSQL only: `LISTEN channel` on a connection of its own, reconnecting with backoff (server/db/notify.ts).
   * The embedded database has one process, which learns of its own writes by reading.
   */
  listen?: (channel: string, handlers: ChannelHandlers) => ChannelListener;
};

/** Every query through Drizzle passes here: one made directly by a page render keeps that page out of the page cache. */
const renderQueryLogger = { logQuery: (query: string) => queryInRender(query) };

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (locked to this process). */
export async function openDatabase(input: {
  url?: string | undefined;
  dataDir: string;
  maxConnections?: number;
  /** The process's logger (server/main.ts); scripts without one write the warning to stderr. */
  log?: { warn: (obj: object, msg: string) => void };
}): Promise<Database> {
  if (input.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A server that does not answer fails a query after 5 s (the default waits forever): pages then answer
    // from their cached copy instead of hanging, and the next query tries a new connection.
    const pool = new pg.Pool({ connectionString: input.url, max: input.maxConnections ?? 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server closed (a restart, a failover, an administrator) is reported here; left
    // unhandled it would end the process. The pool opens a new connection on the next query.
    const warn = input.log
      ? (error: Error) => input.log!.warn({ err: error }, 'database connection closed by the server; reconnecting on the next query')
      : (error: Error) => console.warn(`database connection closed by the server (${error.message}); reconnecting on the next query`);
    pool.on('error', warn);
    const db: Db = drizzle(pool, { schema, casing: 'snake_case', logger: renderQueryLogger });
    const url = input.url;
    return {
      db,
      engine: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      listen: (channel, handlers) => listenChannel(url, channel, handlers, { log: input.log }),
    };
  }
  const release = lockDataDir(input.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const dir = `${input.dataDir}/pglite`;
    mkdirSync(dir, { recursive: true });
    keepWasmOnBaselineTier();
    const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] });
    const db: Db = drizzle(client, { schema, casing: 'snake_case', logger: renderQueryLogger });
    return {
      db,
      engine: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite zeroes its whole shared memory inside this process at start, so `shared_buffers` is resident at once; the
 * site's database is small and mostly answered from memory, so 16MB holds it (ADR 010).
 */
export const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB'];

/**
 * Keeps PGlite's WebAssembly on V8's baseline tier: optimising its huge SQL parser with TurboFan costs a large,
 * partly unreturned burst of memory, while pages barely feel the slower queries (ADR 010). Index 0 is an import,
 * never compiled, so the filter lets nothing tier up. Safe at run time (it only changes tiering); idempotent.
 */
function keepWasmOnBaselineTier(): void {
  v8.setFlagsFromString('--wasm-tier-up-filter=0');
}

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrate(database: Database): Promise<void> {
  // Each driver's migrator takes its own database type; `Db` is only their common base, so it is handed over as is.
  if (database.engine === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
