/**
 * `npm run bench -- ssr`: server-rendered pages against a plain static server sending the same bytes, in one run
 * (ADR 023). For each template: requests per second and p99 from a static server (node:http, a child process,
 * answering the page's compressed bytes from memory), from the site with its page cache (a returning visitor: the
 * kept copy) and from the site with `PAGE_CACHE=off` (every page rendered), and the ratios. Goals:
 * cached ≥ 0.5× static, uncached ≥ 0.05× static. Then React's own floor for each page (react-floor.ts): the HTML the site
 * sent, parsed once into a static React tree, rendered anew per request by the same React with the same streaming API
 * and compression, from a node:http child process, measured in the same run at the same connections; goal: uncached
 * ≥ 0.5× the floor (within 2×). Also the home page's weight against a hello-world page of the
 * same framework built with the same Vite and React Router (scripts/bench/hello-world; goal: JS ≤ 1.3×). Last, where
 * each template's uncached render spends the main thread (render-profile.ts; `BENCH_PROFILE_RENDERS=0` skips it).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { deferredModules } from '../../app/lib/defer-hydration.server.ts';
import { freePort, startServer } from '../../tests/support/server.ts';
import { PRODUCTION_NODE_ENV, PRODUCTION_NODE_FLAGS, productionNodeEnv } from './production-node.ts';
import { PARTS, profileRenders, type RenderProfile } from './render-profile.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Renders profiled per template for the breakdown (0: no breakdown). */
const PROFILE_RENDERS = Number(process.env.BENCH_PROFILE_RENDERS ?? 300);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** A returning visitor (an id cookie): what most page views are. */
const HEADERS = { 'accept-encoding': 'br, gzip', 'user-agent': UA, accept: 'text/html', cookie: 'vid=benchbenchbenchbench00' };

export const TEMPLATES: [string, string][] = [
  ['home', '/en'],
  ['projects', '/en/projects'],
  ['project', '/en/projects/1'],
  ['building', '/en/projects/1/building/1'],
  ['section', '/en/projects/1/building/1/section/1'],
  ['floor', '/en/projects/1/building/1/section/1/floor/2'],
  ['lot', '/en/lipovy/flat/22'],
  ['filter', '/en/filter'],
  ['SEO filter', '/en/filter/mashino-mesta'],
  ['promo list', '/en/promo'],
  ['promo', '/en/promo/1'],
  ['news', '/en/news'],
  ['news item', '/en/news/office-opening'],
  ['contacts', '/en/contacts'],
  ['policy', '/en/privacy'],
];

/** The templates measured: all, or those `BENCH_TEMPLATES` names (`home,lot,filter`). */
const MEASURED = process.env.BENCH_TEMPLATES ? TEMPLATES.filter(([name]) => process.env.BENCH_TEMPLATES!.split(',').includes(name)) : TEMPLATES;

