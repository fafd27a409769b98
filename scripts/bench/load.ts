/**
 * Behaviour under load: the production server on a fresh seeded database, mixed traffic (home pages, the lot
 * filter API with random parameters, lot pages, the selection page) from 10 and then 400 connections. Prints,
 * for each, answered requests per second, p50/p99 of the answered requests (503s are shed, not answered),
 * the 503 count, errors and timeouts, and the server's peak RSS (/proc/<pid>/status VmRSS).
 * Goals (PASS/FAIL): as many requests answered per second at 400 connections as at 10, p99 at 400 ≤ 3 × p99 at 10
 * (issue #40; the shed share is printed beside), peak RSS ≤ 600 MB per process.
 *
 *   node scripts/bench/load.ts                   (or: npm run bench -- load)
 *   BENCH_LOAD_DURATION_S=20 BENCH_LOAD_CONNECTIONS=10,100,400 node scripts/bench/load.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …   (the server on that database instead)
 *   BENCH_SERVER_ENV='{"LOAD_MAX_QUEUE":"4"}' …                     (other limits for the server, to compare)
 *   BENCH_SERVER_ENV='{"ACCEPT_SOCKETS":"1"}' …                     (one listening socket: see ADR 010)
 *   BENCH_SPLIT_CPUS=0 …                                            (server and load generator share every core)
 *
 * On a machine of two or more cores the server runs on its own core(s) and this load generator on core 0
 * (`taskset`), as a generator on another machine would: otherwise the 400 clients' reconnections take the CPU
 * the server's answers need, and the figures measure the generator.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Pool } from 'undici';
import { loadSheddingConfigSchema } from '../../server/http/config.ts';
import { childrenOf, listenersHeldBy } from '../../tests/support/processes.ts';
import { startServer } from '../../tests/support/server.ts';
import { percentile } from './stats.ts';
import { productionNodeEnv } from './production-node.ts';

const DURATION_S = Number(process.env.BENCH_LOAD_DURATION_S ?? 10);
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '10,400').split(',').map(Number);
const GOAL = { p99Ratio: 3, peakRssMb: 600 };
/** Visitors who have been here before: they carry the visitor id the site gave them, as a browser keeps it. */
const VISITOR = 'vid=loadbenchloadbench0000';
const HEADERS = { 'user-agent': 'Mozilla/5.0 Chrome/156 bench', 'accept-encoding': 'br, gzip', 'accept-language': 'ru', cookie: VISITOR };

/**
 * The server's resident memory in MB, from the kernel (what the machine really pays): the process and, when it is a
 * cluster's primary (WEB_CONCURRENCY, ADR 036), its workers.
 */
