import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A value of an array row: what both drivers give for int2/int4, float8, bool, text and null (cast other types in SQL). */
export type Cell = string | number | boolean | null;

type PgClient = { query: (query: unknown) => unknown; release?: unknown };
type PgPool = { connect: () => Promise<PgClient & { release: () => void }>; totalCount: number };
type PgliteClient = { query: (text: string, params: unknown[], options: { rowMode: 'array' }) => Promise<{ rows: Cell[][] }> };

/**
 * Runs `text` with `params` on `db` (the handle or a transaction in it) and hands every row to `onRow` as an array in
 * the select list's order, without drizzle's row objects or its per-column mapping: for reads of a million rows (the
 * catalogue's snapshot), where those cost most of the read. Select only int2/int4, float8, bool and text columns
 * (cast the others in SQL: `price::float8`, `windows::text`), so both drivers give the same JavaScript values.
 *
 * On PostgreSQL the rows are parsed as they arrive and none is kept, so a million rows never live at once; PGlite
 * answers a query whole. The row array is the driver's, new for every row: `onRow` may keep it.
 */
export async function eachRow(db: Executor, text: string, params: unknown[], onRow: (row: Cell[]) => void): Promise<number> {
  // drizzle's session keeps the driver's client (a pg client or pool, a PGlite instance or transaction): not in its
  // types, stable in its code (node-postgres and pglite sessions alike).
  const client = (db._.session as unknown as { client: PgClient | PgPool | PgliteClient }).client;
  if ('totalCount' in client) {
    const connection = await client.connect();
    try {
      return await streamPg(connection, text, params, onRow);
    } finally {
      connection.release();
    }
  }
  if ('release' in client || 'processID' in client) return streamPg(client as PgClient, text, params, onRow);
  const { rows } = await (client as PgliteClient).query(text, params, { rowMode: 'array' });
  for (const row of rows) onRow(row);
  return rows.length;
}

/**
 * Runs `read` in the same snapshot as `tx` (a repeatable-read transaction of `db`) on a connection of its own, while
 * the caller goes on reading on `tx`: PostgreSQL only, through `pg_export_snapshot`, when `db` is a pool of three
 * connections or more (one stays for the pages meanwhile: a pool of two would have none while both read). The answer is awaited by calling what this returns; on PGlite (one connection), a smaller pool
 * or when the other connection cannot be had or fails, `read` runs then, on `tx` itself. Either way it sees the same
 * rows as `tx`: a read split between two connections never mixes two moments.
 */
export async function inSameSnapshot<T>(db: Executor, tx: Executor, read: (reader: Executor) => Promise<T>): Promise<() => Promise<T>> {
  const client = (db._.session as unknown as { client: PgClient | PgPool | PgliteClient }).client;
  const pool = 'totalCount' in client ? (client as PgPool & { options?: { max?: number } }) : null;
  if (!pool || (pool.options?.max ?? 10) < 3) return () => read(tx);
  const result = await tx.execute(sql`select pg_export_snapshot() as id`);
  const id = String((result as unknown as { rows: { id: string }[] }).rows[0]!.id);
  // The id is PostgreSQL's own (hex digits and dashes); SET TRANSACTION SNAPSHOT takes no parameter.
  if (!/^[0-9A-F-]+$/i.test(id)) return () => read(tx);
  const aside = db.transaction(
    async (other) => {
      await other.execute(sql.raw(`set transaction snapshot '${id}'`));
      // As the exporting transaction reads: long queries, compiling them costs more than it saves.
      await other.execute(sql`set local jit = off`);
      await other.execute(sql`set local work_mem = '64MB'`);
      return read(other);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Not awaited until asked for: a failure meanwhile must not go unhandled (the caller's own read may fail first).
  aside.catch(() => {});
  // The exporting transaction is still open when asked (the caller awaits it inside), so its snapshot still stands.
  return () => aside.catch(() => read(tx));
}

let pgQuery: (new (config: object) => { on: (event: string, listener: (arg: never) => void) => void }) | null = null;

/** pg's `Query` with a `row` listener: rows are not gathered into a result, each is handed over as it is parsed. */
async function streamPg(client: PgClient, text: string, values: unknown[], onRow: (row: Cell[]) => void): Promise<number> {
  pgQuery ??= (await import('pg')).default.Query as unknown as typeof pgQuery;
  const query = new pgQuery!({ text, values, rowMode: 'array' });
  let count = 0;
  return new Promise<number>((resolve, reject) => {
    let failed: unknown = null;
    query.on('row', (row: Cell[]) => {
      if (failed) return;
      count += 1;
      try {
        onRow(row);
      } catch (error) {
        // The rest of the answer is drained (the connection stays usable) and the first error is thrown.
        failed = error;
      }
    });
    query.on('error', reject);
    query.on('end', () => (failed ? reject(failed) : resolve(count)));
    client.query(query);
  });
}
