/**
 * The lot filter with facets: the in-memory index behind `/api/filter/?…&facets=true` against the same
 * answers computed with one SQL query per facet (plus count and page) on the same database, in one run, at
 * several catalogue sizes. Requests go over real HTTP (keep-alive, one at a time) and server time is
 * Fastify's own `reply.elapsedTime` (routing, hooks, validation, index, cards, JSON, write to the socket);
 * `app.inject` is not used because it leaks memory per call, which turns into GC pauses a real server does
 * not have. The SQL baseline is timed around its queries only (no cards,
 * no JSON), which favours it. Each size also prints what loading costs: the whole load (snapshot, payments,
 * index) from the database, then again as a restarted process makes it with the lots' columns file the first load
 * wrote (CATALOGUE_SNAPSHOT_DIR, snapshot-file.ts), the snapshot's read and the index's build apart, the memory each
 * holds (heap and typed arrays) and the process's RSS, and how every figure grows from one size to the next.
 *
 *   node scripts/bench/catalogue.ts                 (or: npm run bench -- catalogue)
 *   BENCH_SIZES=10000,100000 BENCH_REQUESTS=2000 node scripts/bench/catalogue.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …   (also on PostgreSQL, in databases next to it)
 *
 * A city's stock, 1M lots, on PostgreSQL only (ADR 005, "At 1M lots"):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ENGINES=postgres \
 *     BENCH_SIZES=100000,300000,1000000 BENCH_SQL_ROUNDS=1 npm run bench -- catalogue
 *
 * On PostgreSQL each size's catalogue is kept in its own database (`bench_catalogue_<lots>`, marked with the
 * generator's and migrations' fingerprint) and reused by later runs: writing 1M lots takes minutes once.
 * `BENCH_FRESH=1` writes them again; drop the databases to free their disk space (~0.5 GB per 1M lots).
 * BENCH_ENGINES=pglite,postgres chooses the engines (default: PGlite, and PostgreSQL when a URL is given);
 * BENCH_SQL_ROUNDS=0 leaves the SQL baseline out.
 *
 * The bench runs itself again under the Node flags `npm start` gives the server (production-node.ts) when it was not
 * started with them, so what it times is production's garbage collector, not V8's defaults.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { parseLotFilter } from '../../core/catalogue/filter.ts';
import type { LotFilter } from '../../core/catalogue/service.ts';
import { buildApp } from '../../server/app.ts';
import { copiesForLots, DEMO_LOT_COUNT, generateCatalogue } from '../../server/modules/catalogue/ingest/generate.ts';
import { writeCatalogue } from '../../server/modules/catalogue/ingest/write.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate, MIGRATIONS_DIR, openDatabase, type Database } from '../../server/db/client.ts';
import { seedContent } from '../../server/db/seed.ts';
import { throwawayDatabase } from '../../tests/support/throwaway-db.ts';
import { createServices } from '../../server/services.ts';
import { buildLotIndex } from '../../server/modules/catalogue/lot-index.ts';
import { loadSnapshot } from '../../server/modules/catalogue/snapshot.ts';
import { savedLotsWritten } from '../../server/modules/catalogue/snapshot-file.ts';
import { sqlFacetCounts, sqlPageIds } from '../../server/modules/catalogue/sql-facets.ts';
import { PRODUCTION_NODE_FLAGS, relaunchUnderProductionNode, underProductionNode } from './production-node.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,30000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const SQL_ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 3);
const FRESH = process.env.BENCH_FRESH === '1';
/** Issue #40's goals at 1M lots: the filter's p99, the load's wall time and the process's RSS after it. */
const TARGET = { p99Ms: 10, speedup: 20, loadMs: 10_000, rssMb: 1024 };

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

/** Bytes the process holds in JS objects and in typed arrays' buffers (which live outside the heap). */
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (bytes: number) => bytes / 2 ** 20;

/** A database holding the catalogue of `size` lots, and how it came to be. */
type Prepared = {
  database: Database;
  projectCount: number;
  lotCount: number;
  writtenMs: number | null;
  dispose: () => Promise<void>;
  /** PostgreSQL's address of it: another process can load it too. */
  url?: string;
};
type Engine = { name: 'pglite' | 'postgres'; prepare: (size: number) => Promise<Prepared> };

