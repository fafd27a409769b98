import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { computeProjectInsolation, type InsolationProject, type LotInsolationResult, type SkippedOutline } from '#core/insolation/compute.ts';
import { isViewTag, isWindowSide, type WindowViews } from '#core/insolation/types.ts';
import type { Executor } from '../../db/client.ts';
import { buildings, insolationNeighbours, lotInsolation, lots, projects, sections, windowViews } from '../../db/schema/index.ts';

/**
 * The sun-and-view passport's job (docs/guides/insolation.md): reads the master plan, the lots' windows and views, the
 * neighbours and the editors' window views, computes every lot's sun (core/insolation) and replaces `lot_insolation`
 * whole. Runs inside the catalogue's write (ingest/write.ts), on a first start when the table is empty (server/db/seed.ts),
 * and after an editor changes what it reads.
 */

type Rows = {
  projects: Pick<typeof projects.$inferSelect, 'id' | 'lat' | 'lng' | 'genplanScale' | 'genplanNorth'>[];
  buildings: Pick<typeof buildings.$inferSelect, 'id' | 'projectId' | 'number' | 'outline' | 'floorsCount'>[];
  sections: Pick<typeof sections.$inferSelect, 'id' | 'buildingId' | 'number'>[];
  lots: Pick<typeof lots.$inferSelect, 'id' | 'projectId' | 'buildingId' | 'sectionId' | 'floor' | 'position' | 'type' | 'rooms' | 'windows' | 'view'>[];
  neighbours: Pick<typeof insolationNeighbours.$inferSelect, 'projectId' | 'outline' | 'height'>[];
  views: Pick<typeof windowViews.$inferSelect, 'projectId' | 'buildingNumber' | 'sectionNumber' | 'floorFrom' | 'floorTo' | 'side' | 'tags'>[];
};

/** The computation's input per project, from the rows (the database's or the demo generator's). */
export function insolationInputs(rows: Rows): InsolationProject[] {
  const byProject = <T extends { projectId: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.projectId, [...(map.get(item.projectId) ?? []), item]);
    return map;
  };
  const buildingsOf = byProject(rows.buildings);
  const lotsOf = new Map<number, Rows['lots']>();
  for (const l of rows.lots) {
    const list = lotsOf.get(l.projectId);
    if (list) list.push(l);
    else lotsOf.set(l.projectId, [l]);
  }
  const neighboursOf = byProject(rows.neighbours);
  const viewsOf = byProject(rows.views);
  const sectionsOf = new Map<number, { id: number; number: number }[]>();
  for (const s of [...rows.sections].sort((a, b) => a.number - b.number))
    sectionsOf.set(s.buildingId, [...(sectionsOf.get(s.buildingId) ?? []), { id: s.id, number: s.number }]);
  return rows.projects.map((p) => ({
    lat: p.lat,
    lng: p.lng,
    frame: { scale: p.genplanScale, north: p.genplanNorth },
    buildings: (buildingsOf.get(p.id) ?? []).map((b) => ({
      id: b.id,
      number: b.number,
      outline: b.outline,
      floors: b.floorsCount,
      sections: sectionsOf.get(b.id) ?? [],
    })),
    neighbours: (neighboursOf.get(p.id) ?? []).map((n) => ({ outline: n.outline, height: n.height })),
    lots: (lotsOf.get(p.id) ?? []).map((l) => ({
      id: l.id,
      buildingId: l.buildingId,
      sectionId: l.sectionId,
      floor: l.floor,
      position: l.position,
      rooms: l.type === 'flat' ? (l.rooms ?? 0) : null,
      windows: l.windows,
      // An imported code that is not a view tag says nothing the filter or the passport can show: the plan's guess stands.
      view: l.view !== null && isViewTag(l.view) ? l.view : null,
    })),
    viewRules: (viewsOf.get(p.id) ?? []).filter((v) => isWindowSide(v.side)).map((v) => ({ ...v, tags: [...v.tags] })),
  }));
}

/** The genplan's scale (m/px) a project has until an editor enters its own: migration 0033's default. */
const DEFAULT_SCALE = 0.2;

/** Rows per INSERT (8 columns). */
const BATCH = 2000;

/** `skipped`: the outlines (buildings', neighbours') that could not be read and were left out, each logged as a warning. */
export type InsolationRun = { lots: number; ms: number; skipped: SkippedOutline[] };

/**
 * Whether the passport is missing: some lot has windows (the computation's input) and `lot_insolation` is empty. A
 * catalogue without windows has nothing to compute, so it is not missing, and a first start does not recompute it.
 */
export async function insolationMissing(db: Executor): Promise<boolean> {
  const [any] = await db.select({ id: lotInsolation.lotId }).from(lotInsolation).limit(1);
  if (any) return false;
  const [windowed] = await db
    .select({ id: lots.id })
    .from(lots)
    .where(sql`jsonb_array_length(${lots.windows}) > 0`)
    .limit(1);
  return windowed !== undefined;
}

