import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deferredModules } from '#app/lib/defer-hydration.server.ts';
import { hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * The page first, its code after (issue #17; app/lib/defer-hydration.server.ts): a phone on a slow network spends
 * its bandwidth on the style sheet, the fonts and the main picture, and only then on the JavaScript that makes the
 * page interactive. The page must still hydrate, with the same files, and not wait forever for a picture that hangs.
 */
const browser = setupBrowser();

/** When each of the site's script files was asked for, against the page's own `load` event. */
async function scriptsAgainstLoad(path: string) {
  const { page } = await browser.page({ viewport: VIEWPORTS.mobile });
  const scripts: Request[] = [];
  page.on('request', (request) => {
    // The Intl worker's file is no module of the page's: it starts first on purpose (ADR 030, tested below).
    if (/\/assets\/[^/]+\.js$/.test(request.url()) && !request.url().includes('/intl-warmup.worker-')) scripts.push(request);
  });
  const response = await page.goto(path);
  const html = await response!.text();
  await hydrated(page);
  // The files asked for by now, each once it has come (the SDKs that load when idle may still be on their way).
  const seen = [...scripts];
  await Promise.all(seen.map(async (request) => (await request.response())?.finished()));
  // Both in ms since 1970: the page's load event, and when each script was asked for (Playwright's request timing).
  const loadStart = await page.evaluate(
    () => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  const started = seen.map((request) => request.timing().startTime);
  return { html, loadStart, started, urls: seen.map((request) => new URL(request.url()).pathname) };
}

describe('the page before its code', () => {
  it.each(['/', '/en/lipovy/flat/22', '/zh/filter'])('%s asks for no script before it has loaded, then for every file of its list', async (path) => {
    const { html, loadStart, started, urls } = await scriptsAgainstLoad(path);
    expect(html).not.toContain('<link rel="modulepreload"');
    const listed = deferredModules(html);
    expect(listed.length).toBeGreaterThan(3);
    expect(
      listed.every((file) => urls.includes(file)),
      `every listed file was loaded: ${listed.filter((file) => !urls.includes(file)).join(', ')}`,
    ).toBe(true);
    expect(loadStart).toBeGreaterThan(Date.UTC(2026, 0, 1));
    expect(started.length).toBeGreaterThan(0);
    for (const [index, start] of started.entries()) expect(start, urls[index]).toBeGreaterThanOrEqual(loadStart);
  });

  it('hydrates even while the main picture never arrives', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile, allowedErrors: /net::ERR_|Failed to load resource/ });
    // The lot's plan is the page's priority image (loaded eagerly, so it holds the window's load event).
    await page.route('**/img/**', () => {
      // Never answered.
    });
    await page.goto('/en/lipovy/flat/22', { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  });
});

describe('a page whose hydration fails', () => {
  it('still shows its deferred parts when React renders it again in the browser (a page a translation extension rewrote)', async () => {
    // React reports the mismatch (#418) and renders the whole page again, in the browser.
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile, allowedErrors: /#418|#423|hydrat/i });
    await page.route('**/en', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<h1[^>]*>)([^<]+)/, '$1Translated: $2');
      await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-length': String(Buffer.byteLength(html)) } });
    });
    await page.goto('/en');
    await hydrated(page);
    // The home selector is a deferred part whose code comes at the first sign of use: here it must come by itself.
    await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Find a flat' }).isVisible()).toBe(true);
    // Its parts are the browser's now: none is left empty. The static parts (ADR 043), whose data the page did not
    // carry, are filled from the router's data request.
    const empty = () => page.evaluate(() => [...document.querySelectorAll('.contents')].filter((part) => !part.childNodes.length).length);
    await expect.poll(empty).toBe(0);
    expect(await page.getByRole('region', { name: 'Our projects' }).getByRole('link').count()).toBeGreaterThan(0);
  });
});

describe("the browser's Intl data, loaded off the main thread (ADR 030)", () => {
  it.each([
    ['/', 'ru-RU'],
    ['/en/promo', 'en-GB'],
    ['/zh/filter', 'zh-CN'],
  ])('%s starts the worker in its language from the head’s first script, and still hydrates', async (path, iso) => {
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile });
    const started = page.waitForEvent('worker');
    const response = await page.goto(path);
    const worker = await started;
    const html = await response!.text();
    const url = new URL(worker.url());
    expect(url.pathname).toMatch(/^\/assets\/intl-warmup\.worker-[\w-]+\.js$/);
    // Named with the page's language, from the head's first script: before the style sheet, long before the page's code.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(`new Worker("${url.pathname}",{name:"${iso}"})`)).toBeGreaterThan(0);
    expect(head.indexOf('new Worker(')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    const file = await page.request.get(url.pathname);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/javascript/);
    expect(file.headers()['cache-control']).toContain('immutable');
    await hydrated(page);
  });
});
