/**
 * `npm run bench -- layout`: the browser's style and layout time for the pages that sell, as built and with their
 * fonts changed, in one run (issue #40, ADR 044). Each page is loaded `BENCH_LAYOUT_RUNS` times (5) per variant in
 * Chromium with a 4× slower CPU, Lighthouse's phone (its user agent and viewport) and a Russian reader
 * (`BENCH_LAYOUT_LANG=en` or `zh` for the others), in a fresh context (no font in the cache); the trace's main-thread
 * `Layout` and `UpdateLayoutTree` times and its blocking time (each task's time beyond 50 ms, as Lighthouse's TBT
 * counts it, but measured, not simulated), with the font look-ups (count and time), are printed as medians.
 * Every variant's document goes through the same interception (the page as sent, or with the variant's rule), so all
 * load alike. The variants:
 *
 * - `built`: the page as it is sent;
 * - `system`: every text in the system's face (the floor: no web font);
 * - `manrope`: every text in the web font, as before ADR 044 (the decision's other side).
 *
 * Goal: the built page's layout within 1.25× the system-font floor's.
 *
 *   BENCH_LAYOUT_PAGES=/,/projects/1 BENCH_LAYOUT_RUNS=3 npm run bench -- layout
 */
import { chromium, type Route } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../ensure-chromium.ts';
import { startServer } from '../../tests/support/server.ts';
import { median } from './stats.ts';
import { productionNodeEnv } from './production-node.ts';

/** The reader's language (`ru`, `en` or `zh`): its pages (the paths are Russian's, prefixed for the others) and its browser. */
const LANG = process.env.BENCH_LAYOUT_LANG ?? 'ru';
const LANGS: Record<string, { iso: string; acceptLanguage: string; bodyFace: string }> = {
  ru: { iso: 'ru-RU', acceptLanguage: 'ru-RU,ru;q=0.9', bodyFace: 'system-ui' },
  en: { iso: 'en-GB', acceptLanguage: 'en-GB,en;q=0.9', bodyFace: 'system-ui' },
  // Chinese text is set in a Chinese face first (ADR 044).
  zh: { iso: 'zh-CN', acceptLanguage: 'zh-CN,zh;q=0.9', bodyFace: '"Noto Sans CJK SC"' },
};
const READER = LANGS[LANG];
const PAGES = (process.env.BENCH_LAYOUT_PAGES ?? '/,/projects/1,/lipovy/flat/22')
  .split(',')
  .map((path) => (LANG === 'ru' ? path : `/${LANG}${path === '/' ? '' : path}`));
const RUNS = Number(process.env.BENCH_LAYOUT_RUNS ?? 5);
const GOAL = 1.25;
/** Lighthouse's mobile user agent (its `constants.js`): the server picks a phone's image sizes, as for a phone. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const VARIANTS: Record<string, string> = {
  built: '',
  system: '*{font-family:system-ui,sans-serif!important}',
  manrope: 'body,body *{font-family:var(--font-heading)!important}',
};

/** How each variant's body face begins (its computed `font-family`): the check that the variant's rule took. */
const BODY_FACE: Record<string, string> = { built: READER?.bodyFace ?? '', system: 'system-ui', manrope: '"Manrope Variable"' };

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string; beginData?: { url?: string } } };
type Sample = { layout: number; style: number; blocking: number; fonts: number; fontMs: number };

/**
 * Sums the page's main thread's layout, style and blocking time (ms) of one trace, and its font look-ups
 * (`FontCache::GetFontPlatformData`: one per face, weight and size, and per fallback face; on Linux mostly requests to
 * the browser process; ADR 044). The page's thread is the one that parsed its document: the browser's other renderers
 * (its own pages) are not counted.
 */
