/**
 * What recording the lots' price and status history (ADR 019) costs an import: a feed naming every lot of a
 * 100,000-lot catalogue, imported with the history on and off, alternately (so the machine's other work falls on
 * both), in two scenarios: every price changed (the worst case: a row per lot) and 5 % changed (a daily feed); the
 * overhead of the fastest and the median runs, and the history statement alone, timed on its own.
 *
 *   npm run bench -- history
 *   BENCH_HISTORY_LOTS=30000 BENCH_HISTORY_RUNS=5 node scripts/bench/history.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …   (also on PostgreSQL: a scratch database next to it)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { copiesForLots, generateCatalogue } from '../../server/catalogue-ingest/generate.ts';
import { importFeed } from '../../server/catalogue-ingest/import.ts';
import { writeCatalogue } from '../../server/catalogue-ingest/write.ts';
import { recordLotHistory } from '../../server/catalogue-ingest/history.ts';
import { migrate, openDatabase, type Database, type Db } from '../../server/db/client.ts';

const LOTS = Number(process.env.BENCH_HISTORY_LOTS ?? 100_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 5);

type Opened = { name: string; database: Database; dispose: () => Promise<void> };

async function openPglite(): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const database = await openDatabase({ dataDir: dir });
  return { name: 'PGlite', database, dispose: async () => (await database.close(), rmSync(dir, { recursive: true, force: true })) };
}

async function openPostgres(url: string): Promise<Opened> {
  const name = `bench_history_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), dataDir: '', maxConnections: 2 });
  return {
    name: 'PostgreSQL',
    database,
    dispose: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(open: () => Promise<Opened>): Promise<void> {
  const { name, database, dispose } = await open();
  try {
    await migrate(database);
    const data = generateCatalogue({ copies: copiesForLots(LOTS) });
    const base = data.lots.map((l) => ({ id: l.id, price: l.price }));
    await writeCatalogue(database, data);
    await database.db.execute(sql`analyze`);
    const prices = base.map((l) => l.price);
    let factor = 1;
    /**
     * One import of the whole feed (every lot named) where `share` of the lots get a new price (0.5 % above the run
     * before, so every run with history records a row per changed lot; crossed-out prices are cleared, the rises would
     * pass them). A daily CRM feed names every lot and changes a few.
     */
    const run = async (recordHistory: boolean, share: number, round: number) => {
      factor += 0.005;
      const every = Math.round(1 / share);
      const changedIds: number[] = [];
      const rows = base.map((l, j) => {
        if (j % every === round % every) {
          prices[j] = Math.round(l.price * factor);
          changedIds.push(l.id);
        }
        return { id: l.id, price: prices[j], old_price: '' };
      });
      const content = JSON.stringify(rows);
      const started = performance.now();
      const report = await importFeed(database, content, { recordHistory });
      const ms = performance.now() - started;
      if (report.rejected.length) throw new Error(`unexpected import: ${report.rejected.length} rejected`);
      return { ms, rows: report.historyRows, version: report.version!, changedIds };
    };
    /** The history statement alone, on the lots an import without history left changed (which brings the history up to date again). */
    const statementAlone = async (version: number, ids: number[]) => {
      const started = performance.now();
      const rows = await database.db.transaction(async (tx) => recordLotHistory(tx as unknown as Db, version, ids));
      if (rows !== ids.length) throw new Error(`the history statement recorded ${rows} rows, not ${ids.length}`);
      return performance.now() - started;
    };
    const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
    const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
    // The first import clears every crossed-out price (and warms caches): the scenarios then change only prices.
    await run(true, 1, 0);
    for (const share of [1, 0.05]) {
      await run(true, share, 0); // warm-up of the scenario
      const withHistory: number[] = [];
      const without: number[] = [];
      const statement: number[] = [];
      let rows = 0;
      for (let k = 1; k <= RUNS; k += 1) {
        const a = await run(true, share, k);
        withHistory.push(a.ms);
        rows = a.rows;
        const b = await run(false, share, k + RUNS);
        without.push(b.ms);
        statement.push(await statementAlone(b.version, b.changedIds));
      }
      console.info(
        `${name}, ${base.length} lots in the feed, ${share === 1 ? 'every price changed' : `${share * 100} % of the prices changed`} (${rows} history rows per import), ${RUNS} runs each:\n` +
          `  import without history: min ${s(Math.min(...without))}, median ${s(median(without))}\n` +
          `  import with history:    min ${s(Math.min(...withHistory))}, median ${s(median(withHistory))}\n` +
          `  overhead: ${pct(Math.min(...withHistory), Math.min(...without))} (minima), ${pct(median(withHistory), median(without))} (medians)\n` +
          `  the history statement alone: median ${s(median(statement))} = ${((median(statement) / median(without)) * 100).toFixed(1)} % of the median import without history`,
      );
    }
  } finally {
    await dispose();
  }
}

export async function run(): Promise<void> {
  await measure(openPglite);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await measure(() => openPostgres(url));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
