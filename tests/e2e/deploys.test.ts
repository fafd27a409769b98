import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser.ts';

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

  it('makes the next navigation a full page load once a new build is out', async () => {
    const { page, context } = await browser.page();
    await page.route('**/builds/latest.json*', (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }));
    await page.goto('/contacts');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    // The app checks when the page becomes visible again (and every few minutes).
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