function measure(events: TraceEvent[], url: string): Sample {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
  const onMain = parse ? events.filter((e) => e.ph === 'X' && e.pid === parse.pid && e.tid === parse.tid) : [];
  const named = (name: string) => onMain.filter((e) => e.name === name);
  const sum = (name: string) => named(name).reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;
  const blocking = named('RunTask').reduce((total, e) => total + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0);
  const fonts = named('FontCache::GetFontPlatformData');
  const sample = { layout: sum('Layout'), style: sum('UpdateLayoutTree'), blocking, fonts: fonts.length, fontMs: sum('FontCache::GetFontPlatformData') };
  // A trace without the page's layouts measured nothing: never a figure of 0 that passes.
  if (!parse || sample.layout === 0) throw new Error(`the trace holds no layout of ${url} (no parse of its document or no Layout event)`);
  return sample;
}

export async function run(): Promise<void> {
  if (!(RUNS >= 1)) throw new Error(`BENCH_LAYOUT_RUNS must be a number ≥ 1, not ${process.env.BENCH_LAYOUT_RUNS}`);
  if (!READER) throw new Error(`BENCH_LAYOUT_LANG must be one of ${Object.keys(LANGS).join(', ')}, not ${LANG}`);
  const server = await startServer({ LOG_LEVEL: 'warn', ...productionNodeEnv() });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const failures: string[] = [];
  try {
    console.info(`Chromium, 4× slower CPU, ${RUNS} loads per page and variant; medians in ms (main thread)\n`);
    console.info(`${'page'.padEnd(20)} ${'variant'.padEnd(8)} layout  style  blocking  fonts    ms`);
    for (const path of PAGES) {
      // A first visit warms the server's page cache, as any visitor before the measured one would (the same reader).
      await fetch(server.url + path, { headers: { 'user-agent': PHONE_UA, 'accept-language': READER.acceptLanguage } });
      const layouts: Record<string, number> = {};
      for (const [variant, css] of Object.entries(VARIANTS)) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
            userAgent: PHONE_UA,
            locale: READER.iso,
          });
          const page = await context.newPage();
          // The page's own style sheet, then the variant's rule, in the document as sent (its CSP allows no other style).
          await page.route(`${server.url}${path}`, async (route: Route) => {
            const response = await route.fetch({ maxRedirects: 0 });
            if (response.status() !== 200) throw new Error(`${path} answered ${response.status()}, not the page`);
            const headers = { ...response.headers() };
            for (const name of ['content-security-policy', 'content-encoding', 'content-length']) delete headers[name];
            const html = await response.text();
            if (!html.includes('</head>')) throw new Error(`${path}: no </head> to put the variant's rule before`);
            await route.fulfill({ status: 200, headers, body: css ? html.replace('</head>', `<style>${css}</style></head>`) : html });
          });
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts'] });
          await page.goto(server.url + path, { waitUntil: 'load' });
          // The web font's swap and hydration come after the load event: a quiet page ends the trace.
          await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => setTimeout(resolve, 2000))));
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          // The page measured is the reader's language, in the variant's face.
          const [lang, face] = await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).fontFamily]);
          if (lang !== READER.iso) throw new Error(`${path} was measured in ${lang}, not ${READER.iso}`);
          const expected = BODY_FACE[variant];
          if (expected && !face.startsWith(expected)) throw new Error(`${path} (${variant}): the body's face is ${face}`);
          samples.push(measure(trace.traceEvents, server.url + path));
          await context.close();
        }
        const layout = median(samples.map((s) => s.layout));
        layouts[variant] = layout;
        console.info(
          `${path.padEnd(20)} ${variant.padEnd(8)} ${layout.toFixed(0).padStart(6)} ${median(samples.map((s) => s.style))
            .toFixed(0)
            .padStart(6)} ${median(samples.map((s) => s.blocking))
            .toFixed(0)
            .padStart(9)} ${String(median(samples.map((s) => s.fonts))).padStart(6)} ${median(samples.map((s) => s.fontMs))
            .toFixed(0)
            .padStart(5)}`,
        );
      }
      const ratio = (layouts.built ?? 0) / Math.max(1, layouts.system ?? 0);
      const pass = ratio <= GOAL;
      if (!pass) failures.push(path);
      console.info(`${path.padEnd(20)} layout as built / system font only: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×) ${pass ? 'PASS' : 'FAIL'}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.info(failures.length ? `FAIL: ${failures.join(', ')}` : 'PASS: every page within the goal');
  if (failures.length) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
