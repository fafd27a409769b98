/**
 * `npm run catalogue:generate [-- --lots 100000]`: replaces the catalogue with the demo developer's (about
 * 3,300 lots) or, with --lots, with as many copies of its projects as make that many lots (for benchmarks),
 * and draws the catalogue pictures into the media directory. Deterministic: the same size, the same data.
 * With the embedded database the server must be stopped (one process per data directory).
 */
import { parseArgs } from 'node:util';
import { copiesForLots, generateCatalogue } from '../server/modules/catalogue/ingest/generate.ts';
import { catalogueMediaDir, ensureCatalogueMedia } from '../server/modules/catalogue/ingest/media.ts';
import { writeCatalogue } from '../server/modules/catalogue/ingest/write.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';

const { values } = parseArgs({ options: { lots: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.info('Usage: npm run catalogue:generate [-- --lots N]');
  process.exit(0);
}
const target = values.lots === undefined ? undefined : Number(values.lots.replace(/[_,]/g, ''));
if (target !== undefined && !(Number.isInteger(target) && target > 0 && target <= 2_000_000)) {
  console.error('--lots must be a whole number from 1 to 2,000,000');
  process.exit(1);
}

const config = loadConfig();
const started = performance.now();
const data = generateCatalogue({ copies: target === undefined ? 1 : copiesForLots(target) });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  // The demo gets its believable price history; a benchmark catalogue only its first rows.
  await writeCatalogue(database, data, target === undefined ? { demoHistoryUntil: Date.now() } : {});
} finally {
  await database.close();
}
const drawn = await ensureCatalogueMedia(catalogueMediaDir(config));
console.info(
  `Catalogue written: ${data.projects.length} projects, ${data.buildings.length} buildings, ${data.floors.length} floors, ${data.lots.length} lots ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s); ${drawn} pictures drawn.`,
);
