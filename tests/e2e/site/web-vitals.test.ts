import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId } from '#core/tracking/visitor.ts';
import { clickHouseClient, migrateClickHouse } from '#server/modules/events/clickhouse.ts';
import { startClickHouse, type LocalClickHouse } from '#tests/support/clickhouse.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { hydrated, observingVitals, setupBrowser } from '../browser.ts';

/**
 * Web vitals in Chromium, end to end into a real ClickHouse (app/lib/vitals.ts; ADR 016): a sampled page load
 * (the rate set to 1 here) imports the `web-vitals` chunk only once the page is interactive — the page's HTML
 * names no such chunk — and when the page is hidden (the visitor goes to another page) sends LCP, CLS, FCP,
 * TTFB (and INP after an interaction) as `text/plain` beacons to `/api/clickhouse/store_data/`; the server
 * writes them to ClickHouse under the visitor id. (Beacons sent while a page unloads are not reported to
 * Playwright's request events, so what arrived is read from ClickHouse.)
 */
let clickhouse: LocalClickHouse;
let server: RunningServer;
let ch: ClickHouseClient;
beforeAll(async () => {
  clickhouse = await startClickHouse();
  ch = clickHouseClient({ url: clickhouse.url, database: 'default' });
  await migrateClickHouse(ch, 'default');
  server = await startServer({ WEB_VITALS_SAMPLE_RATE: '1', CAPTCHA_MODE: 'off', EVENTS_FLUSH_MS: '200', CLICKHOUSE_URL: clickhouse.url });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await ch?.close();
  await clickhouse?.stop();
});

const browser = setupBrowser();

type Row = { metric: string; value: number; url: string; ga_id: string; host: string };

describe('web vitals', () => {
  it('loads the library after the page is interactive and sends each metric when the page is hidden', async () => {
    const { page, context } = await browser.page({ baseURL: server.url });
    const vid = newVisitorId();
    await context.addCookies([{ name: 'vid', value: vid, url: server.url }]);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/web-vitals-')) chunks.push(request.url());
    });
    const rows = async () =>
      (
        await ch.query({
          query: `SELECT toString(metric) AS metric, value, url, ga_id, host FROM web_vitals WHERE user_id = '${vid}' ORDER BY metric`,
          format: 'JSONEachRow',
        })
      ).json<Row>();

    const response = await page.goto('/en/projects');
    expect(await response!.text()).not.toContain('web-vitals');
    await hydrated(page);
    await expect.poll(() => chunks.length).toBe(1);
    await observingVitals(page);
    // An interaction, for INP.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await rows()).toEqual([]);
    // Going to another page hides this one: its metrics go now.
    await page.goto('/en/contacts');
    await hydrated(page);
    await expect.poll(async () => (await rows()).map((r) => r.metric)).toEqual(expect.arrayContaining(['CLS', 'FCP', 'LCP', 'TTFB']));
    const host = new URL(server.url).host;
    for (const row of await rows()) {
      expect(row).toMatchObject({ url: '/en/projects', ga_id: '', host });
      expect(row.value).toBeGreaterThanOrEqual(0);
    }
    const lcp = (await rows()).find((r) => r.metric === 'LCP')!;
    expect(lcp.value).toBeGreaterThan(0);
  });
});
