import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { localized, TEMPLATES } from '../../support/templates.ts';

/**
 * Cumulative layout shift of every template at 375 and 1440 px (layout-shift-phone and -desktop) on a slow phone: CPU four times slower and a
 * 4G-like network, so the web font, images and scripts arrive late and any text set in the fallback font, any box
 * without its size and any part mounted after hydration moves what is already on screen. The observer is registered
 * before the page's own scripts; the page is read until it is loaded, its fonts are in, React has hydrated and the
 * network is idle, then scrolled to the bottom and back so lazy parts load too.
 */
const LIMIT = 0.02;
/**
 * English and Chinese change the words and the fonts (the Chinese fallback and its metrics), not the boxes: the
 * pages where text sets most of the layout, the home page's blocks, a lot's figures, the filter's results and the
 * news cards' titles.
 */
const OTHER_LANGUAGES = ['/', '/lipovy/flat/22', '/filter', '/news'] as const;

type Shift = { value: number; sources: string[] };

/**
 * Requests the page has under way, but for the feature flags' event stream (open for the page's whole life):
 * the page is settled when none has been under way for half a second. Bounded, and a page that never settles
 * fails naming what it waited for (Playwright's own `networkidle` counts the stream and says nothing on a hang).
 */
function trackRequests(page: Page): (quietMs?: number) => Promise<void> {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    pending.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // '' once settled; otherwise what is still under way (what a failure shows).
  const unsettled = (quietMs: number) => () =>
    pending.size > 0 ? [...pending].map((r) => r.url()).join(', ') : Date.now() - lastChange < quietMs ? `quiet for less than ${quietMs} ms` : '';
  return async (quietMs = 500) => {
    await expect.poll(unsettled(quietMs), { timeout: 45_000, interval: 50 }).toBe('');
  };
}

async function measure(page: Page, path: string): Promise<Shift[]> {
  const settled = trackRequests(page);
  await page.goto(path, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await hydrated(page);
  await settled();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = (page.viewportSize()?.height ?? 800) - 100;
  // Between scroll steps a shorter quiet suffices: a lazy part starts its request within frames of coming near
  // the viewport (and a request under way is always waited for); the last settle below is the full one.
  for (let top = step; top < height + step; top += step) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settled(250);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settled();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

/**
 * The suite for one of the two viewports (each in a file of its own, so that the two run on parallel workers).
 */
export function layoutShiftSuite(name: keyof typeof VIEWPORTS): void {
  describe(`no layout shift while a page loads at ${VIEWPORTS[name].width} px (CPU ×4, 4G-like network)`, () => {
    const browser = setupBrowser();
    const rows: string[] = [];
    afterAll(() => {
      console.log(`CLS per page (limit ${LIMIT}):\n${rows.join('\n')}`);
    });

    const cases = [
      ...TEMPLATES.map((template) => ['ru', template] as const),
      ...OTHER_LANGUAGES.flatMap((template) => [['en', template] as const, ['zh', template] as const]),
    ];
    it.each(cases)(
      `%s %s: CLS under ${LIMIT}`,
      async (lang, template) => {
        const path = localized(template, lang);
        const viewport = VIEWPORTS[name];
        const { page, context, errors } = await browser.page({
          viewport,
          ...(name === 'mobile' ? { isMobile: true, hasTouch: true } : {}),
          locale: { ru: 'ru-RU', en: 'en-GB', zh: 'zh-CN' }[lang],
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (4 * 1024 * 1024) / 8,
          uploadThroughput: (1 * 1024 * 1024) / 8,
        });
        await page.addInitScript(() => {
          const store = window as unknown as { shifts: { value: number; sources: string[] }[] };
          store.shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              store.shifts.push({
                value: entry.value,
                sources: entry.sources.map((source) => {
                  const node = source.node;
                  const label =
                    node instanceof Element
                      ? `${node.tagName.toLowerCase()}.${String(node.getAttribute('class') ?? '').slice(0, 60)}`
                      : `#text "${String(node?.textContent ?? '').slice(0, 30)}"`;
                  const { previousRect: a, currentRect: b } = source;
                  return `${label} (${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}×${Math.round(a.height)} → ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)})`;
                }),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const shifts = await measure(page, path);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        rows.push(`${path.padEnd(48)} ${String(viewport.width).padStart(4)} px  ${cls.toFixed(4)}`);
        expect(errors).toEqual([]);
        await context.close();
        expect(
          cls,
          `${viewport.width} px ${path}: CLS ${cls.toFixed(4)}\n${shifts.map((s) => `  ${s.value.toFixed(4)} ${s.sources.join(' | ')}`).join('\n')}`,
        ).toBeLessThan(LIMIT);
      },
      180_000,
    );
  });
}
