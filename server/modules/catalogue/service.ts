import { parseLotFilter } from '#core/catalogue/filter.ts';
import { applicableFacets } from '#core/catalogue/filter-items.ts';
import type { CatalogueService, LotFilter, ProjectScope, SeoFilterPage } from '#core/catalogue/service.ts';
import {
  LOT_STATUSES,
  LOT_TYPES,
  type BuildingDetail,
  type Facets,
  type FloorDetail,
  type LotCard,
  type LotDetail,
  type LotType,
  type Page,
  type PriceHistory,
  type ProjectCard,
  type ProjectPriceByMonth,
  type ProjectDetail,
  type SectionDetail,
  type SpecItem,
} from '#core/catalogue/types.ts';
import type { OfficeView } from '#core/content/offices.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Localized } from '#core/schemas/localized.ts';
import { sunArcs, type SunArc } from '#core/insolation/chart.ts';
import { normZone, type NormZone } from '#core/insolation/norm.ts';
import { isWindowSide } from '#core/insolation/types.ts';
import type { Db } from '../../db/client.ts';
import { untracked, versionedQuery } from '../../db/read-tracking.ts';
import { apiReads } from './api-reads.ts';
import { buildingChoices, lotChoices, type Choice, type ChoiceQuery } from './admin-choices.ts';
import { hasBit } from './bitset.ts';
import type { CommercialCard } from './commercial.ts';
import { lotCard, projectCard, text, urls } from './dto.ts';
import { projectPriceTable, readLotHistory, readProjectPricePerM2 } from './history.ts';
import { buildingFor, parseId, projectFor } from './ids.ts';
import { lotDetail } from './lot-detail.ts';
import { facetCounts, matching } from './lot-index-evaluate.ts';
import { createCatalogueLoader, type LoaderOptions } from './loader.ts';
import {
  EMPTY_PROGRESS_QUERY,
  progressFacets,
  progressList,
  progressReport,
  progressSpecs,
  progressUrl,
  type ProgressEntry,
  type ProgressQuery,
  type ProgressReport,
} from './progress.ts';
import { projectFacets, projectSpecs, projectsMatching, type ProjectQuery } from './projects.ts';
import { buildingDetail, floorDetail, projectDetail, sectionDetail } from './screens.ts';
import { search } from './search.ts';
import { listOf, lotKey, lotSun } from './snapshot.ts';
import { sitemapTimes, type SitemapTimes } from './sitemap-times.ts';
import { lotFilterSpecs } from './specs.ts';
import type { Advertisement, CatalogueState } from './state.ts';
import type { PhraseVocabulary } from '#core/catalogue/phrase/index.ts';
import { phraseVocabulary } from './phrase.ts';

export type { Advertisement, CatalogueState };
export type { CommercialCard };

type Options = LoaderOptions & {
  /** The sales offices serving a project (services.offices, its own table); without it (the catalogue alone) none. */
  offices?: (projectId: number, locale: Locale) => Promise<OfficeView[]>;
};

/**
 * The catalogue service: everything is answered from an in-memory snapshot of the catalogue and its lot
 * index (lot-index.ts), loaded on first use or by `init()`, and rebuilt by `refresh()` after lots change
 * (an import in this process calls it; `watch()` notices imports made by other processes): loader.ts keeps it.
 * The site's pages read it through CatalogueService (below), the API and feeds also through api-reads.ts.
 */
