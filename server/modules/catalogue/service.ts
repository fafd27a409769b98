import type { OfficeView } from '#core/content/offices.ts';
import { parseLotFilter } from '#core/catalogue/filter.ts';
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
import type { Locale } from '#core/i18n/locales.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import type { FaultLog } from '../../db/cache.ts';
import { recordRead, untracked, versionedQuery } from '../../db/read-tracking.ts';
import { and, emptyBits, hasBit, or, positions } from './bitset.ts';
import { aggregates, lotCard, projectCard, text, urls } from './dto.ts';
import { buildingCards, infoMobile, progress3d, projectState, type BuildingCard } from './extras.ts';
import {
  EMPTY_PROGRESS_QUERY,
  progressEntry,
  progressFacets,
  progressList,
  progressReport,
  progressRows,
  progressSpecs,
  progressUrl,
  type ProgressEntry,
  type ProgressQuery,
  type ProgressReport,
} from './progress.ts';
import { facetCounts, matching } from './lot-index-evaluate.ts';
import { buildLotIndex } from './lot-index.ts';
import { projectChoices, projectFacets, projectSpecs, projectsMatching, type ProjectQuery } from './projects.ts';
import { loadSnapshot, lotKey, readCatalogueVersion, type FloorNode, type Snapshot } from './snapshot.ts';
import { lotPayments, NO_PAYMENTS, type LotPayments } from './payments.ts';
import { projectPriceTable, readLotHistory, readProjectPricePerM2 } from './history.ts';
import { lotFacts } from './lot-facts.ts';
import { moscowDay } from '#core/catalogue/price-history.ts';
import type { FinanceData } from '../purchase/index.ts';

import { commercialCard, premisesForRent, premisesOf, type CommercialCard } from './commercial.ts';
import { buildingFor, parseId, projectFor } from './ids.ts';
import { lotDetail } from './lot-detail.ts';
import { buildingDetail, floorDetail, projectDetail, sectionDetail } from './screens.ts';
import { search } from './search.ts';
import { lotFilterSpecs } from './specs.ts';
import type { Advertisement, CatalogueState } from './state.ts';

export type { Advertisement, CatalogueState };
export type { CommercialCard };

type Options = {
  /**
   * The finance programmes (services.finance) and the Moscow day they are read in: every lot's monthly payment
   * is computed from them. Without it (tests of the catalogue alone) no lot has one.
   */
  finance?: { data: () => Promise<FinanceData>; today: () => string };
  log?: { warn: (obj: object, msg: string) => void };
  /** How often `watch()` checks the database for a new catalogue version (another process's import). */
  pollMs?: number;
  /**
   * Where a failed version check is reported: the shared fault log says it once per outage, while the
   * catalogue keeps answering from the snapshot in memory (its last good copy). Without it, each failure warns.
   */
  health?: Pick<FaultLog, 'failed' | 'recovered'>;
  /** The sales offices serving a project (services.offices, its own table); without it (the catalogue alone) none. */
  offices?: (projectId: number, locale: Locale) => Promise<OfficeView[]>;
};

/**
 * The catalogue service: everything is answered from an in-memory snapshot of the catalogue and its lot
 * index (lot-index.ts), loaded on first use or by `init()`, and rebuilt by `refresh()` after lots change
 * (an import in this process calls it; `watch()` notices imports made by other processes).
 */
