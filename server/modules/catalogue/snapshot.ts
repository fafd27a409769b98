import { asc, eq, sql } from 'drizzle-orm';
import { FINISHES, LOT_STATUSES, LOT_TYPES, type LotSun, type LotType } from '#core/catalogue/types.ts';
import { isViewTag, isWindowSide, type ViewTag, type WindowViews } from '#core/insolation/types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { readLotAuctions, type LotAuctionRow } from '../auctions/index.ts';
import { readLotReservations, type LotReservationRow } from '../reservations/index.ts';
import { applyAuctions, type SnapshotAuctions } from './lot-state.ts';
import {
  historyColumns,
  NO_HISTORY,
  readRecentHistory,
  recentCut,
  recentHistory,
  type HistoryColumns,
  type HistoryRowOut,
  type RecentHistory,
} from './history.ts';
import { lotIdLookup, lotKeyLookup, type LotLookup } from './lot-lookup.ts';
import { insolationColumns, readInsolation, readLots, type InsolationColumns, type LotInput } from './snapshot-lots.ts';
import { emptyStrings, Interner, lotTable, type LotTable } from './lot-table.ts';
import { discardSavedLots, readSavedLotCount, readSavedLots, saveLots, SNAPSHOT_FILE_FORMAT, STRING_TABLES, type SavedLots } from './snapshot-file.ts';
import { inSameSnapshot } from '../../db/array-rows.ts';
import {
  buildings,
  catalogueState,
  commercialPremises,
  dataVersions,
  floors,
  type lotInsolation,
  lots,
  projectProgress,
  projects,
  sections,
  seoFilters,
} from '../../db/schema/index.ts';

/**
 * The whole catalogue in memory, read from the database in one go: the tree of projects, buildings,
 * sections and floors as linked nodes, and the lots as columns (typed arrays), which is what makes the
 * filter index small and fast. Strings that repeat (shapes, layouts, views) are stored once.
 */
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectNode = ProjectRow & { idx: number; buildings: BuildingNode[]; progress: (typeof projectProgress.$inferSelect)[] };
export type BuildingNode = typeof buildings.$inferSelect & { idx: number; project: ProjectNode; sections: SectionNode[] };
export type SectionNode = typeof sections.$inferSelect & { idx: number; building: BuildingNode; floors: FloorNode[] };
export type FloorNode = typeof floors.$inferSelect & { idx: number; section: SectionNode; lots: number[] };
export type CommercialRow = typeof commercialPremises.$inferSelect;
export type SeoFilterRow = typeof seoFilters.$inferSelect;

export { Interner, type LotTable };

export type Snapshot = {
  version: number;
  projects: ProjectNode[];
  buildings: BuildingNode[];
  sections: SectionNode[];
  floors: FloorNode[];
  projectById: Map<number, ProjectNode>;
  projectBySlug: Map<string, ProjectNode>;
  buildingById: Map<number, BuildingNode>;
  sectionById: Map<number, SectionNode>;
  floorById: Map<number, FloorNode>;
  lots: LotTable;
  /** A lot's index by its id (a Map's `get`; lot-lookup.ts). */
  lotById: LotLookup<number>;
  /** A lot's index by `lotKey(projectId, type, number)` (a Map's `get`; lot-lookup.ts). */
  lotByKey: LotLookup<string>;
  commercial: CommercialRow[];
  seoFilters: SeoFilterRow[];
  /** The lots' recent price and status rows (history.ts): what their drops and "booked today" are computed from. */
  history: RecentHistory;
  /** The auctions the lots' states follow, read with the lots (lot-state.ts). */
  auctions: SnapshotAuctions;
  /** Where the lots' columns came from: the database's rows, or the file an earlier load of the same catalogue made (snapshot-file.ts). */
  lotsFrom: 'database' | 'file';
};

export const lotKey = (projectId: number, type: string, number: string) => `${projectId}:${type}:${number}`;

export async function readCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: catalogueState.version }).from(catalogueState);
  return row?.version ?? 0;
}

/** Lots read per query when loading: a million lots in one result would hold a million row objects at once. */
export const LOT_CHUNK = 50_000;