/** Writes a generated catalogue of about `size` lots; only the counts outlive the write (the server never holds the generator's rows either). */
async function writeGenerated(database: Database, size: number): Promise<{ projectCount: number; lotCount: number }> {
  await migrate(database);
  await seedContent(database);
  const counts = await (async () => {
    const data = generateCatalogue({ copies: copiesForLots(size) });
    await writeCatalogue(database, data);
    return { projectCount: data.projects.length, lotCount: data.lots.length };
  })();
  await database.db.execute('analyze');
  return counts;
}

/**
 * What a kept database must match to be reused: the number of copies, the generator's output (one copy's rows: each
 * copy has its own seed, so the first stands for the generator's code) and the migrations.
 */
function fingerprint(size: number): string {
  const hash = createHash('sha256');
  hash.update(`copies ${copiesForLots(size)}\n`);
  hash.update(JSON.stringify(generateCatalogue({ copies: 1 })));
  hash.update(readdirSync(MIGRATIONS_DIR).sort().join('\n'));
  return `bench catalogue ${hash.digest('hex').slice(0, 24)}`;
}

async function adminQuery<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function engines(): Engine[] {
  const url = process.env.BENCH_DATABASE_URL;
  const list: Engine[] = [
    {
      name: 'pglite',
      prepare: async (size) => {
        const made = await throwawayDatabase('pglite', { label: 'bench-catalogue' });
        const database = await made.open();
        const started = performance.now();
        const counts = await writeGenerated(database, size);
        return {
          database,
          ...counts,
          writtenMs: performance.now() - started,
          dispose: async () => (await database.close(), await made.dispose()),
        };
      },
    },
  ];
  if (url) {
    list.push({
      name: 'postgres',
      // Kept between runs: one database per size, reused while its fingerprint and catalogue version say it is untouched.
      prepare: async (size) => {
        const name = `bench_catalogue_${size}`;
        const mark = fingerprint(size);
        const [found] = await adminQuery<{ mark: string | null }>(
          url,
          `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
          [name],
        );
        const target = new URL(url);
        target.pathname = `/${name}`;
        const open = () => openDatabase({ url: target.toString(), dataDir: '', maxConnections: 4 });
        if (found && found.mark === mark && !FRESH) {
          const database = await open();
          const [state] = await adminQuery<{ version: number; lots: number }>(
            target.toString(),
            'select (select version from catalogue_state) as version, (select count(*)::int from lots) as lots',
          );
          const copies = copiesForLots(size);
          if (state?.version === 1 && state.lots === copies * DEMO_LOT_COUNT) {
            await migrate(database);
            return { database, projectCount: copies * 4, lotCount: state.lots, writtenMs: null, dispose: () => database.close(), url: target.toString() };
          }
          await database.close();
        }
        await adminQuery(url, `drop database if exists ${name} with (force)`);
        await adminQuery(url, `create database ${name}`);
        const database = await open();
        const started = performance.now();
        const counts = await writeGenerated(database, size);
        // Marked last: a write cut short leaves a database without the mark, written again next time.
        await adminQuery(url, `comment on database ${name} is '${mark}'`);
        return { database, ...counts, writtenMs: performance.now() - started, dispose: () => database.close(), url: target.toString() };
      },
    });
  }
  const only = process.env.BENCH_ENGINES?.split(',');
  return only ? list.filter((e) => only.includes(e.name)) : list;
}

type Row = {
  engine: string;
  lots: number;
  writtenMs: number | null;
  loadMs: number;
  snapshotMs: number;
  indexMs: number;
  /** The whole load again in a new process's services, with the lots' columns file the first load wrote (snapshot-file.ts). */
  fileLoadMs: number;
  /** The snapshot's read alone with that file. */
  snapshotFileMs: number;
  /** The RSS of that process once loaded (PostgreSQL only: on PGlite the load runs in this process). */
  fileLoadRssMb: number | null;
  catalogueMb: number;
  snapshotMb: number;
  indexMb: number;
  rssMb: number;
  shed: number;
  p50: number;
  p99: number;
  max: number;
  indexP50: number;
  indexP99: number;
  cpuP50: number;
  cpuP99: number;
  sqlP50: number;
  sqlP99: number;
  speedup: number;
};

async function measure(engine: Engine, size: number): Promise<Row> {
  const { database, projectCount, lotCount, writtenMs, dispose, url } = await engine.prepare(size);
  // Where the first load keeps the lots' columns and the later loads take them from (CATALOGUE_SNAPSHOT_DIR).
  const snapshotDir = mkdtempSync(join(tmpdir(), 'bench-lot-columns-'));
  const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  try {
    // Production's API: its answers are not checked against their schemas (the tests' check cost every answer at 1M lots
    // ~0.8 ms of its median that no visitor pays).
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', API_CHECK_RESPONSES: 'false' }, 'bench');
    const services = createServices(database, log, {}, {}, { snapshotDir });
    collectGarbage();
    const before = held();
    const loadStarted = performance.now();
    await services.catalogue.init();
    const loadMs = performance.now() - loadStarted;
    collectGarbage();
    const catalogueMb = mb(held() - before);
    const rssMb = mb(process.memoryUsage().rss);
    const app = await buildApp({ config, services, build: 'none', logger: false });
    // Server time as Fastify counts it: from the request's arrival to the response handed to the socket.
    let serverTimes: number[] = [];
    app.addHook('onResponse', async (request, reply) => {
      if (request.url.startsWith('/api/filter/') && reply.statusCode === 200) serverTimes.push(reply.elapsedTime);
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
    // A 503 is the server shedding load (its event loop lagged, ADR 010): counted and left out of the times.
    let shed = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const status = await get(`/api/filter/?${queries[i % queries.length]}&facets=true`);
      if (status === 503) shed += 1;
      else if (status !== 200) throw new Error(`status ${status} for ${queries[i % queries.length]}`);
    }
    const times = [...serverTimes].sort((a, b) => a - b);
    agent.destroy();
    // The index alone, in process: evaluation, facets and the page's cards, without HTTP.
    // Also its CPU time: on a shared machine the wall time includes waiting for a core, the CPU time does not.
    const indexTimes: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      await services.catalogue.search(filters[i % filters.length]!, 'ru', true);
      indexTimes.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    indexTimes.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    await app.close();

    // The load's two parts apart, after the timed requests (their garbage would land in them): the snapshot's read
    // and the index's build over the service's own payments and price drops, each with the memory it holds.
    const s = await services.catalogue.state();
    collectGarbage();
    const beforeSnapshot = held();
    const snapshotStarted = performance.now();
    let snapshot: Awaited<ReturnType<typeof loadSnapshot>> | null = await loadSnapshot(database.db);
    const snapshotMs = performance.now() - snapshotStarted;
    collectGarbage();
    const snapshotMb = mb(held() - beforeSnapshot);
    snapshot = null;
    collectGarbage();
    const beforeIndex = held();
    const indexStarted = performance.now();
    let index: ReturnType<typeof buildLotIndex> | null = buildLotIndex(s.snap, s.payments.monthly.length ? s.payments.monthly : undefined, s.facts.drop);
    const indexMs = performance.now() - indexStarted;
    collectGarbage();
    const indexMb = mb(held() - beforeIndex);
    if (snapshot ?? index.size < 0) throw new Error('unreachable: keeps the index alive until it is measured');
    index = null;
    collectGarbage();
    // The snapshot's read again, now with the lots' columns from the file the first load wrote.
    const snapshotFileStarted = performance.now();
    snapshot = await loadSnapshot(database.db, { dir: snapshotDir, log });
    const snapshotFileMs = performance.now() - snapshotFileStarted;
    snapshot = null;
    collectGarbage();
    // The whole load as a restarted process (or another one of the cluster) makes it: new services, the same file;
    // on PostgreSQL in a process of its own (catalogue-restart.ts), which holds no other catalogue.
    let fileLoadMs: number;
    let fileLoadRssMb: number | null = null;
    await savedLotsWritten();
    if (url) {
      const child = spawnSync(process.execPath, [...PRODUCTION_NODE_FLAGS, join(import.meta.dirname, 'catalogue-restart.ts')], {
        env: { ...process.env, BENCH_RESTART_URL: url, BENCH_RESTART_DIR: snapshotDir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) throw new Error(`the restarted load failed (status ${child.status})`);
      const restarted = JSON.parse(line) as { loadMs: number; rssMb: number; lotsFrom: string };
      if (restarted.lotsFrom !== 'file') throw new Error(`the restarted load read its lots from the ${restarted.lotsFrom}, not the file`);
      fileLoadMs = restarted.loadMs;
      fileLoadRssMb = restarted.rssMb;
    } else {
      const again = createServices(database, log, {}, {}, { snapshotDir });
      const fileLoadStarted = performance.now();
      await again.catalogue.init();
      fileLoadMs = performance.now() - fileLoadStarted;
    }

    // The same answers from SQL: count, one query per facet item, and the page.
    const sqlTimes: number[] = [];
    for (let round = 0; round < (SQL_ROUNDS > 0 ? SQL_ROUNDS + 1 : 0); round += 1) {
      for (const filter of filters) {
        const started = performance.now();
        await sqlFacetCounts(database.db, filter);
        await sqlPageIds(database.db, filter, 24, 0);
        if (round > 0) sqlTimes.push(performance.now() - started);
      }
    }
    sqlTimes.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const sqlP50 = sqlTimes.length ? percentile(sqlTimes, 50) : Number.NaN;
    return {
      engine: engine.name,
      lots: lotCount,
      writtenMs,
      loadMs,
      snapshotMs,
      indexMs,
      fileLoadMs,
      fileLoadRssMb,
      snapshotFileMs,
      catalogueMb,
      snapshotMb,
      indexMb,
      rssMb,
      shed,
      p50,
      p99: percentile(times, 99),
      max: times.at(-1)!,
      indexP50: percentile(indexTimes, 50),
      indexP99: percentile(indexTimes, 99),
      cpuP50: percentile(cpuTimes, 50),
      cpuP99: percentile(cpuTimes, 99),
      sqlP50,
      sqlP99: sqlTimes.length ? percentile(sqlTimes, 99) : Number.NaN,
      speedup: sqlP50 / p50,
    };
  } finally {
    await dispose();
    rmSync(snapshotDir, { recursive: true, force: true });
  }
}

const x = (large: number, small: number) => `${(large / small).toFixed(1)}x`;

export async function run(): Promise<void> {
  // The server is timed in this process: under the Node flags production runs (production-node.ts), not V8's defaults.
  if (!underProductionNode()) return relaunchUnderProductionNode(import.meta.filename);
  console.info(
    `Lot filter with facets, the monthly payment's included (${REQUESTS} requests over ${typicalFilters(1).length} typical multi-field filters per size; SQL baseline: ${SQL_ROUNDS} rounds of a count, one query per facet and the page per filter)`,
  );
  const rows: Row[] = [];
  for (const engine of engines()) {
    for (const size of SIZES) {
      const row = await measure(engine, size);
      rows.push(row);
      const sql = Number.isNaN(row.sqlP50)
        ? 'SQL not run'
        : `SQL per facet p50 ${ms(row.sqlP50)} ms, p99 ${ms(row.sqlP99)} ms | ${row.speedup.toFixed(0)}x faster`;
      console.info(
        `${row.engine.padEnd(8)} ${String(row.lots).padStart(7)} lots | /api/filter/ server time p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, max ${ms(row.max)} ms${row.shed ? `, ${row.shed} shed (503)` : ''} ` +
          `(in process p50 ${ms(row.indexP50)}, p99 ${ms(row.indexP99)}; its CPU time p50 ${ms(row.cpuP50)}, p99 ${ms(row.cpuP99)}) | ${sql}\n` +
          `${''.padEnd(22)} | load ${row.loadMs.toFixed(0)} ms from the database (snapshot ${row.snapshotMs.toFixed(0)} ms, index ${row.indexMs.toFixed(0)} ms), ` +
          `${row.fileLoadMs.toFixed(0)} ms with the lots' columns file${row.fileLoadRssMb === null ? '' : ` in a new process (RSS ${row.fileLoadRssMb.toFixed(0)} MB)`} (snapshot ${row.snapshotFileMs.toFixed(0)} ms), ` +
          `${row.catalogueMb.toFixed(0)} MB held (snapshot ${row.snapshotMb.toFixed(0)} MB, index ${row.indexMb.toFixed(0)} MB), RSS ${row.rssMb.toFixed(0)} MB | ` +
          (row.writtenMs === null ? 'database reused' : `written in ${(row.writtenMs / 1000).toFixed(1)} s`),
      );
    }
  }
  for (const engine of new Set(rows.map((r) => r.engine))) {
    const mine = rows.filter((r) => r.engine === engine).sort((a, b) => a.lots - b.lots);
    const steps =
      mine.length > 2
        ? [...mine.slice(1).map((r, k) => [mine[k]!, r] as const), [mine[0]!, mine.at(-1)!] as const]
        : mine.length === 2
          ? [[mine[0]!, mine[1]!] as const]
          : [];
    for (const [small, large] of steps) {
      console.info(
        `${engine}: from ${small.lots} to ${large.lots} lots (${x(large.lots, small.lots)}): server time p50 ${x(large.p50, small.p50)}, p99 ${x(large.p99, small.p99)}; ` +
          `in process p50 ${x(large.indexP50, small.indexP50)}, p99 ${x(large.indexP99, small.indexP99)}, CPU p50 ${x(large.cpuP50, small.cpuP50)}; SQL p50 ${x(large.sqlP50, small.sqlP50)}; ` +
          `load ${x(large.loadMs, small.loadMs)} (snapshot ${x(large.snapshotMs, small.snapshotMs)}, index ${x(large.indexMs, small.indexMs)}); ` +
          `memory ${x(large.catalogueMb, small.catalogueMb)} (index ${x(large.indexMb, small.indexMb)})`,
      );
    }
    const verdictRow = mine.filter((r) => r.lots >= 100_000).at(-1) ?? mine.at(-1)!;
    // A run that wrote the catalogue holds the generator's garbage too: then the restarted process's RSS is the server's.
    const rss =
      verdictRow.writtenMs !== null && verdictRow.fileLoadRssMb !== null
        ? { mb: verdictRow.fileLoadRssMb, what: ' (the restarted process: this one wrote the catalogue)' }
        : { mb: verdictRow.rssMb, what: '' };
    console.info(
      `${engine} @ ${verdictRow.lots} lots: p99 ${ms(verdictRow.p99)} ms (target < ${TARGET.p99Ms}) ${verdictRow.p99 < TARGET.p99Ms ? 'PASS' : 'FAIL'}; ` +
        `load with the lots' columns file ${(verdictRow.fileLoadMs / 1000).toFixed(1)} s (target ≤ ${TARGET.loadMs / 1000}) ${verdictRow.fileLoadMs <= TARGET.loadMs ? 'PASS' : 'FAIL'}, ` +
        `from the database alone (a new catalogue) ${(verdictRow.loadMs / 1000).toFixed(1)} s ${verdictRow.loadMs <= TARGET.loadMs ? 'PASS' : 'FAIL'}; ` +
        `RSS ${rss.mb.toFixed(0)} MB${rss.what} (target ≤ ${TARGET.rssMb}) ${rss.mb <= TARGET.rssMb ? 'PASS' : 'FAIL'}; ` +
        (Number.isNaN(verdictRow.speedup)
          ? 'SQL not run'
          : `${verdictRow.speedup.toFixed(0)}x faster than SQL per facet (target ≥ ${TARGET.speedup}x) ${verdictRow.speedup >= TARGET.speedup ? 'PASS' : 'FAIL'}`),
    );
  }
}

// By file name (not URL): the relaunched child must run even where a path needs escaping in a URL.
if (import.meta.filename === process.argv[1]) await run();
export {};
