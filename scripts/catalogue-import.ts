/**
 * `npm run catalogue:import -- FILE [--format json|csv] [--dry-run] [--all-or-nothing]`: loads a CRM feed of
 * lot prices and statuses (see docs/guides/imports.md, "Catalogue import"). Valid rows are applied in one transaction;
 * rejected rows are listed with their reasons. Exit code 0: all rows valid; 2: some rows rejected; 1: the
 * feed could not be read. A running server on PostgreSQL picks the change up by itself; with the embedded
 * database stop the server first (one process per data directory).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatReport, importFeed } from '../server/modules/catalogue/ingest/import.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'all-or-nothing': { type: 'boolean' }, json: { type: 'boolean' } },
});
const file = positionals[0];
if (!file || (values.format && values.format !== 'json' && values.format !== 'csv')) {
  console.error('Usage: npm run catalogue:import -- FILE [--format json|csv] [--dry-run] [--all-or-nothing] [--json]');
  process.exit(1);
}

let content: string;
try {
  content = await readFile(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const format = values.format as 'json' | 'csv' | undefined;
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const report = await importFeed(database, content, {
    format: format ?? (file.toLowerCase().endsWith('.csv') ? 'csv' : file.toLowerCase().endsWith('.json') ? 'json' : undefined),
    dryRun: values['dry-run'],
    allOrNothing: values['all-or-nothing'],
  });
  console.info(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  process.exitCode = report.rejected.length ? 2 : 0;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
