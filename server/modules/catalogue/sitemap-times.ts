import { LOT_TYPES } from '#core/catalogue/types.ts';
import type { Db } from '../../db/client.ts';
import { catalogueState, lots, projects } from '../../db/schema/index.ts';
import { urls } from './dto.ts';
import { progressUrl } from './progress.ts';
import type { Snapshot } from './snapshot.ts';

/** When the catalogue's pages last changed (the sitemap's `lastmod`), from the rows' own `updated_at`. */
export type SitemapTimes = {
  /** The catalogue as a whole (its last import or change): what the filter's pages list. */
  catalogue: Date | null;
  /**
   * By page path (unprefixed): a lot's page its lot row's time; a project's, building's, section's and floor's the
   * latest of the project row's and the lots it shows; a project's construction reports the project row's.
   */
  byPath: Map<string, Date>;
};

/**
 * Read once per catalogue version (the sitemap remembers it), from the tables themselves: the lots' and projects'
 * times, and the catalogue's. The snapshot gives the pages and which rows they show.
 */
export async function sitemapTimes(db: Db, snap: Snapshot): Promise<SitemapTimes> {
  const [state, rows, projectRows] = await Promise.all([
    db.select({ updatedAt: catalogueState.updatedAt }).from(catalogueState),
    db.select({ id: lots.id, updatedAt: lots.updatedAt }).from(lots),
    db.select({ id: projects.id, updatedAt: projects.updatedAt }).from(projects),
  ]);
  const table = snap.lots;
  const lotTime = new Float64Array(table.size);
  for (const row of rows) {
    const i = snap.lotById.get(row.id);
    if (i !== undefined) lotTime[i] = row.updatedAt.getTime();
  }
  const projectRow = new Map(projectRows.map((row) => [row.id, row.updatedAt.getTime()]));
  const ownTime = (p: { id: number; updatedAt: Date }) => projectRow.get(p.id) ?? p.updatedAt.getTime();
  const projectTime = new Float64Array(snap.projects.length);
  for (const p of snap.projects) projectTime[p.idx] = ownTime(p);
  const buildingTime = new Float64Array(snap.buildings.length);
  const sectionTime = new Float64Array(snap.sections.length);
  const floorTime = new Float64Array(snap.floors.length);

  const byPath = new Map<string, Date>();
  for (let i = 0; i < table.size; i++) {
    const floor = snap.floors[table.floorNode[i]!]!;
    const { section } = floor;
    const { building } = section;
    const { project } = building;
    const time = lotTime[i]!;
    floorTime[floor.idx] = Math.max(floorTime[floor.idx]!, time);
    sectionTime[section.idx] = Math.max(sectionTime[section.idx]!, time);
    buildingTime[building.idx] = Math.max(buildingTime[building.idx]!, time);
    projectTime[project.idx] = Math.max(projectTime[project.idx]!, time);
    byPath.set(urls.lot(project.shortSlug, LOT_TYPES[table.type[i]!]!, table.number[i]!), new Date(time));
  }
  const later = (a: number, project: { id: number; updatedAt: Date }) => new Date(Math.max(a, ownTime(project)));
  for (const p of snap.projects) {
    byPath.set(urls.project(p), new Date(projectTime[p.idx]!));
    for (const report of [undefined, ...p.progress.map((r) => r.id)]) byPath.set(progressUrl(p, report), new Date(ownTime(p)));
  }
  for (const b of snap.buildings) byPath.set(urls.building(b), later(buildingTime[b.idx]!, b.project));
  for (const s of snap.sections) byPath.set(urls.section(s), later(sectionTime[s.idx]!, s.building.project));
  for (const f of snap.floors) byPath.set(urls.floor(f), later(floorTime[f.idx]!, f.section.building.project));
  return { catalogue: state[0]?.updatedAt ?? null, byPath };
}