async function measure(url: string, headers: Record<string, string> = HEADERS): Promise<{ rps: number; p99: number; errors: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/**
 * What a first visit to a page downloads before it is interactive, gzip-compressed (level 9) from the build's files:
 * the JavaScript its HTML names (module preloads, those it adds after `load`, the module script's imports), its style
 * sheets, the HTML itself.
 * The same reading as the byte budgets (tests/integration/http/budgets.test.ts).
 */
export function pageWeight(html: string, clientDir: string): { js: number; css: number; html: number } {
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link [^>]*>/g)) {
    const rel = /rel="(modulepreload|stylesheet)"/.exec(m[0])?.[1];
    const href = /href="(\/assets\/[^"]+)"/.exec(m[0])?.[1];
    if (rel && href) assets.add(href);
  }
  for (const m of html.matchAll(/import\s*(?:[^"'()]*from\s*)?\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) assets.add(m[1]!);
  // The preloads the page adds after its load event (ADR 027): still downloaded before the page is interactive.
  for (const href of deferredModules(html)) assets.add(href);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipSync(readFileSync(join(clientDir, asset)), { level: 9 }).length;
    if (asset.endsWith('.css')) css += size;
    else if (asset.endsWith('.js')) js += size;
  }
  return { js, css, html: gzipSync(html, { level: 9 }).length };
}

/**
 * The framework's floor: a hello-world page of React Router's framework mode (scripts/bench/hello-world), built now
 * with the site's Vite and React Router and rendered by its own server build, weighed as the site's pages are.
 */
export async function helloWorldWeight(): Promise<{ js: number; css: number; html: number }> {
  const hello = await buildHelloWorld();
  try {
    const response = await createRequestHandler(hello.build, 'production')(new Request('http://localhost/', { headers: { 'user-agent': UA } }));
    if (response.status !== 200) throw new Error(`hello-world page answered ${response.status}`);
    return pageWeight(await response.text(), hello.clientDir);
  } finally {
    hello.remove();
  }
}

/**
 * Builds scripts/bench/hello-world with the site's Vite and React Router, into its `build/` (inside the repository, so
 * its server build finds the site's packages; git ignores it). `remove()` deletes that build.
 */
export async function buildHelloWorld(): Promise<{ build: ServerBuild; clientDir: string; remove: () => void }> {
  const fixture = fileURLToPath(new URL('./hello-world', import.meta.url));
  const buildDir = join(fixture, 'build');
  const remove = () => rmSync(buildDir, { recursive: true, force: true });
  try {
    const cli = join('node_modules', '@react-router', 'dev', 'bin.cjs');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'build', fixture], {
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`hello-world build exited with ${code}`))));
    });
    const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
    return { build, clientDir: join(buildDir, 'client'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The static server: each path answers the bytes and headers saved for it, from memory (node:http, its own process). */
const STATIC_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const pages = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const bodies = new Map(Object.entries(pages).map(([path, p]) => [path, { body: Buffer.from(p.body, 'base64'), headers: p.headers }]));
http.createServer((req, res) => {
  const page = bodies.get(req.url);
  if (!page) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { ...page.headers, 'content-length': page.body.length });
  res.end(page.body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));
`;

/** React's floor (react-floor.ts) for each path's HTML, in its own process; `sizes` are the bytes it renders, uncompressed. */
async function startFloor(pages: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const file = join(dir, 'pages.json');
  writeFileSync(file, JSON.stringify(pages));
  const port = await freePort();
  const script = fileURLToPath(new URL('./react-floor.ts', import.meta.url));
  // Under the site's own Node flags (production-node.ts): the two renders compared run under one garbage collector's settings.
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, script, file, String(port)], {
    env: { ...process.env, ...PRODUCTION_NODE_ENV, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sizes = await new Promise<Record<string, number>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor's server exited with ${code}`)));
    child.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString()) as Record<string, number>));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sizes,
    stop: () => {
      child.removeAllListeners('exit');
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A saved answer's HTML, decompressed. */
function htmlOf(page: { body: string; headers: Record<string, string> }): string {
  const body = Buffer.from(page.body, 'base64');
  const encoding = page.headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
}

async function startStatic(pages: Record<string, { body: string; headers: Record<string, string> }>) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-static-'));
  const file = join(dir, 'pages.json');
  writeFileSync(file, JSON.stringify(pages));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', STATIC_SERVER, file, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function run(): Promise<void> {
  // Both as `npm start` runs Node (production-node.ts: V8's young generation capped, malloc arenas).
  const production = productionNodeEnv();
  const cached = await startServer({ LOG_LEVEL: 'warn', LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...production });
  // With the inspector listening (no session until the breakdown; an idle inspector costs nothing).
  const inspectorPort = await freePort();
  const uncached = await startServer({
    LOG_LEVEL: 'warn',
    PAGE_CACHE: 'off',
    LOAD_MAX_IN_FLIGHT: '0',
    LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...production,
    NODE_OPTIONS: `${production.NODE_OPTIONS} --inspect=127.0.0.1:${inspectorPort}`,
  });
  // The same bytes as the site answers (br), with the same headers but its own length.
  const saved: Record<string, { body: string; headers: Record<string, string> }> = {};
  for (const [, path] of MEASURED) {
    // node:http, not fetch: the compressed bytes as they travel.
    const { body, headers: raw } = await new Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      http
        .get(cached.url + path, { headers: HEADERS }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
        })
        .on('error', reject);
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw))
      if (typeof value === 'string' && !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
    saved[path] = { body: body.toString('base64'), headers };
  }
  const statik = await startStatic(saved);
  const floor = await startFloor(Object.fromEntries(Object.entries(saved).map(([path, page]) => [path, htmlOf(page)])));
  try {
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    // `BENCH_HELLO_WORLD=0` skips building the hello-world page (a minute of CPU) when only the rates are wanted.
    if (process.env.BENCH_HELLO_WORLD !== '0') {
      const home = pageWeight(await (await fetch(`${cached.url}/`, { headers: { 'user-agent': UA } })).text(), 'build/client');
      const hello = await helloWorldWeight();
      console.info(`home page weight (gzip): JS ${kib(home.js)}, CSS ${kib(home.css)}, HTML ${kib(home.html)}`);
      console.info(`hello-world page of React Router (gzip): JS ${kib(hello.js)}, CSS ${kib(hello.css)}, HTML ${kib(hello.html)}`);
      console.info(`home JS / hello-world JS: ${(home.js / hello.js).toFixed(2)}× (goal ≤ 1.3×)`);
    }
    console.info(`\n${CONNECTIONS} connections, ${DURATION_S} s each; req/s (p99 ms)`);
    console.info(
      `${'template'.padEnd(12)} ${'bytes'.padStart(7)} ${'static'.padStart(14)} ${'cached'.padStart(14)} ${'×'.padStart(6)} ${'uncached'.padStart(14)} ${'×'.padStart(7)}`,
    );
    const ratios: { cached: number[]; uncached: number[] } = { cached: [], uncached: [] };
    const rates = new Map<string, { static: number; uncached: number; floor: number }>();
    const floors = new Map<string, { rps: number; p99: number; errors: number }>();
    for (const [name, path] of MEASURED) {
      const s = await measure(statik.url + path);
      const c = await measure(cached.url + path);
      const u = await measure(uncached.url + path);
      const f = await measure(floor.url + path);
      floors.set(path, f);
      rates.set(path, { static: s.rps, uncached: u.rps, floor: f.rps });
      const rc = c.rps / s.rps;
      const ru = u.rps / s.rps;
      ratios.cached.push(rc);
      ratios.uncached.push(ru);
      const cell = (m: { rps: number; p99: number; errors: number }) => `${m.rps.toFixed(0)} (${m.p99})${m.errors ? '!' : ''}`.padStart(14);
      console.info(
        `${name.padEnd(12)} ${String(Buffer.from(saved[path]!.body, 'base64').length).padStart(7)} ${cell(s)} ${cell(c)} ${rc.toFixed(2).padStart(6)} ${cell(u)} ${ru.toFixed(3).padStart(7)}`,
      );
    }
    const min = (list: number[]) => Math.min(...list);
    console.info(
      `\nworst ratio: cached ${min(ratios.cached).toFixed(2)}× (goal ≥ 0.5×), uncached ${min(ratios.uncached).toFixed(3)}× (goal ≥ 0.05×); '!' marks a run with non-2xx answers or errors`,
    );
    console.info(
      `\nReact's floor: the same HTML as a static React tree, rendered per request by the same React (renderToPipeableStream, brotli as the site), same run, ${CONNECTIONS} connections; req/s (p99 ms)`,
    );
    console.info(
      `${'template'.padEnd(12)} ${'site HTML'.padStart(10)} ${'floor HTML'.padStart(11)} ${'uncached'.padStart(14)} ${'floor'.padStart(14)} ${'floor/unc.'.padStart(11)}  goal ≤ 2×`,
    );
    let passed = 0;
    for (const [name, path] of MEASURED) {
      const u = rates.get(path)!.uncached;
      const f = floors.get(path)!;
      const ratio = f.rps / u;
      if (ratio <= 2) passed++;
      console.info(
        `${name.padEnd(12)} ${String(Buffer.byteLength(htmlOf(saved[path]!))).padStart(10)} ${String(floor.sizes[path]).padStart(11)} ${u.toFixed(0).padStart(14)} ${`${f.rps.toFixed(0)} (${f.p99})${f.errors ? '!' : ''}`.padStart(14)} ${ratio.toFixed(2).padStart(10)}×  ${ratio <= 2 ? 'PASS' : 'FAIL'}`,
      );
    }
    console.info(`within 2× of React's floor: ${passed} of ${MEASURED.length} templates`);
    if (PROFILE_RENDERS > 0) printBreakdown(await breakdown(uncached.url, inspectorPort), rates);
  } finally {
    floor.stop();
    statik.stop();
    await cached.stop();
    await uncached.stop();
  }
}

