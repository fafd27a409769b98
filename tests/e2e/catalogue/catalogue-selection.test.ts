import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

const browser = setupBrowser();

/** Waits for what the visitor would see, within the e2e project's limit for a loaded machine (vitest.config.ts). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);

const selectionCount = async (page: Page) =>
  Number(
    await page
      .getByRole('link', { name: /^Избранное \d+$/ })
      .first()
      .locator('span')
      .last()
      .textContent(),
  );

/** The first lot card's heart among the filter's results. */
const firstHeart = (page: Page) =>
  page
    .locator('#results')
    .getByRole('button', { name: /^В избранное: / })
    .first();

describe('selection', () => {
  it('keeps lots across visits, compares them with differences highlighted, shares a link and removes', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/filter?type=flat&rooms=1,2');
    await hydrated(page);
    const hearts = page.locator('#results').getByRole('button', { name: /^В избранное: / });
    const first = hearts.nth(0);
    const second = hearts.nth(1);
    const firstName = ((await first.getAttribute('aria-label')) ?? '').replace('В избранное: ', '');
    await first.click();
    await poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await second.click();
    await poll(() => second.getAttribute('aria-pressed')).toBe('true');
    expect(await selectionCount(page)).toBe(2);
    // The header counts them on every page.
    await poll(() => page.getByRole('banner').getByRole('link', { name: 'Избранное: 2' }).isVisible()).toBe(true);

    // A later visit: the page is the same for everyone (ADR 022), its hearts and count fill from the cookie once hydrated.
    const again = await context.newPage();
    await again.goto('/filter?type=flat&rooms=1,2');
    await hydrated(again);
    await poll(() =>
      again
        .locator('#results')
        .getByRole('button', { name: `В избранное: ${firstName}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await poll(() => again.getByRole('banner').getByRole('link', { name: 'Избранное: 2' }).isVisible()).toBe(true);
    await again.close();

    await page
      .getByRole('link', { name: /^Избранное 2$/ })
      .first()
      .click();
    await page.waitForURL('**/selection');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Избранное');
    const table = page.getByRole('table', { name: 'Сравнение лотов: 2' });
    expect(await table.getByRole('columnheader').count()).toBe(2);
    expect(await table.getByRole('link', { name: firstName }).count()).toBe(1);
    // Rows that differ are marked for everyone, not only by colour.
    const differing = table.getByRole('rowheader', { name: /значения различаются/ });
    expect(await differing.count()).toBeGreaterThan(0);
    const rows = await table.getByRole('row').count();
    await page.getByRole('link', { name: 'Только различия' }).click();
    await page.waitForURL('**/selection?diff=1');
    await poll(() => table.getByRole('row').count()).toBeLessThan(rows);
    await expectNoAxeViolations(page);

    // Share: the link opens the same lots for someone with an empty selection.
    const link = await page.getByRole('textbox', { name: 'Поделиться подборкой' }).inputValue();
    expect(link).toMatch(/\/selection\?ids=[\w-]+,[\w-]+$/);
    const friend = await browser.page();
    await friend.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await hydrated(friend.page);
    expect(await friend.page.getByRole('heading', { level: 1 }).textContent()).toBe('Подборка по ссылке');
    expect(await friend.page.getByRole('table', { name: 'Сравнение лотов: 2' }).isVisible()).toBe(true);
    await friend.page.getByRole('button', { name: 'Сохранить в моё избранное' }).click();
    await friend.page.waitForURL(/\/selection$/);
    await poll(() => friend.page.getByRole('table', { name: 'Сравнение лотов: 2' }).isVisible()).toBe(true);
    expect(friend.errors).toEqual([]);
    await friend.context.close();

    // Remove one: the column goes at once, and stays gone after a reload.
    await page.getByRole('button', { name: `Убрать из избранного: ${firstName}` }).click();
    await poll(() => page.getByRole('table', { name: 'Сравнение лотов: 1' }).isVisible()).toBe(true);
    await page.reload();
    expect(await page.getByRole('table', { name: 'Сравнение лотов: 1' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a heart tapped before the results' code arrived, in place (no page reload)", async () => {
    const { page, context, errors } = await browser.page();
    // The results keep the server's HTML until they are used (ADR 027): hold their code until the tap has landed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/lot-results-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.resourceType() === 'document') posts.push(request.url());
    });
    await page.goto('/filter?type=flat');
    await hydrated(page);
    const heart = firstHeart(page);
    await heart.click();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    release();
    await poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await poll(() => page.getByRole('banner').getByRole('link', { name: 'Избранное: 1' }).isVisible()).toBe(true);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('comes back from localStorage when the cookie is gone', async () => {
    const { page, context } = await browser.page();
    await page.goto('/filter?type=flat');
    await hydrated(page);
    const heart = firstHeart(page);
    await heart.click();
    // Kept once the heart says so (the results' code may still be on its way when the click lands: app/lib/deferred.tsx).
    await poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await context.clearCookies({ name: 'selection' });
    await page.goto('/selection');
    await hydrated(page);
    await poll(() => page.getByRole('table', { name: 'Сравнение лотов: 1' }).isVisible()).toBe(true);
    expect((await context.cookies()).find((cookie) => cookie.name === 'selection')?.value).toBeTruthy();
    await context.close();
  });

  it('adds from a lot page without JavaScript (a form post) and lists it server-side', async () => {
    const { page, context } = await browser.page({ javaScriptEnabled: false });
    await page.goto('/filter?type=flat');
    const href = (await page.locator('#results article a').first().getAttribute('href'))!;
    await page.goto(href);
    const heart = page.getByRole('button', { name: 'В избранное', exact: true });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The form posts as a document: no token in the page (ADR 022), the browser's Sec-Fetch-Site proves it is ours.
    await heart.click();
    await page.waitForURL(`**${href}`);
    // Pages other than /selection are the same for every visitor: without JavaScript their hearts and count stay
    // empty (the store fills them once hydrated), but the cookie has the lot and /selection lists it.
    expect((await context.cookies()).find((cookie) => cookie.name === 'selection')?.value).toBeTruthy();
    await page.goto('/selection');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Избранное: 1' }).isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Сравнение лотов: 1' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Убрать из избранного: / }).click();
    await page.waitForURL('**/selection');
    expect(await page.getByRole('heading', { name: 'Здесь пока пусто' }).isVisible()).toBe(true);
    await context.close();
  });

  it('takes a same-origin selection post without a token and refuses another site’s', async () => {
    const { page, context } = await browser.page();
    await page.goto('/selection');
    // Fetch Metadata (`Sec-Fetch-Site: same-origin`): no token needed (ADR 022).
    const own = await page.evaluate(
      async () =>
        (await fetch('/selection', { method: 'POST', body: new URLSearchParams({ intent: 'add', id: 'x', redirectTo: '/selection' }), redirect: 'manual' }))
          .type,
    );
    expect(own).toBe('opaqueredirect');
    // Another site's page posting the same form (here a page of no origin: `Sec-Fetch-Site: cross-site`, `Origin: null`).
    const other = await context.newPage();
    await other.setContent(
      `<form method="post" action="${new URL('/selection', browser.baseURL()).href}"><input name="intent" value="add"><input name="id" value="y"><button>go</button></form>`,
    );
    const [answer] = await Promise.all([other.waitForNavigation(), other.getByRole('button', { name: 'go' }).click()]);
    expect(answer?.status()).toBe(403);
    expect((await context.cookies()).find((cookie) => cookie.name === 'selection')?.value ?? '').not.toContain('y');
    await context.close();
  });

  it('is finished at 375 px: the comparison scrolls sideways inside the page', async () => {
    const { page, context } = await browser.page({ viewport: VIEWPORTS.mobile });
    await page.goto('/filter?type=flat');
    await hydrated(page);
    const hearts = page.locator('#results').getByRole('button', { name: /^В избранное: / });
    await hearts.nth(0).click();
    await hearts.nth(1).click();
    await page.goto('/selection');
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
