import { LOCALE_ENTRIES, type Locale } from '#core/i18n/locales.ts';
import { VIEW_TAGS } from '#core/insolation/types.ts';
import { pick } from '#core/schemas/localized.ts';
import {
  FINISHES,
  LOT_STATUSES,
  LOT_TYPES,
  showsListPrice,
  type ChessCell,
  type LotCard,
  type LotType,
  type Picture,
  type ProjectCard,
} from '#core/catalogue/types.ts';
import type { Localized } from '#core/schemas/localized.ts';
import { LOT_PLAN_SIZE, lotPlanSrc } from './ingest/layouts.ts';
import type { MediaRef } from './schema.ts';
import { ALT, VIEW_WORDS, catalogueTranslate, completionLabel, lotTitle, projectCompletionLabel, word } from './labels.ts';
import { offerOf } from './offer-of.ts';
import type { LotFacts } from './lot-facts.ts';
import { lotPayment, type LotPayments } from './payments.ts';
import { lotAuction, lotReservedUntil } from './lot-state.ts';
import { lotViewTags, type BuildingNode, type FloorNode, type ProjectNode, type SectionNode, type Snapshot } from './snapshot.ts';

/** Page paths are unprefixed: the app adds the locale prefix of the page that links them. */
export const urls = {
  project: (p: ProjectNode) => (p.shared ? `/shared-projects/${p.id}` : `/projects/${p.id}`),
  building: (b: BuildingNode) => `${urls.project(b.project)}/building/${b.id}`,
  section: (s: SectionNode) => `${urls.building(s.building)}/section/${s.id}`,
  floor: (f: FloorNode) => `${urls.section(f.section)}/floor/${f.id}`,
  lot: (slug: string, type: LotType, number: string) => `/${slug}/${type}/${encodeURIComponent(number)}`,
};

export const picture = (media: MediaRef, alt: string): Picture => ({ src: media.src, width: media.width, height: media.height, alt });
export const lotPlanMedia = (layout: string): MediaRef => ({ src: lotPlanSrc(layout), ...LOT_PLAN_SIZE });
export const text = (value: Localized, locale: Locale) => pick(value, locale);
const num = (v: number) => (Number.isNaN(v) ? null : v);

export { offerOf };

/** Lot `i`'s chessboard cell: the fields of its card (`lotCard`) the section's grid needs, from the same reading. */
export function chessCell(snap: Snapshot, i: number): ChessCell {
  const t = snap.lots;
  const floor = snap.floors[t.floorNode[i]!]!;
  const building = floor.section.building;
  const project = building.project;
  const type = LOT_TYPES[t.type[i]!]!;
  const reservedUntil = lotReservedUntil(snap, i);
  return {
    id: String(t.id[i]),
    number: t.number[i]!,
    type,
    status: LOT_STATUSES[t.status[i]!]!,
    offer: offerOf(snap, i),
    projectId: String(project.id),
    buildingId: String(building.id),
    floor: t.floor[i]!,
    rooms: t.rooms[i]! < 0 ? null : t.rooms[i]!,
    euro: t.euro[i] === 1,
    area: t.area[i]!,
    price: t.price[i]!,
    pricePerM2: t.pricePerM2[i]!,
    oldPrice: num(t.oldPrice[i]!),
    finish: FINISHES[t.finish[i]!]!,
    completion: t.strings.completion.values[t.completion[i]!] || null,
    url: urls.lot(project.shortSlug, type, t.number[i]!),
    ...(reservedUntil ? { reservedUntil } : {}),
  };
}

/**
 * Lot `i`'s card (its chessboard cell and the rest); `payments` gives its "from N ₽ a month", `facts` its 30-day price
 * drop and "booked today" (without them, none: the tests that read the snapshot alone).
 */
export function lotCard(snap: Snapshot, i: number, locale: Locale, payments?: LotPayments, facts?: LotFacts): LotCard {
  const t = snap.lots;
  const cell = chessCell(snap, i);
  const floor = snap.floors[t.floorNode[i]!]!;
  const section = floor.section;
  const building = section.building;
  const project = building.project;
  return {
    ...cell,
    projectName: text(project.name, locale),
    projectShortSlug: project.shortSlug,
    buildingName: text(building.name, locale),
    sectionId: String(section.id),
    sectionNumber: section.number,
    floorId: String(floor.id),
    livingArea: num(t.livingArea[i]!),
    kitchenArea: num(t.kitchenArea[i]!),
    ceiling: t.ceiling[i]!,
    view: lotViewText(snap, i, locale),
    plan: picture(lotPlanMedia(t.strings.layout.values[t.layout[i]!]!), lotTitle(cell.type, cell.rooms, cell.euro, cell.area, locale)),
    // A monthly payment is a list price's: none once sold, nor in an auction (the auction's bids set the price).
    payment: payments && showsListPrice(cell) ? lotPayment(payments, snap, i, locale) : null,
    priceDrop30d: facts?.drop[i] || null,
    bookedToday: facts?.bookedToday[i] === 1,
    auction: lotAuction(snap, i),
    reservedUntil: lotReservedUntil(snap, i),
  };
}

const VIEW_LISTS = new Map<Locale, Intl.ListFormat>();

/**
 * What the lot's windows look at, in the visitor's language ("Park view and Courtyard view"): the tags of its window
 * sides (lot_insolation.views, `lotViewTags`), the one fact the passport, the filter's view item, the lot's figures and
 * the comparison all read — the developer's `lots.view` reaches it through the passport's computation
 * (core/insolation/compute.ts). Null for a lot without windows.
 */
