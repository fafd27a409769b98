import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';

/**
 * A database of its own for a test, a script or a benchmark, removed when it is done: an embedded one in a fresh
 * directory, or a PostgreSQL database on the server of TEST_DATABASE_URL (or another admin URL). The test run's
 * templates (./db.ts), the test servers' data directories (./server.ts, ./site.ts), the reliability runs and the
 * benchmarks all make theirs here.
 */

export type Engine = 'pglite' | 'postgres';

/** Both engines when TEST_DATABASE_URL is set (CI), else the embedded one. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function adminQuery(sql: string, adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  return admin
    .connect()
    .then(() => admin.query(sql))
    .then(
      () => admin.end(),
      async (error: unknown) => {
        await admin.end();
        throw error;
      },
    );
}

function adminUrlOf(given: string | undefined): string {
  const adminUrl = given ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('a PostgreSQL database of its own needs TEST_DATABASE_URL (or an admin URL)');
  return adminUrl;
}

/** Drops a database `tempPostgresDatabase` made, by its name (the test run's templates are handed on by name). */
export function dropPostgresDatabase(name: string, adminUrl?: string): Promise<void> {
  return adminQuery(`drop database if exists ${name} with (force)`, adminUrlOf(adminUrl));
}

function databaseUrl(name: string, adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh directory under the system's temporary one, `<label>-…`: an embedded database's home (`<dir>/pglite`) and a
 * server's DATA_DIR. With `template` (a data directory), its embedded database is copied in.
 */
export function tempDataDir(label: string, template?: string): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`));
  if (template) cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A PostgreSQL database of its own, `<label>_<random>`, on the server of `adminUrl` (TEST_DATABASE_URL unless given):
 * empty, or a copy of the database named `template` (`create database … template …`); dropped by `dispose`.
 */
export async function tempPostgresDatabase(
  label: string,
  opts: { template?: string; adminUrl?: string } = {},
): Promise<{ name: string; url: string; dispose: () => Promise<void> }> {
  const adminUrl = adminUrlOf(opts.adminUrl);
  const name = `${label.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`, adminUrl);
  return { name, url: databaseUrl(name, adminUrl), dispose: () => dropPostgresDatabase(name, adminUrl) };
}

/** A database made for one test, script or benchmark, and removed with its directory by `dispose`. */
export type ThrowawayDatabase = {
  engine: Engine;
  /** Its own directory: the embedded database's home, and a server's DATA_DIR on either engine. */
  dataDir: string;
  /** The PostgreSQL database's address (a server's DATABASE_URL); undefined on the embedded engine. */
  url: string | undefined;
  /** Opens it; what is opened is closed before `dispose`. */
  open: (opts?: { maxConnections?: number }) => Promise<Database>;
  dispose: () => Promise<void>;
};

/**
 * The one way a test, a script or a benchmark gets a database of its own: a directory (tempDataDir) and, on
 * PostgreSQL, a database (tempPostgresDatabase), empty or a copy of `template` (a data directory on the embedded engine,
 * a database's name on PostgreSQL).
 */
export async function throwawayDatabase(engine: Engine, opts: { label: string; template?: string; adminUrl?: string }): Promise<ThrowawayDatabase> {
  const dir = tempDataDir(`${opts.label}-${engine}`, engine === 'pglite' ? opts.template : undefined);
  if (engine === 'pglite')
    return { engine, dataDir: dir.dir, url: undefined, open: () => openDatabase({ dataDir: dir.dir }), dispose: async () => dir.dispose() };
  try {
    const database = await tempPostgresDatabase(opts.label, opts);
    return {
      engine,
      dataDir: dir.dir,
      url: database.url,
      open: (o) => openDatabase({ url: database.url, dataDir: dir.dir, maxConnections: o?.maxConnections }),
      dispose: async () => {
        dir.dispose();
        await database.dispose();
      },
    };
  } catch (error) {
    dir.dispose();
    throw error;
  }
}
