/**
 * Image proxy throughput: a 1600×1000 webp from a 3200×2000 JPEG original, through the proxy (uncached and
 * cached) and through sharp called directly on the same work, in one run. The proxy runs in a child process
 * so the load generator does not share its event loop, and so its memory is its own; the direct baseline
 * runs in a second child with the same libvips settings, interleaved with the proxy in short rounds.
 * Prints a table and the verdicts against the targets; exits 1 when one is missed.
 *
 * Then the render time per output format (image-formats.ts).
 *
 *   node scripts/bench/images.ts          (or: npm run bench -- images)
 *   BENCH_DURATION_S=5 node scripts/bench/images.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { DEMO_MEDIA, ensureDemoMedia } from '../../server/modules/images/demo-media.ts';
import imageProxy from '../../server/modules/images/routes.ts';
import { run as renderTimesPerFormat } from './image-formats.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
/** The uncached comparison is split into this many interleaved rounds. */
const ROUNDS = 4;
const TARGET = { uncachedRatio: 0.8, cachedRps: 5000, rssMb: 768, rssGrowthMb: 128 };
const SOURCE = DEMO_MEDIA.hero;
const WIDTH = 1600;
const HEIGHT = 1000;
/**
 * Each uncached request needs a URL the proxy has not seen. A different `bg` does that at no cost: the
 * flatten it asks for is a no-op on an opaque JPEG, so every miss is the same decode, resize and encode.
 */
const variantPath = (n: number) => `/img/_/w:${WIDTH}/h:${HEIGHT}/rt:fill/bg:${(n % 0xffffff).toString(16).padStart(6, '0')}/plain/${SOURCE}@webp`;
const CACHED_PATH = `/img/_/w:${WIDTH}/h:${HEIGHT}/rt:fill/plain/${SOURCE}@webp`;

type Message =
  | { type: 'ready'; url: string; concurrency: number }
  | { type: 'rss'; rssMb: number; peakMb: number }
  | { type: 'stats'; transforms: number; lastAt: number }
  | { type: 'direct'; rps: number };

