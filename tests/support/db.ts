import { rmSync } from 'node:fs';
import { seedCatalogue } from '#server/modules/catalogue/ingest/write.ts';
import { migrate, openDatabase, type Database } from '#server/db/client.ts';
import { seedContent } from '#server/db/seed.ts';
import { dropPostgresDatabase, tempDataDir, tempPostgresDatabase, throwawayDatabase, type Engine } from './throwaway-db.ts';

export { ENGINES, type Engine } from './throwaway-db.ts';

/** What a fresh database holds: the schema alone, the demo site content, or the content and the demo catalogue. */
export type Contents = 'migrated' | 'seeded' | 'catalogue';
const CONTENTS: Contents[] = ['migrated', 'seeded', 'catalogue'];

/** Where each template is: a PGlite data directory, and a PostgreSQL database's name when TEST_DATABASE_URL is set. */
export type Templates = { pglite: Record<Contents, string>; postgres?: Record<Contents, string> };

/** The environment variable that hands the templates of a run to every test process it starts. */
export const TEMPLATES_ENV = 'TEST_DB_TEMPLATES';

/** Each step's work on a database that already holds the step before it. */
async function fill(database: Database, contents: Contents): Promise<void> {
  if (contents === 'migrated') await migrate(database);
  if (contents === 'seeded') await seedContent(database);
  if (contents === 'catalogue') await seedCatalogue(database);
}

async function buildPglite(): Promise<Record<Contents, string>> {
  const dirs = {} as Record<Contents, string>;
  let previous: string | undefined;
  for (const contents of CONTENTS) {
    const { dir } = tempDataDir(`pglite-template-${contents}`, previous);
    const database = await openDatabase({ dataDir: dir });
    try {
      await fill(database, contents);
    } finally {
      await database.close();
    }
    dirs[contents] = previous = dir;
  }
  return dirs;
}

async function buildPostgres(): Promise<Record<Contents, string>> {
  const names = {} as Record<Contents, string>;
  let previous: string | undefined;
  for (const contents of CONTENTS) {
    const made = await tempPostgresDatabase(`site_template_${contents}`, previous ? { template: previous } : {});
    names[contents] = made.name;
    const database = await openDatabase({ url: made.url, dataDir: '', maxConnections: 2 });
    try {
      await fill(database, contents);
    } finally {
      await database.close();
    }
    previous = made.name;
  }
  return names;
}

/** Removes a run's templates: its PGlite directories and its PostgreSQL databases. */
export async function disposeTemplates(templates: Templates): Promise<void> {
  for (const dir of Object.values(templates.pglite)) rmSync(dir, { recursive: true, force: true });
  for (const name of Object.values(templates.postgres ?? {})) await dropPostgresDatabase(name);
}

/**
 * The migrated, seeded and catalogued databases of one test run, each built once per engine (a run used to build the
 * demo catalogue of ~3,300 lots and their history once per test file and engine). Both engines are built at once.
 */
export async function buildTemplates(): Promise<Templates> {
  const [pglite, postgres] = await Promise.all([buildPglite(), process.env.TEST_DATABASE_URL ? buildPostgres() : undefined]);
  return { pglite, ...(postgres ? { postgres } : {}) };
}

/** The run's templates, when the process that started this one built them (`npm test` or a Vitest global setup). */
function templatesOfRun(): Templates | undefined {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as Templates) : undefined;
}

/** Templates built by this process itself, for a script or a test run outside `npm test` and Vitest's global setup. */
let own: Promise<Templates> | undefined;
function templates(): Promise<Templates> {
  const ofRun = templatesOfRun();
  if (ofRun && (ofRun.postgres || !process.env.TEST_DATABASE_URL)) return Promise.resolve(ofRun);
  own ??= buildTemplates().then((made) => {
    process.once('exit', () => {
      for (const dir of Object.values(made.pglite)) rmSync(dir, { recursive: true, force: true });
    });
    return made;
  });
  return own;
}

/**
 * A fresh database of the given engine, a copy of the run's template: a PGlite directory copied, or a PostgreSQL
 * database created with `create database … template …` and dropped afterwards. Seeded by default; `catalogue: true`
 * adds the demo catalogue, `seed: false` leaves it empty but migrated.
 */
export async function freshDatabase(
  engine: Engine,
  opts: { seed?: boolean; catalogue?: boolean } = {},
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const contents: Contents = opts.seed === false ? 'migrated' : opts.catalogue ? 'catalogue' : 'seeded';
  const template = await templates();
  const made = await throwawayDatabase(engine, { label: 'test', template: engine === 'pglite' ? template.pglite[contents] : template.postgres![contents] });
  const database = await made.open({ maxConnections: 5 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await made.dispose();
    },
  };
}
