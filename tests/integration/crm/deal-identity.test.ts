import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmLinks, lots, reservations } from '#server/db/schema/index.ts';
import { applyDealState } from '#server/modules/crm/inbound.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { insertDeal } from '../reservations/deal-fixtures.ts';

/**
 * Which reservation a CRM's deal is (issue #43 review), on both databases: the deal the reservation is linked to, or
 * — only while it has none — the deal carrying its id. A copy of the deal (a manager's, which copies our id field) or a
 * duplicate closed as lost must never cancel the buyer's reservation.
 */
describe.each(ENGINES)('a CRM deal’s reservation (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine, {}, { catalogue: true });
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('releases the reservation only from its own deal, and tells the site at once', async () => {
    const db = t.services.database.db;
    const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'free')).limit(1);
    const deal = await insertDeal(t, { lotId: lot!.id });
    await db.insert(crmLinks).values({ channel: 'bitrix24', kind: 'reservation', localId: deal.id, externalId: '100' });
    let told = 0;
    const deps = { db, channel: 'bitrix24' as const, fanout: { crm: false, adapters: [] }, stageOf: () => 'release' as const, changed: () => void told++ };
    const state = (externalId: string) => ({ externalId, stageCode: 'LOSE', reservationId: deal.id, leadId: null });
    const stateOf = async () => (await db.select().from(reservations).where(eq(reservations.id, deal.id)))[0]!.state;

    // The copy carries the reservation's id in its field, but the reservation's deal is 100.
    expect(await applyDealState(deps, state('200'))).toBe('not_ours');
    expect(await stateOf()).not.toBe('canceled');
    expect(told).toBe(0);
    // Its own deal, lost: released, and the site is told.
    expect(await applyDealState(deps, state('100'))).toBe('released');
    expect(await stateOf()).toBe('canceled');
    expect(told).toBe(1);
  });

  it('takes a deal by the id it carries while the reservation has no deal linked', async () => {
    const db = t.services.database.db;
    const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'free')).limit(1);
    const deal = await insertDeal(t, { lotId: lot!.id });
    const deps = { db, channel: 'amocrm' as const, fanout: { crm: false, adapters: [] }, stageOf: () => 'contract_prepared' as const };
    expect(await applyDealState(deps, { externalId: '300', stageCode: '142', reservationId: deal.id, leadId: null })).toBe('applied');
  });
});
