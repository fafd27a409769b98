import type { OfficeView } from '#core/content/offices.ts';
import {
  LOT_STATUSES,
  LOT_TYPES,
  type BuildingDetail,
  type ChessCell,
  type FloorDetail,
  type LotType,
  type ProjectDetail,
  type SectionDetail,
} from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { presentationPath } from '../pdf/index.ts';
import { hasBit } from './bitset.ts';
import { buildingCompletionLabel, chessCell, floorPlanAlt, picture, projectCard, text, urls } from './dto.ts';
import { ALT, figureLabels } from './labels.ts';
import type { ProjectFigures } from '#core/catalogue/project-figures.ts';
import { completionMove, progressEntry } from './progress.ts';
import { lotSun, type BuildingNode, type FloorNode, type ProjectNode, type SectionNode } from './snapshot.ts';
import type { CatalogueState } from './state.ts';

/**
 * The hierarchy's screens (project → building → section → floor), each built from the snapshot and its lot
 * index for one language. The service finds the node by its ids (ids.ts) and hands it here.
 */

/** A project's page: its card, its story (texts, pictures, progress, offices) and its master plan with what each building has on sale. */
export function projectDetail(s: CatalogueState, p: ProjectNode, locale: Locale, offices: OfficeView[]): ProjectDetail {
  const name = text(p.name, locale);
  const content = p.content;
  return {
    ...projectCard(s.snap, s.agg, p, locale),
    description: text(p.description, locale),
    renderVsPhoto: content.renderVsPhoto ? { render: picture(content.renderVsPhoto.render, name), photo: picture(content.renderVsPhoto.photo, name) } : null,
    // The figures the catalogue counts first (one fact, one source), then the editors' own (distances, the courtyard…).
    indicators: [
      ...figureLabels(projectFigures(s, p), locale),
      ...content.indicators.map((i) => ({ value: typeof i.value === 'string' ? i.value : text(i.value, locale), label: text(i.label, locale) })),
    ],
    about: content.about.map((paragraph) => text(paragraph, locale)),
    infrastructure: content.infrastructure.map((i) => ({ kind: i.kind, name: text(i.name, locale), distance: text(i.distance, locale) })),
    gallery: content.gallery.map((g) => picture(g, text(g.alt, locale))),
    progress: [...p.progress].reverse().map((r) => progressEntry(p, r, locale)),
    offices,
    purchaseInfo: content.purchaseInfo.map((m) => ({ method: m.method, title: text(m.title, locale), text: text(m.text, locale) })),
    // A presentation file the developer uploaded wins; otherwise the site makes one from the live catalogue.
    presentationUrl: content.presentationUrl ?? presentationPath(locale, String(p.id)),
    genplan: {
      image: picture(p.genplan, `${text(ALT.genplan, locale)}: ${name}`),
      buildings: p.buildings.map((b) => ({
        id: String(b.id),
        name: text(b.name, locale),
        outline: b.outline,
        lotsLeft: s.agg.buildingLeft[b.idx]!,
        url: urls.building(b),
      })),
    },
  };
}

/** A project's size as its buildings and lots say it: buildings, storeys, flats, ceilings, parking spaces, completion. */
export function projectFigures(s: CatalogueState, p: ProjectNode): ProjectFigures {
  const t = s.snap.lots;
  const flat = LOT_TYPES.indexOf('flat');
  const parking = LOT_TYPES.indexOf('parking');
  let flats = 0;
  let places = 0;
  let ceilingMin = Number.POSITIVE_INFINITY;
  let ceilingMax = 0;
  for (let i = 0; i < t.size; i += 1) {
    if (t.project[i] !== p.idx) continue;
    if (t.type[i] === parking) places += 1;
    if (t.type[i] !== flat) continue;
    flats += 1;
    ceilingMin = Math.min(ceilingMin, t.ceiling[i]!);
    ceilingMax = Math.max(ceilingMax, t.ceiling[i]!);
  }
  const storeys = p.buildings.map((b) => b.floorsCount);
  return {
    buildings: p.buildings.length,
    storeys: storeys.length ? { min: Math.min(...storeys), max: Math.max(...storeys) } : null,
    flats,
    parking: places,
    ceiling: flats ? { min: ceilingMin, max: ceilingMax } : null,
    completion: p.completion,
  };
}

/**
 * A building's page: the facade with one band per floor (what is on sale on it, and where the band leads), its
 * sections, and a summary of the lots on sale by kind and rooms.
 */
