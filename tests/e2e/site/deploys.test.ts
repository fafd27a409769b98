import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from '../browser.ts';

const browser = setupBrowser();

describe('new deploy detection', () => {
  it('publishes the running build and its immutable description', async () => {
    const { page, context } = await browser.page();
    await page.goto('/');
    // The router's manifest is set by the page's module script, which runs after load (ADR 027).
    await hydrated(page);
    const version = await page.evaluate(() => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version);
    const latest = await page.request.get(`/builds/latest.json?${Date.now()}`);
    expect(latest.headers()['cache-control']).toBe('public, max-age=1');
    expect((await latest.json()).id).toBe(version);
    const meta = await page.request.get(`/builds/meta/${version}.json`);
    expect(meta.headers()['cache-control']).toContain('immutable');
    expect(await meta.json()).toMatchObject({ id: version, prerendered: [] });
    expect((await page.request.get('/builds/meta/other.json')).status()).toBe(404);
    await context.close();
  });

  it('loads a prerendered page reached by a click from its payload file with the build id (spec §2)', async () => {
    const { page, context } = await browser.page();
    await page.goto('/contacts');
    await hydrated(page);
    const version = await page.evaluate(() => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version);
    // This server's database is not the one the build prerendered from, so its list is empty: the build's list is
    // given here, and the server renders the payload file on request (as it does once a prerendered page's data moves).
    const meta = page.waitForResponse(`**/builds/meta/${version}.json`);
    await page.route(`**/builds/meta/${version}.json`, (route) => route.fulfill({ json: { id: version, timestamp: Date.now(), prerendered: ['/legal'] } }));
    await page.reload();
    await hydrated(page);
    await meta;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Правовая информация' }).click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/legal');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Правов/);
    expect(requested).toContain(`/legal/_payload.json?${version}`);
    expect(requested.some((path) => path.startsWith('/legal.data'))).toBe(false);
    // A page not prerendered goes the router's way.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).first().click();
    await expect.poll(() => requested.some((path) => path.startsWith('/contacts.data'))).toBe(true);
    await context.close();
  });

  it('makes the next navigation a full page load once a new build is out', async () => {
    const { page, context } = await browser.page();
    await page.route('**/builds/latest.json*', (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }));
    await page.goto('/contacts');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    // The watch's code comes after hydration; then it checks when the page becomes visible again (and every few minutes).
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.deployWatch)).toBe('on');
    const checked = page.waitForRequest('**/builds/latest.json*');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await checked;
    // A full page load requests the document itself; a client-side navigation would only fetch data.
    const documentLoad = page.waitForRequest((request) => request.resourceType() === 'document' && new URL(request.url()).pathname === '/legal');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Правовая информация' }).click();
    await documentLoad;
    await page.waitForLoadState('load');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
    await context.close();
  });

  it('keeps client-side navigation while the build is current', async () => {
    const { page, context } = await browser.page();
    await page.goto('/contacts');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Правовая информация' }).click();
    await page.waitForURL('**/legal');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await context.close();
  });
});