export function rssMb(pid: number): number {
  let total = 0;
  for (const one of [pid, ...childrenOf(pid)]) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${one}/status`, 'utf8'));
      total += match ? Number(match[1]) / 1024 : 0;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** Samples a process's RSS every 50 ms; `stop()` gives the peak seen. */
export function watchRss(pid: number): { peak: () => number; stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  }, 50);
  return { peak: () => peak, stop: () => (clearInterval(timer), peak) };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A filter query as the filter screen sends them: a few random criteria. */
function randomFilter(projects: readonly string[]): string {
  const params = new URLSearchParams();
  if (Math.random() < 0.8) params.set('type', pick(['flat', 'flat', 'flat', 'parking', 'pantry', 'commercial']));
  if (Math.random() < 0.6) params.set('rooms', [...new Set([pick([0, 1, 2, 3, 4]), pick([1, 2, 3])])].join(','));
  if (Math.random() < 0.4) params.set('project', pick(projects));
  if (Math.random() < 0.5) params.set('price_max', String(5_000_000 + Math.floor(Math.random() * 40) * 500_000));
  if (Math.random() < 0.3) params.set('area_min', String(20 + Math.floor(Math.random() * 60)));
  if (Math.random() < 0.3) params.set('ordering', pick(['price', '-price', 'area', '-area']));
  if (Math.random() < 0.5) params.set('facets', 'true');
  if (Math.random() < 0.3) params.set('offset', String(Math.floor(Math.random() * 5) * 20));
  return `/api/filter/?${params}`;
}

type Mix = { next: () => { kind: string; path: string; headers?: Record<string, string> } };

/** Home (3 languages) 25 %, filter API 35 %, lot pages 30 %, the selection page with a few saved lots 10 %. */
async function trafficMix(base: string): Promise<Mix> {
  // Right after start the server may still shed (its first second's event-loop delay): ask again.
  let response = await fetch(`${base}/api/filter/?type=flat&limit=200`, { headers: HEADERS });
  for (let attempt = 0; response.status === 503 && attempt < 60; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await fetch(`${base}/api/filter/?type=flat&limit=200`, { headers: HEADERS });
  }
  if (!response.ok) throw new Error(`GET /api/filter/: ${response.status} ${await response.text()}`);
  const lots = ((await response.json()) as { results: { id: string; url: string; projectId: string }[] }).results;
  if (!lots.length) throw new Error('the seeded catalogue has no lots');
  const projects = [...new Set(lots.map((lot) => lot.projectId))];
  return {
    next() {
      const roll = Math.random();
      if (roll < 0.25) return { kind: 'home', path: pick(['/', '/en', '/zh']) };
      if (roll < 0.6) return { kind: 'filter', path: randomFilter(projects) };
      if (roll < 0.9) return { kind: 'lot', path: pick(lots).url };
      const saved = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => pick(lots).id);
      return { kind: 'selection', path: '/selection', headers: { cookie: `${VISITOR}; selection=${encodeURIComponent(saved.join(','))}` } };
    },
  };
}

type Phase = {
  connections: number;
  answered: number;
  rps: number;
  p50: number;
  p99: number;
  shed: number;
  other: number;
  errors: number;
  timeouts: number;
  peakRss: number;
  /** The slowest answer of /healthz, asked every 100 ms on a fresh connection while the phase ran. */
  healthMax: number;
  /** The answered requests' times by kind of request (and whether the page came from the page cache). */
  byKind: Map<string, number[]>;
};

/**
 * One run: `connections` clients in a closed loop over an undici pool of as many connections. Not autocannon: the
 * server closes a shed request's connection, and autocannon ignores `Connection: close`, then times every later
 * answer against an older request.
 */
async function phase(base: string, pid: number, mix: Mix, connections: number, durationS: number): Promise<Phase> {
  const answered: number[] = [];
  const byKind = new Map<string, number[]>();
  let shed = 0;
  let other = 0;
  let errors = 0;
  let timeouts = 0;
  const rss = watchRss(pid);
  const pool = new Pool(base, { connections, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const end = performance.now() + durationS * 1000;
  let healthMax = 0;
  const probe = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`, { headers: { connection: 'close' } }).catch(() => undefined);
      await response?.arrayBuffer();
      healthMax = Math.max(healthMax, response?.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const client = async () => {
    while (performance.now() < end) {
      const next = mix.next();
      const started = performance.now();
      try {
        const response = await pool.request({ method: 'GET', path: next.path, headers: { ...HEADERS, ...next.headers } });
        await response.body.dump({ limit: Number.POSITIVE_INFINITY });
        const took = performance.now() - started;
        if (response.statusCode === 503) shed += 1;
        else if (response.statusCode < 400) {
          answered.push(took);
          const kind = `${next.kind}${response.headers['x-cache'] === 'HIT' ? ' (kept)' : ''}`;
          const times = byKind.get(kind) ?? [];
          if (!times.length) byKind.set(kind, times);
          times.push(took);
        } else other += 1;
      } catch (error) {
        if ((error as { code?: string }).code?.includes('TIMEOUT')) timeouts += 1;
        else errors += 1;
      }
    }
  };
  await Promise.all([probe(), ...Array.from({ length: connections }, client)]);
  await pool.close();
  const peakRss = rss.stop();
  answered.sort((a, b) => a - b);
  return {
    connections,
    answered: answered.length,
    rps: answered.length / durationS,
    p50: percentile(answered, 50),
    p99: percentile(answered, 99),
    shed,
    other,
    errors,
    timeouts,
    peakRss,
    healthMax,
    byKind,
  };
}

/** Pins the server (every thread of every process) to cores 1…n-1 and this process to core 0; returns what was done, for the report. */
function splitCpus(serverPid: number): string {
  const cores = availableParallelism();
  if (process.env.BENCH_SPLIT_CPUS === '0' || cores < 2) return `server and load generator share ${cores} core(s)`;
  const pin = (pid: number, cpus: string) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  try {
    for (const pid of [serverPid, ...childrenOf(serverPid)]) pin(pid, `1-${cores - 1}`);
    pin(process.pid, '0');
    return `server on core(s) 1-${cores - 1}, load generator on core 0`;
  } catch {
    return `server and load generator share ${cores} core(s) (taskset failed)`;
  }
}

