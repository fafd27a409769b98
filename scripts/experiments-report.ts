/**
 * `npm run experiments:report [-- --json] [--experiment KEY] [--weights KEY=W0,W1,…] [--control KEY=VARIATION]
 * [--slower 0.1]`: per experiment and variation, the visitors exposed, their leads after the first exposure,
 * the conversion with its 95 % Wilson interval, the sample-ratio-mismatch check (chi-square against the
 * weights, p < 0.001 flagged) and the p75 of the page-load vitals with the variations slower than control.
 * Reads ClickHouse when CLICKHOUSE_URL is set, else the database's tables; leads always from the database
 * (DATABASE_URL or the embedded one in DATA_DIR: stop the server first, it takes one process at a time).
 *
 * `--weights hero-cta=50,50` gives an experiment's configured split in variation order (0, 1, …) or as
 * `hero-cta=0:80,1:20`; without it, the split the flags table configures (ADR 015), else equal among the
 * variations seen.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { clickHouseClient } from '../server/modules/events/clickhouse.ts';
import { clickHouseReportSource, configuredSplits, databaseReportSource, experimentsReport, formatReport } from '../server/modules/events/report.ts';

/** `KEY=W0,W1` or `KEY=0:W0,1:W1` → { KEY: { '0': W0, '1': W1 } }. */
export function parseWeights(values: readonly string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq <= 0) throw new Error(`--weights ${value}: expected KEY=W0,W1,… or KEY=0:W0,1:W1`);
    const parts = value.slice(eq + 1).split(',');
    const weights: Record<string, number> = {};
    parts.forEach((part, i) => {
      const [name, w] = part.includes(':') ? part.split(':') : [String(i), part];
      const n = Number(w);
      if (!name || !Number.isFinite(n) || n < 0) throw new Error(`--weights ${value}: "${part}" is no weight`);
      weights[name] = n;
    });
    out[value.slice(0, eq)] = weights;
  }
  return out;
}

function parsePairs(values: readonly string[], flag: string): Record<string, string> {
  return Object.fromEntries(
    values.map((v) => {
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Error(`${flag} ${v}: expected KEY=VARIATION`);
      return [v.slice(0, eq), v.slice(eq + 1)];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      experiment: { type: 'string' },
      weights: { type: 'string', multiple: true, default: [] },
      control: { type: 'string', multiple: true, default: [] },
      slower: { type: 'string' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const client = config.CLICKHOUSE_URL
    ? clickHouseClient({
        url: config.CLICKHOUSE_URL,
        username: config.CLICKHOUSE_USER,
        password: config.CLICKHOUSE_PASSWORD,
        database: config.CLICKHOUSE_DATABASE,
      })
    : null;
  try {
    const slower = values.slower === undefined ? undefined : Number(values.slower);
    if (slower !== undefined && !(slower >= 0)) throw new Error('--slower must be a share, e.g. 0.1');
    // The flags table's splits and controls (ADR 015), unless the command line says otherwise.
    const configured = await configuredSplits(database.db);
    const report = await experimentsReport(client ? clickHouseReportSource(client) : databaseReportSource(database.db), database.db, {
      experiment: values.experiment,
      weights: { ...configured.weights, ...parseWeights(values.weights) },
      control: { ...configured.control, ...parsePairs(values.control, '--control') },
      slower: slower === undefined ? undefined : { relative: slower },
    });
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  } catch (error) {
    console.error(`experiments report failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client?.close();
    await database.close();
  }
}
