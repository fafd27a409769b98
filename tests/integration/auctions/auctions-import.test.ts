import { spawnSync } from 'node:child_process';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionInput } from '#core/auctions/schemas.ts';
import { formatAuctionsReport, importAuctions } from '#server/modules/auctions/import.ts';
import type { Database } from '#server/db/client.ts';
import { auctionBids, auctions, lots } from '#server/db/schema/index.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

describe('the auction row schema', () => {
  it('reads Moscow wall time without a zone, keeps an explicit zone, and names a bad field', () => {
    const row = auctionInput.parse({ lot: '5', start_price: '1000000', min_step: '10000', starts_at: '2026-12-01 18:00', ends_at: '2026-12-02T18:00:00Z' });
    expect(row.starts_at.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(row.ends_at.toISOString()).toBe('2026-12-02T18:00:00.000Z');
    expect(row.extend_minutes).toBe(0);
    const bad = auctionInput.safeParse({ lot: 5, start_price: 0, min_step: 10, starts_at: 'tomorrow', ends_at: '2026-12-02 18:00' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['start_price', 'starts_at']);
  });
});

describe.each(ENGINES)('auctions import on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let lotIds: number[];
  const count = async () => (await database.db.select({ id: auctions.id }).from(auctions)).length;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    lotIds = (await database.db.select({ id: lots.id }).from(lots).orderBy(asc(lots.id)).limit(5)).map((l) => l.id);
  }, 120_000);
  afterAll(async () => dispose?.());

  it('rejects the whole CSV when one row is wrong, naming its line and field; a dry run writes nothing', async () => {
    const csv = [
      'id;lot;start_price;min_step;starts_at;ends_at;extend_minutes;note',
      `;${lotIds[0]};10 000 000;100 000;2026-12-01 12:00;2026-12-08 18:00;10;first`,
      `;999999999;5000000;50000;2026-12-01 12:00;2026-12-08 18:00;0;`,
      `;${lotIds[1]};5000000;50000;2026-12-09 12:00;2026-12-08 18:00;0;`,
    ].join('\n');
    const report = await importAuctions(database.db, csv);
    expect(report).toMatchObject({ format: 'csv', total: 3, applied: false, ignoredColumns: ['note'] });
    expect(report.rejected).toEqual([
      { row: 3, id: null, errors: ['lot: the catalogue has no lot 999999999.'] },
      { row: 4, id: null, errors: ['ends_at: The end must come after the start.'] },
    ]);
    expect(formatAuctionsReport(report)).toContain('line 3: lot: the catalogue has no lot 999999999.');
    expect(await count()).toBe(0);

    const dry = await importAuctions(database.db, csv.split('\n').slice(0, 2).join('\n'), { dryRun: true });
    expect(dry).toMatchObject({ applied: false, dryRun: true, inserted: 1, rejected: [] });
    expect(await count()).toBe(0);
  });

  it('announces auctions from JSON, updates one by id, refuses an overlap on the same lot and, once bid on, a new price', async () => {
    const rows = [
      { lot: lotIds[2], start_price: 8_000_000, min_step: 50_000, starts_at: '2026-12-01 12:00', ends_at: '2026-12-05 18:00', extend_minutes: 5 },
      { lot: lotIds[3], start_price: 9_000_000, min_step: 50_000, starts_at: '2026-12-01 12:00', ends_at: '2026-12-05 18:00' },
    ];
    const report = await importAuctions(database.db, JSON.stringify({ auctions: rows }));
    expect(report).toMatchObject({ format: 'json', inserted: 2, updated: 0, applied: true, rejected: [] });
    const [first] = await database.db.select().from(auctions).where(eq(auctions.lotId, lotIds[2]!));
    expect(first).toMatchObject({ startPrice: 8_000_000, extendMinutes: 5, bidCount: 0, bestAmount: null });
    expect(first!.endsAt.toISOString()).toBe('2026-12-05T15:00:00.000Z');

    const overlap = await importAuctions(database.db, JSON.stringify([{ ...rows[0], start_price: 1_000_000 }]));
    expect(overlap.rejected).toEqual([{ row: 1, id: null, errors: [`lot: lot ${lotIds[2]} already has an auction at that time (auction ${first!.id}).`] }]);

    const moved = await importAuctions(database.db, JSON.stringify([{ ...rows[0], id: first!.id, ends_at: '2026-12-06 18:00' }]));
    expect(moved).toMatchObject({ inserted: 0, updated: 1, applied: true });
    // A bid is on it now: its price and step are fixed; the end and the result can still change.
    await database.db.insert(auctionBids).values({ auctionId: first!.id, amount: 8_000_000, at: new Date('2026-12-02T10:00:00Z'), leadId: null });
    await database.db.update(auctions).set({ bestAmount: 8_000_000, bidCount: 1 }).where(eq(auctions.id, first!.id));
    const repriced = await importAuctions(database.db, JSON.stringify([{ ...rows[0], id: first!.id, start_price: 7_000_000, ends_at: '2026-12-06 18:00' }]));
    expect(repriced.rejected).toEqual([{ row: 1, id: first!.id, errors: ['start_price: the auction has bids; its start price cannot change.'] }]);
    const cancelled = await importAuctions(database.db, JSON.stringify([{ ...rows[0], id: first!.id, ends_at: '2026-12-06 18:00', result: 'cancelled' }]));
    expect(cancelled.applied).toBe(true);
    expect((await database.db.select().from(auctions).where(eq(auctions.id, first!.id)))[0]!.result).toBe('cancelled');
  });
});

describe('npm run auctions:import', () => {
  it('explains its usage and exits 1 without a file', () => {
    const run = spawnSync(process.execPath, ['scripts/auctions-import.ts'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Usage: npm run auctions:import -- FILE');
  });
});
