import type { Locale } from '../i18n/locales.ts';
import type { BuildingDetail, Facets, FloorDetail, LotCard, LotDetail, LotType, Page, ProjectCard, ProjectDetail, SectionDetail, SpecItem } from './types.ts';

/**
 * The lot filter state (spec §3): arrays as comma lists, ranges as `{name}_min`/`{name}_max`, booleans and
 * numbers plain. `core/catalogue/filter.ts` parses and serialises it (one codec for server and browser).
 */
export type LotFilter = {
  project?: string[];
  building?: string[];
  type?: LotType[];
  /** '0' studio, '1'…'3', '4' = four and more */
  rooms?: string[];
  euro?: boolean;
  price_min?: number;
  price_max?: number;
  area_min?: number;
  area_max?: number;
  floor_min?: number;
  floor_max?: number;
  completion?: string[];
  finish?: string[];
  status?: string[];
  discount?: boolean;
  not_first_floor?: boolean;
  not_last_floor?: boolean;
  /** `recommended` (the default): flats first, then commercial premises, parking, storage; cheapest first within each. */
  ordering?: 'recommended' | 'price' | '-price' | 'area' | '-area' | 'price_per_m2' | '-price_per_m2' | 'floor' | '-floor' | 'completion';
  limit?: number;
  offset?: number;
};

export type SeoFilterPage = { slug: string; title: string; h1: string; description: string; text: string[]; filter: LotFilter; url: string };
export type ProjectScope = { shared: boolean };

/** What route loaders call in-process (through `services.catalogue`) and the API adapters expose. */
export type CatalogueService = {
  projects(locale: Locale, query?: { status?: string[]; district?: string[]; completion?: string[] }): Promise<ProjectCard[]>;
  project(id: string, locale: Locale, scope?: ProjectScope): Promise<ProjectDetail | null>;
  building(projectId: string, buildingId: string, locale: Locale, scope?: ProjectScope): Promise<BuildingDetail | null>;
  section(projectId: string, buildingId: string, sectionId: string, locale: Locale, scope?: ProjectScope): Promise<SectionDetail | null>;
  floor(projectId: string, buildingId: string, sectionId: string, floorId: string, locale: Locale, scope?: ProjectScope): Promise<FloorDetail | null>;
  lot(projectShortSlug: string, type: LotType, number: string, locale: Locale): Promise<LotDetail | null>;
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
};