// autocannon ships no types: describe the little of it this script uses.
type AutocannonRequest = { path?: string; method?: string };
type AutocannonResult = {
  requests: { total: number };
  duration: number;
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

type Row = { phase: string; rps: number; p50?: number; p99?: number; failed?: number; peakMb?: number };

export async function run(): Promise<void> {
  const mediaDir = join(tmpdir(), 'stroy-site-bench-media');
  await ensureDemoMedia(mediaDir);
  const cacheDir = await mkdtemp(join(tmpdir(), 'stroy-site-bench-cache-'));
  const spawnChild = (mode: '--serve' | '--direct') =>
    fork(import.meta.filename, [mode], { env: { ...process.env, BENCH_MEDIA_DIR: mediaDir, BENCH_CACHE_DIR: cacheDir }, stdio: 'inherit' });
  const children: ChildProcess[] = [];
  try {
    const rows: Row[] = [];
    const cores = availableParallelism();

    const baseline = spawnChild('--direct');
    const server = spawnChild('--serve');
    children.push(baseline, server);
    const [{ concurrency }, { url }] = await Promise.all([next(baseline, 'ready'), next(server, 'ready')]);
    const idle = await rss(server, true);
    let counter = 0;
    const unique = () => [{ setupRequest: (request: AutocannonRequest) => ({ ...request, path: variantPath(counter++) }) }];

    // Uncached proxy against sharp called directly, interleaved in short rounds so that background load on
    // the machine falls on both alike. Direct sharp runs at the proxy's parallelism and at twice it (the
    // better is the baseline); the proxy gets a few connections per pipeline, enough to keep it busy.
    const slice = DURATION_S / ROUNDS;
    const directRuns = new Map<number, number[]>([
      [concurrency, []],
      [concurrency * 2, []],
    ]);
    const proxyRuns: AutocannonResult[] = [];
    let proxyImages = 0;
    let proxySeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [parallel, runs] of directRuns) {
        baseline.send({ type: 'direct', seconds: slice, parallel });
        runs.push((await next(baseline, 'direct')).rps);
      }
      // Counted on the server, from the first request to the last image finished: autocannon stops with
      // requests still being processed, which it never sees complete but which cost the same work.
      const before = await stats(server);
      const startedAt = Date.now();
      proxyRuns.push(await autocannon({ url, connections: concurrency * 4, duration: slice, requests: unique() }));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await stats(server);
      proxyImages += after.transforms - before.transforms;
      proxySeconds += (Math.max(after.lastAt, startedAt) - startedAt) / 1000;
    }
    let direct = 0;
    for (const [parallel, runs] of directRuns) {
      const rps = mean(runs);
      rows.push({ phase: `sharp direct, ${parallel} in parallel`, rps });
      direct = Math.max(direct, rps);
    }
    const uncachedRps = proxyImages / proxySeconds;
    const uncachedRss = await rss(server, true);
    rows.push({
      phase: `proxy uncached, ${concurrency * 4} connections`,
      rps: uncachedRps,
      p50: mean(proxyRuns.map((r) => r.latency.p50)),
      p99: Math.max(...proxyRuns.map((r) => r.latency.p99)),
      failed: proxyRuns.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
      peakMb: uncachedRss.peakMb,
    });

    await fetch(url + CACHED_PATH);
    const cachedAc = await autocannon({ url: url + CACHED_PATH, connections: 100, duration: DURATION_S });
    rows.push({ ...row('proxy cached, 100 conn. (autocannon)', cachedAc), peakMb: (await rss(server, true)).peakMb });
    const cached = await keepAliveClient(url + CACHED_PATH, 100, DURATION_S);
    rows.push({ phase: 'proxy cached, 100 conn. (raw client)', ...cached, peakMb: (await rss(server, true)).peakMb });

    // Two hundred visitors at once, each wanting an image nobody asked for before: the worst case for memory.
    const crowd = await autocannon({ url, connections: 200, duration: DURATION_S, timeout: 60, requests: unique() });
    const crowdRss = await rss(server, true);
    rows.push({ ...row('proxy uncached, 200 connections', crowd), peakMb: crowdRss.peakMb });

    const ratio = uncachedRps / direct;
    const failed = [...proxyRuns, cachedAc, crowd].reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, cached.failed);
    const growth = crowdRss.peakMb - uncachedRss.peakMb;
    console.info(
      `\nimage proxy: ${WIDTH}×${HEIGHT} webp q80 from a 3200×2000 JPEG, ${cores} cores, ${DURATION_S} s per phase (uncached: ${ROUNDS} interleaved rounds)`,
    );
    console.info(
      `server RSS at start: ${idle.rssMb} MB; allocator: ${process.env.MALLOC_ARENA_MAX ? `glibc, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : process.env.LD_PRELOAD?.includes('jemalloc') ? 'jemalloc' : 'glibc defaults'}\n`,
    );
    console.info(
      `${'phase'.padEnd(38)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}${'RSS peak MB'.padStart(13)}`,
    );
    for (const r of rows) {
      const cell = (v: number | undefined, width: number) => (v === undefined ? '' : String(Math.round(v))).padStart(width);
      console.info(`${r.phase.padEnd(38)}${r.rps.toFixed(1).padStart(9)}${cell(r.p50, 9)}${cell(r.p99, 9)}${cell(r.failed, 8)}${cell(r.peakMb, 13)}`);
    }
    const verdicts = [
      [`uncached / direct sharp = ${ratio.toFixed(2)}×`, `≥ ${TARGET.uncachedRatio}×`, ratio >= TARGET.uncachedRatio],
      [`cached = ${cached.rps.toFixed(0)} req/s`, `≥ ${TARGET.cachedRps}`, cached.rps >= TARGET.cachedRps],
      [
        `RSS with 200 connections: ${crowdRss.peakMb} MB peak, ${growth >= 0 ? '+' : ''}${growth} MB over ${concurrency * 4} connections`,
        `< ${TARGET.rssMb} MB, < +${TARGET.rssGrowthMb} MB`,
        crowdRss.peakMb < TARGET.rssMb && growth < TARGET.rssGrowthMb,
      ],
      [`failed or timed-out requests = ${failed}`, '0', failed === 0],
    ] as const;
    console.info('');
    for (const [figure, target, ok] of verdicts) console.info(`${ok ? 'PASS' : 'FAIL'}  ${figure} (target ${target})`);
    console.info(
      '\nautocannon appends every response body to a string (UTF-8 decoding 54 KB of binary per response), which caps\n' +
        'it well below the server on cached images; the cached verdict uses a raw keep-alive socket client instead.',
    );
    if (verdicts.some(([, , ok]) => !ok)) process.exitCode = 1;
    // The proxy's children are idle by now: the per-format figures are one variant at a time, on their own.
    await renderTimesPerFormat(mediaDir);
  } finally {
    for (const child of children) child.kill();
    await rm(cacheDir, { recursive: true, force: true });
  }
}

const rate = (result: AutocannonResult) => result.requests.total / result.duration;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const row = (phase: string, result: AutocannonResult): Row => ({
  phase,
  rps: rate(result),
  p50: result.latency.p50,
  p99: result.latency.p99,
  failed: result.non2xx + result.errors + result.timeouts,
});

/**
 * A lean load generator for cached responses: raw keep-alive sockets, one request in flight on each, the
 * body skipped by its Content-Length. Costs a few microseconds per response, so the server is what is measured.
 */
async function keepAliveClient(url: string, connections: number, seconds: number): Promise<Omit<Row, 'phase'> & { failed: number }> {
  const { hostname, port, pathname } = new URL(url);
  const request = Buffer.from(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: image/webp\r\n\r\n`);
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), hostname);
          let pending: Buffer = Buffer.alloc(0);
          let bodyLeft = -1;
          let sent = 0;
          const send = () => {
            if (performance.now() >= end) return socket.end(resolve);
            sent = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('error', () => {
            failed += 1;
            resolve();
          });
          socket.on('data', (chunk: Buffer) => {
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            for (;;) {
              if (bodyLeft < 0) {
                const headEnd = pending.indexOf('\r\n\r\n');
                if (headEnd < 0) return;
                const head = pending.subarray(0, headEnd).toString('latin1');
                if (!head.startsWith('HTTP/1.1 200')) failed += 1;
                bodyLeft = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
                pending = pending.subarray(headEnd + 4);
              }
              if (pending.length < bodyLeft) return;
              pending = pending.subarray(bodyLeft);
              bodyLeft = -1;
              latencies.push(performance.now() - sent);
              send();
            }
          });
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / ((performance.now() - started) / 1000), p50: at(0.5), p99: at(0.99), failed };
}

