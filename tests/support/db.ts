import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '#server/db/client.ts';
import { seedContent } from '#server/db/seed.ts';

export type Engine = 'pglite' | 'postgres';

/** Both engines when TEST_DATABASE_URL is set (CI), else the embedded one. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated and seeded database of the given engine: a temp PGlite directory, or a new
 * PostgreSQL database created next to TEST_DATABASE_URL's and dropped afterwards.
 */
export async function freshDatabase(engine: Engine, opts: { seed?: boolean } = {}): Promise<{ database: Database; dispose: () => Promise<void> }> {
  let database: Database;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-test-'));
    database = await openDatabase({ dataDir: dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `site_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), dataDir: '', maxConnections: 5 });
    cleanup = async () => {
      const admin2 = new pg.Client({ connectionString: adminUrl });
      await admin2.connect();
      await admin2.query(`drop database if exists ${name} with (force)`);
      await admin2.end();
    };
  }
  await migrate(database);
  if (opts.seed !== false) await seedContent(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      await cleanup();
    },
  };
}