export function buildingDetail(s: CatalogueState, b: BuildingNode, locale: Locale): BuildingDetail {
  const t = s.snap.lots;
  const leftByFloor = new Map<number, number>();
  // A facade band opens the floor page when one section has that floor; when several do, the band's count is
  // theirs together, so it opens no one section's page (which would show part of it): the page sends it to
  // the filter on that floor of the building, which lists each lot it counted.
  const sectionsByFloor = new Map<number, FloorNode[]>();
  for (const section of b.sections) {
    for (const f of section.floors) {
      leftByFloor.set(f.number, (leftByFloor.get(f.number) ?? 0) + s.agg.floorLeft[f.idx]!);
      sectionsByFloor.set(f.number, [...(sectionsByFloor.get(f.number) ?? []), f]);
    }
  }
  const floorUrl = new Map<number, string>();
  // A floor with nothing on sale promises no count: its page (first section's) shows what was there.
  for (const [number, floors] of sectionsByFloor) {
    if (floors.length === 1 || !leftByFloor.get(number)) floorUrl.set(number, urls.floor(floors[0]!));
  }
  const summary = new Map<string, { type: LotType; rooms: number | null; count: number; minPrice: number | null; minArea: number | null }>();
  const free = LOT_STATUSES.indexOf('free');
  for (const section of b.sections) {
    for (const f of section.floors) {
      for (const i of f.lots) {
        if (t.status[i] !== free || !hasBit(s.index.universe.words, i)) continue;
        const type = LOT_TYPES[t.type[i]!]!;
        const rooms = t.rooms[i]! < 0 ? null : t.rooms[i]!;
        const key = `${t.type[i]}:${rooms ?? ''}`;
        const row = summary.get(key) ?? { type, rooms, count: 0, minPrice: null, minArea: null };
        row.count += 1;
        row.minPrice = Math.min(row.minPrice ?? Infinity, t.price[i]!);
        row.minArea = Math.min(row.minArea ?? Infinity, t.area[i]!);
        summary.set(key, row);
      }
    }
  }
  return {
    id: String(b.id),
    projectId: String(b.project.id),
    name: text(b.name, locale),
    status: b.status,
    completionLabel: buildingCompletionLabel(b, locale),
    ...pickMove(completionMove(b, locale)),
    floorsCount: b.floorsCount,
    facade: {
      image: picture(b.facade, `${text(ALT.facade, locale)}: ${text(b.project.name, locale)}, ${text(b.name, locale)}`),
      floors: b.facadeFloors.map(([number, top, height]) => ({ number, top, height, lotsLeft: leftByFloor.get(number) ?? 0, url: floorUrl.get(number) })),
    },
    sections: b.sections.map((sec) => ({
      id: String(sec.id),
      number: sec.number,
      floorsCount: sec.floorsCount,
      lotsLeft: s.agg.sectionLeft[sec.idx]!,
      url: urls.section(sec),
    })),
    lotsSummary: [...summary.values()].sort((x, y) => LOT_TYPES.indexOf(x.type) - LOT_TYPES.indexOf(y.type) || (x.rooms ?? -1) - (y.rooms ?? -1)),
    url: urls.building(b),
  };
}

const pickMove = ({ originalCompletion, originalCompletionLabel }: ReturnType<typeof completionMove>) => ({ originalCompletion, originalCompletionLabel });

/**
 * A section's chessboard: its floors from the top, each a row of cells by riser (empty where there is no lot). With
 * `layers.sun`, each cell of a lot with sun figures carries its March minutes and the norm's verdict, read from the
 * snapshot's `lot_insolation` columns (`lotSun`) as the lot page, the PDF, the API and the filter read them.
 */
export function sectionDetail(s: CatalogueState, b: BuildingNode, sec: SectionNode, layers: { sun?: boolean } = {}): SectionDetail {
  const t = s.snap.lots;
  return {
    id: String(sec.id),
    number: sec.number,
    buildingId: String(b.id),
    projectId: String(b.project.id),
    floors: [...sec.floors].reverse().map((f) => {
      const width = Math.max(sec.risers, ...f.lots.map((i) => t.position[i]! + 1));
      const cells: (ChessCell | null)[] = new Array<ChessCell | null>(width).fill(null);
      for (const i of f.lots) {
        const sun = layers.sun ? lotSun(t, i) : null;
        cells[t.position[i]!] = sun ? { ...chessCell(s.snap, i), sun: { march: sun.march, normMet: sun.normMet } } : chessCell(s.snap, i);
      }
      return { id: String(f.id), number: f.number, url: urls.floor(f), cells };
    }),
    risers: sec.risers,
    url: urls.section(sec),
  };
}

/** A floor's page: its plan with each lot's outline, the floors above and below, and every floor of the section. */
export function floorDetail(s: CatalogueState, b: BuildingNode, f: FloorNode, locale: Locale): FloorDetail {
  const t = s.snap.lots;
  const floors = f.section.floors;
  const at = floors.indexOf(f);
  const link = (other: FloorNode | undefined) => (other ? { number: other.number, url: urls.floor(other) } : null);
  return {
    id: String(f.id),
    number: f.number,
    sectionId: String(f.section.id),
    buildingId: String(b.id),
    projectId: String(b.project.id),
    plan: picture(f.plan, floorPlanAlt(f, locale)),
    lots: f.lots.map((i) => ({ ...chessCell(s.snap, i), shape: t.strings.shape.values[t.shape[i]!]! })),
    neighbours: { below: link(floors[at - 1]), above: link(floors[at + 1]) },
    floors: [...floors].reverse().map((other) => ({ number: other.number, url: urls.floor(other) })),
    url: urls.floor(f),
  };
}