export async function run(): Promise<void> {
  const server = await startServer({
    LOG_LEVEL: 'error',
    // The server as `npm run serve` runs it (production-node.ts: malloc arenas and V8's semi-space capped).
    // BENCH_SERVER_ENV can override either.
    ...productionNodeEnv(),
    // Load shedding as in production: the browser tests' server (tests/support/server.ts) turns off the event loop's
    // ceiling and the standing queue's target, which are what this bench measures (until 2026-11-30 it measured the
    // queue first come, first served, up to LOAD_MAX_QUEUE_WAIT_MS, instead).
    // A LOAD_* variable set in the shell is kept (the schema fills in only what is not set).
    ...Object.fromEntries(Object.entries(loadSheddingConfigSchema.parse(process.env)).map(([name, value]) => [name, String(value)])),
    ...(process.env.BENCH_SERVER_ENV ? (JSON.parse(process.env.BENCH_SERVER_ENV) as Record<string, string>) : {}),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const pid = server.process.pid!;
  // Several processes (ADR 036): measured once every one of them listens, not while the later ones still start.
  const processes = Number(JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}').WEB_CONCURRENCY ?? 1) || 1;
  if (processes > 1) {
    for (const deadline = Date.now() + 120_000; ;) {
      const workers = childrenOf(pid);
      if (workers.length === processes && workers.every((worker) => listenersHeldBy(worker, server.port) > 0)) break;
      if (Date.now() > deadline) throw new Error(`${processes} server processes did not all listen`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const split = splitCpus(pid);
  try {
    const mix = await trafficMix(server.url);
    await phase(server.url, pid, mix, 10, 3); // warm-up: caches, JIT
    console.info(
      `mixed traffic, ${DURATION_S} s per run; ${processes} server process${processes > 1 ? 'es' : ''}; ${split}; server RSS at start ${rssMb(pid).toFixed(0)} MB`,
    );
    console.info('connections  answered/s   p50 ms   p99 ms    503s  shed %  other 4xx/5xx  errors  timeouts  peak RSS MB');
    const phases: Phase[] = [];
    for (const connections of CONNECTIONS) {
      const p = await phase(server.url, pid, mix, connections, DURATION_S);
      phases.push(p);
      console.info(
        `${String(p.connections).padStart(11)} ${p.rps.toFixed(0).padStart(11)} ${p.p50.toFixed(0).padStart(8)} ${p.p99.toFixed(0).padStart(8)} ${String(p.shed).padStart(7)} ${((100 * p.shed) / Math.max(1, p.shed + p.answered)).toFixed(1).padStart(7)} ${String(p.other).padStart(14)} ${String(p.errors).padStart(7)} ${String(p.timeouts).padStart(9)} ${p.peakRss.toFixed(0).padStart(12)}`,
      );
      const kinds = [...p.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
      const byKind = kinds.map(
        ([kind, times]) =>
          `${kind} ${times.length}, ${percentile(
            times.sort((a, b) => a - b),
            99,
          ).toFixed(0)}`,
      );
      console.info(`             answered by kind (count, p99 ms): ${byKind.join('; ')}; slowest /healthz ${p.healthMax.toFixed(0)} ms`);
      // Let the server settle (queued work, garbage) before the next run.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const low = phases.find((p) => p.connections === Math.min(...CONNECTIONS));
    const high = phases.find((p) => p.connections === Math.max(...CONNECTIONS));
    if (low && high && low !== high) {
      const ratio = high.p99 / low.p99;
      const peak = Math.max(...phases.map((p) => p.peakRss));
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      // Issue #40: more connections must not answer fewer requests, nor make what is answered much slower; what is
      // shed to keep it so is printed beside it (503s with Retry-After, a share of what was asked).
      const shedShare = (100 * high.shed) / Math.max(1, high.shed + high.answered);
      console.info(
        `${verdict(high.rps >= low.rps)}  answered/s at ${high.connections} ≥ at ${low.connections}: ${high.rps.toFixed(0)} vs ${low.rps.toFixed(0)} (shed at ${high.connections}: ${shedShare.toFixed(1)} % of requests)`,
      );
      console.info(`${verdict(ratio <= GOAL.p99Ratio)}  p99 at ${high.connections} / p99 at ${low.connections}: ${ratio.toFixed(2)} (goal ≤ ${GOAL.p99Ratio})`);
      console.info(`${verdict(peak <= GOAL.peakRssMb * processes)}  peak RSS ${peak.toFixed(0)} MB (goal ≤ ${GOAL.peakRssMb} per process)`);
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
