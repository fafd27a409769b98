/**
 * `npm run bench -- lighthouse`: Lighthouse (default mobile config) on Debian's Chromium against the production
 * server, for every template in each language. Prints the median of `BENCH_LH_RUNS` runs (3): the scores with FCP,
 * LCP, TBT and CLS, bytes by kind, render-blocking files and main-thread time (which compare between runs on a loaded
 * machine, where scores do not), the longest tasks, and each failing audit. Goal: performance ≥ 98 everywhere
 * (ADR 027). The same run first measures React Router's hello-world page (scripts/bench/hello-world, built with the
 * site's Vite and served gzip-compressed), the floor the pages are held to (`BENCH_LH_HELLO=0` leaves it out).
 * Chromium keeps its back/forward cache on, as a phone does, so that audit names only the page's own faults.
 *
 *   BENCH_LH_RUNS=1 BENCH_LH_LANGS=en BENCH_LH_PAGES=home,lot npm run bench -- lighthouse
 *   BENCH_LH_SAVE=/tmp/lh …   (keeps each median run's report as JSON)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequestHandler } from 'react-router';
import { chromium } from 'playwright-core';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from '../ensure-chromium.ts';
import { freePort, startServer } from '../../tests/support/server.ts';
import { buildHelloWorld } from './ssr.ts';
import { median, medianBy } from './stats.ts';
import { productionNodeEnv } from './production-node.ts';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const LANGS = (process.env.BENCH_LH_LANGS ?? 'ru,en,zh').split(',');
const ONLY = process.env.BENCH_LH_PAGES?.split(',');
/** A folder to keep each median run's whole report in (JSON, one file a page), to open in the Lighthouse viewer. */
const SAVE = process.env.BENCH_LH_SAVE;
const HELLO = process.env.BENCH_LH_HELLO !== '0';

/** Templates by their path in Russian (the unprefixed language); other languages add their prefix. */
const TEMPLATES: [string, string][] = [
  ['home', '/'],
  ['projects', '/projects'],
  ['project', '/projects/1'],
  ['building', '/projects/1/building/1'],
  ['section', '/projects/1/building/1/section/1'],
  ['floor', '/projects/1/building/1/section/1/floor/2'],
  ['lot', '/lipovy/flat/22'],
  ['filter', '/filter'],
  ['SEO filter', '/filter/mashino-mesta'],
  ['selection', '/selection'],
  ['promo list', '/promo'],
  ['promo', '/promo/1'],
  ['news', '/news'],
  ['contacts', '/contacts'],
  ['mortgage', '/purchase/mortgage'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const ACCEPT_LANGUAGE: Record<string, string> = { ru: 'ru-RU,ru;q=0.9,en;q=0.8', en: 'en-US,en;q=0.9', zh: 'zh-CN,zh;q=0.9,en;q=0.8' };

const localized = (path: string, lang: string) => (lang === 'ru' ? path : `/${lang}${path === '/' ? '' : path}`);

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.ico': 'image/x-icon' };

/** The hello-world page on its own port: documents from its server build, files from its client build, gzip-compressed. */
async function startHelloWorld(): Promise<{ url: string; stop: () => Promise<void> }> {
  const hello = await buildHelloWorld();
  const handle = createRequestHandler(hello.build, 'production');
  const server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname));
    const file = join(hello.clientDir, path);
    const send = (status: number, type: string, body: Buffer, cache: string) => {
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(status, { 'content-type': type, 'cache-control': cache, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(gzip ? gzipSync(body) : body);
    };
    if (path.startsWith('/assets/') && file.startsWith(hello.clientDir) && existsSync(file)) {
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file), 'public, max-age=31536000, immutable');
      return;
    }
    // Its one route is the page; anything else a browser asks for (the icon, robots.txt) is a plain 404, as from a
    // static server, not a routing error logged into the bench's output.
    if (path !== '/') {
      send(404, 'text/plain', Buffer.from('not found'), 'no-store');
      return;
    }
    void handle(new Request(`http://localhost${req.url ?? '/'}`, { headers: { 'user-agent': String(req.headers['user-agent'] ?? '') } })).then(
      async (response) => send(response.status, response.headers.get('content-type') ?? 'text/html', Buffer.from(await response.arrayBuffer()), 'no-cache'),
      () => send(500, 'text/plain', Buffer.from('error'), 'no-store'),
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      hello.remove();
    },
  };
}

