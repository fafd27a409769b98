import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from '../browser.ts';

const browser = setupBrowser();

type Locale = 'ru' | 'en' | 'zh';
const prefix = (locale: Locale, path: string) => (locale === 'ru' ? path : path === '/' ? `/${locale}` : `/${locale}${path}`);

/**
 * The first visible link on `from` whose address matches `pattern`: its address, and its document title when the
 * page is loaded directly.
 */
async function linkOn(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const links = page.getByRole('link');
  const hrefs = await links.evaluateAll((elements) => elements.map((a) => (a.getAttribute('target') ? null : a.getAttribute('href'))));
  for (const [index, href] of hrefs.entries()) {
    if (href && pattern.test(href.split(/[?#]/)[0]!) && (await links.nth(index).isVisible())) return href;
  }
  throw new Error(`no visible link matching ${pattern} on ${from}`);
}

/** Loads `href` directly, then reaches it from `from` by clicking the link (client-side): both titles must agree. */
async function sameTitle(page: Page, from: string, pattern: RegExp): Promise<string> {
  const href = await linkOn(page, from, pattern);
  await page.goto(href);
  const direct = await page.title();
  expect(direct, href).not.toBe('');
  await page.goto(from);
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  // Found again by its address, not its place: the page may differ a little from the first load (the visitor's
  // experiment variation, once the visitor has an id).
  await page
    .getByRole('link')
    .and(page.locator(`[href=${JSON.stringify(href)}]:not([target])`))
    .filter({ visible: true })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname + url.search === href || url.pathname === href.split('?')[0]);
  // Reached without a page load (the router's navigation), and titled as when loaded directly.
  expect(await page.evaluate(() => 'stillThisDocument' in window), href).toBe(true);
  await expect.poll(() => page.title(), { message: `${from} → ${href}` }).toBe(direct);
  return new URL(page.url()).pathname;
}

describe.each(['ru', 'en', 'zh'] as const)('one document title per page in %s, loaded directly or by a click', (locale) => {
  const p = (path: string) => prefix(locale, path);
  const lp = locale === 'ru' ? '' : `/${locale}`;

  it('filter, lot, news list and article, contacts', async () => {
    const { page, context, errors } = await browser.page();
    await sameTitle(page, p('/filter'), new RegExp(`^${lp}/[a-z0-9-]+/(flat|parking|pantry|commercial)/\\d+$`));
    await sameTitle(page, p('/'), new RegExp(`^${lp}/filter/?$`));
    await sameTitle(page, p('/news'), new RegExp(`^${lp}/news/[^/]+$`));
    await sameTitle(page, p('/'), new RegExp(`^${lp}/news/?$`));
    await sameTitle(page, p('/'), new RegExp(`^${lp}/contacts/?$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
