import type { ProjectScope } from '#core/catalogue/service.ts';
import type { LotCard, LotDetail } from '#core/catalogue/types.ts';
import type { OfficeView } from '#core/content/offices.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { and, emptyBits, or, positions } from './bitset.ts';
import { commercialCard, premisesForRent, premisesOf, type CommercialCard } from './commercial.ts';
import { lotCard } from './dto.ts';
import { buildingCards, infoMobile, progress3d, projectState, type BuildingCard } from './extras.ts';
import { parseId, projectFor } from './ids.ts';
import { lotDetail } from './lot-detail.ts';
import { progressEntry, progressRows, type ProgressEntry } from './progress.ts';
import { projectChoices } from './projects.ts';
import type { FloorNode } from './snapshot.ts';
import type { Advertisement, CatalogueState } from './state.ts';

/**
 * The catalogue's reads beyond the site's pages (CatalogueService): the mobile app's and partners' API, the
 * commercial endpoints, the property feed and the parameters the API validates. `current` is the state to answer
 * from (loader.ts); `offices` the sales offices serving a project.
 */
export function apiReads(current: () => Promise<CatalogueState>, offices: ((projectId: number, locale: Locale) => Promise<OfficeView[]>) | undefined) {
  return {
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
      return p ? infoMobile(s, p, locale, offices ? await offices(p.id, locale) : []) : null;
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
