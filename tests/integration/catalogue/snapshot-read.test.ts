import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSameSnapshot } from '#server/db/array-rows.ts';
import { lotHistory, lotInsolation, lots } from '#server/db/schema/index.ts';
import { recentCut } from '#server/modules/catalogue/history.ts';
import { loadSnapshot, lotSun, lotViews } from '#server/modules/catalogue/snapshot.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { Database, Executor } from '#server/db/client.ts';

const READ = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * The catalogue's read of a million lots (snapshot.ts) reads the lots' sun and recent history on a second connection
 * while the lots are read on the first (PostgreSQL): what it holds must still be one moment of the database, and the
 * same rows as the tables have.
 */
describe.each(ENGINES)('the catalogue snapshot read on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
  });
  afterAll(async () => dispose?.());

  it('holds every lot’s sun, views and recent prices as the tables have them', async () => {
    const snap = await loadSnapshot(database.db);
    const rows = await database.db.select().from(lotInsolation).orderBy(asc(lotInsolation.lotId));
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const i = snap.lotById.get(row.lotId)!;
      expect(lotSun(snap.lots, i)).toEqual({ march: row.marchMinutes, june: row.juneMinutes, december: row.decemberMinutes, normMet: row.normMet });
      expect(lotViews(snap.lots, i)).toEqual(row.views);
    }
    // A lot without a computed row has no sun.
    const computed = new Set(rows.map((r) => r.lotId));
    const without = Array.from(snap.lots.id).find((id) => !computed.has(id));
    if (without !== undefined) expect(lotSun(snap.lots, snap.lotById.get(without)!)).toBeNull();

    // Each lot's kept history ends with its price now; the rows after the window opened are all kept.
    const cut = new Date(recentCut(Date.now()));
    const [recent] = (await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotHistory)
      .where(gt(lotHistory.at, cut))) as [{ n: number }];
    const kept = snap.history.start[snap.lots.size]!;
    expect(kept).toBeGreaterThanOrEqual(recent.n);
    const [lot] = await database.db.select({ id: lots.id, price: lots.price }).from(lots).orderBy(asc(lots.id)).limit(1);
    const i = snap.lotById.get(lot!.id)!;
    expect(snap.history.price[snap.history.start[i + 1]! - 1]).toBe(Number(lot!.price));
  });

  it('holds every lot’s own columns as the table has them (numbers read from their decimals, texts as they are)', async () => {
    const snap = await loadSnapshot(database.db);
    const rows = await database.db.select().from(lots).orderBy(asc(lots.id));
    expect(snap.lots.size).toBe(rows.length);
    const t = snap.lots;
    const nan = (v: number | null) => v ?? Number.NaN;
    for (const row of rows) {
      const i = snap.lotById.get(row.id)!;
      expect({
        number: t.number[i],
        position: t.position[i],
        floor: t.floor[i],
        rooms: t.rooms[i],
        euro: t.euro[i] === 1,
        area: t.area[i],
        livingArea: t.livingArea[i],
        kitchenArea: t.kitchenArea[i],
        price: t.price[i],
        pricePerM2: t.pricePerM2[i],
        oldPrice: t.oldPrice[i],
        ceiling: t.ceiling[i],
        view: t.strings.view.values[t.view[i]!],
        completion: t.strings.completion.values[t.completion[i]!],
        layout: t.strings.layout.values[t.layout[i]!],
        shape: t.strings.shape.values[t.shape[i]!],
        windows: t.strings.lists.values[t.windows[i]!],
        features: t.strings.lists.values[t.features[i]!],
      }).toEqual({
        number: row.number,
        position: row.position,
        floor: row.floor,
        rooms: row.rooms ?? -1,
        euro: row.euro,
        area: row.area,
        livingArea: nan(row.livingArea),
        kitchenArea: nan(row.kitchenArea),
        price: row.price,
        pricePerM2: row.pricePerM2,
        oldPrice: nan(row.oldPrice),
        ceiling: row.ceiling,
        view: row.view ?? '',
        completion: row.completion ?? '',
        layout: row.layout,
        shape: row.shape,
        windows: row.windows.join(','),
        features: row.features.join(','),
      });
    }
  });

  it('loads a lot whose free text holds the row separator (U+001F), shown as a space, and every other lot as it is', async () => {
    const [lot] = await database.db.select({ id: lots.id, number: lots.number }).from(lots).orderBy(asc(lots.id)).limit(1);
    await database.db.update(lots).set({ number: 'A\x1fB' }).where(eq(lots.id, lot!.id));
    try {
      const snap = await loadSnapshot(database.db);
      expect(snap.lots.number[snap.lotById.get(lot!.id)!]).toBe('A B');
      const count = await database.db.select({ n: sql<number>`count(*)::int` }).from(lots);
      expect(snap.lots.size).toBe(Number(count[0]!.n));
    } finally {
      await database.db.update(lots).set({ number: lot!.number }).where(eq(lots.id, lot!.id));
    }
  });

  it('a read beside the loading transaction sees that transaction’s moment, not a change committed meanwhile', async () => {
    const [lot] = await database.db.select({ id: lots.id, price: lots.price }).from(lots).orderBy(asc(lots.id)).limit(1);
    const priceOf = async (db: Executor) => Number((await db.select({ price: lots.price }).from(lots).where(eq(lots.id, lot!.id)))[0]!.price);
    const backend = async (db: Executor) => {
      const result = await db.execute(sql`select pg_backend_pid() as pid`);
      return Number((Array.isArray(result) ? result : (result as { rows: { pid: number }[] }).rows)[0]?.pid ?? 0);
    };
    const seen = await database.db.transaction(async (tx) => {
      const before = await priceOf(tx);
      // On PostgreSQL another connection changes the lot after the loading transaction's snapshot was taken; the
      // embedded database has one connection, which the transaction holds.
      if (engine === 'postgres')
        await database.db
          .update(lots)
          .set({ price: sql`${lots.price} + 1000` })
          .where(eq(lots.id, lot!.id));
      const beside = await inSameSnapshot(database.db, tx, async (reader) => ({ price: await priceOf(reader), pid: await backend(reader) }));
      return { before, beside: await beside(), pid: await backend(tx) };
    }, READ);
    expect(seen.beside.price).toBe(seen.before);
    expect(seen.before).toBe(Number(lot!.price));
    // On PostgreSQL it was read on a connection of its own (the point of reading beside).
    if (engine === 'postgres') {
      expect(seen.beside.pid).not.toBe(seen.pid);
      expect(await priceOf(database.db)).toBe(Number(lot!.price) + 1000);
    }
  });
});