/** An outline left out, as a process warning (stderr, and the process's `warning` listeners): its building or neighbour and why. */
const warnSkipped = (s: SkippedOutline) =>
  process.emitWarning(
    s.kind === 'building'
      ? `building ${s.number} (id ${s.buildingId}): outline not read, its lots get no sun figures: ${s.reason}`
      : `neighbour ${s.index + 1}: outline not read, left out: ${s.reason}`,
    { type: 'InsolationWarning', code: 'INSOLATION_OUTLINE' },
  );

/**
 * Computes every lot's sun and replaces `lot_insolation` with it, in the caller's transaction when given one. With
 * `projectId`, only that project's lots (what an editor's change to its plan, neighbours or views moves: a project's
 * sun depends on its own buildings and neighbours alone).
 */
export async function storeInsolation(db: Executor, opts: { projectId?: number } = {}): Promise<InsolationRun> {
  const started = performance.now();
  const only = opts.projectId;
  const of = (column: Parameters<typeof eq>[0]): SQL | undefined => (only === undefined ? undefined : eq(column, only));
  const buildingRows = await db
    .select({ id: buildings.id, projectId: buildings.projectId, number: buildings.number, outline: buildings.outline, floorsCount: buildings.floorsCount })
    .from(buildings)
    .where(of(buildings.projectId));
  const rows: Rows = {
    projects: await db
      .select({ id: projects.id, lat: projects.lat, lng: projects.lng, genplanScale: projects.genplanScale, genplanNorth: projects.genplanNorth })
      .from(projects)
      .where(of(projects.id)),
    buildings: buildingRows,
    sections:
      only !== undefined && !buildingRows.length
        ? []
        : await db
            .select({ id: sections.id, buildingId: sections.buildingId, number: sections.number })
            .from(sections)
            .where(
              only === undefined
                ? undefined
                : inArray(
                    sections.buildingId,
                    buildingRows.map((b) => b.id),
                  ),
            ),
    lots: await db
      .select({
        id: lots.id,
        projectId: lots.projectId,
        buildingId: lots.buildingId,
        sectionId: lots.sectionId,
        floor: lots.floor,
        position: lots.position,
        type: lots.type,
        rooms: lots.rooms,
        windows: lots.windows,
        view: lots.view,
      })
      .from(lots)
      .where(of(lots.projectId))
      .orderBy(asc(lots.id)),
    neighbours: await db
      .select({ projectId: insolationNeighbours.projectId, outline: insolationNeighbours.outline, height: insolationNeighbours.height })
      .from(insolationNeighbours)
      .where(of(insolationNeighbours.projectId)),
    views: await db
      .select({
        projectId: windowViews.projectId,
        buildingNumber: windowViews.buildingNumber,
        sectionNumber: windowViews.sectionNumber,
        floorFrom: windowViews.floorFrom,
        floorTo: windowViews.floorTo,
        side: windowViews.side,
        tags: windowViews.tags,
      })
      .from(windowViews)
      .where(of(windowViews.projectId))
      .orderBy(asc(windowViews.id)),
  };
  const skipped: SkippedOutline[] = [];
  const results = insolationInputs(rows).flatMap((project) => computeProjectInsolation(project, (s) => skipped.push(s)));
  skipped.forEach(warnSkipped);
  await db
    .delete(lotInsolation)
    .where(only === undefined ? undefined : inArray(lotInsolation.lotId, db.select({ id: lots.id }).from(lots).where(eq(lots.projectId, only))));
  const now = new Date();
  for (let i = 0; i < results.length; i += BATCH) await db.insert(lotInsolation).values(results.slice(i, i + BATCH).map((r) => insolationRow(r, now)));
  return { lots: results.length, ms: Math.round(performance.now() - started), skipped };
}

const insolationRow = (r: LotInsolationResult, computedAt: Date): typeof lotInsolation.$inferInsert => ({
  lotId: r.lotId,
  marchMinutes: r.minutes.march,
  juneMinutes: r.minutes.june,
  decemberMinutes: r.minutes.december,
  normMet: r.normMet,
  normRule: r.normRule,
  views: r.views,
  computedAt,
});

/**
 * The sun rows of catalogue data not (yet) in a database — the demo generator's (`generateCatalogue`), whose projects
 * take the plan's default scale and north — as the snapshot reads them (`buildSnapshot`'s `insolationRows`).
 */
export function insolationRowsOf(data: {
  projects: Pick<Rows['projects'][number], 'id' | 'lat' | 'lng'>[];
  buildings: Rows['buildings'];
  sections: Rows['sections'];
  lots: Rows['lots'];
}): (Omit<ReturnType<typeof insolationRow>, 'computedAt'> & { views: WindowViews })[] {
  const inputs = insolationInputs({
    projects: data.projects.map((p) => ({ genplanScale: DEFAULT_SCALE, genplanNorth: 0, ...p })),
    buildings: data.buildings,
    sections: data.sections,
    lots: data.lots,
    neighbours: [],
    views: [],
  });
  return inputs
    .flatMap((project) => computeProjectInsolation(project, warnSkipped))
    .map((r) => {
      const { computedAt: _, ...row } = insolationRow(r, new Date(0));
      return { ...row, views: r.views };
    });
}
