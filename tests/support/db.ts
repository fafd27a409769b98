import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '#server/db/client.ts';
import { seedContent } from '#server/db/seed.ts';

export type Engine = 'pglite' | 'postgres';

/** Both engines when TEST_DATABASE_URL is set (CI), else the embedded one. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A migrated (and seeded) PGlite directory made once per test process and copied for each fresh database: PGlite's
 * first start (initdb in WebAssembly), the migrations and the seed take 5-30 s of a loaded machine's core each time,
 * which a test creating its database in its own body spent out of its time limit. A closed PGlite directory is a
 * PostgreSQL data directory at rest; a copy opens as the same database.
 */
const templates = new Map<boolean, Promise<string>>();
function pgliteTemplate(seed: boolean): Promise<string> {
  let made = templates.get(seed);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      const database = await openDatabase({ dataDir: dir });
      await migrate(database);
      if (seed) await seedContent(database);
      await database.close();
      return dir;
    })();
    // A failed template is made again by the next caller.
    made.catch(() => templates.delete(seed));
    templates.set(seed, made);
  }
  return made;
}

/**
 * A fresh, migrated and seeded database of the given engine: a copy of a PGlite directory made once per process, or a
 * new PostgreSQL database created next to TEST_DATABASE_URL's and dropped afterwards.
 */
export async function freshDatabase(engine: Engine, opts: { seed?: boolean } = {}): Promise<{ database: Database; dispose: () => Promise<void> }> {
  let database: Database;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const template = await pgliteTemplate(opts.seed !== false);
    const dir = mkdtempSync(join(tmpdir(), 'pglite-test-'));
    cpSync(template, dir, { recursive: true });
    database = await openDatabase({ dataDir: dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return {
      database,
      dispose: async () => {
        await database.close();
        await cleanup();
      },
    };
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
