/**
 * One load of the catalogue as a restarted server makes it (scripts/bench/catalogue.ts runs it in a process of its
 * own, so the bench's own catalogue is not in its memory): the services over `BENCH_RESTART_URL` with the lots'
 * columns file in `BENCH_RESTART_DIR`, `catalogue.init()` timed; prints one JSON line (wall and CPU ms, RSS MB, where
 * the lots came from).
 */
import { openDatabase } from '../../server/db/client.ts';
import { savedLotsWritten } from '../../server/modules/catalogue/snapshot-file.ts';
import { createServices } from '../../server/services.ts';

const url = process.env.BENCH_RESTART_URL;
const dir = process.env.BENCH_RESTART_DIR;
if (!url || !dir) throw new Error('BENCH_RESTART_URL and BENCH_RESTART_DIR are required');
const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
const database = await openDatabase({ url, dataDir: '', maxConnections: 4, log });
const services = createServices(database, log, {}, {}, { snapshotDir: dir });
const cpu = process.cpuUsage();
const started = performance.now();
await services.catalogue.init();
const loadMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const state = await services.catalogue.state();
// A load from the database keeps its lots' columns for the next (after the load, a part at a time): done before exit.
await savedLotsWritten();
console.info(
  JSON.stringify({
    loadMs,
    cpuMs: (used.user + used.system) / 1000,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    lotsFrom: state.snap.lotsFrom,
    lots: state.snap.lots.size,
  }),
);
process.exit(0);
