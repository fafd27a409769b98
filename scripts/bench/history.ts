/**
 * What recording the lots' price and status history (ADR 019) costs an import: a feed that changes the price of
 * every lot of a 100,000-lot catalogue, imported with the history on and off, alternately (so the machine's other
 * work falls on both), and the overhead of the median runs. Each run changes every lot (prices go up 1 % and back),
 * so every run with history records a row per lot: the worst case of a daily feed.
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
import { migrate, openDatabase, type Database } from '../../server/db/client.ts';

const LOTS = Number(process.env.BENCH_HISTORY_LOTS ?? 100_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 3);

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
    // Up 1 % and back: every run changes every lot's price (and clears crossed-out prices, which the rises would pass).
    const feed = (up: boolean) => JSON.stringify(base.map((l) => ({ id: l.id, price: up ? Math.round(l.price * 1.01) : l.price, old_price: '' })));
    let up = true;
    const run = async (recordHistory: boolean) => {
      const content = feed(up);
      up = !up;
      const started = performance.now();
      const report = await importFeed(database, content, { recordHistory });
      const ms = performance.now() - started;
      if (report.rejected.length || report.changed !== base.length)
        throw new Error(`unexpected import: ${report.changed} changed, ${report.rejected.length} rejected`);
      return { ms, rows: report.historyRows };
    };
    await run(true); // warm-up: caches, JIT, the history's first change
    const withHistory: number[] = [];
    const without: number[] = [];
    let rows = 0;
    for (let k = 0; k < RUNS; k += 1) {
      const a = await run(true);
      withHistory.push(a.ms);
      rows = a.rows;
      without.push((await run(false)).ms);
    }
    const w = median(withHistory);
    const o = median(without);
    console.info(
      `${name}, ${base.length} lots, every price changed: import without history ${(o / 1000).toFixed(2)} s, with history ${(w / 1000).toFixed(2)} s ` +
        `(${rows} rows recorded), overhead ${(((w - o) / o) * 100).toFixed(1)} % (medians of ${RUNS}; runs: with ${withHistory.map((v) => (v / 1000).toFixed(2)).join(', ')}; without ${without.map((v) => (v / 1000).toFixed(2)).join(', ')})`,
    );
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