function lotViewText(snap: Snapshot, i: number, locale: Locale): string | null {
  const tags = lotViewTags(snap.lots, i);
  if (!tags.length) return null;
  let list = VIEW_LISTS.get(locale);
  if (!list) VIEW_LISTS.set(locale, (list = new Intl.ListFormat(LOCALE_ENTRIES[locale].iso, { type: 'conjunction' })));
  return list.format(VIEW_TAGS.filter((tag) => tags.includes(tag)).map((tag) => word(VIEW_WORDS, tag, locale)));
}

/**
 * Free lots per node (the one meaning of "for sale": booked lots and lots in an auction are not), counted once per
 * snapshot: what "lots left" means on every card. Premises let for
 * rent are not for sale: they are counted apart (`projectForRent`), never in a "left" figure; lots of a
 * project in presale are not for sale yet and counted nowhere (the project's status tells its story).
 */
export type Aggregates = {
  projectLeft: Uint32Array;
  projectForRent: Uint32Array;
  /** Booked lots of each project offered for sale: shown as booked, never in a "for sale" figure. */
  projectBooked: Uint32Array;
  projectLeftByType: Uint32Array[];
  projectMinPrice: Float64Array;
  projectTotal: Uint32Array;
  buildingLeft: Uint32Array;
  sectionLeft: Uint32Array;
  /** Lots for sale of each section whatever their status: "4 of 36 left in this section" (ADR 019). */
  sectionForSale: Uint32Array;
  floorLeft: Uint32Array;
};

export function aggregates(snap: Snapshot, listed: (i: number) => boolean): Aggregates {
  const t = snap.lots;
  const a: Aggregates = {
    projectLeft: new Uint32Array(snap.projects.length),
    projectForRent: new Uint32Array(snap.projects.length),
    projectBooked: new Uint32Array(snap.projects.length),
    projectLeftByType: LOT_TYPES.map(() => new Uint32Array(snap.projects.length)),
    projectMinPrice: new Float64Array(snap.projects.length).fill(Number.POSITIVE_INFINITY),
    projectTotal: new Uint32Array(snap.projects.length),
    buildingLeft: new Uint32Array(snap.buildings.length),
    sectionLeft: new Uint32Array(snap.sections.length),
    sectionForSale: new Uint32Array(snap.sections.length),
    floorLeft: new Uint32Array(snap.floors.length),
  };
  const free = LOT_STATUSES.indexOf('free');
  const booked = LOT_STATUSES.indexOf('booked');
  const held = LOT_STATUSES.indexOf('held');
  const reserved = LOT_STATUSES.indexOf('reserved');
  const flat = LOT_TYPES.indexOf('flat');
  const anyMin = new Float64Array(snap.projects.length).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < t.size; i += 1) {
    const p = t.project[i]!;
    a.projectTotal[p]! += 1;
    const offer = offerOf(snap, i);
    if (offer === 'sale') a.sectionForSale[t.section[i]!]! += 1;
    // Reserved online (or held while its buyer pays) is booked too, as a visitor reads a project's figures.
    if (offer === 'sale' && (t.status[i] === booked || t.status[i] === held || t.status[i] === reserved)) a.projectBooked[p]! += 1;
    if (t.status[i] !== free) continue;
    if (offer === 'rent') {
      a.projectForRent[p]! += 1;
      continue;
    }
    // A lot of a project whose sales have not started is on nobody's "for sale" count (nor on any link to the filter).
    if (offer === 'presale') continue;
    a.projectLeft[p]! += 1;
    a.projectLeftByType[t.type[i]!]![p]! += 1;
    a.buildingLeft[t.building[i]!]! += 1;
    a.sectionLeft[t.section[i]!]! += 1;
    a.floorLeft[t.floorNode[i]!]! += 1;
    if (!listed(i)) continue;
    if (t.type[i] === flat) a.projectMinPrice[p] = Math.min(a.projectMinPrice[p]!, t.price[i]!);
    anyMin[p] = Math.min(anyMin[p]!, t.price[i]!);
  }
  // A project without free flats still shows a starting price: its cheapest parking space or storage room.
  for (let p = 0; p < snap.projects.length; p += 1) if (!Number.isFinite(a.projectMinPrice[p]!)) a.projectMinPrice[p] = anyMin[p]!;
  return a;
}

export function projectCard(snap: Snapshot, agg: Aggregates, p: ProjectNode, locale: Locale): ProjectCard {
  const byType: ProjectCard['lotsLeftByType'] = {};
  for (const [k, type] of LOT_TYPES.entries()) {
    const n = agg.projectLeftByType[k]![p.idx]!;
    if (n) byType[type] = n;
  }
  const min = agg.projectMinPrice[p.idx]!;
  return {
    id: String(p.id),
    shortSlug: p.shortSlug,
    shared: p.shared,
    name: text(p.name, locale),
    tagline: text(p.tagline, locale),
    status: p.status,
    district: text(p.district, locale),
    address: text(p.address, locale),
    completion: p.completion,
    completionLabel: projectCompletionLabel(p.completion, locale),
    image: picture(p.cover, text(p.name, locale)),
    lotsLeft: agg.projectLeft[p.idx]!,
    lotsLeftByType: byType,
    lotsForRent: agg.projectForRent[p.idx]!,
    lotsBooked: agg.projectBooked[p.idx]!,
    // Prices of a project in presale are announced at the sales launch.
    minPrice: p.status === 'presale' || !Number.isFinite(min) ? null : min,
    url: urls.project(p),
  };
}

export const buildingCompletionLabel = (b: BuildingNode, locale: Locale) =>
  b.completion ? completionLabel(b.completion, locale) : completionLabel(null, locale);
export const floorPlanAlt = (f: FloorNode, locale: Locale) =>
  `${text(ALT.floorPlan, locale)}: ${text(f.section.building.name, locale)}, ${catalogueTranslate(locale)('catalogue.words.alt.floor', { floor: f.number })}`;
