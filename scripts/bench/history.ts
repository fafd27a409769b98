/**
 * What recording the lots' price and status history (ADR 019) costs an import: a feed naming every lot of a
 * 100,000-lot catalogue, imported with the history on and off, alternately (so the machine's other work falls on
 * both), in two scenarios: every price changed (the worst case: a row per lot) and 5 % changed (a daily feed); the
 * overhead of the fastest and the median runs, and the steadier figure: the import's write step (its update
 * statements, which record the history in the same statements) with and without the history, the difference as a
 * share of the whole import without history.
 *
 *   npm run bench -- history
 *   BENCH_HISTORY_LOTS=30000 BENCH_HISTORY_RUNS=5 node scripts/bench/history.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …   (also on PostgreSQL: a scratch database next to it)
 *   BENCH_HISTORY_SKIP_PGLITE=1 BENCH_DATABASE_URL=…              (PostgreSQL alone)
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { copiesForLots, generateCatalogue } from '../../server/modules/catalogue/ingest/generate.ts';
import { importFeed } from '../../server/modules/catalogue/ingest/import.ts';
import { writeCatalogue } from '../../server/modules/catalogue/ingest/write.ts';
import { migrate, type Database } from '../../server/db/client.ts';
import { throwawayDatabase } from '../../tests/support/throwaway-db.ts';
import { median } from './stats.ts';

const LOTS = Number(process.env.BENCH_HISTORY_LOTS ?? 100_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 5);

type Opened = { name: string; database: Database; dispose: () => Promise<void> };

/**
 * CPU milliseconds spent so far by this process and by the server processes of the database's connections (PGlite
 * runs in this process; PostgreSQL's backends on this machine, read from /proc). The machine's cores are shared with
 * other work, which makes wall-clock times swing by tens of percent between runs of the same code; the CPU a
 * change costs does not (the WAL's fsync at commit, one per import, is the part it leaves out).
 */
async function cpuMs(database: Database): Promise<Map<string, number>> {
  const { user, system } = process.cpuUsage();
  const used = new Map([['self', (user + system) / 1000]]);
  if (database.engine !== 'postgres') return used;
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  for (const { pid } of (Array.isArray(result) ? result : (result as { rows: { pid: number }[] }).rows) as { pid: number }[]) {
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    used.set(String(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  }
  return used;
}

/** CPU used between two readings: a backend that started in between counts whole. */
function cpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [key, value] of after) total += value - (before.get(key) ?? 0);
  return total;
}

/** A scratch database of its own: the embedded one, or one next to BENCH_DATABASE_URL's (`adminUrl`). */
async function openScratch(engine: 'pglite' | 'postgres', adminUrl?: string): Promise<Opened> {
  const made = await throwawayDatabase(engine, { label: 'bench-history', ...(adminUrl ? { adminUrl } : {}) });
  const database = await made.open({ maxConnections: 2 });
  return { name: engine === 'pglite' ? 'PGlite' : 'PostgreSQL', database, dispose: async () => (await database.close(), await made.dispose()) };
}

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
      let changed = 0;
      const rows = base.map((l, j) => {
        if (j % every === round % every) {
          prices[j] = Math.round(l.price * factor);
          changed += 1;
        }
        return { id: l.id, price: prices[j], old_price: '' };
      });
      const content = JSON.stringify(rows);
      const cpuBefore = await cpuMs(database);
      const started = performance.now();
      const report = await importFeed(database, content, { recordHistory });
      const ms = performance.now() - started;
      const cpu = cpuBetween(cpuBefore, await cpuMs(database));
      if (report.rejected.length) throw new Error(`unexpected import: ${report.rejected.length} rejected`);
      // Every changed price is a history row (none lost), and only those.
      if (recordHistory && report.historyRows !== changed) throw new Error(`the import recorded ${report.historyRows} history rows, not ${changed}`);
      return { ms, cpu, writeMs: report.writeMs, rows: report.historyRows };
    };
    const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
    const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
    // The first import clears every crossed-out price (and warms caches): the scenarios then change only prices.
    await run(true, 1, 0);
    for (const share of [1, 0.05]) {
      await run(true, share, 0); // warm-up of the scenario
      const withHistory: number[] = [];
      const without: number[] = [];
      const writeWith: number[] = [];
      const writeWithout: number[] = [];
      const cpuWith: number[] = [];
      const cpuWithout: number[] = [];
      let rows = 0;
      for (let k = 1; k <= RUNS; k += 1) {
        // Which of the pair goes first alternates too: neither gets the warmer caches every time. (An import without
        // history leaves the history behind the lots: the next one's previous values are then the lots', which costs
        // the same; only this measurement does that.)
        const first = k % 2 === 0;
        const a = first ? await run(true, share, k) : null;
        const b = await run(false, share, k + RUNS);
        const c = a ?? (await run(true, share, k));
        withHistory.push(c.ms);
        writeWith.push(c.writeMs);
        cpuWith.push(c.cpu);
        rows = c.rows;
        without.push(b.ms);
        writeWithout.push(b.writeMs);
        cpuWithout.push(b.cpu);
      }
      const historyMs = median(writeWith) - median(writeWithout);
      console.info(
        `${name}, ${base.length} lots in the feed, ${share === 1 ? 'every price changed' : `${share * 100} % of the prices changed`} (${rows} history rows per import), ${RUNS} runs each:\n` +
          `  import without history: min ${s(Math.min(...without))}, median ${s(median(without))}\n` +
          `  import with history:    min ${s(Math.min(...withHistory))}, median ${s(median(withHistory))}\n` +
          `  overhead: ${pct(Math.min(...withHistory), Math.min(...without))} (minima), ${pct(median(withHistory), median(without))} (medians)\n` +
          `  CPU time of an import (this process${name === 'PGlite' ? ', the database in it' : ' and the database server'}): median ${s(median(cpuWithout))} without history, ` +
          `${s(median(cpuWith))} with: ${pct(median(cpuWith), median(cpuWithout))}\n` +
          `  the write step (updates, with their history rows or not): median ${s(median(writeWith))} with, ${s(median(writeWithout))} without: ` +
          `the history adds ${s(historyMs)} = ${((historyMs / median(without)) * 100).toFixed(1)} % of the median import without history`,
      );
    }
  } finally {
    await dispose();
  }
}

export async function run(): Promise<void> {
  // BENCH_HISTORY_SKIP_PGLITE=1 measures PostgreSQL alone (the production database; PGlite takes ~10 minutes).
  if (!process.env.BENCH_HISTORY_SKIP_PGLITE) await measure(() => openScratch('pglite'));
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await measure(() => openScratch('postgres', url));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
