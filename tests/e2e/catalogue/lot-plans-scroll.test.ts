import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '../browser.ts';

const browser = setupBrowser();

/** The filter's lot plans that have not shown their real picture yet (none blurred, none empty). */
const plansWaiting = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('main img')]
      .filter((img) => (img.currentSrc || img.src).includes('/plain/catalogue/lots/'))
      .filter((img) => !(img.complete && img.naturalWidth > 0) || /\/bl:/.test(img.currentSrc))
      .map((img) => img.currentSrc || img.src),
  );

/**
 * Issue #38: the filter's plans stayed blurred until a pointer passed over the results (the results are a deferred
 * part whose server HTML stays until its code is asked for). They carry their own lazy src and srcset now: scrolling
 * alone shows every plan, with JavaScript (no pointer ever moves) and without.
 */
describe('lot plans load as they scroll into view, without a pointer', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`on the desktop filter at 1440 px ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const { page, context } = await browser.page({ viewport: { width: 1440, height: 900 }, javaScriptEnabled });
      try {
        await page.goto('/en/filter');
        const count = await page.locator('main img[src*="/plain/catalogue/lots/"]').count();
        expect(count).toBeGreaterThan(20);
        // Scrolled by the page itself (no wheel, no pointer), a screen at a time, to the end of the results.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y <= height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
        // The proxy makes each plan's size on its first request: on a busy machine that takes a while.
        await expect.poll(() => plansWaiting(page), { timeout: 60_000 }).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
