import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { ENGINES } from '#tests/support/db.ts';

/** The PostgreSQL pool outlives a server that drops its connections (a restart, a failover, an administrator). */
describe.runIf(ENGINES.includes('postgres'))('database connections on postgres', () => {
  it('survives its idle connections being terminated and answers the next query on a new one', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const database = await openDatabase({ url, dataDir: '', maxConnections: 2 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // The pool's one connection, now idle, is ended from another session.
      const result = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = Number((result as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => warn.mock.calls.some(([message]) => String(message).includes('reconnecting on the next query'))).toBe(true);
      await database.ping();
    } finally {
      warn.mockRestore();
      await database.close();
    }
  });
});
