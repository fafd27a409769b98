import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVisit, VISIT_COOKIE } from '#core/analytics/visit.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { fakeCrm } from '#tests/support/leads-fakes.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { baseURL, expectNoAxeViolations, hydrated, observingVitals, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * Analytics and call tracking in Chromium (ADR 014). Three stand-in counters (Metrica's `ym`, GA4's `gtag`,
 * Calltouch's `ct`) are served from a second loopback origin; each records every call it gets in the page
 * (`window.__counterCalls`, read at once) and posts it to its origin (`/collect`, what reached the counter).
 * The browser's clock is Playwright's: goals are asserted at their moment and not a tick before, no sleeps.
 */
const browser = setupBrowser();
const SECRET = 'e2e-analytics-secret-0123456789';
const YM = '12345678';
const GA = 'G-TEST1234';
const CT = 'site42';
const YM_UID = '1700000000123456789';
const VID = 'AbCdEfGhIjKlMnOpQrStUv';

type Call = { counter: 'ym' | 'gtag' | 'ct'; args: unknown[] };

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

let counters: Awaited<ReturnType<typeof standInCounters>>;
let crm: Awaited<ReturnType<typeof fakeCrm>>;
let notice: RunningServer;
let optIn: RunningServer;

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

beforeAll(async () => {
  counters = await standInCounters();
  crm = await fakeCrm(SECRET);
  // Every page load reports its web vitals here: what a tester's visit or a visitor without consent sends is seen.
  [notice, optIn] = await Promise.all([
    startServer({ ...counterEnv(), CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: SECRET, WEB_VITALS_SAMPLE_RATE: '1' }),
    startServer({ ...counterEnv(), ANALYTICS_CONSENT: 'opt-in', WEB_VITALS_SAMPLE_RATE: '1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([notice?.stop(), optIn?.stop()]);
  await counters?.close();
  await crm?.close();
});

type Sent = Record<string, string>;

/** A page of `server`, with the events it sends to `/api/tracking_data/save/` and every request to the counters' origin. */
async function open(server: RunningServer, options: { userAgent?: string; javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}) {
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
const pageCalls = (page: Page) => page.evaluate(() => (window as unknown as { __counterCalls?: Call[] }).__counterCalls ?? []);
const goalsIn = (calls: Call[], goal: string) =>
  calls.filter(
    (c) =>
      (c.counter === 'ym' && c.args[1] === 'reachGoal' && c.args[2] === goal) ||
      (c.counter === 'gtag' && c.args[0] === 'event' && c.args[1] === goal) ||
      (c.counter === 'ct' && c.args[0] === 'goal' && c.args[1] === goal),
  );
const named = (events: Sent[], event: string) => events.filter((e) => e.event === event);

/** The visit's cookie, once the page has counted itself (analytics loads once the page has hydrated, ADR 027). */
async function visitOf(context: BrowserContext) {
  const read = async () => {
    const cookie = (await context.cookies()).find((c) => c.name === VISIT_COOKIE);
    return parseVisit(cookie ? decodeURIComponent(cookie.value) : null);
  };
  await expect.poll(async () => (await read()) !== null, { message: 'no visit cookie' }).toBe(true);
  return (await read())!;
}

/** Every goal reached `counter`s on their origin (what the stand-in received). */
async function expectReachedCounters(goal: string) {
  await expect
    .poll(
      () =>
        goalsIn(counters.collected, goal)
          .map((c) => c.counter)
          .sort(),
      { timeout: 10_000 },
    )
    .toEqual(expect.arrayContaining(['ct', 'gtag', 'ym']));
}

describe('engagement goals', () => {
  it('fires each goal at its moment and not before, to every counter and to /api/tracking_data/save/, once per visit; a new visit after 30 minutes idle', async () => {
    const { page, context, events } = await open(notice);
    await context.addCookies([{ name: 'vid', value: VID, url: notice.url }]);
    await page.clock.install();
    await page.goto('/contacts?utm_source=ya&utm_campaign=spring', { referer: 'https://ya.ru/search?text=flat' });
    await hydrated(page);
    // The counters load once the page is idle after its load, under the page's nonce (the CSP admits their origin).
    await expect
      .poll(
        () => [
          counters.scripts.some((s) => s.startsWith('/tag.js')),
          counters.scripts.includes(`/gtag.js?id=${GA}`),
          counters.scripts.includes(`/ct.js?id=${CT}`),
        ],
        {
          timeout: 15_000,
        },
      )
      .toEqual([true, true, true]);
    // Each stand-in replays its queue when its own script runs, in whatever order the three arrive.
    await expect
      .poll(async () => {
        const made = await pageCalls(page);
        return [made.some((c) => c.counter === 'ym' && c.args[1] === 'init'), made.some((c) => c.counter === 'gtag' && c.args[0] === 'config')];
      })
      .toEqual([true, true]);
    const calls = await pageCalls(page);
    expect(calls).toContainEqual({ counter: 'ym', args: [Number(YM), 'init', expect.any(Object)] });
    expect(calls).toContainEqual({ counter: 'gtag', args: ['config', GA, { send_page_view: false }] });
    expect(calls.filter((c) => c.counter === 'gtag' && c.args[1] === 'page_view')).toHaveLength(1);

    // Our own endpoint: the page view, with the visit's attribution.
    await expect.poll(() => named(events, 'page_view').length).toBe(1);
    const visit = await visitOf(context);
    expect(named(events, 'page_view')[0]).toEqual({
      event: 'page_view',
      url: '/contacts?utm_source=ya&utm_campaign=spring',
      visit_id: visit.id,
      referrer: 'https://ya.ru/search',
      utm_source: 'ya',
      utm_campaign: 'spring',
    });

    // 60 seconds. The clock ran on its own while the page loaded, so "at its moment" is to within 0.1 s: the
    // page read the time a moment before it set its timer.
    await page.clock.pauseAt(visit.start + 59_000);
    await page.clock.runFor(900);
    expect(goalsIn(await pageCalls(page), 'visit_60s')).toEqual([]);
    expect(named(events, 'visit_60s')).toEqual([]);
    await page.clock.runFor(200);
    expect(goalsIn(await pageCalls(page), 'visit_60s')).toHaveLength(3);
    await expectReachedCounters('visit_60s');
    await expect.poll(() => named(events, 'visit_60s').length).toBe(1);
    // By now the stand-in Metrica has set its client id: the events carry it.
    expect(named(events, 'visit_60s')[0]).toMatchObject({ visit_id: visit.id, client_id: YM_UID, utm_source: 'ya' });

    // More than 3 minutes, with no interaction yet: not the involved visit.
    await page.clock.runFor(179_900 - 60_100);
    expect(goalsIn(await pageCalls(page), 'visit_over_3min')).toEqual([]);
    await page.clock.runFor(200);
    expect(goalsIn(await pageCalls(page), 'visit_over_3min')).toHaveLength(3);
    await expectReachedCounters('visit_over_3min');
    await expect.poll(() => named(events, 'visit_over_3min').length).toBe(1);
    expect(goalsIn(await pageCalls(page), 'visit_3min')).toEqual([]);

    // The first interaction after 3 minutes: the involved visit.
    await page.keyboard.press('Shift');
    await expect.poll(async () => goalsIn(await pageCalls(page), 'visit_3min').length).toBe(3);
    await expectReachedCounters('visit_3min');
    await expect.poll(() => named(events, 'visit_3min').length).toBe(1);
    expect(named(events, 'two_pages')).toEqual([]);

    // A second page, in the page (the router's navigation): a page view everywhere, and two pages.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => named(events, 'page_view').length).toBe(2);
    expect(named(events, 'page_view')[1]).toMatchObject({ url: '/', visit_id: visit.id, utm_source: 'ya' });
    await expect.poll(async () => goalsIn(await pageCalls(page), 'two_pages').length).toBe(3);
    await expectReachedCounters('two_pages');
    await expect.poll(() => named(events, 'two_pages').length).toBe(1);
    const afterNavigation = await pageCalls(page);
    expect(afterNavigation.filter((c) => c.counter === 'ym' && c.args[1] === 'hit')).toHaveLength(1);
    expect(afterNavigation.filter((c) => c.counter === 'gtag' && c.args[1] === 'page_view')).toHaveLength(2);

    // A full load of a third page: the same visit, no goal twice.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => named(events, 'page_view').length).toBe(3);
    await page.clock.runFor(5 * 60_000);
    await page.keyboard.press('Shift');
    for (const goal of ['visit_60s', 'visit_3min', 'visit_over_3min', 'two_pages']) expect(named(events, goal), goal).toHaveLength(1);
    expect((await visitOf(context)).id).toBe(visit.id);

    // 31 minutes without activity: the next page begins a new visit.
    const last = (await visitOf(context)).last;
    await page.clock.pauseAt(last + 31 * 60_000);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => named(events, 'page_view').length).toBe(4);
    const next = await visitOf(context);
    expect(next.id).not.toBe(visit.id);
    expect(named(events, 'page_view')[3]).toMatchObject({ visit_id: next.id });
  });

  it('with nometrics keeps the whole visit clean: no counter, no goal, no event, on every page after', async () => {
    const { page, events, counterRequests } = await open(notice);
    await page.clock.install();
    await page.goto('/contacts?nometrics');
    await hydrated(page);
    await page.clock.runFor(4 * 60_000);
    await page.keyboard.press('Shift');
    await page.getByRole('banner').getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // A full load without the parameter: still the tester's visit.
    await page.goto('/contacts');
    await hydrated(page);
    await page.clock.runFor(4 * 60_000);
    await page.waitForLoadState('networkidle');
    expect(counterRequests).toEqual([]);
    expect(events).toEqual([]);
    expect(await pageCalls(page)).toEqual([]);
    expect(await page.getByRole('region', { name: ru.analytics.notice.label }).count()).toBe(0);
  });

  it('does nothing at all for a crawler', async () => {
    const { page, context, events, counterRequests } = await open(notice, {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await page.clock.install();
    await page.goto('/contacts?utm_source=ya');
    await hydrated(page);
    await page.clock.runFor(4 * 60_000);
    await page.keyboard.press('Shift');
    await page.waitForLoadState('networkidle');
    expect(counterRequests).toEqual([]);
    expect(events).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(VISIT_COOKIE);
    expect(await page.getByRole('region', { name: ru.analytics.notice.label }).count()).toBe(0);
  });
});

describe('the cookie notice', () => {
  it('in the default mode loads the counters and says so once, with the policy link; fixed, so it moves nothing; axe clean', async () => {
    const { page, counterRequests } = await open(notice);
    await page.goto('/en/contacts');
    await hydrated(page);
    const bar = page.getByRole('region', { name: en.analytics.notice.label });
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await bar.textContent()).toContain(en.analytics.notice.text);
    expect(await bar.getByRole('link', { name: en.analytics.notice.policy }).getAttribute('href')).toBe('/en/privacy');
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expect.poll(() => counterRequests.some((u) => u.includes('/tag.js')), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: en.analytics.notice.ok }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => counterRequests.filter((u) => u.includes('/tag.js')).length, { timeout: 15_000 }).toBe(2);
    expect(await bar.count()).toBe(0);
  });

  it('in opt-in mode loads nothing before the visitor accepts; Decline is remembered; Accept loads every counter with the goals already reached', async () => {
    const declined = await open(optIn);
    await declined.page.clock.install();
    await declined.page.goto('/contacts');
    await hydrated(declined.page);
    const bar = declined.page.getByRole('region', { name: ru.analytics.notice.label });
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await bar.textContent()).toContain(ru.analytics.notice.optIn);
    await declined.page.clock.runFor(61_000);
    // Our own endpoint is first-party and anonymous: it counts with or without consent (ADR 014).
    await expect.poll(() => named(declined.events, 'visit_60s').length).toBe(1);
    await bar.getByRole('button', { name: ru.analytics.notice.decline }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await declined.page.reload();
    await hydrated(declined.page);
    await declined.page.clock.runFor(4 * 60_000);
    await declined.page.waitForLoadState('networkidle');
    expect(await bar.count()).toBe(0);
    expect(declined.counterRequests).toEqual([]);
    const consent = (await declined.context.cookies()).find((c) => c.name === 'sl_consent');
    expect(consent?.value).toBe('declined');
    expect(consent!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    const accepted = await open(optIn);
    await accepted.page.clock.install();
    await accepted.page.goto('/contacts');
    await hydrated(accepted.page);
    const visit = await visitOf(accepted.context);
    await accepted.page.clock.pauseAt(visit.start + 61_000);
    await expect.poll(() => named(accepted.events, 'visit_60s').length).toBe(1);
    expect(accepted.counterRequests).toEqual([]);
    await accepted.page.getByRole('button', { name: ru.analytics.notice.accept }).click();
    await accepted.page.clock.runFor(1000);
    await expect.poll(() => accepted.counterRequests.filter((u) => /\/(tag|gtag|ct)\.js/.test(u)).length, { timeout: 15_000 }).toBe(3);
    await expect.poll(async () => goalsIn(await pageCalls(accepted.page), 'visit_60s').length).toBe(3);
  });
});

describe("experiments' exposures and web vitals", () => {
  const STORE = '**/api/clickhouse/store_data/';
  /** Keeps the body of every call the page makes to the event store, and lets it through to the server. */
  async function storeCalls(page: Page): Promise<Sent[]> {
    const calls: Sent[] = [];
    await page.route(STORE, async (route) => {
      calls.push(route.request().postDataJSON() as Sent);
      await route.continue();
    });
    return calls;
  }
  /**
   * What reached the server's event store, per table (`/metrics`): a beacon sent as a page unloads (web vitals)
   * is not seen by the page's routes, but it is counted there.
   */
  async function received(server: RunningServer): Promise<Record<string, number>> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const counts: Record<string, number> = {};
    for (const match of text.matchAll(/^experiment_events_received_total\{[^}]*table="(\w+)"\} (\d+)$/gm)) counts[match[1]!] = Number(match[2]);
    return counts;
  }
  const heroButton = (page: Page, wording: string) => page.getByRole('main').getByRole('link', { name: wording, exact: true }).first();

  it('sends none in a visit opened with nometrics, on every page after; a visit without it sends both', async () => {
    const before = await received(notice);
    const tester = await open(notice);
    const calls = await storeCalls(tester.page);
    await tester.page.goto('/?nometrics');
    await hydrated(tester.page);
    // A full load of another page without the parameter (the home page's vitals go as it unloads), and back.
    await tester.page.goto('/contacts');
    await hydrated(tester.page);
    await tester.page.goto('/');
    await hydrated(tester.page);
    await tester.page.goto('/contacts');
    await hydrated(tester.page);
    await tester.page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await received(notice)).toEqual(before);

    // The same pages in an ordinary visit: the exposure (through the API client) and the vitals (beacons).
    const visitor = await open(notice);
    const visitorCalls = await storeCalls(visitor.page);
    await visitor.page.goto('/');
    await hydrated(visitor.page);
    await expect.poll(() => visitorCalls.map((c) => c.table_name)).toEqual(['experiment_views']);
    await expect.poll(async () => (await received(notice)).experiment_views ?? 0).toBe((before.experiment_views ?? 0) + 1);
    // The home page's vitals go as it is hidden, once the library observes them (loaded when the browser is idle).
    await observingVitals(visitor.page);
    await visitor.page.goto('/contacts');
    await hydrated(visitor.page);
    await expect.poll(async () => (await received(notice)).web_vitals ?? 0, { timeout: 15_000 }).toBeGreaterThan(before.web_vitals ?? 0);
  });

  it('in opt-in mode before Accept: no visitor id, the default of every experiment, no exposure, no vitals; the page after Accept gets an id and sends', async () => {
    const before = await received(optIn);
    const { page, context } = await open(optIn);
    const calls = await storeCalls(page);
    const first = await page.goto('/');
    expect((await first!.headerValue('set-cookie')) ?? '').not.toMatch(/\bvid=/);
    await hydrated(page);
    expect(await heroButton(page, ru.home.heroCta.find).isVisible()).toBe(true);
    await page.goto('/contacts');
    await hydrated(page);
    // A visitor id left from before (opt-in switched on later) is not used either.
    await context.addCookies([{ name: 'vid', value: VID, url: optIn.url }]);
    await page.goto('/');
    await hydrated(page);
    await page.goto('/contacts');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await received(optIn)).toEqual(before);
    await context.clearCookies({ name: 'vid' });

    await page.getByRole('region', { name: ru.analytics.notice.label }).getByRole('button', { name: ru.analytics.notice.accept }).click();
    expect((await context.cookies()).some((c) => c.name === 'vid')).toBe(false);
    const next = await page.goto('/');
    const vid = /\bvid=([\w-]{22});/.exec((await next!.headerValue('set-cookie')) ?? '')?.[1];
    expect(vid).toBeDefined();
    await hydrated(page);
    await expect.poll(() => calls.map((c) => [c.table_name, c.user_id])).toEqual([['experiment_views', vid]]);
  });
});

describe('the cookie notice on a phone (375 px)', () => {
  const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  type Box = { x: number; y: number; width: number; height: number };
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  /** What a tap on the element's centre reaches is the element (nothing fixed covers it). */
  const tapReaches = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    });

  for (const [lang, prefix, t] of [
    ['ru', '', ru],
    ['en', '/en', en],
    ['zh', '/zh', zh],
  ] as const) {
    it(`lifts the filter button and the lot's request bar above the notice, and puts them back once it is dismissed (${lang})`, async () => {
      const { page, errors } = await open(notice, { viewport: VIEWPORTS.mobile, userAgent: PHONE_UA });
      await page.goto(`${prefix}/filter`);
      await hydrated(page);
      const bar = page.getByRole('region', { name: t.analytics.notice.label });
      await expect.poll(() => bar.isVisible()).toBe(true);
      const opener = page.getByRole('button', { name: new RegExp(`^${escape(t.catalogue.filter.open)}`) });
      await expect.poll(() => opener.isVisible()).toBe(true);
      // Both laid out (the notice measured, the button moved): their boxes do not meet, and a tap reaches the button.
      await expect.poll(async () => overlap((await opener.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
      const [button, box] = [(await opener.boundingBox())!, (await bar.boundingBox())!];
      expect(button.y + button.height).toBeLessThanOrEqual(box.y);
      expect(await tapReaches(opener)).toBe(true);
      await opener.click();
      const sheet = page.getByRole('dialog', { name: t.catalogue.filter.params });
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await sheet.getByRole('button', { name: t.catalogue.common.close }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // The lot page's request bar, fixed to the bottom too.
      await page.goto(`${prefix}/lipovy/flat/22`);
      await hydrated(page);
      await expect.poll(() => bar.isVisible()).toBe(true);
      const request = page.getByRole('button', { name: t.catalogue.lot.request, exact: true }).last();
      await expect.poll(async () => overlap((await request.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
      expect(await tapReaches(request)).toBe(true);
      // Dismissed: the bar is back at the bottom of the screen.
      await bar.getByRole('button', { name: t.analytics.notice.ok }).click();
      await expect.poll(() => bar.count()).toBe(0);
      await expect
        .poll(() => request.evaluate((element) => Math.round(window.innerHeight - element.closest('[data-bottom-bar]')!.getBoundingClientRect().bottom)))
        .toBe(0);
      expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--bottom-inset'))).toBe('');
      expect(errors).toEqual([]);
    });
  }
});

describe('the CSP', () => {
  it("admits the counters' origin only when counters are configured", async () => {
    const csp = async (url: string) => (await fetch(url)).headers.get('content-security-policy') ?? '';
    const configured = await csp(`${notice.url}/`);
    for (const directive of ['script-src', 'connect-src', 'img-src']) {
      expect(configured.split(';').find((d) => d.trim().startsWith(directive))).toContain(counters.origin);
    }
    const plain = await csp(`${baseURL()}/`);
    // A page's CSP names its inline scripts by their hashes (ADR 023).
    expect(plain).toMatch(/script-src 'self' 'sha256-/);
    expect(plain).not.toContain(counters.origin);
    expect(plain).not.toMatch(/yandex|google|calltouch|comagic/);
  });
});

describe('attribution on leads', () => {
  it("a request sent pages later carries the visit's first UTM tags, landing page, external referrer, client id and visitor id to the CRM", async () => {
    const { page, context } = await open(notice);
    await context.addCookies([{ name: 'vid', value: VID, url: notice.url }]);
    await page.goto('/contacts?utm_source=ya&utm_campaign=spring', { referer: 'https://ya.ru/search?text=flat' });
    await hydrated(page);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === '_ym_uid'), { timeout: 15_000 }).toBe(true);
    await page.goto('/forms/callback?utm_source=other');
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Аттрибуция');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-01');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Аттрибуция'), { timeout: 15_000 }).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Аттрибуция')!.body;
    expect(lead.context).toEqual({
      page_url: '/forms/callback?utm_source=other',
      utm_source: 'ya',
      utm_campaign: 'spring',
      landing_page: '/contacts?utm_source=ya&utm_campaign=spring',
      referrer: 'https://ya.ru/search',
      analytics_client_id: YM_UID,
      visitor_id: VID,
      source: 'api',
    });
  });

  it('a visitor whose address held a name, a phone and an e-mail still sends the lead, and none of them reaches the CRM', async () => {
    const { page } = await open(notice);
    const personal = 'name=Ivan+Petrov&phone=%2B79161234567&comment=%D0%BF%D0%B5%D1%80%D0%B5%D0%B7%D0%B2%D0%BE%D0%BD%D0%B8%D1%82%D0%B5';
    const tags = 'utm_source=ivan%40mail.ru&utm_term=%2B79161234567&utm_medium=cpc';
    await page.goto(`/forms/callback?${personal}&${tags}#form`, { referer: 'https://mail.example/u/ivan.petrov/inbox/79161234567' });
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Чистаяссылка');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-03');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Чистаяссылка'), { timeout: 15_000 }).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Чистаяссылка')!.body;
    expect(lead.context).toMatchObject({
      page_url: '/forms/callback?utm_medium=cpc',
      utm_medium: 'cpc',
      landing_page: '/forms/callback?utm_medium=cpc',
      referrer: 'https://mail.example/',
      source: 'api',
    });
    const context = lead.context as Record<string, unknown>;
    expect(context.utm_source).toBeUndefined();
    expect(context.utm_term).toBeUndefined();
    expect(JSON.stringify(context)).not.toMatch(/Ivan|Petrov|ivan|9161234567|%D0/);
  });

  it('a request posted without JavaScript carries what the server knows: the page, its tags, the visitor id and the client id from their cookies', async () => {
    const { page, context } = await open(notice, { javaScriptEnabled: false });
    await context.addCookies([
      { name: 'vid', value: VID, url: notice.url },
      { name: '_ym_uid', value: YM_UID, url: notice.url },
    ]);
    await page.goto('/forms/callback?utm_source=nojs&utm_term=%2B79161234567&phone=%2B79161234567');
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Безскрипта');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-02');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Безскрипта'), { timeout: 15_000 }).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Безскрипта')!.body;
    expect(lead.context).toMatchObject({
      page_url: '/forms/callback?utm_source=nojs',
      utm_source: 'nojs',
      analytics_client_id: YM_UID,
      visitor_id: VID,
      source: 'form',
    });
    expect(JSON.stringify(lead.context)).not.toContain('9161234567');
  });
});
