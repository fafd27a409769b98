import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { RunningServer } from '#tests/support/server.ts';
import { expectNoAxeViolations, hydrated, observingVitals, VIEWPORTS } from '../browser.ts';
import { goalsIn, named, notice, open, optIn, pageCalls, setUpAnalytics, VID, visitOf, type Sent } from './analytics-setup.ts';

/** The cookie notice and the opt-in mode: what loads and what is sent before and after the visitor's choice (analytics-setup.ts). */
setUpAnalytics({ optIn: true });

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
    await expect.poll(() => counterRequests.some((u) => u.includes('/tag.js'))).toBe(true);
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: en.analytics.notice.ok }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => counterRequests.filter((u) => u.includes('/tag.js')).length).toBe(2);
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
    await expect.poll(() => accepted.counterRequests.filter((u) => /\/(tag|gtag|ct)\.js/.test(u)).length).toBe(3);
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
    // A first visit's page is the defaults' and gets the id after its load (ADR 035); the next one is measured.
    const given = visitor.page.waitForResponse((r) => r.url().endsWith('/api/visitor/'));
    await visitor.page.goto('/');
    await given;
    await visitor.page.goto('/');
    await hydrated(visitor.page);
    await expect.poll(() => visitorCalls.map((c) => c.table_name)).toEqual(['experiment_views']);
    await expect.poll(async () => (await received(notice)).experiment_views ?? 0).toBe((before.experiment_views ?? 0) + 1);
    // The home page's vitals go as it is hidden, once the library observes them (loaded when the browser is idle).
    await observingVitals(visitor.page);
    await visitor.page.goto('/contacts');
    await hydrated(visitor.page);
    await expect.poll(async () => (await received(notice)).web_vitals ?? 0).toBeGreaterThan(before.web_vitals ?? 0);
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

    // Accepting asks for the id at once (`GET /api/visitor/`; pages set no cookie, ADR 035); the page shown does not change.
    const given = page.waitForResponse((r) => r.url().endsWith('/api/visitor/'));
    await page.getByRole('region', { name: ru.analytics.notice.label }).getByRole('button', { name: ru.analytics.notice.accept }).click();
    const vid = /\bvid=([\w-]{22});/.exec((await (await given).headerValue('set-cookie')) ?? '')?.[1];
    expect(vid).toBeDefined();
    await page.goto('/');
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
