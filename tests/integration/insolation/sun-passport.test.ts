import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInsolation, lots } from '#server/db/schema/index.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/**
 * The sun-and-view passport (issue #41) as the demo catalogue's first start stores it, and as the API gives it: one
 * stored fact, read through the snapshot.
 */
describe('the sun-and-view passport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppWithCatalogue('pglite');
  });
  afterAll(async () => t?.dispose());

  it('every lot above ground with windows has its sun stored; lots without windows have none', async () => {
    const db = t.services.database.db;
    const all = await db.select({ id: lots.id, floor: lots.floor, windows: lots.windows, type: lots.type }).from(lots);
    const rows = new Map((await db.select().from(lotInsolation)).map((r) => [r.lotId, r]));
    const windowed = all.filter((l) => l.windows.length > 0 && l.floor >= 1);
    expect(windowed.length).toBeGreaterThan(1000);
    for (const l of windowed) {
      const row = rows.get(l.id);
      expect(row, `lot ${l.id}`).toBeDefined();
      expect(row!.juneMinutes).toBeGreaterThanOrEqual(row!.decemberMinutes);
      expect(row!.normRule).toMatch(l.type === 'flat' ? /^central\/(continuous|intermittent|reduced|none)$/ : /^central\/not-flat$/);
    }
    expect(all.filter((l) => l.floor < 1).every((l) => !rows.has(l.id))).toBe(true);
    // Some flats meet the norm and some do not: the demo's north-facing flats get no sun in the norm's hours.
    const norms = new Set([...rows.values()].filter((r) => r.normRule !== 'central/not-flat').map((r) => r.normMet));
    expect(norms).toEqual(new Set([true, false]));
  });

  it("the lot's API answer gives the stored figures", async () => {
    const db = t.services.database.db;
    const [row] = (await db.select().from(lotInsolation)).filter((r) => r.marchMinutes > 0 && r.normMet);
    const answer = await t.app.inject({ url: `/api/lot/${row!.lotId}/?lang=ru` });
    expect(answer.statusCode).toBe(200);
    const lot = answer.json();
    expect(lot.sun).toEqual({ march: row!.marchMinutes, june: row!.juneMinutes, december: row!.decemberMinutes, normMet: true });
    expect(lot.windowViews).toEqual(row!.views);
    expect((await t.app.inject({ url: '/api/lot/99999999/' })).statusCode).toBe(404);
  });
});
