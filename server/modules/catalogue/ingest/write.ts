/**
 * How the catalogue enters the database: the demo catalogue generated on first start (projects, lots, drawn
 * master plans, facades, floor and lot plans), the CSV import, and the writer both use. The live catalogue that
 * pages and the API read is `server/modules/catalogue/`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, Db, Executor } from '../../../db/client.ts';
import {
  buildings,
  catalogueState,
  commercialPremises,
  floors,
  lotHistory,
  lots,
  portalBuildingIds,
  projectProgress,
  projects,
  sections,
  seoFilters,
} from '../../../db/schema/index.ts';
import type { CatalogueData } from './catalogue-data.ts';
import { generateCatalogue } from './generate.ts';
import { demoHistory } from './demo-history.ts';
import { DEMO_PROJECTS } from './demo-projects.ts';
import { insertHistory, lotsWithoutHistory, recordLotHistory } from './history.ts';
import { insolationMissing, storeInsolation } from '../../insolation/index.ts';

/** Rows per INSERT: under PostgreSQL's 65,535 bind parameters for the widest table (lots, 27 columns). */
const BATCH = 1000;

async function insertAll<T extends Record<string, unknown>>(db: Executor, table: Parameters<Executor['insert']>[0], rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(table).values(rows.slice(i, i + BATCH) as never);
}

/** Marks the lots as changed: every process's index rebuilds when it sees a new version. */
export async function bumpCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db
    .insert(catalogueState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueState.id, set: { version: sql`${catalogueState.version} + 1`, updatedAt: sql`now()` } })
    .returning({ version: catalogueState.version });
  return row!.version;
}

/**
 * Serialises catalogue changes (ADR 019): each takes the catalogue's row lock first, so an import's read of the lots
 * and its updates see no other change in between, and the order of the locks is the same in every change. (Until a
 * first change has written the row there is nothing to lock, nor a catalogue to change concurrently.)
 */
export async function lockCatalogue(db: Executor): Promise<void> {
  await db.select({ id: catalogueState.id }).from(catalogueState).where(eq(catalogueState.id, 1)).for('update');
}

export type WriteOptions = {
  /**
   * Give the lots that have no history yet the demo's believable past up to this moment (demo-history.ts): the demo
   * seed and `npm run catalogue:generate` of the demo do; a benchmark catalogue does not.
   */
  demoHistoryUntil?: number;
};

/**
 * Replaces the whole catalogue with `data` in one transaction: readers see the old one or the new one. Every lot's
 * price and status is recorded in its history (only where it differs from the last recorded row).
 */
export async function writeCatalogue(database: Database, data: CatalogueData, opts: WriteOptions = {}): Promise<void> {
  await database.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    // Children go with their project (on delete cascade); SEO pages stand alone.
    await tx.delete(projects);
    await tx.delete(seoFilters);
    await insertAll(tx, projects, data.projects);
    await insertAll(tx, buildings, data.buildings);
    await insertAll(tx, sections, data.sections);
    await insertAll(tx, floors, data.floors);
    await insertAll(tx, lots, data.lots);
    await insertAll(tx, commercialPremises, data.commercial);
    await insertAll(tx, projectProgress, data.progress);
    await insertAll(tx, seoFilters, data.seoFilters);
    // The portals' ids go with their buildings (on delete cascade): a new catalogue brings its own.
    await insertAll(tx, portalBuildingIds, data.portalIds);
    // Every lot's sun and views (the passport, server/modules/insolation), from the catalogue just written.
    await storeInsolation(tx);
    const version = await bumpCatalogueVersion(tx);
    if (opts.demoHistoryUntil !== undefined) {
      const fresh = await lotsWithoutHistory(tx);
      await insertHistory(
        tx,
        demoHistory(
          data.lots.filter((l) => fresh.has(l.id)),
          opts.demoHistoryUntil,
        ),
      );
    }
    await recordLotHistory(tx, version);
  });
}

