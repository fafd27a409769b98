import { describe, expect, it } from 'vitest';
import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { seeded } from '../../images/svg.ts';
import { count } from './bitset.ts';
import { buildLotIndex, DONE, FACET_ITEMS, facetCounts, matching, page, type FacetItem } from './lot-index.ts';
import { demoSnapshot } from './demo-snapshot.ts';
import type { Snapshot } from './snapshot.ts';

/** What a lot has, item by item, written plainly: the reference the index must agree with. */
function bruteForce(snap: Snapshot, filter: LotFilter) {
  const t = snap.lots;
  const rent = new Set(snap.commercial.filter((c) => c.advertisement === 'rent').map((c) => c.lotId));
  const listed = (i: number) => snap.projects[t.project[i]!]!.status !== 'presale' && !rent.has(t.id[i]!);
  const inRange = (v: number, min?: number, max?: number) => (min === undefined || v >= min) && (max === undefined || v <= max);
  const test: Record<FacetItem, (i: number) => boolean> = {
    project: (i) => !filter.project?.length || filter.project.includes(String(snap.projects[t.project[i]!]!.id)),
    building: (i) => !filter.building?.length || filter.building.includes(String(snap.buildings[t.building[i]!]!.id)),
    type: (i) => !filter.type?.length || filter.type.includes(LOT_TYPES[t.type[i]!]!),
    rooms: (i) => !filter.rooms?.length || (t.rooms[i]! >= 0 && filter.rooms.includes(String(Math.min(4, t.rooms[i]!)))),
    euro: (i) => !filter.euro || t.euro[i] === 1,
    price: (i) => inRange(t.price[i]!, filter.price_min, filter.price_max),
    area: (i) => inRange(t.area[i]!, filter.area_min, filter.area_max),
    floor: (i) => inRange(t.floor[i]!, filter.floor_min, filter.floor_max),
    completion: (i) => !filter.completion?.length || filter.completion.includes(t.strings.completion.values[t.completion[i]!] || DONE),
    finish: (i) => !filter.finish?.length || (['flat', 'commercial'].includes(LOT_TYPES[t.type[i]!]!) && filter.finish.includes(FINISHES[t.finish[i]!]!)),
    status: (i) => (filter.status?.length ? filter.status : DEFAULT_LOT_STATUSES).includes(LOT_STATUSES[t.status[i]!]!),
    discount: (i) => !filter.discount || t.oldPrice[i]! > t.price[i]!,
    not_first_floor: (i) => !filter.not_first_floor || t.floor[i] !== 1,
    not_last_floor: (i) => !filter.not_last_floor || t.floor[i] !== snap.sections[t.section[i]!]!.floorsCount,
  };
  const ids: number[] = [];
  for (let i = 0; i < t.size; i += 1) if (listed(i) && FACET_ITEMS.every((item) => test[item](i))) ids.push(i);
  const except = (item: FacetItem) => {
    const out: number[] = [];
    for (let i = 0; i < t.size; i += 1) if (listed(i) && FACET_ITEMS.every((other) => other === item || test[other](i))) out.push(i);
    return out;
  };
  return { ids, except };
}

function randomFilter(rand: () => number, snap: Snapshot): LotFilter {
  const some = <T>(values: readonly T[], p = 0.35) => (rand() < p ? values.filter(() => rand() < 0.5) : undefined);
  const f: LotFilter = {
    project: some(snap.projects.map((p) => String(p.id))),
    building: some(
      snap.buildings.map((b) => String(b.id)),
      0.15,
    ),
    type: some(LOT_TYPES, 0.5),
    rooms: some(['0', '1', '2', '3', '4']),
    completion: some(['done', '2027-Q2', '2027-Q4', '2028-Q1', '2028-Q2'], 0.2),
    finish: some(FINISHES, 0.2),
    status: some(LOT_STATUSES, 0.3),
    euro: rand() < 0.15 ? true : undefined,
    discount: rand() < 0.15 ? true : undefined,
    not_first_floor: rand() < 0.2 ? true : undefined,
    not_last_floor: rand() < 0.2 ? true : undefined,
  };
  if (rand() < 0.5) f.price_min = Math.round(rand() * 15e6);
  if (rand() < 0.5) f.price_max = Math.round(8e6 + rand() * 40e6);
  if (rand() < 0.3) f.area_min = Math.round(rand() * 600) / 10;
  if (rand() < 0.3) f.area_max = 45.3;
  if (rand() < 0.3) f.floor_min = Math.floor(rand() * 10) - 1;
  if (rand() < 0.2) f.floor_max = 12;
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
}

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

  it('counts results and every facet exactly, for 200 random filters', { timeout: 60_000 }, () => {
    const rand = seeded(7);
    const t = snap.lots;
    for (let n = 0; n < 200; n += 1) {
      const filter = randomFilter(rand, snap);
      const ref = bruteForce(snap, filter);
      const got = facetCounts(index, filter);
      expect(got.count, JSON.stringify(filter)).toBe(ref.ids.length);
      for (const item of FACET_ITEMS) {
        const lots = ref.except(item);
        const stats = got.items[item];
        if (stats.count !== undefined) {
          const flagOf: Record<string, (i: number) => boolean> = {
            euro: (i) => snap.lots.euro[i] === 1,
            discount: (i) => snap.lots.oldPrice[i]! > snap.lots.price[i]!,
            not_first_floor: (i) => snap.lots.floor[i] !== 1,
            not_last_floor: (i) => snap.lots.floor[i] !== snap.sections[snap.lots.section[i]!]!.floorsCount,
          };
          expect(stats.count, `${item} ${JSON.stringify(filter)}`).toBe(lots.filter(flagOf[item]!).length);
        } else if (stats.range !== undefined) {
          const column = { price: snap.lots.price, area: snap.lots.area, floor: snap.lots.floor }[item as 'price']!;
          const values = lots.map((i) => column[i]!);
          expect(stats.range, `${item} ${JSON.stringify(filter)}`).toEqual(values.length ? { min: Math.min(...values), max: Math.max(...values) } : null);
        } else {
          const valueOf: Record<string, (i: number) => string | null> = {
            project: (i) => String(snap.projects[t.project[i]!]!.id),
            building: (i) => String(snap.buildings[t.building[i]!]!.id),
            type: (i) => LOT_TYPES[t.type[i]!]!,
            rooms: (i) => (t.rooms[i]! < 0 ? null : String(Math.min(4, t.rooms[i]!))),
            completion: (i) => t.strings.completion.values[t.completion[i]!] || DONE,
            // A parking space or a storage room has no finish: in no finish choice.
            finish: (i) => (['flat', 'commercial'].includes(LOT_TYPES[t.type[i]!]!) ? FINISHES[t.finish[i]!]! : null),
            status: (i) => LOT_STATUSES[t.status[i]!]!,
          };
          const expected: Record<string, number> = {};
          for (const i of lots) {
            const v = valueOf[item]!(i);
            if (v !== null) expected[v] = (expected[v] ?? 0) + 1;
          }
          const nonZero = Object.fromEntries(Object.entries(stats.choices!).filter(([, n]) => n > 0));
          expect(nonZero, `${item} ${JSON.stringify(filter)}`).toEqual(expected);
        }
      }
    }
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
