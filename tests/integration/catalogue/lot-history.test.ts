import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { seedCatalogue } from '#server/modules/catalogue/ingest/write.ts';
import { lotHistory, lots } from '#server/db/schema/index.ts';
import { readCatalogueVersion } from '#server/modules/catalogue/snapshot.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { Database } from '#server/db/client.ts';

/** The lots' price and status history (ADR 019) as the catalogue's changes write it, on both engines. */
describe.each(ENGINES)('lot history on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const rowsSince = (change: number) => database.db.select().from(lotHistory).where(gt(lotHistory.change, change)).orderBy(asc(lotHistory.lotId));
  const historyOf = (id: number) => database.db.select().from(lotHistory).where(eq(lotHistory.lotId, id)).orderBy(asc(lotHistory.at));
  /** Free flats, each with its current price. */
  const freeFlats = async (n: number) =>
    database.db
      .select({ id: lots.id, price: lots.price, status: lots.status })
      .from(lots)
      .where(sql`${lots.status} = 'free' and ${lots.type} = 'flat' and ${lots.oldPrice} is null`)
      .orderBy(asc(lots.id))
      .limit(n);

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
  });
  afterAll(async () => dispose?.());

  it('the demo seed gives every lot a past ending at its price and status, with drops in the last 30 days', async () => {
    const [found] = (await database.db
      .execute(
        sql`
      with last as (
        select distinct on (lot_id) lot_id, price, status from lot_history order by lot_id, at desc
      )
      select
        (select count(*)::int from lots) as lots,
        (select count(distinct lot_id)::int from lot_history) as "withHistory",
        (select count(*)::int from lots l join last on last.lot_id = l.id where last.price <> l.price or last.status <> l.status) as mismatched,
        (select count(distinct lot_id)::int from lot_history where price < previous_price and at > now() - interval '30 days') as "recentDrops"
    `,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as {
      lots: number;
      withHistory: number;
      mismatched: number;
      recentDrops: number;
    }[];
    const { lots: lotCount, withHistory, mismatched, recentDrops } = found!;
    expect(withHistory).toBe(lotCount);
    expect(mismatched).toBe(0);
    expect(recentDrops).toBeGreaterThan(30);
  });

  it('an import that changes prices and statuses records exactly the changed lots, with the change and the previous values', async () => {
    const [a, b, c, d] = await freeFlats(4);
    const before = await readCatalogueVersion(database.db);
    const report = await importFeed(
      database,
      JSON.stringify([
        { id: a!.id, price: a!.price - 300_000 },
        { id: b!.id, status: 'booked' },
        // Unchanged price: no row.
        { id: c!.id, price: c!.price },
        // A finish is no history.
        { id: d!.id, finish: 'furnished' },
      ]),
    );
    expect(report.version).toBe(before + 1);
    expect(report.historyRows).toBe(2);
    const recorded = await rowsSince(before);
    expect(recorded.map((r) => r.lotId)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    const rowA = recorded.find((r) => r.lotId === a!.id)!;
    expect(rowA).toMatchObject({ change: before + 1, price: a!.price - 300_000, previousPrice: a!.price, status: 'free', previousStatus: 'free' });
    const rowB = recorded.find((r) => r.lotId === b!.id)!;
    expect(rowB).toMatchObject({ price: b!.price, previousPrice: b!.price, status: 'booked', previousStatus: 'free' });
    expect((await historyOf(a!.id)).at(-1)!.price).toBe(a!.price - 300_000);
  });

  it('an import that changes nothing records nothing', async () => {
    const [a] = await freeFlats(1);
    const before = await readCatalogueVersion(database.db);
    const report = await importFeed(database, JSON.stringify([{ id: a!.id, price: a!.price, status: 'free' }]));
    expect(report).toMatchObject({ changed: 0, historyRows: 0 });
    expect(await rowsSince(before)).toEqual([]);
  });

  it('a price put back to where it was is a change; a dry run records nothing', async () => {
    const [a] = await freeFlats(1);
    const start = await readCatalogueVersion(database.db);
    await importFeed(database, JSON.stringify([{ id: a!.id, price: a!.price + 100_000 }]));
    await importFeed(database, JSON.stringify([{ id: a!.id, price: a!.price }]));
    await importFeed(database, JSON.stringify([{ id: a!.id, price: a!.price + 5 }]), { dryRun: true });
    const rows = await rowsSince(start);
    expect(rows.map((r) => [r.price, r.previousPrice])).toEqual([
      [a!.price + 100_000, a!.price],
      [a!.price, a!.price + 100_000],
    ]);
  });

  it("an import's previous values are the lot's last recorded row: the lots table and the history stay in step", async () => {
    // The import compares with the lot's row as it read it, not with a look-up of its last history row: that holds
    // only while every change keeps the two in step. Imports of every kind, then the whole history is checked.
    const [, , , , e, f, g, h] = await freeFlats(8);
    const start = await readCatalogueVersion(database.db);
    await importFeed(
      database,
      JSON.stringify([
        { id: e!.id, price: e!.price - 1000 },
        { id: f!.id, status: 'booked', finish: 'furnished' },
        { id: g!.id, finish: 'furnished' },
        { id: h!.id, price: h!.price + 1000, status: 'sold' },
      ]),
    );
    // All or nothing with a bad row: nothing applied, nothing recorded.
    const refused = await importFeed(database, JSON.stringify([{ id: e!.id, price: 1 }, { id: -1 }]), { allOrNothing: true });
    expect(refused).toMatchObject({ applied: false, historyRows: 0 });
    await importFeed(
      database,
      JSON.stringify([
        { id: e!.id, price: e!.price - 2000 },
        { id: f!.id, status: 'free', price: f!.price - 700 },
        { id: g!.id, price: g!.price - 500, area: '1000' },
      ]),
    );
    const rows = await rowsSince(start);
    expect(rows.map((r) => [r.lotId, r.price, r.status, r.previousPrice, r.previousStatus])).toEqual(
      [
        [e!.id, e!.price - 1000, 'free', e!.price, 'free'],
        [e!.id, e!.price - 2000, 'free', e!.price - 1000, 'free'],
        [f!.id, f!.price, 'booked', f!.price, 'free'],
        [f!.id, f!.price - 700, 'free', f!.price, 'booked'],
        [g!.id, g!.price - 500, 'free', g!.price, 'free'],
        [h!.id, h!.price + 1000, 'sold', h!.price, 'free'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const [check] = (await database.db
      .execute(
        sql`
      with ordered as (
        select lot_id, change, price, status, previous_price, previous_status,
          lag(price) over w as prior_price, lag(status) over w as prior_status,
          row_number() over (partition by lot_id order by at desc) as from_end
        from lot_history window w as (partition by lot_id order by at)
      )
      select
        (select count(*)::int from lots l left join ordered o on o.lot_id = l.id and o.from_end = 1
          where o.lot_id is null or o.price <> l.price or o.status <> l.status) as "outOfStep",
        (select count(*)::int from ordered where change > ${start}::int
          and (previous_price is distinct from prior_price or previous_status is distinct from prior_status)) as "brokenChain"
    `,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { outOfStep: number; brokenChain: number }[];
    expect(check).toEqual({ outOfStep: 0, brokenChain: 0 });
  });

  it('regenerating the same catalogue records nothing; every row of one change shares its version', async () => {
    const before = await readCatalogueVersion(database.db);
    // The imports above changed some lots: the regeneration puts them back, so exactly those get a row.
    const changedSince = new Set((await database.db.select({ id: lotHistory.lotId }).from(lotHistory).where(gt(lotHistory.change, 0))).map((r) => r.id));
    await seedCatalogue(database);
    const rows = await rowsSince(before);
    expect(rows.every((r) => r.change === before + 1)).toBe(true);
    expect(new Set(rows.map((r) => r.lotId))).toEqual(changedSince);
    const again = await readCatalogueVersion(database.db);
    await seedCatalogue(database);
    expect(await rowsSince(again)).toEqual([]);
  });
});