function next<T extends Message['type']>(child: ChildProcess, type: T): Promise<Extract<Message, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<Message, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`The benchmark server exited (code ${code}).`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function stats(child: ChildProcess): Promise<Extract<Message, { type: 'stats' }>> {
  child.send({ type: 'stats' });
  return next(child, 'stats');
}

async function rss(child: ChildProcess, reset: boolean): Promise<Extract<Message, { type: 'rss' }>> {
  child.send({ type: 'rss', reset });
  return next(child, 'rss');
}

/** A child: the proxy on a random port, with RSS sampling on request; or the direct-sharp baseline. */
async function child(mode: 'serve' | 'direct'): Promise<void> {
  const mediaDir = process.env.BENCH_MEDIA_DIR ?? '';
  const concurrency = availableParallelism();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  let peak = 0;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25).unref();
  let url = '';
  let transforms = 0;
  let lastAt = Date.now();
  // The same libvips settings as the proxy, which turns libvips' operation cache off.
  if (mode === 'direct') sharp.cache(false);
  if (mode === 'serve') {
    const app = Fastify({ logger: false });
    const onTransform = () => {
      transforms += 1;
      lastAt = Date.now();
    };
    // One load generator is one client: the per-client limit on renders (IMAGE_RENDERS_PER_MINUTE) is off here.
    const rendersPerMinute = Number.MAX_SAFE_INTEGER;
    await app.register(imageProxy, { prefix: '/img', mediaDir, cacheDir: process.env.BENCH_CACHE_DIR ?? '', allowedHosts: [], onTransform, rendersPerMinute });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }
  process.on('message', async (message: { type: string; reset?: boolean; seconds?: number; parallel?: number }) => {
    if (message.type === 'rss') {
      const rssNow = process.memoryUsage.rss();
      process.send?.({ type: 'rss', rssMb: mb(rssNow), peakMb: mb(Math.max(peak, rssNow)) } satisfies Message);
      if (message.reset) peak = 0;
    }
    if (message.type === 'stats') process.send?.({ type: 'stats', transforms, lastAt } satisfies Message);
    if (message.type === 'direct') {
      process.send?.({
        type: 'direct',
        rps: await directSharp(join(mediaDir, SOURCE), message.seconds ?? DURATION_S, message.parallel ?? concurrency),
      } satisfies Message);
    }
  });
  process.send?.({ type: 'ready', url, concurrency } satisfies Message);
}

/** The proxy's decode → resize → flatten → encode, without HTTP, parsing, source checks or the cache write. */
async function directSharp(file: string, seconds: number, parallel: number): Promise<number> {
  let done = 0;
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        const background = `#${(n++ % 0xffffff).toString(16).padStart(6, '0')}`;
        await sharp(file, { limitInputPixels: 50_000_000, failOn: 'warning', sequentialRead: true })
          .autoOrient()
          .resize(WIDTH, HEIGHT, { fit: 'fill' })
          .flatten({ background })
          .webp({ quality: 80 })
          .toBuffer();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

if (process.argv.includes('--serve')) await child('serve');
else if (process.argv.includes('--direct')) await child('direct');
else if (import.meta.filename === process.argv[1]) await run();
