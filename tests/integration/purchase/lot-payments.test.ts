import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAT_ONLY_KINDS } from '#core/purchase/types.ts';
import { bestQuote } from '#core/purchase/payments.ts';
import type { Database } from '#server/db/client.ts';
import { writeOffers } from '#server/modules/purchase/offers.ts';
import { createServices, type Services } from '#server/services.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

/** "From N ₽ a month" on every lot: one computation, the programmes in force, and the filter's range and order over it. */
describe.each(ENGINES)('lot payments on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let now = Date.parse('2026-11-25T09:00:00Z');
  let services: Services;
  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    services = createServices(database, { warn: () => {} }, { now: () => now });
  }, 120_000);
  afterAll(async () => dispose?.());

  it('gives each lot on sale the lowest payment of the programmes that apply, and none to lots for rent or in presale', async () => {
    const { programmes } = await services.finance.data();
    const day = services.finance.today();
    const page = await services.catalogue.filter({ limit: 200, status: ['free', 'booked'] }, 'en');
    expect(page.results.length).toBeGreaterThan(100);
    for (const lot of page.results) {
      const best = bestQuote(programmes, lot, day);
      expect(lot.payment?.monthly, lot.url).toBe(best?.quote.monthly);
      expect(lot.payment?.programmeId, lot.url).toBe(best?.programme.id);
      if (lot.type !== 'flat' && lot.payment?.mortgageKind) expect(FLAT_ONLY_KINDS).not.toContain(lot.payment.mortgageKind);
    }
    for (const lot of await services.catalogue.lotsForRent('en')) expect(lot.payment, lot.url).toBeNull();
    const presale = (await services.catalogue.projects('en')).find((p) => p.status === 'presale')!;
    const floorLots = (await services.catalogue.search({ project: [presale.id], limit: 5 }, 'en', false)).page.results;
    expect(floorLots).toHaveLength(0); // presale lots are outside the filter; their pages carry no payment either:
    const state = await services.catalogue.state();
    const i = state.snap.lots.project.findIndex((p) => String(state.snap.projects[p]!.id) === presale.id);
    expect(state.payments.programme[i]).toBe(-1);
  });

  it('ranges and orders the filter by the monthly payment', async () => {
    const cheap = await services.catalogue.filterWithFacets({ ordering: 'monthly_payment', limit: 30 }, 'ru');
    const monthly = cheap.page.results.map((l) => l.payment!.monthly);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    const range = cheap.facets.items.monthly_payment!.range!;
    expect(range.min).toBe(monthly[0]);
    const capped = await services.catalogue.filterWithFacets({ monthly_payment_max: 60_000, ordering: '-monthly_payment', limit: 30 }, 'ru');
    expect(capped.page.count).toBeGreaterThan(0);
    expect(capped.page.count).toBeLessThan(cheap.page.count);
    expect(capped.page.results.every((l) => l.payment!.monthly <= 60_000)).toBe(true);
    const desc = capped.page.results.map((l) => l.payment!.monthly);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // The item's own facet leaves its own bound out (what else is on offer): the whole range again.
    expect(capped.facets.items.monthly_payment!.range).toEqual(range);
    const specs = await services.catalogue.specs('en');
    expect(specs.find((s) => s.name === 'monthly_payment')).toMatchObject({ kind: 'range', label: 'Monthly payment', hint: expect.stringContaining('20') });
  });

  it('follows an import at once, and a programme that ends at midnight Moscow time', async () => {
    const before = await services.catalogue.filter({ project: ['2'], type: ['flat'], limit: 1, ordering: 'monthly_payment' }, 'en');
    expect(before.results[0]!.payment!.programmeId).toBe('stolitsa-winter-special');
    const report = await writeOffers(database.db, {
      programmes: [
        {
          id: 'flash-sale',
          kind: 'special',
          bank: 'nord',
          mortgage_kind: 'subsidised',
          name: { ru: 'Распродажа', en: 'Flash sale', zh: '限时' },
          conditions: { ru: 'Один день.', en: 'One day.', zh: '一天。' },
          rate: 0.1,
          min_down_payment: 20,
          max_term_months: 360,
          lots: [before.results[0]!.id],
          projects: ['2'],
          lot_types: ['flat'],
          valid_from: '2026-11-25',
          valid_to: '2026-12-31',
        },
      ],
    });
    expect(report).toMatchObject({ applied: true, rejected: [] });
    services.finance.invalidate();
    const lot = (await services.catalogue.lotById(before.results[0]!.id, 'en'))!;
    expect(lot.payment).toMatchObject({ programmeId: 'flash-sale', programmeName: 'Flash sale', bankName: 'Nord Bank' });
    expect(lot.payment!.monthly).toBeLessThan(before.results[0]!.payment!.monthly);
    // 1 January in Moscow (31 December 21:00 UTC): the winter offer and the flash sale are over.
    now = Date.parse('2026-12-31T21:00:00Z');
    services.finance.invalidate();
    const after = await services.catalogue.filter({ project: ['2'], type: ['flat'], limit: 50 }, 'en');
    expect(after.results.some((l) => ['stolitsa-winter-special', 'flash-sale'].includes(l.payment!.programmeId))).toBe(false);
  });
});
