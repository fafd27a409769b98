import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { migrate, openDatabase, type Db } from '../../server/db/client.ts';

export type RowImportOptions = { format: 'json' | 'csv' | undefined; dryRun: boolean | undefined; prune: boolean | undefined };

/**
 * The command line of every row import (`offers:import`, `feeds:ids`, `auctions:import`): `FILE [--format json|csv]
 * [--dry-run] [--prune] [--json]`, the file's format from its extension unless given, the database migrated, the
 * report printed (as JSON with `--json`). Exit code 0: applied (or a clean dry run); 2: rows rejected, nothing
 * applied; 1: bad arguments or a file that cannot be read.
 */
export async function runRowImport<R extends { rejected: readonly unknown[] }>(spec: {
  command: string;
  /** Whether the import takes `--prune` (remove what the file does not list). */
  prune: boolean;
  run: (db: Db, content: string, options: RowImportOptions) => Promise<R>;
  format: (report: R) => string;
}): Promise<void> {
  const usage = `Usage: npm run ${spec.command} -- FILE [--format json|csv] [--dry-run]${spec.prune ? ' [--prune]' : ''} [--json]`;
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        ...(spec.prune ? { prune: { type: 'boolean' as const } } : {}),
      },
    });
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
  const lower = file.toLowerCase();
  const format = (values.format as 'json' | 'csv' | undefined) ?? (lower.endsWith('.csv') ? 'csv' : lower.endsWith('.json') ? 'json' : undefined);
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const prune = 'prune' in values ? Boolean(values.prune) : undefined;
    const report = await spec.run(database.db, content, { format, dryRun: values['dry-run'], prune });
    console.info(values.json ? JSON.stringify(report, null, 2) : spec.format(report));
    process.exitCode = report.rejected.length ? 2 : 0;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