async function breakdown(url: string, inspectorPort: number): Promise<Map<string, RenderProfile>> {
  const profiles = new Map<string, RenderProfile>();
  for (const [name, path] of MEASURED) profiles.set(path, await profileRenders(url + path, inspectorPort, PROFILE_RENDERS, HEADERS, name));
  return profiles;
}

/** A breakdown column's width: its heading and a figure like `11.12`. */
const column = (part: string) => Math.max(8, part.length + 1);

/**
 * Where an uncached render's main-thread time goes (render-profile.ts), and the bound it sets: the ratio a template
 * would reach if React Router, its turbo-stream encoding, our loaders and the database cost nothing, the rest (React,
 * our components, Node, GC) as measured; and the same against React's floor (`floor/unc.` if those parts were free).
 */
function printBreakdown(profiles: Map<string, RenderProfile>, rates: Map<string, { static: number; uncached: number; floor: number }>): void {
  console.info(`\nuncached render, main thread, ms per render (CPU profile of ${PROFILE_RENDERS} renders, 4 at a time; the profiler adds ~10%)`);
  console.info(
    `${'template'.padEnd(12)} ${'busy'.padStart(6)} ${PARTS.map((part) => part.padStart(column(part))).join('')} ${'idle'.padStart(6)} ${'bound ×'.padStart(8)} ${'floor/unc.'.padStart(11)} ${'bound'.padStart(6)}`,
  );
  const bounds: number[] = [];
  for (const [name, path] of MEASURED) {
    const profile = profiles.get(path)!;
    const rate = rates.get(path)!;
    const { parts, busyMs } = profile;
    const rest = busyMs - parts.router - parts['turbo-stream'] - parts.loaders - parts.database;
    const bound = (rate.uncached * (busyMs / rest)) / rate.static;
    bounds.push(bound);
    const floorRatio = rate.floor / rate.uncached;
    const cells = PARTS.map((part) => parts[part].toFixed(2).padStart(column(part))).join('');
    console.info(
      `${name.padEnd(12)} ${busyMs.toFixed(2).padStart(6)} ${cells} ${profile.idleMs.toFixed(2).padStart(6)} ${bound.toFixed(3).padStart(8)} ${floorRatio.toFixed(2).padStart(10)}× ${(floorRatio * (rest / busyMs)).toFixed(2).padStart(5)}×`,
    );
  }
  console.info(
    `\nbound: the uncached ratio with router, turbo-stream, loaders and database at no cost (React, our components, Node and GC as measured): best ${Math.max(...bounds).toFixed(3)}×, worst ${Math.min(...bounds).toFixed(3)}× (goal ≥ 0.05×)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