export function createCatalogueService(db: Db, opts: Options = {}) {
  let state: CatalogueState | null = null;
  let first: Promise<CatalogueState> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking = false;
  let financeDown = false;
  const priceByMonth = new Map<string, Promise<ProjectPriceByMonth>>();

  /** The programmes in force, or null when there are none to read (no finance service; the database down with no copy yet). */
  async function financeNow(): Promise<{ data: FinanceData; day: string } | null> {
    if (!opts.finance) return null;
    try {
      const data = await opts.finance.data();
      financeDown = false;
      return { data, day: opts.finance.today() };
    } catch (error) {
      // Said once per fault: the shared cache already answers from its last copy whenever it has one.
      if (!financeDown) opts.log?.warn({ err: error }, 'finance programmes unavailable: lots keep their last monthly payments');
      financeDown = true;
      return null;
    }
  }

  /** The Moscow day the history facts are computed for (the finance service's, so both roll over together). */
  const today = () => opts.finance?.today() ?? moscowDay(Date.now());

  function withPayments(snap: Snapshot, finance: { data: FinanceData; day: string } | null, previous?: LotPayments): CatalogueState {
    // Without programmes to read, the last payments of the same snapshot stand (a database fault is no reason to drop them).
    const payments = finance ? lotPayments(snap, finance.data, finance.day) : previous && previous.monthly.length === snap.lots.size ? previous : NO_PAYMENTS;
    const facts = lotFacts(snap, finance?.day ?? today());
    const index = buildLotIndex(snap, payments.monthly.length ? payments.monthly : undefined, facts.drop);
    return { snap, index, agg: aggregates(snap, (i) => hasBit(index.universe.words, i)), payments, facts };
  }

  async function build(): Promise<CatalogueState> {
    // Shared by every caller: its queries belong to no page render (server/db/read-tracking.ts).
    const [snap, finance] = await untracked(() => Promise.all([loadSnapshot(db), financeNow()]));
    return withPayments(snap, finance);
  }

  /** What a page made from this state depends on: the lots' version, the day of their history facts and the programmes of their payments. */
  const stateVersion = (s: CatalogueState) => `${s.snap.version}@${s.facts.day}@${s.payments.key}`;

  /** Rebuilds from the database; a slower rebuild of an older version never replaces a newer one. */
  async function refresh(): Promise<CatalogueState> {
    const next = await build();
    if (!state || next.snap.version >= state.snap.version) state = next;
    return state;
  }

  /**
   * The state to answer from. When the programmes changed (an import, a new version) or a new Moscow day began
   * (a programme started or ended), the payments and the index are rebuilt on the same snapshot first: the
   * finance data is a cached read, so this check costs a comparison per call.
   */
  async function current(): Promise<CatalogueState> {
    if (!state) {
      first ??= refresh().finally(() => (first = null));
      await first;
    }
    const s = state!;
    // A new Moscow day moves every lot's 30-day window (and "booked today"): the facts and the index are rebuilt once.
    if (!opts.finance) {
      if (s.facts.day !== today() && state === s) state = withPayments(s.snap, null, s.payments);
      recordRead('catalogue', stateVersion(state!));
      return state!;
    }
    const finance = await financeNow();
    if (finance && `${finance.data.version}@${finance.day}` !== s.payments.key && state === s) state = withPayments(s.snap, finance);
    else if (s.facts.day !== today() && state === s) state = withPayments(s.snap, null, s.payments);
    recordRead('catalogue', stateVersion(state!));
    return state!;
  }

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

    async section(projectId: string, buildingId: string, sectionId: string, scope?: ProjectScope): Promise<SectionDetail | null> {
      const s = await current();
      const b = buildingFor(s.snap, projectId, buildingId, scope);
      const sec = b ? s.snap.sectionById.get(parseId(sectionId) ?? -1) : undefined;
      if (!b || !sec || sec.building !== b) return null;
      return sectionDetail(s, b, sec);
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
      return facetCounts((await current()).index, filter);
    },

    async filterWithFacets(filter: LotFilter, locale: Locale): Promise<{ page: Page<LotCard>; facets: Facets }> {
      const { page, facets } = search(await current(), filter, locale, true);
      return { page, facets: facets ?? facetCounts((await current()).index, filter) };
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
    /** The version pages made from the catalogue in memory record (server/http/page-cache.ts); null before the first load. */
    loadedVersion: (): string | null => (state ? stateVersion(state) : null),
    /** Loads the catalogue now (instead of on the first call). */
    async init(): Promise<void> {
      await current();
    },
    refresh: async (): Promise<void> => void (await refresh()),
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
    /** Polls the catalogue version and rebuilds when another process has changed the lots. */
    watch(): void {
      if (timer) return;
      timer = setInterval(async () => {
        if (checking) return;
        checking = true;
        try {
          const version = await readCatalogueVersion(db);
          opts.health?.recovered('catalogue');
          if (state && version !== state.snap.version) await refresh();
        } catch (error) {
          if (opts.health) opts.health.failed(error, 'catalogue');
          else opts.log?.warn({ err: error }, 'catalogue version check failed');
        } finally {
          checking = false;
        }
      }, opts.pollMs ?? 5000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    state: current,
    /** The page and its facets from one evaluation: what `/api/filter/?facets=true` answers. */
    async search(filter: LotFilter, locale: Locale, withFacets: boolean): Promise<{ page: Page<LotCard>; facets: Facets | null }> {
      return search(await current(), filter, locale, withFacets);
    },
    /** The lot with this id, for the commercial endpoints and the lot page by id. */
    async lotById(id: string, locale: Locale): Promise<LotDetail | null> {
      const s = await current();
      const i = s.snap.lotById.get(parseId(id) ?? -1);
      return i === undefined ? null : lotDetail(s, i, locale);
    },
    /**
     * Premises offered for rent (free or booked) of projects whose sales have started, cheapest first: they are
     * outside the lot filter (which lists lots for sale), so the property feed asks for them here.
     */
    async lotsForRent(locale: Locale): Promise<LotCard[]> {
      const { snap, payments, facts } = await current();
      return premisesForRent(snap, ['free', 'booked']).map((i) => lotCard(snap, i, locale, payments, facts));
    },
    projectNode: async (id: string, scope?: ProjectScope) => projectFor((await current()).snap, id, scope),
    /** Buildings of a project (null: no such project); with `advertisement`, only those with premises offered that way. */
    async buildings(projectId: string, locale: Locale, advertisement?: Advertisement): Promise<BuildingCard[] | null> {
      const s = await current();
      const p = projectFor(s.snap, projectId);
      return p ? buildingCards(s, p, locale, advertisement) : null;
    },
    async projectState(id: string, locale: Locale) {
      const s = await current();
      const p = projectFor(s.snap, id);
      return p ? projectState(s, p, locale) : null;
    },
    async progress3d(id: string, locale: Locale) {
      const p = projectFor((await current()).snap, id);
      return p ? progress3d(p, locale) : null;
    },
    async infoMobile(id: string, locale: Locale) {
      const s = await current();
      const p = projectFor(s.snap, id);
      return p ? infoMobile(s, p, locale, opts.offices ? await opts.offices(p.id, locale) : []) : null;
    },
    /** Construction reports, newest first, of the given projects (all when none given). */
    async progress(projectIds: string[] | undefined, locale: Locale): Promise<ProgressEntry[]> {
      const s = await current();
      const projects = projectIds?.length ? s.snap.projects.filter((p) => projectIds.includes(String(p.id))) : s.snap.projects;
      return progressRows(projects).map((e) => progressEntry(e.project, e.row, locale));
    },
    /** The ids of every building, for validating a `building` parameter. */
    async buildingIds(): Promise<string[]> {
      return [...(await current()).snap.buildingById.keys()].map(String);
    },
    /** Values the project filter accepts, and the ids of all projects. */
    async projectChoices() {
      const snap = (await current()).snap;
      return { ...projectChoices(snap), ids: snap.projects.map((p) => String(p.id)) };
    },
    /** Premises of a building or a floor still offered; `undefined` when the building or floor does not exist. */
    async commercialOf(
      where: { building?: string; floor?: string },
      advertisement: Advertisement | undefined,
      locale: Locale,
    ): Promise<CommercialCard[] | undefined> {
      const s = await current();
      const id = Number(where.building ?? where.floor);
      let floors: FloorNode[];
      if (where.building !== undefined) {
        const b = s.snap.buildingById.get(id);
        if (!b) return undefined;
        floors = b.sections.flatMap((sec) => sec.floors);
      } else {
        const f = s.snap.floorById.get(id);
        if (!f) return undefined;
        floors = [f];
      }
      return premisesOf(s, floors, advertisement)
        .sort((a, b) => s.snap.lots.floor[a]! - s.snap.lots.floor[b]! || s.snap.lots.id[a]! - s.snap.lots.id[b]!)
        .flatMap((i) => commercialCard(s, i, locale) ?? []);
    },
    /** Lots worth showing first in the mobile app: offers, then a spread over projects and sizes. */
    async recommendations(locale: Locale, query: { project?: string[]; limit: number }): Promise<LotCard[]> {
      const s = await current();
      const { index, snap } = s;
      let set = and(index.universe, index.choices.status.byValue.get('free')!);
      set = and(set, index.choices.type.byValue.get('flat')!);
      if (query.project?.length) {
        const sets = query.project.flatMap((p) => index.choices.project.byValue.get(p) ?? []);
        set = and(set, sets.length ? or(sets, index.size) : emptyBits(index.size));
      }
      const t = snap.lots;
      const candidates = positions(set).map((i) => ({
        i,
        key: `${t.project[i]}:${t.rooms[i]}`,
        score: (Number.isNaN(t.oldPrice[i]!) ? 0 : (t.oldPrice[i]! - t.price[i]!) / t.oldPrice[i]!) * 10 - t.pricePerM2[i]! / 1e7,
      }));
      candidates.sort((a, b) => b.score - a.score || t.id[a.i]! - t.id[b.i]!);
      // One per project and room count first, then the next best of each, and so on.
      const rounds = new Map<string, number>();
      const ranked = candidates.map((c) => {
        const round = rounds.get(c.key) ?? 0;
        rounds.set(c.key, round + 1);
        return { ...c, round };
      });
      ranked.sort((a, b) => a.round - b.round || b.score - a.score || t.id[a.i]! - t.id[b.i]!);
      return ranked.slice(0, query.limit).map((c) => lotCard(snap, c.i, locale, s.payments, s.facts));
    },
  };
}

export type CatalogueServiceImpl = ReturnType<typeof createCatalogueService>;
