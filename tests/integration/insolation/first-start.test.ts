import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInsolation, lots } from '#server/db/schema/index.ts';
import { seedInsolationIfMissing } from '#server/modules/catalogue/ingest/write.ts';
import { readCatalogueVersion } from '#server/modules/catalogue/snapshot.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { Database } from '#server/db/client.ts';

/**
 * The passport's first-start job (issue #41) computes only what is missing and moves the catalogue's version (which
 * drops every cache) only when it wrote: a start after another does nothing, and so does one whose lots have no
 * windows to compute.
 */
describe.each(ENGINES)('the sun passport on a start, on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const stored = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(lotInsolation))[0]!.n;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
  });
  afterAll(async () => dispose?.());

  it('a start after the catalogue was written leaves the rows and the version alone', async () => {
    const version = await readCatalogueVersion(database.db);
    const rows = await stored();
    expect(rows).toBeGreaterThan(1000);
    expect(await seedInsolationIfMissing(database)).toBe(false);
    expect(await readCatalogueVersion(database.db)).toBe(version);
    expect(await stored()).toBe(rows);
  });

  it('a database without the rows gets them once, with one new version', async () => {
    const rows = await stored();
    await database.db.delete(lotInsolation);
    const version = await readCatalogueVersion(database.db);
    expect(await seedInsolationIfMissing(database)).toBe(true);
    expect(await readCatalogueVersion(database.db)).toBe(version + 1);
    expect(await stored()).toBe(rows);
    expect(await seedInsolationIfMissing(database)).toBe(false);
    expect(await readCatalogueVersion(database.db)).toBe(version + 1);
  });

  it('a catalogue whose lots have no windows computes nothing and keeps its version, start after start', async () => {
    await database.db.update(lots).set({ windows: [] });
    await database.db.delete(lotInsolation);
    const version = await readCatalogueVersion(database.db);
    expect(await seedInsolationIfMissing(database)).toBe(false);
    expect(await seedInsolationIfMissing(database)).toBe(false);
    expect(await readCatalogueVersion(database.db)).toBe(version);
    expect(await stored()).toBe(0);
  });
});