export function createCatalogueService(db: Db, opts: Options = {}) {
  const loader = createCatalogueLoader(db, opts);
  const { current, stateVersion } = loader;
  const priceByMonth = new Map<string, Promise<ProjectPriceByMonth>>();

  const service = {
    async projects(locale: Locale, query: ProjectQuery = {}): Promise<ProjectCard[]> {
      const s = await current();
      return projectsMatching(s.snap, query).map((p) => projectCard(s.snap, s.agg, p, locale));
    },

    async project(id: string, locale: Locale, scope?: ProjectScope): Promise<ProjectDetail | null> {
      const s = await current();
      const p = projectFor(s.snap, id, scope);
      if (!p) return null;
      return projectDetail(s, p, locale, opts.offices ? await opts.offices(p.id, locale) : []);
    },

    async building(projectId: string, buildingId: string, locale: Locale, scope?: ProjectScope): Promise<BuildingDetail | null> {
      const s = await current();
      const b = buildingFor(s.snap, projectId, buildingId, scope);
      if (!b) return null;
      return buildingDetail(s, b, locale);
    },

    async section(
      projectId: string,
      buildingId: string,
      sectionId: string,
      scope?: ProjectScope,
      layers: { sun?: boolean } = {},
    ): Promise<SectionDetail | null> {
      const s = await current();
      const b = buildingFor(s.snap, projectId, buildingId, scope);
      const sec = b ? s.snap.sectionById.get(parseId(sectionId) ?? -1) : undefined;
      if (!b || !sec || sec.building !== b) return null;
      return sectionDetail(s, b, sec, layers);
    },

    async floor(projectId: string, buildingId: string, sectionId: string, floorId: string, locale: Locale, scope?: ProjectScope): Promise<FloorDetail | null> {
      const s = await current();
      const b = buildingFor(s.snap, projectId, buildingId, scope);
      const f = b ? s.snap.floorById.get(parseId(floorId) ?? -1) : undefined;
      if (!b || !f || String(f.section.id) !== sectionId || f.section.building !== b) return null;
      return floorDetail(s, b, f, locale);
    },

    async lot(projectShortSlug: string, type: LotType, number: string, locale: Locale): Promise<LotDetail | null> {
      const s = await current();
      const project = s.snap.projectBySlug.get(projectShortSlug);
      const i = project ? s.snap.lotByKey.get(lotKey(project.id, type, number)) : undefined;
      return i === undefined ? null : lotDetail(s, i, locale);
    },

    /**
     * The lot page's sun chart (core/insolation/chart.ts): the sun's arc at the project's place per season, what of it is
     * in front of the lot's windows, and the norm's zone at that latitude (its rule in words under the verdict).
     */
    async lotSunChart(lotId: string): Promise<{ arcs: SunArc[]; zone: NormZone } | null> {
      const s = await current();
      const i = s.snap.lotById.get(parseId(lotId) ?? -1);
      if (i === undefined || lotSun(s.snap.lots, i) === null) return null;
      const project = s.snap.projects[s.snap.lots.project[i]!]!;
      return {
        arcs: sunArcs(project.lat, project.lng, listOf(s.snap.lots, s.snap.lots.windows[i]!).filter(isWindowSide)),
        zone: normZone(project.lat).zone,
      };
    },

    async lotsByIds(ids: string[], locale: Locale): Promise<LotCard[]> {
      const s = await current();
      const out: LotCard[] = [];
      for (const id of new Set(ids)) {
        const i = s.snap.lotById.get(parseId(id) ?? -1);
        if (i !== undefined) out.push(lotCard(s.snap, i, locale, s.payments, s.facts));
      }
      return out;
    },

    /** `next`/`previous` are query strings (`?…`) of the same filter: the API turns them into its own URLs, pages into theirs. */
    async filter(filter: LotFilter, locale: Locale): Promise<Page<LotCard>> {
      return search(await current(), filter, locale, false).page;
    },

    async specs(locale: Locale): Promise<SpecItem[]> {
      return lotFilterSpecs(await current(), locale);
    },

    async facets(filter: LotFilter, _locale: Locale): Promise<Facets> {
      return applicableFacets(facetCounts((await current()).index, filter), filter.type);
    },

    async filterWithFacets(filter: LotFilter, locale: Locale): Promise<{ page: Page<LotCard>; facets: Facets }> {
      const { page, facets } = search(await current(), filter, locale, true);
      return { page, facets: facets ?? applicableFacets(facetCounts((await current()).index, filter), filter.type) };
    },

    async seoFilters(locale: Locale): Promise<SeoFilterPage[]> {
      const s = await current();
      return s.snap.seoFilters.map((row) => {
        const parsed = parseLotFilter(new URLSearchParams(row.query));
        return {
          slug: row.slug,
          title: text(row.title, locale),
          h1: text(row.h1, locale),
          description: text(row.description, locale),
          text: row.text[locale].length ? row.text[locale] : row.text.ru,
          filter: parsed.ok ? parsed.filter : {},
          url: `/filter/${row.slug}`,
        };
      });
    },

    async seoFilter(slug: string, locale: Locale): Promise<SeoFilterPage | null> {
      return (await service.seoFilters(locale)).find((p) => p.slug === slug) ?? null;
    },

    async projectSpecs(locale: Locale): Promise<SpecItem[]> {
      return projectSpecs((await current()).snap, locale);
    },
    async projectFacets(query: ProjectQuery): Promise<Facets> {
      return projectFacets((await current()).snap, query);
    },
    /** `/api/dynamic/`: reports filtered by project, building and year, newest first (the same entries as `progress`). */
    async progressList(query: Partial<ProgressQuery>, locale: Locale): Promise<ProgressEntry[]> {
      return progressList((await current()).snap, { ...EMPTY_PROGRESS_QUERY, ...query }, locale);
    },
    async progressSpecs(query: Partial<ProgressQuery>, locale: Locale) {
      return progressSpecs((await current()).snap, { ...EMPTY_PROGRESS_QUERY, ...query }, locale);
    },
    async progressFacets(query: Partial<ProgressQuery>) {
      return progressFacets((await current()).snap, { ...EMPTY_PROGRESS_QUERY, ...query });
    },
    /** One report with its previous and next in its project; null when no report has this id. */
    async progressReport(id: string, locale: Locale): Promise<ProgressReport | null> {
      const key = parseId(id);
      return key === null ? null : progressReport((await current()).snap, key, locale);
    },
    /** Read from the database (one indexed look-up): the whole history is not kept in memory, only its recent part. */
    async priceHistory(lotId: string): Promise<PriceHistory | null> {
      const s = await current();
      const i = s.snap.lotById.get(parseId(lotId) ?? -1);
      if (i === undefined) return null;
      const t = s.snap.lots;
      // Written with the lots in one transaction: the catalogue's version covers it.
      const points = await versionedQuery('catalogue', stateVersion(s), () => readLotHistory(db, t.id[i]!));
      return {
        lotId: String(t.id[i]),
        price: t.price[i]!,
        status: LOT_STATUSES[t.status[i]!]!,
        priceDrop30d: s.facts.drop[i] || null,
        points: points.map((p) => ({ at: new Date(p.at).toISOString(), price: p.price, status: p.status })),
      };
    },
    /** Computed once per catalogue version, project and Moscow day (a new month begins at a midnight). */
    async projectPriceByMonth(projectId: string): Promise<ProjectPriceByMonth | null> {
      const s = await current();
      const p = projectFor(s.snap, projectId);
      if (!p || p.status === 'presale') return null;
      const key = `${p.id}@${s.snap.version}@${s.facts.day}`;
      let found = priceByMonth.get(key);
      if (!found) {
        if (priceByMonth.size > 64) priceByMonth.clear();
        found = untracked(() => readProjectPricePerM2(db, p.id, Date.now())).then((rows) => projectPriceTable(rows));
        found.catch(() => priceByMonth.delete(key));
        priceByMonth.set(key, found);
      }
      return found;
    },
  } satisfies CatalogueService;

  return {
    ...service,
    /** The back office's searched pickers' choices (issue #42): lots or buildings found by their names and numbers, or named by id. */
    async choices(source: 'lots' | 'buildings', query: ChoiceQuery, locale: Locale): Promise<Choice[]> {
      const s = await current();
      return source === 'lots' ? lotChoices(s, query, locale) : buildingChoices(s, query, locale);
    },

    /** Which of these lots the filter matches now (alert digests: the new and cheaper lots of a saved search). */
    async matchingLotIds(filter: LotFilter, ids: readonly number[]): Promise<Set<number>> {
      const s = await current();
      const words = matching(s.index, filter).words;
      const out = new Set<number>();
      for (const id of ids) {
        const i = s.snap.lotById.get(id);
        if (i !== undefined && hasBit(words, i)) out.add(id);
      }
      return out;
    },

    /**
     * The ids of the project and lot a page address names, read from the snapshot's maps without building a page
     * (analytics' page context, services/tracking.ts). Null for what the catalogue does not hold.
     */
    async pageIds(
      ref: { project: { id: string; shared: boolean } } | { lot: { slug: string; lotType: LotType; number: string } },
    ): Promise<{ projectId: string | null; lotId: string | null }> {
      const s = await current();
      if ('project' in ref) {
        const p = projectFor(s.snap, ref.project.id, { shared: ref.project.shared });
        return { projectId: p ? String(p.id) : null, lotId: null };
      }
      const project = s.snap.projectBySlug.get(ref.lot.slug);
      const i = project ? s.snap.lotByKey.get(lotKey(project.id, ref.lot.lotType, ref.lot.number)) : undefined;
      return { projectId: project ? String(project.id) : null, lotId: i === undefined ? null : String(s.snap.lots.id[i]) };
    },
    loadedVersion: loader.loadedVersion,
    /** Loads the catalogue now (instead of on the first call). */
    async init(): Promise<void> {
      await current();
    },
    refresh: async (): Promise<void> => void (await loader.refresh()),
    /** Decides the lots' states again from the auctions (a bid, the sales team's result), without reading the lots. */
    refreshAuctions: async (): Promise<void> => void (await loader.refreshAuctions()),
    /**
     * Every project's id, name in each language and whether its sales have started: what the lead forms offer
     * (broker tours, presale interest) and check a chosen project against.
     */
    async projectDirectory(): Promise<{ id: number; name: Localized; presale: boolean; url: string }[]> {
      const s = await current();
      return s.snap.projects.map((p) => ({ id: p.id, name: p.name, presale: p.status === 'presale', url: urls.project(p) }));
    },

    /** The catalogue version in memory: it changes with every import or regeneration (ETags, memos). */
    version: async (): Promise<number> => (await current()).snap.version,
    /**
     * Every catalogue page a search engine should find (unprefixed paths): projects (at their shared
     * address when shared), buildings, sections, floors, and the page of every lot still on offer. Sold lots keep their pages
     * (saved selections link them) but leave the sitemap. Also the catalogue version, for `lastmod` and ETags.
     */
    async sitemapPaths(): Promise<{ version: number; screens: string[]; lots: string[] }> {
      const { snap } = await current();
      const sold = LOT_STATUSES.indexOf('sold');
      // Every screen at its one address (`urls`), floors too: each answers 200 with itself as canonical.
      const screens = [
        ...snap.projects.map(urls.project),
        // Construction progress: each project's reports page and each report's page.
        ...snap.projects.flatMap((p) => (p.progress.length ? [progressUrl(p), ...p.progress.map((r) => progressUrl(p, r.id))] : [])),
        ...snap.buildings.map(urls.building),
        ...snap.sections.map(urls.section),
        ...snap.floors.map(urls.floor),
      ];
      const lots: string[] = [];
      const t = snap.lots;
      for (let i = 0; i < t.size; i++) {
        if (t.status[i] === sold) continue;
        const project = snap.floors[t.floorNode[i]!]!.section.building.project;
        lots.push(urls.lot(project.shortSlug, LOT_TYPES[t.type[i]!]!, t.number[i]!));
      }
      return { version: snap.version, screens, lots };
    },
    /** When each catalogue page last changed, from the rows' `updated_at` (the sitemap's `lastmod`). */
    sitemapTimes: async (): Promise<SitemapTimes> => sitemapTimes(db, (await current()).snap),
    watch: loader.watch,
    stop: loader.stop,
    state: current,
    /** The phrase search's names and labels (core/catalogue/phrase), from the current catalogue. */
    phraseVocabulary: async (): Promise<PhraseVocabulary> => phraseVocabulary(await current()),
    /** The page and its facets from one evaluation: what `/api/filter/?facets=true` answers. */
    async search(filter: LotFilter, locale: Locale, withFacets: boolean): Promise<{ page: Page<LotCard>; facets: Facets | null }> {
      return search(await current(), filter, locale, withFacets);
    },
    ...apiReads(current, opts.offices),
  };
}

export type CatalogueServiceImpl = ReturnType<typeof createCatalogueService>;
