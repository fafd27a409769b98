import { describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * The footer's search with JavaScript (issue #38, spec §9), in Russian at a phone's width: the form is sent by the
 * router from a hydrated page (the footer's code loading as it is used), the results page is accessible, and a result
 * leads to its lot. Without JavaScript, and in every language: tests/integration/search/footer-search.test.ts.
 */
const browser = setupBrowser();

describe('the footer search with JavaScript', () => {
  it('sends the footer’s form without a page load and leads from a result to the lot', async () => {
    const { page, errors } = await browser.page({ viewport: VIEWPORTS.mobile });
    await page.goto('/contacts');
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const form = page.getByRole('contentinfo').getByRole('search');
    await form.getByLabel(ru.search.label).fill('№ 22');
    await form.getByLabel(ru.search.label).press('Enter');
    await page.waitForURL(/\/search\?q=%E2%84%96\+22$/);
    const lots = page.getByRole('region', { name: ru.search.groups.lots }).getByRole('link');
    await expect.poll(() => lots.count()).toBeGreaterThan(0);
    // The router loaded the results into the same document.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.getByRole('main').getByLabel(ru.search.label).inputValue()).toBe('№ 22');
    await expectNoAxeViolations(page);
    const title = (await lots.first().locator('span').first().textContent()) ?? '';
    expect(title).toMatch(/№ 22$/);
    await lots.first().click();
    await page.waitForURL(/\/[a-z]+\/(flat|parking|pantry|commercial)\/22$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(errors).toEqual([]);
  });
});
