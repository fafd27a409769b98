import { describe, expect, it } from 'vitest';
import { VISIT_COOKIE } from '#core/analytics/visit.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { baseURL, hydrated } from '../browser.ts';
import {
  counters,
  CT,
  expectReachedCounters,
  GA,
  goalsIn,
  named,
  notice,
  open,
  pageCalls,
  setUpAnalytics,
  VID,
  visitOf,
  YM,
  YM_UID,
} from './analytics-setup.ts';

/** Engagement goals to every counter and to the site, and the counters' origin in the CSP (analytics-setup.ts). */
setUpAnalytics();

describe('engagement goals', () => {
  it('fires each goal at its moment and not before, to every counter and to /api/tracking_data/save/, once per visit; a new visit after 30 minutes idle', async () => {
    const { page, context, events } = await open(notice);
    await context.addCookies([{ name: 'vid', value: VID, url: notice.url }]);
    await page.clock.install();
    await page.goto('/contacts?utm_source=ya&utm_campaign=spring', { referer: 'https://ya.ru/search?text=flat' });
    await hydrated(page);
    // The counters load once the page is idle after its load, under the page's nonce (the CSP admits their origin).
    await expect
      .poll(() => [
        counters.scripts.some((s) => s.startsWith('/tag.js')),
        counters.scripts.includes(`/gtag.js?id=${GA}`),
        counters.scripts.includes(`/ct.js?id=${CT}`),
      ])
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
