import type { Locale } from '../i18n/locales.ts';
import type { SunArc } from '../insolation/chart.ts';
import type { NormZone } from '../insolation/norm.ts';
import type { LotFilter } from './filter-items.ts';
import type {
  BuildingDetail,
  Facets,
  FloorDetail,
  LotCard,
  LotDetail,
  LotType,
  Page,
  PriceHistory,
  ProgressEntry,
  ProjectPriceByMonth,
  ProgressReport,
  ProjectCard,
  ProjectDetail,
  SectionDetail,
  SpecItem,
} from './types.ts';

/**
 * The lot filter state (spec §3), derived from the filter's items (filter-items.ts): arrays as comma lists, ranges
 * as `{name}_min`/`{name}_max`, booleans and numbers plain. `core/catalogue/filter.ts` parses and serialises it
 * (one codec for server and browser).
 */
export type { LotFilter };

export type SeoFilterPage = { slug: string; title: string; h1: string; description: string; text: string[]; filter: LotFilter; url: string };
export type ProjectScope = { shared: boolean };
/** The construction reports' filter (`/api/dynamic/`): ids of projects and buildings, years; empty = any. */
export type ProgressQuery = { project: string[]; building: string[]; year: string[] };

/** What route loaders call in-process (through `services.catalogue`) and the API adapters expose. */
export type CatalogueService = {
  projects(locale: Locale, query?: { status?: string[]; district?: string[]; completion?: string[] }): Promise<ProjectCard[]>;
  project(id: string, locale: Locale, scope?: ProjectScope): Promise<ProjectDetail | null>;
  building(projectId: string, buildingId: string, locale: Locale, scope?: ProjectScope): Promise<BuildingDetail | null>;
  /** A section's chessboard: the same in every language (its cells carry figures and paths, no words). */
  /** `layers.sun`: each cell carries its lot's sun (`ChessCell.sun`), for the chessboard's sun layer. */
  section(projectId: string, buildingId: string, sectionId: string, scope?: ProjectScope, layers?: { sun?: boolean }): Promise<SectionDetail | null>;
  floor(projectId: string, buildingId: string, sectionId: string, floorId: string, locale: Locale, scope?: ProjectScope): Promise<FloorDetail | null>;
  lot(projectShortSlug: string, type: LotType, number: string, locale: Locale): Promise<LotDetail | null>;
  /** The lot page's sun chart: the sun's arc per season at the lot's project, what of it is in front of its windows, and the norm's zone there; null for a lot without sun figures. */
  lotSunChart(lotId: string): Promise<{ arcs: SunArc[]; zone: NormZone } | null>;
  lotsByIds(ids: string[], locale: Locale): Promise<LotCard[]>;
  filter(filter: LotFilter, locale: Locale): Promise<Page<LotCard>>;
  specs(locale: Locale): Promise<SpecItem[]>;
  facets(filter: LotFilter, locale: Locale): Promise<Facets>;
  /** The page and the facet counts of a filter from one evaluation of the lot index (what the filter screen shows). */
  filterWithFacets(filter: LotFilter, locale: Locale): Promise<{ page: Page<LotCard>; facets: Facets }>;
  seoFilters(locale: Locale): Promise<SeoFilterPage[]>;
  seoFilter(slug: string, locale: Locale): Promise<SeoFilterPage | null>;
  /** The project filter's items: each choice's code (what the URL carries) and its label in `locale`. */
  projectSpecs(locale: Locale): Promise<SpecItem[]>;
  /** How many projects each choice would leave, the other items applied (the chips' counts). */
  projectFacets(query: { status?: string[]; district?: string[]; completion?: string[] }): Promise<Facets>;
  /** Construction reports matching the filter, newest first. */
  progressList(query: Partial<ProgressQuery>, locale: Locale): Promise<ProgressEntry[]>;
  /** The report filter's items: projects with reports, the chosen projects' buildings, years with reports. */
  progressSpecs(query: Partial<ProgressQuery>, locale: Locale): Promise<SpecItem[]>;
  /** How many reports each choice would give, the other items applied. */
  progressFacets(query: Partial<ProgressQuery>): Promise<Facets>;
  /** One report with its neighbours in its project; null for an unknown id. */
  progressReport(id: string, locale: Locale): Promise<ProgressReport | null>;
  /** A lot's recorded prices and statuses (ADR 019); null for an unknown lot id. */
  priceHistory(lotId: string): Promise<PriceHistory | null>;
  /** A project's average price per m² by month and kind of flat; null for an unknown project or one in presale. */
  projectPriceByMonth(projectId: string): Promise<ProjectPriceByMonth | null>;
};