export async function run(): Promise<void> {
  const executablePath = ensureChromium();
  const server = await startServer({ LOG_LEVEL: 'warn', ...productionNodeEnv() });
  const hello = HELLO ? await startHelloWorld() : null;
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    // Playwright turns the back/forward cache off for its tests; a phone has it, and Lighthouse's audit then names
    // what keeps a page out of it (an open connection, a request under way) instead of "disabled by command line".
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  const rows: string[] = [];
  const failing: string[] = [];
  let worst = 1;
  let atGoal = 0;
  /** Lighthouse's measure of the host's CPU (its `benchmarkIndex`): the 4× slowdown is simulated on top of it. */
  const benchmarks: number[] = [];
  try {
    console.info(`Lighthouse ${RUNS}× per page, mobile (default config); median performance run\n`);
    console.info(`${'page'.padEnd(40)} perf   FCP ms  LCP ms  TBT ms    CLS  a11y  bp  seo`);
    const pages: { lang: string; name: string; path: string; url: string }[] = [];
    if (hello) pages.push({ lang: 'en', name: 'hello-world', path: '/', url: `${hello.url}/` });
    for (const lang of LANGS) {
      for (const [name, path] of TEMPLATES) {
        if (!ONLY || ONLY.includes(name)) pages.push({ lang, name, path: localized(path, lang), url: server.url + localized(path, lang) });
      }
    }
    for (const { lang, name, path, url } of pages) {
      // A first visit warms the server's page cache, as any visitor before the measured one would.
      await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156 warm-up' } });
      const results: RunnerResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A visitor who reads this language: an English browser asking for `/` is sent to `/en` (the spec's language
        // detection), which would measure the redirect and the English page as the Russian home page.
        const flags: Flags = {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: { 'Accept-Language': ACCEPT_LANGUAGE[lang] ?? lang },
        };
        const result = await lighthouse(url, flags);
        if (result) results.push(result);
      }
      if (!results.length) throw new Error(`Lighthouse gave no result for ${url}`);
      const pick = medianBy(results, (r) => r.lhr.categories.performance?.score ?? 0);
      const { lhr } = pick;
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(join(SAVE, `${lang}-${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const floor = name === 'hello-world';
      if (!floor) worst = Math.min(worst, lhr.categories.performance?.score ?? 0);
      if (!floor && score('performance') >= 98) atGoal += 1;
      for (const result of results) if (result.lhr.environment.benchmarkIndex) benchmarks.push(result.lhr.environment.benchmarkIndex);
      const label = name === 'hello-world' ? 'hello-world (React Router)' : `${lang} ${name} ${path}`;
      if (!floor) rows.push(label);
      console.info(
        `${label.padEnd(40)} ${String(score('performance')).padStart(4)} ${numeric('first-contentful-paint').toFixed(0).padStart(8)} ${numeric('largest-contentful-paint').toFixed(0).padStart(7)} ${numeric('total-blocking-time').toFixed(0).padStart(7)} ${numeric('cumulative-layout-shift').toFixed(3).padStart(6)} ${String(score('accessibility')).padStart(5)} ${String(score('best-practices')).padStart(3)} ${String(score('seo')).padStart(4)}`,
      );
      // What to compare between runs on a shared machine (scores move with its load; bytes do not).
      const kib = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toFixed(1)} KiB`;
      const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      const transfer = (type: string) => items('resource-summary').find((item) => item.resourceType === type)?.transferSize as number | undefined;
      const savings = (id: string) => (lhr.audits[id]?.details as { overallSavingsBytes?: number; overallSavingsMs?: number } | undefined) ?? {};
      const blocking = items('render-blocking-insight').map((item) => String(item.url ?? '').replace(/^.*\/assets\//, ''));
      console.info(
        `${''.padEnd(40)} transfer: document ${kib(transfer('document'))}, script ${kib(transfer('script'))}, stylesheet ${kib(transfer('stylesheet'))}, font ${kib(transfer('font'))}; unused JS ${kib(savings('unused-javascript').overallSavingsBytes)}; render-blocking ${blocking.length ? `${blocking.join(', ')} (${(lhr.audits['render-blocking-insight']?.metricSavings?.FCP ?? 0).toFixed(0)} ms FCP)` : 'none'}; main-thread ${(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0).toFixed(0)} ms`,
      );
      // Where the blocking time is: the page's longest tasks as Lighthouse timed them, by the script it names
      // (the document's own for style, layout and inline scripts), with their start.
      const longest = items('long-tasks')
        .map((item) => ({ url: String(item.url ?? ''), duration: Number(item.duration ?? 0), start: Number(item.startTime ?? 0) }))
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 5)
        .map(
          (task) =>
            `${task.url === url ? 'document' : task.url.replace(/^.*\//, '') || 'unattributed'} ${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`,
        );
      if (longest.length) console.info(`${''.padEnd(40)} longest tasks: ${longest.join('; ')}`);
      // The floor's own audits (no description, no landmark…) are not the site's to fix.
      if (floor) continue;
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 0.9 || (category === 'performance' && ref.weight === 0 && audit.scoreDisplayMode !== 'binary'))
            continue;
          if (ref.id !== 'bf-cache') {
            failing.push(`${label}: ${category} / ${ref.id} (${audit.displayValue ?? audit.score})`);
            continue;
          }
          // The back/forward cache's reasons that are the page's (not the browser's settings), by name.
          const reasons = ((audit.details as { items?: { failureType?: string; protocolReason?: string }[] } | undefined)?.items ?? [])
            .filter((item) => item.failureType !== 'Not actionable')
            .map((item) => item.protocolReason ?? '?');
          if (reasons.length) failing.push(`${label}: ${category} / bf-cache (${reasons.join(', ')})`);
        }
      }
    }
    console.info(`\nworst performance: ${Math.round(worst * 100)} (goal ≥ 98) over ${rows.length} pages; ${atGoal} of ${rows.length} at ≥ 98`);
    if (benchmarks.length)
      console.info(
        `host CPU (Lighthouse benchmarkIndex): median ${median(benchmarks).toFixed(0)}, ${Math.min(...benchmarks).toFixed(0)}–${Math.max(...benchmarks).toFixed(0)}`,
      );
    console.info(failing.length ? `failing audits (score < 0.9):\n  ${failing.join('\n  ')}` : 'no failing audit');
  } finally {
    await browser.close();
    await server.stop();
    await hello?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