export async function isCatalogueSeeded(db: Db): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from projects`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return (rows[0]?.n ?? 0) > 0;
}

/** The demo developer's catalogue (4 projects, 12 buildings, ~3,300 lots). */
export async function seedCatalogue(database: Database): Promise<void> {
  await writeCatalogue(database, generateCatalogue(), { demoHistoryUntil: Date.now() });
}

/** First run: seeds the catalogue when it has no projects (independently of the site content). */
export async function seedCatalogueIfEmpty(database: Database): Promise<boolean> {
  if (await isCatalogueSeeded(database.db)) return false;
  await seedCatalogue(database);
  return true;
}

/**
 * A database made before the sun-and-view passport (issue #41) gets it, once: when some lot has windows and none has a
 * computed row. The catalogue's version moves only when rows were written (a new version drops every cache). Returns
 * whether it wrote.
 */
export async function seedInsolationIfMissing(database: Database): Promise<boolean> {
  const { db } = database;
  if (!(await insolationMissing(db))) return false;
  return db.transaction(async (t) => {
    await lockCatalogue(t);
    const run = await storeInsolation(t);
    if (run.lots === 0) return false;
    await bumpCatalogueVersion(t);
    return true;
  });
}

/**
 * A demo database made before the portals' ids existed gets the demo's ids and building materials, once: when no
 * portal id is recorded and the catalogue is the demo one (its projects' slugs and building ids match). Another
 * catalogue is left alone (`npm run feeds:ids` records its ids). Returns whether it wrote.
 */
export async function seedDemoPortalIdsIfMissing(database: Database): Promise<boolean> {
  const { db } = database;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(portalBuildingIds);
  if (Number(n) > 0) return false;
  const rows = await db
    .select({ id: buildings.id, number: buildings.number, slug: projects.shortSlug })
    .from(buildings)
    .innerJoin(projects, eq(projects.id, buildings.projectId));
  if (!rows.length) return false;
  const demo = generateCatalogue();
  const slugOf = new Map(demo.projects.map((p) => [p.id, p.shortSlug]));
  const demoKey = new Map(demo.buildings.map((b) => [b.id, `${slugOf.get(b.projectId)}/${b.number}`]));
  if (!rows.every((r) => demoKey.get(r.id) === `${r.slug}/${r.number}`)) return false;
  const ids = new Set(rows.map((r) => r.id));
  await db.transaction(async (t) => {
    for (const b of demo.buildings) if (ids.has(b.id) && b.material) await t.update(buildings).set({ material: b.material }).where(eq(buildings.id, b.id));
    await insertAll(
      t,
      portalBuildingIds,
      demo.portalIds.filter((r) => ids.has(r.buildingId)),
    );
    await bumpCatalogueVersion(t);
  });
  return true;
}

/**
 * A database made before the lots' history existed (ADR 019) gets one, once: when no lot has a row, the demo
 * catalogue's lots get the demo's past (another catalogue's none) and every lot its first row, in one change.
 * Returns whether it wrote.
 */
export async function seedDemoHistoryIfMissing(database: Database): Promise<boolean> {
  const { db } = database;
  const [any] = await db.select({ id: lotHistory.lotId }).from(lotHistory).limit(1);
  if (any || !(await isCatalogueSeeded(db))) return false;
  await db.transaction(async (t) => {
    const version = await bumpCatalogueVersion(t);
    // Only the demo's lots get an invented past; another catalogue's history starts today.
    const slugs = new Set((await t.select({ slug: projects.shortSlug }).from(projects)).map((p) => p.slug));
    const demo = DEMO_PROJECTS.every((p) => slugs.has(p.slug)) && slugs.size === DEMO_PROJECTS.length;
    if (demo) {
      const rows = await t.select({ id: lots.id, price: lots.price, oldPrice: lots.oldPrice, status: lots.status }).from(lots);
      await insertHistory(t, demoHistory(rows, Date.now()));
    }
    await recordLotHistory(t, version);
  });
  return true;
}
