import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import { roomChoice } from '#core/catalogue/filter-items.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { FILTER_LOT_STATUSES, filterStatus, FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { DONE, FACET_ITEMS, type FacetItem } from '#server/modules/catalogue/lot-index.ts';
import { listOf, lotSun, lotViewTags, type Snapshot } from '#server/modules/catalogue/snapshot.ts';
import { LAYOUT_FEATURES, lotFeatures, SUN_MARCH_HOURS, VIEWS, WINDOW_SIDES } from '#core/catalogue/lot-features.ts';
import { banks as demoBanks, programmes as demoProgrammes } from '#content/purchase.ts';
import { bankInput, programmeInput, toBank, toProgramme } from '#core/purchase/schemas.ts';
import type { Bank, FinanceProgramme } from '#core/purchase/types.ts';

/**
 * The lot index's reference: what each lot has, item by item, written plainly (no bitsets), for the tests that
 * check the index against it.
 */
/** What a lot has, item by item, written plainly: the reference the index must agree with. */
/** `monthly`: each lot's monthly payment (NaN: none), as the index was given it. */
export function bruteForce(snap: Snapshot, filter: LotFilter, monthly?: Float64Array) {
  const t = snap.lots;
  const rent = new Set(snap.commercial.filter((c) => c.advertisement === 'rent').map((c) => c.lotId));
  const listed = (i: number) => snap.projects[t.project[i]!]!.status !== 'presale' && !rent.has(t.id[i]!);
  const inRange = (v: number, min?: number, max?: number) => (min === undefined || v >= min) && (max === undefined || v <= max);
  const test: Record<FacetItem, (i: number) => boolean> = {
    project: (i) => !filter.project?.length || filter.project.includes(String(snap.projects[t.project[i]!]!.id)),
    building: (i) => !filter.building?.length || filter.building.includes(String(snap.buildings[t.building[i]!]!.id)),
    type: (i) => !filter.type?.length || filter.type.includes(LOT_TYPES[t.type[i]!]!),
    rooms: (i) => !filter.rooms?.length || (t.rooms[i]! >= 0 && filter.rooms.includes(roomChoice(t.rooms[i]!))),
    euro: (i) => !filter.euro || t.euro[i] === 1,
    price: (i) => inRange(t.price[i]!, filter.price_min, filter.price_max),
    monthly_payment: (i) =>
      (filter.monthly_payment_min === undefined && filter.monthly_payment_max === undefined) ||
      (monthly !== undefined && !Number.isNaN(monthly[i]!) && inRange(monthly[i]!, filter.monthly_payment_min, filter.monthly_payment_max)),
    area: (i) => inRange(t.area[i]!, filter.area_min, filter.area_max),
    floor: (i) => inRange(t.floor[i]!, filter.floor_min, filter.floor_max),
    completion: (i) => !filter.completion?.length || filter.completion.includes(t.strings.completion.values[t.completion[i]!] || DONE),
    finish: (i) => !filter.finish?.length || (['flat', 'commercial'].includes(LOT_TYPES[t.type[i]!]!) && filter.finish.includes(FINISHES[t.finish[i]!]!)),
    status: (i) => (filter.status?.length ? filter.status : DEFAULT_LOT_STATUSES).includes(filterStatus(LOT_STATUSES[t.status[i]!]!)),
    discount: (i) => !filter.discount || t.oldPrice[i]! > t.price[i]!,
    not_first_floor: (i) => !filter.not_first_floor || t.floor[i] !== 1,
    not_last_floor: (i) => !filter.not_last_floor || t.floor[i] !== snap.sections[t.section[i]!]!.floorsCount,
    features: (i) => !filter.features?.length || filter.features.every((f) => lotValues(snap, 'features', i).includes(f)),
    view: (i) => !filter.view?.length || filter.view.some((v) => lotValues(snap, 'view', i).includes(v)),
    windows: (i) => !filter.windows?.length || filter.windows.some((v) => lotValues(snap, 'windows', i).includes(v)),
    sun_march: (i) => !filter.sun_march?.length || filter.sun_march.some((v) => lotValues(snap, 'sun_march', i).includes(v)),
    sun_norm: (i) => !filter.sun_norm || lotSun(t, i)?.normMet === true,
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

/** A lot's values of an item it may have several of: its features (stored and read from its facts), its view, its windows' sides. */
export function lotValues(snap: Snapshot, item: 'features' | 'view' | 'windows' | 'sun_march', i: number): string[] {
  let cache = VALUES.get(snap);
  if (!cache) VALUES.set(snap, (cache = { features: [], view: [], windows: [], sun_march: [] }));
  return (cache[item][i] ??= readValues(snap, item, i));
}
const VALUES = new WeakMap<Snapshot, Record<'features' | 'view' | 'windows' | 'sun_march', string[][]>>();

function readValues(snap: Snapshot, item: 'features' | 'view' | 'windows' | 'sun_march', i: number): string[] {
  const t = snap.lots;
  if (item === 'view') return lotViewTags(t, i);
  if (item === 'sun_march') return SUN_MARCH_HOURS.filter((h) => (lotSun(t, i)?.march ?? -1) >= Number(h) * 60);
  if (item === 'windows') return listOf(t, t.windows[i]!);
  return lotFeatures({ type: LOT_TYPES[t.type[i]!]!, features: listOf(t, t.features[i]!), windows: listOf(t, t.windows[i]!), ceiling: t.ceiling[i]! });
}

export function randomFilter(rand: () => number, snap: Snapshot): LotFilter {
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
    status: some(FILTER_LOT_STATUSES, 0.3),
    euro: rand() < 0.15 ? true : undefined,
    discount: rand() < 0.15 ? true : undefined,
    not_first_floor: rand() < 0.2 ? true : undefined,
    not_last_floor: rand() < 0.2 ? true : undefined,
    features: some(LAYOUT_FEATURES, 0.25),
    view: some(VIEWS, 0.2),
    windows: some(WINDOW_SIDES, 0.2),
    sun_march: some(SUN_MARCH_HOURS, 0.2),
    sun_norm: rand() < 0.15 ? true : undefined,
  };
  if (rand() < 0.5) f.price_min = Math.round(rand() * 15e6);
  if (rand() < 0.5) f.price_max = Math.round(8e6 + rand() * 40e6);
  if (rand() < 0.3) f.monthly_payment_min = Math.round(rand() * 80_000);
  if (rand() < 0.3) f.monthly_payment_max = Math.round(30_000 + rand() * 200_000);
  if (rand() < 0.3) f.area_min = Math.round(rand() * 600) / 10;
  if (rand() < 0.3) f.area_max = 45.3;
  if (rand() < 0.3) f.floor_min = Math.floor(rand() * 10) - 1;
  if (rand() < 0.2) f.floor_max = 12;
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
}

/** The demo finance programmes and banks as the database holds them (content/purchase.ts through the import's schema). */
export function demoFinance(): { programmes: FinanceProgramme[]; banks: Bank[]; version: string } {
  return {
    programmes: demoProgrammes.map((p, k) => toProgramme(programmeInput.parse(p), k)),
    banks: demoBanks.map((b, k) => toBank(bankInput.parse(b), k)),
    version: 'demo',
  };
}
