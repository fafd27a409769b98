import { generateCatalogue } from './ingest/generate.ts';
import { buildSnapshot, type InsolationRow, type Snapshot } from './snapshot.ts';

/**
 * Tests: the demo generator's rows as the database would return them, as a snapshot (no database); with `insolation`,
 * the lots' sun and view rows it gives for the generated lots.
 */
export function demoSnapshot(copies = 1, insolation?: (lots: readonly { id: number; windows: readonly string[] }[]) => InsolationRow[]): Snapshot {
  const d = generateCatalogue({ copies });
  const now = new Date(0);
  return buildSnapshot({
    version: 1,
    projectRows: d.projects.map((p) => ({ shared: false, position: 0, completion: null, ...p, updatedAt: now })) as never,
    buildingRows: d.buildings.map((b) => ({ undergroundFloors: 0, completion: null, ...b })) as never,
    sectionRows: d.sections as never,
    floorRows: d.floors as never,
    lotRows: d.lots.map((l) => ({
      euro: false,
      rooms: null,
      livingArea: null,
      kitchenArea: null,
      oldPrice: null,
      view: null,
      completion: null,
      ...l,
      updatedAt: now,
    })) as never,
    commercialRows: d.commercial as never,
    progressRows: d.progress.map((p, id) => ({ id, ...p })) as never,
    seoRows: [],
    ...(insolation ? { insolationRows: insolation(d.lots) } : {}),
  });
}
