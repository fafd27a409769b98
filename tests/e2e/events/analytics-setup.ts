import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { parseVisit, VISIT_COOKIE } from '#core/analytics/visit.ts';
import { fakeCrm } from '#tests/support/leads-fakes.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { setupBrowser } from '../browser.ts';

/**
 * What the analytics browser tests share (analytics, analytics-consent, analytics-attribution). Analytics and call
 * tracking in Chromium (ADR 014). Three stand-in counters (Metrica's `ym`, GA4's `gtag`, Calltouch's `ct`) are served
 * from a second loopback origin; each records every call it gets in the page (`window.__counterCalls`, read at once)
 * and posts it to its origin (`/collect`, what reached the counter). The browser's clock is Playwright's: goals are
 * asserted at their moment and not a tick before, no sleeps.
 */
export const SECRET = 'e2e-analytics-secret-0123456789';
export const YM = '12345678';
export const GA = 'G-TEST1234';
export const CT = 'site42';
export const YM_UID = '1700000000123456789';
export const VID = 'AbCdEfGhIjKlMnOpQrStUv';

export type Call = { counter: 'ym' | 'gtag' | 'ct'; args: unknown[] };

/** The stand-in counters: their scripts, and what reached them. */
function standInScript(origin: string, counter: 'ym' | 'gtag' | 'ct'): string {
  const takeQueue = {
    ym: `var queue = (window.ym && window.ym.a) || []; window.ym = record;
         document.cookie = '_ym_uid=${YM_UID}; path=/';`,
    gtag: `var dl = window.dataLayer = window.dataLayer || []; var queue = dl.slice();
           dl.push = function (a) { record.apply(null, Array.prototype.slice.call(a)); return Array.prototype.push.call(dl, a); };`,
    ct: `var queue = (window.ct && window.ct.callbacks) || []; window.ct = record;`,
  }[counter];
  return `(function () {
    function record() {
      var args = JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments)));
      (window.__counterCalls = window.__counterCalls || []).push({ counter: '${counter}', args: args });
      fetch('${origin}/collect', { method: 'POST', mode: 'no-cors', keepalive: true, body: JSON.stringify({ counter: '${counter}', args: args }) });
    }
    ${takeQueue}
    for (var i = 0; i < queue.length; i++) record.apply(null, Array.prototype.slice.call(queue[i]));
  })();`;
}

async function standInCounters() {
  const collected: Call[] = [];
  const scripts: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const origin = `http://${request.headers.host}`;
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const script = { '/tag.js': 'ym', '/gtag.js': 'gtag', '/ct.js': 'ct' }[url.pathname] as 'ym' | 'gtag' | 'ct' | undefined;
      if (script) {
        scripts.push(`${url.pathname}${url.search}`);
        response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(standInScript(origin, script));
      } else if (url.pathname === '/collect') {
        collected.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call);
        response.writeHead(204).end();
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, collected, scripts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export let browser: ReturnType<typeof setupBrowser>;
export let counters: Awaited<ReturnType<typeof standInCounters>>;
export let crm: Awaited<ReturnType<typeof fakeCrm>>;
/** The site with the counters and the cookie notice (the default consent mode), sending leads to `crm`. */
export let notice: RunningServer;
/** The site with the counters in opt-in mode (`setUpAnalytics({ optIn: true })`). */
export let optIn: RunningServer;

const counterEnv = () => ({
  YANDEX_METRIKA_ID: YM,
  YANDEX_METRIKA_SCRIPT_URL: `${counters.origin}/tag.js`,
  GA4_MEASUREMENT_ID: GA,
  GA4_SCRIPT_URL: `${counters.origin}/gtag.js`,
  CALLTRACKING_PROVIDER: 'calltouch',
  CALLTRACKING_SITE_ID: CT,
  CALLTRACKING_SCRIPT_URL: `${counters.origin}/ct.js`,
  CAPTCHA_MODE: 'off',
  LEADS_POLL_MS: '200',
});

/** Registers a file's browser, stand-in counters, fake CRM and servers (the bindings above are live), stopped after. */
export function setUpAnalytics(options: { optIn?: boolean } = {}): void {
  browser = setupBrowser();
  beforeAll(async () => {
    counters = await standInCounters();
    crm = await fakeCrm(SECRET);
    // Every page load reports its web vitals here: what a tester's visit or a visitor without consent sends is seen.
    const [withNotice, withOptIn] = await Promise.all([
      startServer({ ...counterEnv(), CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: SECRET, WEB_VITALS_SAMPLE_RATE: '1' }),
      options.optIn ? startServer({ ...counterEnv(), ANALYTICS_CONSENT: 'opt-in', WEB_VITALS_SAMPLE_RATE: '1' }) : null,
    ]);
    notice = withNotice;
    if (withOptIn) optIn = withOptIn;
  });
  afterAll(async () => {
    await Promise.all([notice?.stop(), optIn?.stop()]);
    await counters?.close();
    await crm?.close();
  });
}

export type Sent = Record<string, string>;

/** A page of `server`, with the events it sends to `/api/tracking_data/save/` and every request to the counters' origin. */
export async function open(
  server: RunningServer,
  options: { userAgent?: string; javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const session = await browser.page({ baseURL: server.url, ...options });
  const events: Sent[] = [];
  const counterRequests: string[] = [];
  session.page.on('request', (request) => {
    if (request.url().startsWith(counters.origin)) counterRequests.push(request.url());
    if (new URL(request.url()).pathname === '/api/tracking_data/save/') events.push(JSON.parse(request.postData() ?? '{}') as Sent);
  });
  return { ...session, events, counterRequests };
}

/** The counter calls the page has made so far (synchronous: what the page did, not what travelled yet). */
export const pageCalls = (page: Page) => page.evaluate(() => (window as unknown as { __counterCalls?: Call[] }).__counterCalls ?? []);
export const goalsIn = (calls: Call[], goal: string) =>
  calls.filter(
    (c) =>
      (c.counter === 'ym' && c.args[1] === 'reachGoal' && c.args[2] === goal) ||
      (c.counter === 'gtag' && c.args[0] === 'event' && c.args[1] === goal) ||
      (c.counter === 'ct' && c.args[0] === 'goal' && c.args[1] === goal),
  );
export const named = (events: Sent[], event: string) => events.filter((e) => e.event === event);

/** The visit's cookie, once the page has counted itself (analytics loads once the page has hydrated, ADR 027). */
export async function visitOf(context: BrowserContext) {
  const read = async () => {
    const cookie = (await context.cookies()).find((c) => c.name === VISIT_COOKIE);
    return parseVisit(cookie ? decodeURIComponent(cookie.value) : null);
  };
  await expect.poll(async () => (await read()) !== null, { message: 'no visit cookie' }).toBe(true);
  return (await read())!;
}

/** Every goal reached `counter`s on their origin (what the stand-in received). */
export async function expectReachedCounters(goal: string) {
  await expect
    .poll(() =>
      goalsIn(counters.collected, goal)
        .map((c) => c.counter)
        .sort(),
    )
    .toEqual(expect.arrayContaining(['ct', 'gtag', 'ym']));
}
