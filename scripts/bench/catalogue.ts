/**
 * The lot filter with facets: the in-memory index behind `/api/filter/?…&facets=true` against the same
 * answers computed with one SQL query per facet (plus count and page) on the same database, in one run, at
 * several catalogue sizes. Requests go over real HTTP (keep-alive, one at a time) and server time is
 * Fastify's own `reply.elapsedTime` (routing, hooks, validation, index, cards, JSON, write to the socket);
 * `app.inject` is not used because it leaks ~9 KB per call on this Node/Fastify pair, which turns into GC
 * pauses that a real server does not have. The SQL baseline is timed around its queries only (no cards,
 * no JSON), which favours it.
 *
 *   node scripts/bench/catalogue.ts                 (or: npm run bench -- catalogue)
 *   BENCH_SIZES=10000,100000 BENCH_REQUESTS=2000 node scripts/bench/catalogue.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …   (also on PostgreSQL: a scratch database next to it)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseLotFilter } from '../../core/catalogue/filter.ts';
import type { LotFilter } from '../../core/catalogue/service.ts';
import { buildApp } from '../../server/app.ts';
import { copiesForLots, generateCatalogue } from '../../server/catalogue-ingest/generate.ts';
import { writeCatalogue } from '../../server/catalogue-ingest/write.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate, openDatabase, type Database } from '../../server/db/client.ts';
import { seedContent } from '../../server/db/seed.ts';
import { createServices } from '../../server/services/index.ts';
import { sqlFacetCounts, sqlPageIds } from '../../server/services/catalogue/sql-facets.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,30000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const SQL_ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 3);
const TARGET = { p99Ms: 10, speedup: 20 };

/** What visitors typically ask: several items at once, as the filter screen sends them. */
function typicalFilters(projects: number): string[] {
  const some = (ids: number[]) => ids.filter((id) => id <= projects).join(',');
  return [
    'type=flat&rooms=1,2&price_max=15000000&not_first_floor=true',
    `type=flat&rooms=2,3&project=${some([2, 3, 6, 7, 10])}&area_min=50&ordering=-price`,
    'type=flat&completion=done,2027-Q4&finish=finished&price_min=8000000&price_max=25000000',
    `type=parking,pantry&project=${some([1, 2, 5])}&ordering=price`,
    'type=flat&rooms=0&discount=true&ordering=area',
    'rooms=3,4&euro=true&floor_min=5&not_last_floor=true&ordering=-area',
    // What a buyer on a monthly budget asks: the monthly-payment range and order (#13).
    'type=flat&rooms=1,2&monthly_payment_max=90000&ordering=monthly_payment',
    `type=flat,commercial&project=${some([2, 3, 6, 7])}&monthly_payment_min=40000&monthly_payment_max=200000&ordering=-monthly_payment`,
  ];
}

