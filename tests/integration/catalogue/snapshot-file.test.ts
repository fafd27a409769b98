import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { lotInsolation, lots } from '#server/db/schema/index.ts';
import { savedLotsWritten } from '#server/modules/catalogue/snapshot-file.ts';
import { loadSnapshot, lotKey, lotSun, type Snapshot } from '#server/modules/catalogue/snapshot.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { Database } from '#server/db/client.ts';

/** Everything a snapshot holds of its lots, as plain values: two loads of the same catalogue must give the same. */
function lotsOf(snap: Snapshot) {
  const table = snap.lots;
  const columns = Object.fromEntries(
    Object.entries(table)
      .filter(([, column]) => ArrayBuffer.isView(column) || Array.isArray(column))
      .map(([name, column]) => [name, Array.from(column as ArrayLike<unknown>)]),
  );
  const strings = Object.fromEntries(Object.entries(table.strings).map(([name, interner]) => [name, interner.values]));
  const keys = Array.from(
    table.id,
    (id, i) =>
      snap.lotByKey.get(lotKey(snap.projects[table.project[i]!]!.id, LOT_TYPES[table.type[i]!]!, table.number[i]!)) === i && snap.lotById.get(id) === i,
  );
  return {
    size: table.size,
    columns,
    strings,
    floors: snap.floors.map((f) => f.lots),
    keys,
    auctions: snap.auctions.key,
    history: Array.from(snap.history.start),
  };
}

const files = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.bin'));

/**
 * The lots' columns kept in a file between loads (snapshot-file.ts, CATALOGUE_SNAPSHOT_DIR): a load that takes them
 * holds exactly what a load from the database holds, and never a catalogue older than the database's.
 */
describe.each(ENGINES)("the lots' columns file on %s", (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let dir: string;
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    dir = mkdtempSync(join(tmpdir(), 'lot-columns-'));
  });
  afterAll(async () => {
    await dispose?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a second load takes the lots from the file the first wrote, and holds the same lots, floors, look-ups and strings', async () => {
    const fromDatabase = await loadSnapshot(database.db);
    const first = await loadSnapshot(database.db, { dir, log });
    expect(first.lotsFrom).toBe('database');
    // Written after the load, a part at a time.
    await savedLotsWritten();
    expect(files(dir)).toHaveLength(1);
    const second = await loadSnapshot(database.db, { dir, log });
    expect(second.lotsFrom).toBe('file');
    expect(second.lots.size).toBeGreaterThan(1000);
    expect(lotsOf(second)).toEqual(lotsOf(fromDatabase));
    expect(warnings).toEqual([]);
  });

  it('a write to the lots makes another key: the next load reads the database, shows the new price and replaces the file', async () => {
    const [lot] = await database.db.select({ id: lots.id, price: lots.price }).from(lots).orderBy(asc(lots.id)).limit(1);
    const before = files(dir);
    await database.db
      .update(lots)
      .set({ price: sql`${lots.price} + 1000` })
      .where(eq(lots.id, lot!.id));
    const after = await loadSnapshot(database.db, { dir, log });
    expect(after.lotsFrom).toBe('database');
    expect(after.lots.price[after.lotById.get(lot!.id)!]).toBe(Number(lot!.price) + 1000);
    await savedLotsWritten();
    expect(files(dir)).toHaveLength(1);
    expect(files(dir)).not.toEqual(before);
    const again = await loadSnapshot(database.db, { dir, log });
    expect(again.lotsFrom).toBe('file');
    expect(again.lots.price[again.lotById.get(lot!.id)!]).toBe(Number(lot!.price) + 1000);
  });

  it("the lots' sun, which no catalogue write moves, is read from the database at every load, file or not", async () => {
    const [row] = await database.db.select().from(lotInsolation).orderBy(asc(lotInsolation.lotId)).limit(1);
    await database.db
      .update(lotInsolation)
      .set({ marchMinutes: row!.marchMinutes + 7 })
      .where(eq(lotInsolation.lotId, row!.lotId));
    const snap = await loadSnapshot(database.db, { dir, log });
    expect(snap.lotsFrom).toBe('file');
    expect(lotSun(snap.lots, snap.lotById.get(row!.lotId)!)?.march).toBe(row!.marchMinutes + 7);
  });

  it.each([
    ['cut short', (whole: Buffer) => whole.subarray(0, whole.length >> 1)],
    // What a crash can leave when the name reached the disk before the data: the right length, zeroes inside.
    ['zeroed inside', (whole: Buffer) => Buffer.concat([whole.subarray(0, whole.length - 4096), Buffer.alloc(4096)])],
  ])('a file %s is said and left: the lots are read from the database and the file is written again', async (_, damage) => {
    const [name] = files(dir);
    const path = join(dir, name!);
    const whole = readFileSync(path);
    writeFileSync(path, damage(whole));
    warnings.length = 0;
    const fromDatabase = await loadSnapshot(database.db);
    const snap = await loadSnapshot(database.db, { dir, log });
    expect(snap.lotsFrom).toBe('database');
    expect(warnings).toEqual(["the lots' columns file could not be used: the lots are read from the database"]);
    expect(lotsOf(snap)).toEqual(lotsOf(fromDatabase));
    // The damaged file is removed and written again whole, and taken by the next load.
    await savedLotsWritten();
    expect(readFileSync(path).equals(whole)).toBe(true);
    expect((await loadSnapshot(database.db, { dir, log })).lotsFrom).toBe('file');
  });
});
