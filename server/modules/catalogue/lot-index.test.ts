import { describe, expect, it } from 'vitest';
import type { LotFilter } from '#core/catalogue/service.ts';
import { LOT_STATUSES } from '#core/catalogue/types.ts';
import { bruteForce } from '#tests/support/lot-index-reference.ts';
import { count } from './bitset.ts';
import { matching } from './lot-index-evaluate.ts';
import { page } from './lot-index-page.ts';
import { buildLotIndex, DONE } from './lot-index.ts';
import { demoSnapshot } from './demo-snapshot.ts';

describe('lot index', () => {
  const snap = demoSnapshot();
  const index = buildLotIndex(snap);

  it('lists lots for sale of projects on sale, not premises let for rent', () => {
    const rentIds = new Set(snap.commercial.filter((c) => c.advertisement === 'rent').map((c) => c.lotId));
    const presale = snap.projects.filter((p) => p.status === 'presale').map((p) => p.idx);
    let expected = 0;
    for (let i = 0; i < snap.lots.size; i += 1) if (!rentIds.has(snap.lots.id[i]!) && !presale.includes(snap.lots.project[i]!)) expected += 1;
    expect(count(index.universe)).toBe(expected);
    expect(rentIds.size).toBeGreaterThan(0);
  });

  it('hides sold lots unless asked, and shows free and booked ones', () => {
    const visible = bruteForce(snap, {}).ids;
    expect(visible.every((i) => LOT_STATUSES[snap.lots.status[i]!] !== 'sold')).toBe(true);
    expect(count(matching(index, {}))).toBe(visible.length);
    expect(count(matching(index, { status: ['sold'] }))).toBeGreaterThan(0);
  });

  it('pages in the asked order with ties broken by id, both ways', () => {
    const filter: LotFilter = { type: ['flat'], rooms: ['2'] };
    const set = matching(index, filter);
    const all = page(index, set, 'price', 0, 10_000);
    const t = snap.lots;
    const sorted = [...all].sort((a, b) => t.price[a]! - t.price[b]! || t.id[a]! - t.id[b]!);
    expect(all).toEqual(sorted);
    expect(page(index, set, '-price', 0, 5)).toEqual([...sorted].reverse().slice(0, 5));
    expect(page(index, set, 'price', 20, 10)).toEqual(sorted.slice(20, 30));
    const byCompletion = page(index, set, 'completion', 0, 10_000).map((i) => t.strings.completion.values[t.completion[i]!] || DONE);
    expect(byCompletion[0]).toBe(DONE);
    expect(byCompletion.slice(byCompletion.lastIndexOf(DONE) + 1)).toEqual([...byCompletion.slice(byCompletion.lastIndexOf(DONE) + 1)].sort());
  });

  it('treats range bounds as inclusive', () => {
    const t = snap.lots;
    const i = 100;
    const price = t.price[i]!;
    const set = matching(index, { price_min: price, price_max: price, status: ['free', 'booked', 'sold'] });
    const ids = page(index, set, 'price', 0, 100);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((j) => t.price[j] === price)).toBe(true);
  });
});
