/**
 * `npm run auctions:import -- FILE [--format json|csv] [--dry-run] [--json]`: announces, moves, closes or cancels
 * auctions (see docs/api.md, "Auctions import") until a back office exists. Every row is checked (schema, the
 * catalogue's lots, the auctions already there); all are written in one transaction, or nothing when one is
 * rejected, each rejection naming its line (CSV) or row (JSON) and field. Exit code 0: applied (or a clean dry run);
 * 2: rows rejected, nothing applied; 1: the file could not be read. With the embedded database stop the server
 * first (one process per data directory).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatAuctionsReport, importAuctions } from '../server/auctions/import.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';

const usage = 'Usage: npm run auctions:import -- FILE [--format json|csv] [--dry-run] [--json]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { format: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
const { values, positionals } = parsed;
const file = positionals[0];
if (!file || (values.format && values.format !== 'json' && values.format !== 'csv')) {
  console.error(usage);
  process.exit(1);
}

let content: string;
try {
  content = await readFile(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const format =
  (values.format as 'json' | 'csv' | undefined) ?? (file.toLowerCase().endsWith('.csv') ? 'csv' : file.toLowerCase().endsWith('.json') ? 'json' : undefined);
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const report = await importAuctions(database.db, content, { format, dryRun: values['dry-run'] });
  console.info(values.json ? JSON.stringify(report, null, 2) : formatAuctionsReport(report));
  process.exitCode = report.rejected.length ? 2 : 0;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
