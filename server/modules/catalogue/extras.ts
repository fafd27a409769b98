import type { OfficeView } from '#core/content/offices.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { LOT_STATUSES, LOT_TYPES, type Picture, type ProjectCard, type ProjectStatus } from '#core/catalogue/types.ts';
import { picture, projectCard, text, urls } from './dto.ts';
import { completionMove } from './progress.ts';
import type { CompletionMove, ProgressBuilding } from '#core/catalogue/types.ts';
import type { Advertisement, CatalogueState } from './state.ts';
import { ALT, PROJECT_STATUS_WORDS, projectCompletionLabel } from './labels.ts';
import type { BuildingNode, ProjectNode } from './snapshot.ts';

/**
 * Shapes of the project sub-resources the spec's API names (state, progress, progress3d, info_mobile,
 * buildings): built from the same snapshot as the pages, for the mobile app and the project page's blocks.
 */
export type BuildingCard = CompletionMove & {
  id: string;
  number: number;
  name: string;
  status: ProjectStatus;
  floorsCount: number;
  sectionsCount: number;
  lotsLeft: number;
  /** Premises still offered, by advertisement. */
  commercial: Record<Advertisement, number>;
  facade: Picture;
  url: string;
};

export type ProjectState = {
  id: string;
  status: ProjectStatus;
  statusLabel: string;
  completion: string | null;
  completionLabel: string;
  /** Share of construction works done, from the latest monthly report (100 once completed). */
  percent: number;
  reportMonth: string | null;
  lotsTotal: number;
  lotsLeft: number;
  lotsLeftByType: ProjectCard['lotsLeftByType'];
  minPrice: number | null;
  buildings: ProgressBuilding[];
};
export type Progress3d = {
  genplan: { image: Picture; buildings: { id: string; name: string; outline: string; floorsCount: number }[] };
  months: { month: string; buildings: { id: string; floorsBuilt: number; percent: number }[] }[];
};

function premisesLeft(s: CatalogueState, b: BuildingNode): Record<Advertisement, number> {
  const t = s.snap.lots;
  const sold = LOT_STATUSES.indexOf('sold');
  const out: Record<Advertisement, number> = { sale: 0, rent: 0 };
  for (const section of b.sections)
    for (const f of section.floors)
      for (const i of f.lots) {
        const c = t.commercial[i]!;
        if (c >= 0 && t.status[i] !== sold) out[s.snap.commercial[c]!.advertisement] += 1;
      }
  return out;
}

export function buildingCards(s: CatalogueState, p: ProjectNode, locale: Locale, advertisement?: Advertisement): BuildingCard[] {
  return p.buildings.flatMap((b) => {
    const commercial = premisesLeft(s, b);
    if (advertisement && commercial[advertisement] === 0) return [];
    return [
      {
        id: String(b.id),
        number: b.number,
        name: text(b.name, locale),
        status: b.status,
        ...completionMove(b, locale),
        floorsCount: b.floorsCount,
        sectionsCount: b.sections.length,
        lotsLeft: s.agg.buildingLeft[b.idx]!,
        commercial,
        facade: picture(b.facade, `${text(ALT.facade, locale)}: ${text(b.name, locale)}`),
        url: urls.building(b),
      },
    ];
  });
}

export function projectState(s: CatalogueState, p: ProjectNode, locale: Locale): ProjectState {
  const latest = p.progress.at(-1);
  const done = p.status === 'completed';
  const card = projectCard(s.snap, s.agg, p, locale);
  const buildings = p.buildings.map((b) => {
    const report = latest?.buildings.find((r) => r.buildingId === b.id);
    return {
      id: String(b.id),
      name: text(b.name, locale),
      ...completionMove(b, locale),
      floorsCount: b.floorsCount,
      floorsBuilt: done ? b.floorsCount : (report?.floorsBuilt ?? 0),
      percent: done ? 100 : (report?.percent ?? 0),
      url: urls.building(b),
    };
  });
  const percent = buildings.length ? Math.round(buildings.reduce((a, b) => a + b.percent, 0) / buildings.length) : 0;
  return {
    id: String(p.id),
    status: p.status,
    statusLabel: PROJECT_STATUS_WORDS[p.status][locale],
    completion: p.completion,
    completionLabel: projectCompletionLabel(p.completion, locale),
    percent,
    reportMonth: latest?.month ?? null,
    lotsTotal: s.agg.projectTotal[p.idx]!,
    lotsLeft: card.lotsLeft,
    lotsLeftByType: card.lotsLeftByType,
    minPrice: card.minPrice,
    buildings,
  };
}

export function progress3d(p: ProjectNode, locale: Locale): Progress3d {
  return {
    genplan: {
      image: picture(p.genplan, `${text(ALT.genplan, locale)}: ${text(p.name, locale)}`),
      buildings: p.buildings.map((b) => ({ id: String(b.id), name: text(b.name, locale), outline: b.outline, floorsCount: b.floorsCount })),
    },
    months: p.progress.map((r) => ({
      month: r.month,
      buildings: r.buildings.map((b) => ({ id: String(b.buildingId), floorsBuilt: b.floorsBuilt, percent: b.percent })),
    })),
  };
}

/** What the mobile app shows on a project's tile and header, in one small answer. */
export function infoMobile(s: CatalogueState, p: ProjectNode, locale: Locale, offices: OfficeView[]) {
  const card = projectCard(s.snap, s.agg, p, locale);
  // The project's own office when it has one (listed after the head office), else the head office.
  const office = offices.at(-1);
  return {
    id: card.id,
    shortSlug: card.shortSlug,
    name: card.name,
    tagline: card.tagline,
    status: card.status,
    statusLabel: PROJECT_STATUS_WORDS[p.status][locale],
    district: card.district,
    address: card.address,
    lat: p.lat,
    lng: p.lng,
    image: card.image,
    completionLabel: card.completionLabel,
    lotsLeft: card.lotsLeft,
    lotsLeftByType: card.lotsLeftByType,
    minPrice: card.minPrice,
    phone: office?.phones[0] ?? null,
    salesOffice: office ? { name: office.name, address: office.address, hours: office.hours } : null,
    types: LOT_TYPES.filter((type) => (card.lotsLeftByType[type] ?? 0) > 0),
    url: card.url,
  };
}
