import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser.ts';

const browser = setupBrowser();

/** The width a `…/w:{n}/…` proxy URL asks for. */
function requestedWidth(url: string): number {
  const match = /\/w:(\d+)\//.exec(url);
  if (!match) throw new Error(`not a proxy URL: ${url}`);
  return Number(match[1]);
}

describe('responsive images', () => {
  const cases = [
    { width: 375, dpr: 1 },
    { width: 375, dpr: 2 },
    { width: 1440, dpr: 1 },
    { width: 1440, dpr: 2 },
  ];
  for (const { width, dpr } of cases) {
    it(`loads the hero variant that fits ${width} px at DPR ${dpr}`, async () => {
      const { page, context } = await browser.page({ viewport: { width, height: 900 }, deviceScaleFactor: dpr });
      await page.goto('/en');
      const hero = page.locator('main img[fetchpriority="high"]');
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const { currentSrc, slot, candidates } = await hero.evaluate((img: HTMLImageElement) => {
        // The slot the browser plans for: the first `sizes` entry whose media condition matches.
        const entries = img.sizes.split(',').map((entry) => entry.trim());
        const chosen = entries.find((entry) => !entry.startsWith('(') || matchMedia(entry.slice(0, entry.lastIndexOf(')') + 1)).matches) ?? '100vw';
        const length = chosen.slice(chosen.lastIndexOf(' ') + 1);
        const slotPx = length.endsWith('vw') ? (Number.parseFloat(length) / 100) * window.innerWidth : Number.parseFloat(length);
        return {
          currentSrc: img.currentSrc,
          slot: slotPx,
          candidates: img.srcset.split(',').map((entry) => Number(entry.trim().split(' ')[1]!.replace('w', ''))),
        };
      });
      const needed = slot * dpr;
      const chosen = requestedWidth(currentSrc);
      const smallestEnough = Math.min(...candidates.filter((w) => w >= needed), Math.max(...candidates));
      // Chromium may take the candidate just below when it is within its rounding; never a far smaller or a larger-than-needed one.
      expect(chosen).toBeLessThanOrEqual(smallestEnough);
      expect(chosen).toBeGreaterThanOrEqual(Math.min(needed * 0.85, smallestEnough));
      expect(currentSrc).toMatch(/@webp$/);
      await context.close();
    });
  }

  it('reserves every image box: no layout shift while the page and its lazy images load', async () => {
    const { page, context } = await browser.page({ viewport: { width: 375, height: 812 } });
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await hydrated(page);
    // Scroll to the bottom in steps so every lazy image enters, loads and is applied.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForLoadState('networkidle');
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    expect(cls).toBeLessThan(0.01);
    for (const img of await page.locator('img').all()) {
      expect(await img.getAttribute('width')).toMatch(/^\d+$/);
      expect(await img.getAttribute('height')).toMatch(/^\d+$/);
    }
    await context.close();
  });

  it('serves png to a browser without webp', async () => {
    const { page, context } = await browser.page({ extraHTTPHeaders: { accept: 'text/html,image/png,*/*;q=0.8' } });
    const response = await page.request.get('/en', {
      headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0 Safari/537.36' },
    });
    expect(await response.text()).toMatch(/hero\.jpg@png/);
    await context.close();
  });
});
