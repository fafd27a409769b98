/**
 * What the sun-and-view passport's computation (issue #41, core/insolation) costs for the demo catalogue, in process
 * and without a database: CPU time (process.cpuUsage, the process's own, so the machine's other work weighs less than
 * in wall time) of `computeProjectInsolation` over the demo's projects, run after run.
 *
 *   node scripts/bench/insolation.ts            (3 runs)
 *   BENCH_INSOLATION_RUNS=10 node scripts/bench/insolation.ts
 */
import { generateCatalogue } from '../../server/modules/catalogue/ingest/generate.ts';
import { insolationInputs } from '../../server/modules/insolation/index.ts';
import { computeProjectInsolation } from '../../core/insolation/compute.ts';

const runs = Number(process.env.BENCH_INSOLATION_RUNS ?? 3);
const data = generateCatalogue();
const inputs = insolationInputs({
  projects: data.projects.map((p) => ({ genplanScale: 0.2, genplanNorth: 0, ...p })),
  buildings: data.buildings,
  sections: data.sections,
  lots: data.lots.map((l) => ({
    id: l.id,
    projectId: l.projectId,
    buildingId: l.buildingId,
    sectionId: l.sectionId,
    floor: l.floor,
    position: l.position ?? 0,
    type: l.type,
    rooms: l.rooms ?? null,
    windows: l.windows,
    view: l.view ?? null,
  })),
  neighbours: [],
  views: [],
});
const times: number[] = [];
let lots = 0;
for (let i = 0; i < runs; i++) {
  const before = process.cpuUsage();
  lots = inputs.flatMap((project) => computeProjectInsolation(project)).length;
  const used = process.cpuUsage(before);
  times.push((used.user + used.system) / 1000);
}
console.log(`${lots} lots computed; CPU ms per run: ${times.map((t) => t.toFixed(0)).join(', ')}`);