/** Where the lots' columns are kept between loads (snapshot-file.ts), and where a failure to use the file is said. */
export type SnapshotFileOptions = { dir?: string | undefined; log?: { warn: (obj: object, msg: string) => void } | undefined };

export async function loadSnapshot(db: Db, file: SnapshotFileOptions = {}): Promise<Snapshot> {
  let key: string | null = null;
  // Read in one transaction (repeatable read on PostgreSQL) so an import landing meanwhile is seen whole or not at all
  // (and the reads on a second connection share its snapshot: `inSameSnapshot`).
  const snap = await db.transaction(
    async (tx) => {
      // The reads below are a few long queries (a million lots): compiling them (JIT) costs more than it saves, and
      // their sorts would spill to disk at the default working memory.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      const version = await readCatalogueVersion(tx);
      // The lots' columns as a load of this very catalogue left them in a file, when there is one (snapshot-file.ts).
      key = file.dir ? await savedLotsKey(tx, version) : null;
      const savedCount = file.dir && key ? savedLotCount(file.dir, key, file.log) : null;
      const now = new Date();
      // Read meanwhile on a second connection in this transaction's snapshot where there is one (PostgreSQL): the
      // lots' recent history (PostgreSQL's million look-ups run while the tree and the lots are built here) and, when
      // the lots are read from the database, their sun too (read here after the lots when they come from the file).
      const besides = await inSameSnapshot(db, tx, async (reader) => ({
        history: await readRecentHistory(reader, recentCut(now.getTime()), savedCount ?? 0),
        sun: savedCount === null ? await readInsolation(reader) : null,
      }));
      const projectRows = await tx.select().from(projects).orderBy(asc(projects.position), asc(projects.id));
      const buildingRows = await tx.select().from(buildings).orderBy(asc(buildings.projectId), asc(buildings.number));
      const sectionRows = await tx.select().from(sections).orderBy(asc(sections.buildingId), asc(sections.number));
      const floorRows = await tx.select().from(floors).orderBy(asc(floors.sectionId), asc(floors.number));
      const commercialRows = await tx.select().from(commercialPremises);
      const progressRows = await tx.select().from(projectProgress).orderBy(asc(projectProgress.projectId), asc(projectProgress.month));
      const seoRows = await tx.select().from(seoFilters).orderBy(asc(seoFilters.position), asc(seoFilters.id));
      const builder = snapshotBuilder({ version, projectRows, buildingRows, sectionRows, floorRows, commercialRows, progressRows, seoRows });
      const saved = file.dir && key && savedCount !== null ? savedLots(file.dir, key, builder, file.log) : null;
      if (!saved) {
        const perProject = await tx
          .select({ projectId: lots.projectId, n: sql<number>`count(*)::int` })
          .from(lots)
          .groupBy(lots.projectId)
          .orderBy(asc(lots.projectId));
        builder.expect(perProject.reduce((sum, p) => sum + Number(p.n), 0));
        // Along the index in the lots' order (lots_load_order_idx), not sorted: the planner prices a sort of a chunk
        // below the index's reads, but a sort sends nothing until it is done, and this process would wait for each
        // chunk's (half of a million lots' read); along the index the rows come while the earlier ones are built.
        await tx.execute(sql`set local enable_sort = off`);
        // The lots in chunks of whole projects (their order starts with the project), each turned into columns before
        // the next is read: the rows of one chunk at a time are alive, not the whole catalogue's.
        for (let k = 0; k < perProject.length;) {
          const from = perProject[k]!.projectId;
          let size = 0;
          while (k < perProject.length && (size === 0 || size + Number(perProject[k]!.n) <= LOT_CHUNK)) size += Number(perProject[k++]!.n);
          await readLots(tx, from, perProject[k - 1]!.projectId, builder.add);
        }
        await tx.execute(sql`set local enable_sort = on`);
      }
      const lotCount = builder.lotCount();
      // The sun here while the history is still read beside (lots from the file), or as read beside (from the database).
      const sunHere = savedCount !== null ? await readInsolation(tx, lotCount) : null;
      const { history, sun } = await besides();
      builder.sun(sunHere ?? sun ?? (await readInsolation(tx, lotCount)));
      // The lots' auctions and reservations in the same reading: a lot and its auction or reservation are never seen
      // from two moments.
      return builder.finish(
        history,
        { rows: await readLotAuctions(tx, now), reservations: await readLotReservations(tx, now), now: now.getTime() },
        saved ? 'file' : 'database',
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Kept for the next load of the same catalogue, once this one is done (its connections are back in the pool) and
  // without holding the event loop; the lots' stored states, before their auctions and reservations decided them.
  if (file.dir && key && snap.lotsFrom === 'database') {
    const log = file.log;
    void saveLots(file.dir, key, snap.lots, snap.auctions.stored, (error) =>
      log?.warn({ err: error, dir: file.dir }, "the lots' columns could not be kept in a file: the next load reads the database"),
    );
  }
  return snap;
}

/**
 * The key of the lots' columns file: the code and schema that make them, the database's name and the catalogue's data
 * stamp, read in the loading transaction (`data_versions`' version and time for the kind `catalogue`, bumped by every
 * write to its tables). Null when either is unknown: no file is used or made.
 */
async function savedLotsKey(tx: Executor, version: number): Promise<string | null> {
  if (!SNAPSHOT_FILE_FORMAT) return null;
  const [row] = await tx.select().from(dataVersions).where(eq(dataVersions.kind, 'catalogue'));
  const result = await tx.execute(sql`select current_database() as name`);
  const name = String((Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows)[0]?.name ?? '');
  return row ? `${SNAPSHOT_FILE_FORMAT}|database ${name}|catalogue ${row.version}@${row.updatedAt.toISOString()}|state ${version}` : null;
}

/** How many lots the file saved for `key` holds, from its header alone; null when there is none (or it cannot be read, said). */
function savedLotCount(dir: string, key: string, log: SnapshotFileOptions['log']): number | null {
  try {
    return readSavedLotCount(dir, key);
  } catch (error) {
    log?.warn({ err: error, dir }, "the lots' columns file could not be used: the lots are read from the database");
    discard(dir, key, log);
    return null;
  }
}

/** The saved columns adopted by `builder`, or null (none saved for `key`; or a file that could not be used, said). */
function savedLots(dir: string, key: string, builder: ReturnType<typeof snapshotBuilder>, log: SnapshotFileOptions['log']): SavedLots | null {
  try {
    const saved = readSavedLots(dir, key, lotTable(0, emptyStrings()));
    if (saved) builder.adopt(saved);
    return saved;
  } catch (error) {
    log?.warn({ err: error, dir }, "the lots' columns file could not be used: the lots are read from the database");
    discard(dir, key, log);
    return null;
  }
}

/** A file that could not be used is removed, so this load's save writes it again. */
function discard(dir: string, key: string, log: SnapshotFileOptions['log']): void {
  try {
    discardSavedLots(dir, key);
  } catch (error) {
    log?.warn({ err: error, dir }, "the lots' columns file that could not be used could not be removed either");
  }
}

/** What decides the lots' states besides their rows, read with them: their auctions and reservations, at `now` (ms). */
type LotStateRows = { rows: LotAuctionRow[]; reservations?: LotReservationRow[]; now: number };

type SnapshotRows = {
  version: number;
  projectRows: ProjectRow[];
  buildingRows: (typeof buildings.$inferSelect)[];
  sectionRows: (typeof sections.$inferSelect)[];
  floorRows: (typeof floors.$inferSelect)[];
  lotRows: (typeof lots.$inferSelect)[];
  commercialRows: CommercialRow[];
  progressRows: (typeof projectProgress.$inferSelect)[];
  seoRows: SeoFilterRow[];
  /** The lots' computed sun and views (lot_insolation); none in the tests that build a snapshot without them. */
  insolationRows?: InsolationRow[];
  /** The recent history rows (history.ts): as objects in the tests, as columns when read; none in the tests that build a snapshot without a database. */
  historyRows?: HistoryRowOut[] | HistoryColumns;
  /** The lots' auctions (auctions' `readLotAuctions`), reservations (`readLotReservations`) and the moment they were read; none in the tests without a database. */
  auctions?: LotStateRows;
};

export function buildSnapshot(rows: SnapshotRows): Snapshot {
  const builder = snapshotBuilder(rows);
  builder.expect(rows.lotRows.length);
  builder.add(rows.lotRows);
  if (rows.insolationRows) builder.sun(rows.insolationRows);
  return builder.finish(rows.historyRows, rows.auctions);
}

export type { LotInput };
export type InsolationRow = Pick<typeof lotInsolation.$inferSelect, 'lotId' | 'marchMinutes' | 'juneMinutes' | 'decemberMinutes' | 'normMet' | 'views'>;

/**
 * The snapshot built as the lots arrive: `expect` the number of lots (at most), `add` them in chunks in their order,
 * then `finish`. Lots whose floor the snapshot does not hold are left out.
 */
export function snapshotBuilder(rows: Omit<SnapshotRows, 'lotRows' | 'historyRows' | 'auctions' | 'insolationRows'>) {
  const projectNodes: ProjectNode[] = rows.projectRows.map((p, idx) => ({ ...p, idx, buildings: [], progress: [] }));
  const projectById = new Map(projectNodes.map((p) => [p.id, p]));
  for (const row of rows.progressRows) projectById.get(row.projectId)?.progress.push(row);

  const buildingNodes: BuildingNode[] = [];
  for (const row of rows.buildingRows) {
    const project = projectById.get(row.projectId);
    if (!project) continue;
    const node: BuildingNode = { ...row, idx: buildingNodes.length, project, sections: [] };
    project.buildings.push(node);
    buildingNodes.push(node);
  }
  const buildingById = new Map(buildingNodes.map((b) => [b.id, b]));
  const sectionNodes: SectionNode[] = [];
  for (const row of rows.sectionRows) {
    const building = buildingById.get(row.buildingId);
    if (!building) continue;
    const node: SectionNode = { ...row, idx: sectionNodes.length, building, floors: [] };
    building.sections.push(node);
    sectionNodes.push(node);
  }
  const sectionById = new Map(sectionNodes.map((s) => [s.id, s]));
  const floorNodes: FloorNode[] = [];
  for (const row of rows.floorRows) {
    const section = sectionById.get(row.sectionId);
    if (!section) continue;
    const node: FloorNode = { ...row, idx: floorNodes.length, section, lots: [] };
    section.floors.push(node);
    floorNodes.push(node);
  }
  const floorById = new Map(floorNodes.map((f) => [f.id, f]));

  const strings = emptyStrings();
  let table = lotTable(0, strings);
  let n = 0;
  // Built from the id column once the lots are in (and again if more are added or the table shrinks).
  let byId: LotLookup<number> | null = null;
  const lotById = () => (byId ??= lotIdLookup(table.id, n));
  // Lot numbers repeat (every building has a lot 1): each distinct one is kept once.
  const numbers = new Map<string, string>();
  const nullable = (v: number | null) => (v === null ? Number.NaN : v);
  // A list's code by the list itself: the read shares one array among the lots with the same list (snapshot-lots.ts).
  const listCodes = new Map<readonly string[], number>();
  const listCode = (list: readonly string[]) => {
    let code = listCodes.get(list);
    if (code === undefined) listCodes.set(list, (code = strings.lists.add(list.join(','))));
    return code;
  };
  return {
    /** Room for `count` lots (the columns are allocated once). */
    expect(count: number): void {
      table = lotTable(count, strings);
    },
    /** Lots in the index's order; what is kept is copied (the read fills the same objects again for its next batch). */
    add(lotRows: readonly LotInput[]): void {
      byId = null;
      // Lots come floor by floor: the floor is looked up when it changes.
      let floorId = Number.NaN;
      let floor: FloorNode | undefined;
      for (const l of lotRows) {
        if (l.floorId !== floorId) floor = floorById.get((floorId = l.floorId));
        if (!floor) continue;
        const i = n;
        n += 1;
        const section = floor.section;
        const building = section.building;
        table.id[i] = l.id;
        table.project[i] = building.project.idx;
        table.building[i] = building.idx;
        table.section[i] = section.idx;
        table.floorNode[i] = floor.idx;
        table.type[i] = LOT_TYPES.indexOf(l.type);
        table.status[i] = LOT_STATUSES.indexOf(l.status);
        table.rooms[i] = l.rooms ?? -1;
        table.euro[i] = l.euro ? 1 : 0;
        table.area[i] = l.area;
        table.livingArea[i] = nullable(l.livingArea);
        table.kitchenArea[i] = nullable(l.kitchenArea);
        table.price[i] = l.price;
        table.pricePerM2[i] = l.pricePerM2;
        table.oldPrice[i] = nullable(l.oldPrice);
        table.ceiling[i] = l.ceiling;
        table.floor[i] = floor.number;
        table.position[i] = l.position;
        table.finish[i] = Math.max(0, FINISHES.indexOf(l.finish));
        table.view[i] = strings.view.add(l.view ?? '');
        table.completion[i] = strings.completion.add(l.completion ?? '');
        table.layout[i] = strings.layout.add(l.layout);
        table.shape[i] = strings.shape.add(l.shape);
        table.windows[i] = listCode(l.windows);
        table.features[i] = listCode(l.features);
        let number = numbers.get(l.number);
        if (number === undefined) numbers.set(l.number, (number = l.number));
        table.number[i] = number;
        table.commercial[i] = -1;
        table.auction[i] = -1;
        table.sunMarch[i] = -1;
        table.sunJune[i] = -1;
        table.sunDecember[i] = -1;
        table.sunNormMet[i] = 0;
        table.windowViews[i] = strings.lists.add('');
        floor.lots.push(i);
      }
    },
    /** How many lots were added (or adopted) so far. */
    lotCount: () => n,
    /**
     * The lots' columns as an earlier read of the same catalogue made them (snapshot-file.ts), instead of `expect` and
     * `add`: the same table, floors' lots and string codes as adding those rows would make. Everything is checked
     * against this snapshot's tree and enums before anything is changed: on a throw the builder is as it was, and the
     * caller reads the database instead.
     */
    adopt(saved: SavedLots): void {
      if (n > 0) throw new Error('adopt: lots were added already');
      const c = saved.columns;
      const within = (name: string, column: ArrayLike<number>, limit: number, least = 0) => {
        for (let i = 0; i < saved.n; i += 1) {
          const v = column[i]!;
          if (!(v >= least && v < limit)) throw new Error(`adopt: lot ${i}'s ${name} ${v} is out of range`);
        }
      };
      within('floor', c.floorNode, floorNodes.length);
      within('section', c.section, sectionNodes.length);
      within('building', c.building, buildingNodes.length);
      within('project', c.project, projectNodes.length);
      within('type', c.type, LOT_TYPES.length);
      within('status', c.status, LOT_STATUSES.length);
      within('finish', c.finish, FINISHES.length);
      within('id', c.id, 2 ** 31, 1);
      for (const [name, table] of [
        ['view', 'view'],
        ['completion', 'completion'],
        ['layout', 'layout'],
        ['shape', 'shape'],
        ['windows', 'lists'],
        ['features', 'lists'],
      ] as const)
        within(name, c[name], saved.strings[table].length);
      for (const name of STRING_TABLES) {
        if (strings[name].values.length > 0) throw new Error(`adopt: the ${name} strings were added to already`);
        if (new Set(saved.strings[name]).size !== saved.strings[name].length) throw new Error(`adopt: the saved ${name} strings repeat`);
      }
      // Checked: from here nothing throws.
      for (const name of STRING_TABLES) for (const value of saved.strings[name]) strings[name].add(value);
      const none = strings.lists.add('');
      const size = saved.n;
      table = {
        ...c,
        size,
        number: saved.number,
        commercial: new Int32Array(size).fill(-1),
        auction: new Int32Array(size).fill(-1),
        sunMarch: new Int16Array(size).fill(-1),
        sunJune: new Int16Array(size).fill(-1),
        sunDecember: new Int16Array(size).fill(-1),
        sunNormMet: new Uint8Array(size),
        windowViews: new Uint32Array(size).fill(none),
        strings,
      };
      for (let i = 0; i < size; i += 1) floorNodes[c.floorNode[i]!]!.lots.push(i);
      n = size;
      byId = null;
    },
    /** The lots' sun and views (lot_insolation), after their lots were added; rows of lots not held are left out. */
    sun(insolation: readonly InsolationRow[] | InsolationColumns): void {
      const c = 'size' in insolation ? insolation : insolationColumns(insolation);
      const lookup = lotById();
      for (let k = 0; k < c.size; k += 1) {
        const i = lookup.get(c.lotId[k]!);
        if (i === undefined) continue;
        table.sunMarch[i] = c.march[k]!;
        table.sunJune[i] = c.june[k]!;
        table.sunDecember[i] = c.december[k]!;
        table.sunNormMet[i] = c.normMet[k]!;
        table.windowViews[i] = strings.lists.add(c.views[k]!);
      }
    },
    /**
     * The snapshot, with the recent history rows (history.ts) and the lots' auctions, which decide the states of their
     * lots (lot-state.ts); none of either in the tests without a database.
     */
    finish(historyRows?: HistoryRowOut[] | HistoryColumns, lotAuctions?: LotStateRows, lotsFrom: Snapshot['lotsFrom'] = 'database'): Snapshot {
      if (n < table.size) table = shrunk(table, n);
      for (const floor of floorNodes) floor.lots.sort((a, b) => table.position[a]! - table.position[b]!);
      byId = null;
      rows.commercialRows.forEach((c, k) => {
        const i = lotById().get(c.lotId);
        if (i !== undefined) table.commercial[i] = k;
      });
      const auctions = applyAuctions(table, lotById(), lotAuctions?.rows ?? [], lotAuctions?.now ?? Date.now(), undefined, lotAuctions?.reservations ?? []);
      return {
        version: rows.version,
        projects: projectNodes,
        buildings: buildingNodes,
        sections: sectionNodes,
        floors: floorNodes,
        projectById,
        projectBySlug: new Map(projectNodes.map((p) => [p.shortSlug, p])),
        buildingById,
        sectionById,
        floorById,
        lots: table,
        lotById: lotById(),
        lotByKey: lotKeyLookup(
          table,
          n,
          (id) => projectById.get(id)?.idx,
          (type) => LOT_TYPES.indexOf(type as LotType),
        ),
        commercial: rows.commercialRows,
        seoFilters: rows.seoRows,
        history: historyRows ? recentHistory(Array.isArray(historyRows) ? historyColumns(historyRows) : historyRows, lotById(), n) : NO_HISTORY,
        auctions,
        lotsFrom,
      };
    },
  };
}

/** The first `n` lots of `t` (lots left out for want of their floor leave room at the end). */
function shrunk(t: LotTable, n: number): LotTable {
  const out = lotTable(0, t.strings);
  for (const key of Object.keys(out) as (keyof LotTable)[]) {
    const column = t[key];
    if (ArrayBuffer.isView(column) || Array.isArray(column)) (out as Record<string, unknown>)[key] = column.slice(0, n);
  }
  out.size = n;
  return out;
}

export const listOf = (table: LotTable, code: number): string[] => {
  const joined = table.strings.lists.values[code] ?? '';
  return joined ? joined.split(',') : [];
};

/** A lot's sun (lot_insolation): minutes of direct sun on 21 March, 22 June and 22 December and the norm; null without a computed row. */
export function lotSun(table: LotTable, i: number): LotSun | null {
  const march = table.sunMarch[i]!;
  if (march < 0) return null;
  return { march, june: table.sunJune[i]!, december: table.sunDecember[i]!, normMet: table.sunNormMet[i] === 1 };
}

/** A lot's view tags per window side (lot_insolation.views). */
export function lotViews(table: LotTable, i: number): WindowViews {
  const out: WindowViews = {};
  for (const pair of listOf(table, table.windowViews[i]!)) {
    const [side = '', tag = ''] = pair.split(':');
    if (isWindowSide(side) && isViewTag(tag)) (out[side] ??= []).push(tag);
  }
  return out;
}

/** A lot's view tags, all its windows together, each once: what the filter's view facet counts. */
export function lotViewTags(table: LotTable, i: number): ViewTag[] {
  return [...new Set(Object.values(lotViews(table, i)).flat())];
}
