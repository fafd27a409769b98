import { describe, expect, it } from 'vitest';
import { LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { count, hasBit } from './bitset.ts';
import { demoSnapshot } from './demo-snapshot.ts';
import { aggregates, lotCard, offerOf, projectCard } from './dto.ts';
import { evaluate } from './lot-index-evaluate.ts';
import { buildLotIndex } from './lot-index.ts';

/** Lots for sale and premises let for rent are counted apart, by the one offer decision, on every card and in the filter. */
describe('counting lots for sale apart from lots for rent', () => {
  const snap = demoSnapshot();
  const index = buildLotIndex(snap);
  const agg = aggregates(snap, (i) => hasBit(index.universe.words, i));
  const t = snap.lots;
  const free = LOT_STATUSES.indexOf('free');
  const lots = Array.from({ length: t.size }, (_, i) => i);

  it('the demo catalogue has premises for rent and for sale', () => {
    expect(lots.filter((i) => offerOf(snap, i) === 'rent').length).toBeGreaterThan(0);
    expect(lots.filter((i) => offerOf(snap, i) === 'sale' && LOT_TYPES[t.type[i]!] === 'commercial').length).toBeGreaterThan(0);
  });

  it('marks each lot card with its offer, a rented lot never as for sale', () => {
    for (const c of snap.commercial) {
      const i = snap.lotById.get(c.lotId)!;
      expect(lotCard(snap, i, 'ru').offer).toBe(c.advertisement === 'rent' ? 'rent' : snap.projects[t.project[i]!]!.status === 'presale' ? 'presale' : 'sale');
    }
  });

  // Projects in presale are left out: how their lots count is the presale story's (not for sale yet either way).
  it('a project card counts free lots for rent apart from its lots left, and both add up to its free lots', () => {
    for (const p of snap.projects.filter((project) => project.status !== 'presale')) {
      const card = projectCard(snap, agg, p, 'en');
      const mine = lots.filter((i) => t.project[i] === p.idx && t.status[i] === free);
      const rented = mine.filter((i) => offerOf(snap, i) === 'rent');
      expect(card.lotsForRent).toBe(rented.length);
      expect(card.lotsLeft).toBe(mine.length - rented.length);
      const commercialForSale = mine.filter((i) => LOT_TYPES[t.type[i]!] === 'commercial' && offerOf(snap, i) !== 'rent').length;
      expect(card.lotsLeftByType.commercial ?? 0).toBe(commercialForSale);
    }
  });

  it("the filter's commercial count of a project on sale is its card's commercial count", () => {
    for (const p of snap.projects.filter((project) => project.status !== 'presale')) {
      const card = projectCard(snap, agg, p, 'ru');
      const { result } = evaluate(index, { project: [String(p.id)], type: ['commercial'], status: ['free'] }, false);
      expect(count(result)).toBe(card.lotsLeftByType.commercial ?? 0);
    }
  });
});
