import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { hydrated, setupBrowser } from '../browser.ts';

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
      const types = new Map<string, string | undefined>();
      page.on('response', (response: Response) => {
        if (new URL(response.url()).pathname.startsWith('/img/')) types.set(response.url(), response.headers()['content-type']);
      });
      await page.goto('/en');
      const hero = page.locator('main img[fetchpriority="high"]');
      // The first request for a variant resizes a 3200 px original: on a busy test machine that takes a while.
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
      // The URL names no format: Chromium's image Accept announces AVIF, so that is what the proxy answers.
      expect(currentSrc).not.toMatch(/@\w+$/);
      expect(types.get(currentSrc)).toBe('image/avif');
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

  it('writes the same image URLs for a browser without webp, whose image Accept then gets jpeg', async () => {
    const { page, context } = await browser.page({ extraHTTPHeaders: { accept: 'text/html,image/png,*/*;q=0.8' } });
    const response = await page.request.get('/en', {
      headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0 Safari/537.36' },
    });
    const hero = /\/img\/[^"\s]+\/plain\/demo\/hero\.jpg(?=[\s"])/.exec(await response.text())?.[0];
    expect(hero).toBeDefined();
    const picture = await page.request.get(hero!.replace(/&amp;/g, '&'), { headers: { accept: 'image/png,image/*;q=0.8,*/*;q=0.5' } });
    expect([picture.status(), picture.headers()['content-type'], picture.headers().vary]).toEqual([200, 'image/jpeg', 'Accept']);
    await context.close();
  });
});

describe('signed image URLs (IMGPROXY_KEY and IMGPROXY_SALT set)', () => {
  const KEY = '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881';
  const SALT = '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5';
  let server: RunningServer;
  beforeAll(async () => {
    // The page and API load bounds stay off here: on a busy test machine they would shed image requests (503),
    // and this test is about signatures. Their own tests live with the load-shedding code.
    server = await startServer({ IMGPROXY_KEY: KEY, IMGPROXY_SALT: SALT, LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' });
  });
  afterAll(() => server?.stop());

  /** Every image answer the page gets, by URL. */
  function watchImages(page: Page): Map<string, number> {
    const statuses = new Map<string, number>();
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/img/')) statuses.set(response.url(), response.status());
    });
    return statuses;
  }

  /** Scrolls through the page so every lazy image is applied, then checks each <img> really shows a picture. */
  async function expectEveryImageLoaded(page: Page): Promise<number> {
    await hydrated(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForLoadState('networkidle');
    }
    // Carousels scroll sideways: bring every picture still waiting into view, so lazy loading reaches it too.
    await page.evaluate(() => {
      for (const img of document.querySelectorAll('img')) if (!img.complete) img.scrollIntoView({ block: 'center', inline: 'center' });
    });
    // Every picture the page shows has pixels (a refused one shows its alt text: naturalWidth 0). Each look brings
    // one still waiting into view, one whose download has not started first: a picture the page rendered after the
    // scrolling above (a client-side move's page, late on a loaded machine) is lazy and loads only near the viewport.
    const notLoaded = () =>
      page.evaluate(() => {
        const waiting = [...document.querySelectorAll('img')].filter((img) => img.getClientRects().length > 0 && !(img.complete && img.naturalWidth > 0));
        (waiting.find((img) => !img.currentSrc) ?? waiting[0])?.scrollIntoView({ block: 'center', inline: 'center' });
        return waiting.map((img) => img.currentSrc || img.src);
      });
    // The proxy makes each size on its first request: with both browser shards on two cores, nine took over 30 s.
    await expect.poll(notLoaded, { timeout: 90_000 }).toEqual([]);
    // The server never writes an unsigned URL (the `_` an unsigned build puts in the signature slot).
    const written = await page.evaluate(() =>
      [...document.querySelectorAll('img')].flatMap((img) => [img.src, ...img.srcset.split(',').map((entry) => entry.trim().split(' ')[0] ?? '')]),
    );
    const proxied = written.filter((url) => url.includes('/img/'));
    for (const url of proxied) expect(url).not.toMatch(/\/img\/_\//);
    return proxied.length;
  }

  /** A page opened in a browser that records every image answer; at the end, none was refused. */
  async function visit(run: (page: Page) => Promise<number>): Promise<void> {
    const { page, context, errors } = await browser.page({ baseURL: server.url });
    const statuses = watchImages(page);
    try {
      expect(await run(page)).toBeGreaterThan(0);
      expect([...statuses].filter(([, status]) => status >= 400)).toEqual([]);
      expect(statuses.size).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  const SLOW = 240_000;

  it(
    'home, then the projects list and a project by client-side navigation: every image loads, none refused',
    () =>
      visit(async (page) => {
        await page.goto('/en');
        let shown = await expectEveryImageLoaded(page);
        // Client-side navigations: the data comes from the server's loaders, with the URLs signed there.
        await page.locator('header a[href$="/en/projects"]').first().click();
        await page.waitForURL(/\/en\/projects$/);
        shown += await expectEveryImageLoaded(page);
        await page.locator('main article a[href*="/en/projects/"]').first().click();
        await page.waitForURL(/\/en\/projects\/[^/]+$/);
        shown += await expectEveryImageLoaded(page);
        return shown;
      }),
    SLOW,
  );

  it(
    'a building, a section and a floor: every image loads',
    () =>
      visit(async (page) => {
        await page.goto('/en/projects/2');
        const building = await page.locator('main a[href*="/building/"]').first().getAttribute('href');
        await page.goto(building!);
        let shown = await expectEveryImageLoaded(page);
        // A building's floor rows span its sections (they open the filter on that floor); a section's open the floor.
        const section = await page.locator('main a[href*="/section/"]').first().getAttribute('href');
        await page.goto(section!);
        shown += await expectEveryImageLoaded(page);
        await page.locator('main a[href*="/floor/"]').first().click();
        await page.waitForURL(/\/floor\/[^/]+$/);
        shown += await expectEveryImageLoaded(page);
        return shown;
      }),
    SLOW,
  );

  it(
    'the filter (cards and list), a lot, promotions and news: every image loads',
    () =>
      visit(async (page) => {
        let shown = 0;
        for (const path of ['/en/filter?layout=list', '/en/news', '/en/promo', '/en/filter']) {
          await page.goto(path);
          shown += await expectEveryImageLoaded(page);
        }
        await page.locator('main a[href*="/flat/"]').first().click();
        await page.waitForURL(/\/en\/[^/]+\/[a-z]+\/[^/]+$/);
        shown += await expectEveryImageLoaded(page);
        return shown;
      }),
    SLOW,
  );

  it('refuses an unsigned or re-written URL with 403', async () => {
    const html = await (await fetch(`${server.url}/en`)).text();
    const signed = /\/img\/[A-Za-z0-9_-]{43}\/[^"\s]+\/plain\/[^"\s]+\.(?:jpg|png)(?=[\s"])/.exec(html)?.[0];
    expect(signed).toBeDefined();
    expect((await fetch(`${server.url}${signed!.replace(/&amp;/g, '&')}`)).status).toBe(200);
    const unsigned = signed!.replace(/^\/img\/[^/]+\//, '/img/_/');
    expect((await fetch(`${server.url}${unsigned}`)).status).toBe(403);
    expect((await fetch(`${server.url}${signed!.replace(/w:(\d+)/, 'w:1$1')}`)).status).toBe(403);
  });
});
