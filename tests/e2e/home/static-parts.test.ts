import { describe, expect, it } from 'vitest';
import { partners as demoPartners } from '#content/home-blocks.ts';
import { hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

const browser = setupBrowser();

/**
 * The home page's static parts (app/lib/static-part.tsx, ADR 043): cards, texts and links the browser keeps as the
 * server sent them, with their data out of the page's hydration data. What only a browser shows: the kept HTML after
 * hydration, its links moving in the page through the router (no new document), and the parts rendered by the
 * browser itself when the visitor comes back by a move in the page. Their HTML and data: tests/integration/home.
 */
describe('the home page’s static parts', () => {
  it('keeps the server’s sections after hydration, moves in the page from their links, and renders them again on the way back', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.desktop, locale: 'ru-RU' });
    await page.goto('/');
    await hydrated(page);
    const projects = page.getByRole('region', { name: 'Наши проекты' });
    const partners = page.getByText(demoPartners[0]!.name.ru, { exact: true }).first();
    await expect.poll(() => projects.isVisible()).toBe(true);
    expect(await partners.isVisible()).toBe(true);
    const firstProject = projects.getByRole('link').first();
    const target = new URL((await firstProject.getAttribute('href'))!, page.url()).pathname;

    // A mark in the window survives a move in the page, and dies with a new document.
    await page.evaluate(() => ((window as unknown as { staticPartsMark: number }).staticPartsMark = 1));
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await firstProject.click();
    await page.waitForURL((url) => url.pathname === target);
    expect(await page.evaluate(() => (window as unknown as { staticPartsMark?: number }).staticPartsMark)).toBe(1);
    expect(documents).toEqual([]);

    // Back home by the router: the browser renders the parts itself from the data the router brings.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => projects.getByRole('link').count()).toBeGreaterThan(0);
    expect(await partners.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { staticPartsMark?: number }).staticPartsMark)).toBe(1);
    expect(documents).toEqual([]);
  });
});
