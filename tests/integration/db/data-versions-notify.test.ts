/**
 * The data versions follow PostgreSQL's notifications (ADR 024): a commit anywhere is known within milliseconds,
 * not at the next poll; a dropped notification connection is opened again and what changed meanwhile is read at
 * once. The embedded database has no notifications (`Database.listen` is PostgreSQL's): it keeps polling (ADR 023).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { listenChannel } from '#server/db/notify.ts';
import { createDataVersions, DATA_VERSIONS_CHANNEL, type DataKind, type DataVersions } from '#server/db/versions.ts';
import { freshDatabase } from '#tests/support/db.ts';

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const silent = { warn: () => {}, info: () => {} };

async function until(what: string, ok: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!POSTGRES)(`data versions by LISTEN/NOTIFY on PostgreSQL${POSTGRES ? '' : ' (skipped: TEST_DATABASE_URL is unset)'}`, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let url: string;
  let versions: DataVersions;
  const heard: DataKind[][] = [];

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase('postgres', { seed: false }));
    const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${rows[0].name}`;
    url = u.toString();
    versions = createDataVersions(database.db, silent, { listen: database.listen });
    versions.onChange((kinds) => heard.push(kinds));
    // A poll far beyond the test: only a notification can tell it anything.
    await versions.start(600_000);
  }, 120_000);
  afterAll(async () => {
    versions?.stop();
    await dispose?.();
  });

  /** A write through another connection, as another instance or an import command makes it. */
  async function write(statement: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
      return Date.now();
    } finally {
      await client.end();
    }
  }

  it('learns of a commit made elsewhere within a fraction of a second, without polling', async () => {
    // The listener's connection is opened by start, not awaited.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = versions.get('content');
    const at = await write('update site_settings set email = email');
    await until('the content version', () => versions.get('content') > before, 2_000);
    const delay = Date.now() - at;
    console.log(`data version known ${delay} ms after the commit (poll: 600 s)`);
    expect(delay).toBeLessThan(500);
    expect(heard.at(-1)).toEqual(['content']);
  });

  it('listens again after its connection is killed, and reads what changed while it was away', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
      expect(killed.rowCount).toBeGreaterThan(0);
      const before = versions.get('content');
      // A change while nobody listens: its notification is lost, the reconnection's read finds it.
      await admin.query('update site_settings set email = email');
      await until('the version after reconnecting', () => versions.get('content') > before, 5_000);
      // And the new connection hears the next commit.
      const again = versions.get('content');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query('update site_settings set email = email');
      await until('the next notification', () => versions.get('content') > again, 2_000);
    } finally {
      await admin.end();
    }
  });

  it('a listener closed is not reopened', async () => {
    let notified = 0;
    const listener = listenChannel(url, DATA_VERSIONS_CHANNEL, { onNotify: () => (notified += 1) });
    await until('listening', () => listener.listening);
    await write(`select pg_notify('data_versions', 'content')`);
    await until('the notification', () => notified === 1);
    await listener.close();
    expect(listener.listening).toBe(false);
    await write(`select pg_notify('data_versions', 'content')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notified).toBe(1);
  });
});