/**
 * A full collection after the catalogue is loaded, as a long-running server gets one soon after start:
 * without it, the load's garbage is swept during the first timed requests. (`--expose-gc` at runtime, so
 * `npm run bench` needs no flag.)
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const ms = (v: number) => (v < 1 ? v.toFixed(3) : v.toFixed(2));

type Engine = { name: 'pglite' | 'postgres'; open: () => Promise<{ database: Database; dispose: () => Promise<void> }> };

function engines(): Engine[] {
  const list: Engine[] = [
    {
      name: 'pglite',
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
        const database = await openDatabase({ dataDir: dir });
        return { database, dispose: async () => (await database.close(), rmSync(dir, { recursive: true, force: true })) };
      },
    },
  ];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      open: async () => {
        const name = `bench_catalogue_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const target = new URL(url);
        target.pathname = `/${name}`;
        const database = await openDatabase({ url: target.toString(), dataDir: '', maxConnections: 4 });
        return {
          database,
          dispose: async () => {
            await database.close();
            const again = new pg.Client({ connectionString: url });
            await again.connect();
            await again.query(`drop database if exists ${name} with (force)`);
            await again.end();
          },
        };
      },
    });
  }
  return list;
}

type Row = {
  engine: string;
  lots: number;
  loadMs: number;
  heapMb: number;
  p50: number;
  p99: number;
  max: number;
  indexP50: number;
  indexP99: number;
  sqlP50: number;
  sqlP99: number;
  speedup: number;
};

async function measure(engine: Engine, size: number): Promise<Row> {
  const { database, dispose } = await engine.open();
  try {
    await migrate(database);
    await seedContent(database);
    // Only the counts outlive the write: the server never holds the generator's rows either.
    const { projectCount, lotCount } = await (async () => {
      const data = generateCatalogue({ copies: copiesForLots(size) });
      await writeCatalogue(database, data);
      return { projectCount: data.projects.length, lotCount: data.lots.length };
    })();
    await database.db.execute('analyze');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, 'bench');
    const services = createServices(database, { warn: () => {} });
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStarted = performance.now();
    await services.catalogue.init();
    const loadMs = performance.now() - loadStarted;
    collectGarbage();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    const app = await buildApp({ config, services, build: 'none', logger: false });
    // Server time as Fastify counts it: from the request's arrival to the response handed to the socket.
    let serverTimes: number[] = [];
    app.addHook('onResponse', async (request, reply) => {
      if (request.url.startsWith('/api/filter/')) serverTimes.push(reply.elapsedTime);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });

    const queries = typicalFilters(projectCount);
    const filters: LotFilter[] = queries.map((q) => {
      const parsed = parseLotFilter(new URLSearchParams(q));
      if (!parsed.ok) throw new Error(`bad bench filter ${q}`);
      return parsed.filter;
    });
    // Over real HTTP (keep-alive, one request at a time): warm up, then time every request.
    for (let i = 0; i < 1000; i += 1) await get(`/api/filter/?${queries[i % queries.length]}&facets=true`);
    serverTimes = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const status = await get(`/api/filter/?${queries[i % queries.length]}&facets=true`);
      if (status !== 200) throw new Error(`status ${status} for ${queries[i % queries.length]}`);
    }
    const times = [...serverTimes].sort((a, b) => a - b);
    agent.destroy();
    // The index alone, in process: evaluation, facets and the page's cards, without HTTP.
    const indexTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      await services.catalogue.search(filters[i % filters.length]!, 'ru', true);
      indexTimes.push(performance.now() - started);
    }
    indexTimes.sort((a, b) => a - b);

    // The same answers from SQL: count, one query per facet item, and the page.
    const sqlTimes: number[] = [];
    for (let round = 0; round < SQL_ROUNDS + 1; round += 1) {
      for (const filter of filters) {
        const started = performance.now();
        await sqlFacetCounts(database.db, filter);
        await sqlPageIds(database.db, filter, 24, 0);
        if (round > 0) sqlTimes.push(performance.now() - started);
      }
    }
    sqlTimes.sort((a, b) => a - b);
    await app.close();
    const p50 = percentile(times, 50);
    const sqlP50 = percentile(sqlTimes, 50);
    return {
      engine: engine.name,
      lots: lotCount,
      loadMs,
      heapMb,
      p50,
      p99: percentile(times, 99),
      max: times.at(-1)!,
      indexP50: percentile(indexTimes, 50),
      indexP99: percentile(indexTimes, 99),
      sqlP50,
      sqlP99: percentile(sqlTimes, 99),
      speedup: sqlP50 / p50,
    };
  } finally {
    await dispose();
  }
}

export async function run(): Promise<void> {
  console.info(
    `Lot filter with facets, the monthly payment's included (${REQUESTS} requests over ${typicalFilters(1).length} typical multi-field filters per size; SQL baseline: ${SQL_ROUNDS} rounds of a count, one query per facet and the page per filter)`,
  );
  const rows: Row[] = [];
  for (const engine of engines()) {
    for (const size of SIZES) {
      const row = await measure(engine, size);
      rows.push(row);
      console.info(
        `${row.engine.padEnd(8)} ${String(row.lots).padStart(7)} lots | /api/filter/ server time p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, max ${ms(row.max)} ms ` +
          `(in process p50 ${ms(row.indexP50)}, p99 ${ms(row.indexP99)}) | SQL per facet p50 ${ms(row.sqlP50)} ms, p99 ${ms(row.sqlP99)} ms | ${row.speedup.toFixed(0)}x faster | ` +
          `index load ${row.loadMs.toFixed(0)} ms, ${row.heapMb.toFixed(0)} MB heap`,
      );
    }
  }
  for (const engine of new Set(rows.map((r) => r.engine))) {
    const mine = rows.filter((r) => r.engine === engine).sort((a, b) => a.lots - b.lots);
    const [small, large] = [mine[0]!, mine.at(-1)!];
    if (mine.length > 1) {
      console.info(
        `${engine}: from ${small.lots} to ${large.lots} lots (${(large.lots / small.lots).toFixed(1)}x): server time p50 ${(large.p50 / small.p50).toFixed(1)}x, p99 ${(large.p99 / small.p99).toFixed(1)}x; ` +
          `in process p50 ${(large.indexP50 / small.indexP50).toFixed(1)}x; SQL p50 ${(large.sqlP50 / small.sqlP50).toFixed(1)}x; index load ${(large.loadMs / small.loadMs).toFixed(1)}x`,
      );
    }
    const verdictRow = mine.filter((r) => r.lots >= 100_000).at(-1) ?? large;
    console.info(
      `${engine} @ ${verdictRow.lots} lots: p99 ${ms(verdictRow.p99)} ms (target < ${TARGET.p99Ms}) ${verdictRow.p99 < TARGET.p99Ms ? 'PASS' : 'FAIL'}; ` +
        `${verdictRow.speedup.toFixed(0)}x faster than SQL per facet (target ≥ ${TARGET.speedup}x) ${verdictRow.speedup >= TARGET.speedup ? 'PASS' : 'FAIL'}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
