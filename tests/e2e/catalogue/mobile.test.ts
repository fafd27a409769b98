import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCatalogue from '#core/i18n/catalogs/en/catalogue/index.ts';
import enCommon from '#core/i18n/catalogs/en/common.ts';
import enForms from '#core/i18n/catalogs/en/forms.ts';
import ruCatalogue from '#core/i18n/catalogs/ru/catalogue/index.ts';
import ruCommon from '#core/i18n/catalogs/ru/common.ts';
import ruForms from '#core/i18n/catalogs/ru/forms.ts';
import zhCatalogue from '#core/i18n/catalogs/zh/catalogue/index.ts';
import zhCommon from '#core/i18n/catalogs/zh/common.ts';
import zhForms from '#core/i18n/catalogs/zh/forms.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * A phone keeps its actions in reach and its sheets behave as dialogs: the lot's request bar and the filter
 * button stay on screen after scrolling, the filter sheet and the menu take focus, hold the page still, close
 * with Esc and give focus back; a shape on a plan shows its keyboard focus as a line, not a tint.
 */
const browser = setupBrowser();
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const PHONE = { viewport: VIEWPORTS.mobile, userAgent: PHONE_UA } as const;
const LANGUAGES = [
  { lang: 'ru', prefix: '', catalogue: ruCatalogue, common: ruCommon, forms: ruForms },
  { lang: 'en', prefix: '/en', catalogue: enCatalogue, common: enCommon, forms: enForms },
  { lang: 'zh', prefix: '/zh', catalogue: zhCatalogue, common: zhCommon, forms: zhForms },
] as const;
const LOT = '/lipovy/flat/22';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Two animation frames: whatever a wheel or a key has moved has been laid out and painted. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The element is on screen and is what a tap on its centre reaches (nothing fixed covers it). */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight || box.width === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
}

/**
 * The element's box. The menu's code may arrive while it is open and put its own element in place of the server's
 * (app/lib/deferred.tsx): a box read from the element just replaced is null, so it is read from the one there now.
 */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const seen: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect.poll(async () => (seen.box = await locator.boundingBox())).not.toBeNull();
  return seen.box!;
}

/**
 * The opener opens a modal dialog: focus is inside, Tab stays inside, a wheel does not scroll the page behind, axe
 * finds nothing, Esc closes it and focus is back on the opener.
 */
async function expectModal(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const id = await dialog.getAttribute('id');
  const where = () =>
    page.evaluate((dialogId) => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      return active.closest('dialog')?.id === dialogId ? 'dialog' : 'page';
    }, id);
  expect(await where()).toBe('dialog');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await where()).not.toBe('page');
  }
  const before = await page.evaluate(() => document.scrollingElement!.scrollTop);
  const box = await boxOf(dialog);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 800);
  await frames(page);
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(before);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe('the lot page on a phone', () => {
  for (const { lang, prefix, catalogue, forms } of LANGUAGES) {
    it(`keeps the request button in reach at the end of the page and opens the form (${lang})`, async () => {
      const { page, context, errors } = await browser.page(PHONE);
      await page.goto(prefix + LOT);
      await hydrated(page);
      await scrollToEnd(page);
      const request = page.getByRole('button', { name: catalogue.lot.request, exact: true });
      const inReach = request.last();
      expect(await reachable(inReach)).toBe(true);
      // The page's end is not under the bar: the footer's last line is above it.
      const barTop = await inReach.evaluate((element) => element.closest('[data-bottom-bar]')!.getBoundingClientRect().top);
      const footerEnd = await page.evaluate(() => document.querySelector('#main ~ * > footer')!.lastElementChild!.getBoundingClientRect().bottom);
      expect(footerEnd).toBeLessThanOrEqual(barTop);
      await inReach.click();
      // The lot's request form (its title names the lot), the same one the side panel's button opens.
      const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: forms.actions.send, exact: true }) });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('has the bar in the server HTML: without JavaScript it is there from the start and opens the form', async () => {
    const { page, context } = await browser.page({ ...PHONE, javaScriptEnabled: false });
    await page.goto(LOT);
    await scrollToEnd(page);
    const request = page.getByRole('button', { name: ruCatalogue.lot.request, exact: true }).last();
    expect(await reachable(request)).toBe(true);
    await request.click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: ruForms.actions.send, exact: true }) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await context.close();
  });

  it('shows no bar on a desktop, where the side panel with the button is sticky', async () => {
    const { page, context } = await browser.page();
    await page.goto(LOT);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    const request = page.getByRole('button', { name: ruCatalogue.lot.request, exact: true });
    await expect.poll(() => request.count()).toBe(1);
    await expect.poll(() => reachable(request)).toBe(true);
    await context.close();
  });
});

describe('the filter on a phone', () => {
  for (const { lang, prefix, catalogue } of LANGUAGES) {
    it(`keeps the filters button in reach after scrolling the results; the sheet is a modal (${lang})`, async () => {
      const { page, context, errors } = await browser.page(PHONE);
      await page.goto(`${prefix}/filter?rooms=1`);
      await hydrated(page);
      await page.mouse.move(180, 400);
      await page.mouse.wheel(0, 2500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      // The button names the active criteria's number: "Filters 1".
      const opener = page.getByRole('button', { name: new RegExp(`^${escape(catalogue.filter.open)}\\s*1$`) });
      await expect.poll(() => reachable(opener)).toBe(true);
      const sheet = page.getByRole('dialog', { name: catalogue.filter.params });
      await expectModal(page, opener, sheet);
      await opener.click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await sheet.getByRole('button', { name: catalogue.common.close }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the form in place without JavaScript', async () => {
    const { page, context } = await browser.page({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/filter');
    expect(await page.getByRole('group', { name: ruCatalogue.rooms.label }).getByText(ruCatalogue.rooms.chip['1'], { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: new RegExp(`^${escape(ruCatalogue.filter.open)}`) }).isVisible()).toBe(false);
    await context.close();
  });

  it('is the sidebar on a desktop, with no filters button', async () => {
    const { page, context } = await browser.page();
    await page.goto('/filter');
    await hydrated(page);
    expect(await page.getByRole('group', { name: ruCatalogue.rooms.label }).getByText(ruCatalogue.rooms.chip['1'], { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: new RegExp(`^${escape(ruCatalogue.filter.open)}`) }).isVisible()).toBe(false);
    await context.close();
  });
});

describe('the mobile menu', () => {
  for (const { lang, prefix, common } of LANGUAGES) {
    it(`is a modal: focus in, page still, Esc closes, focus back (${lang})`, async () => {
      const { page, context, errors } = await browser.page(PHONE);
      await page.goto(`${prefix}/projects`);
      await hydrated(page);
      await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
      const opener = page.getByRole('button', { name: common.nav.openMenu });
      const menu = page.getByRole('dialog', { name: common.nav.mainMenu });
      await expectModal(page, opener, menu);
      await opener.click();
      await menu.getByRole('button', { name: common.nav.closeMenu }).click();
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('opens without JavaScript (the button is an invoker of the dialog)', async () => {
    const { page, context } = await browser.page({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/en');
    await page.getByRole('button', { name: enCommon.nav.openMenu }).click();
    const menu = page.getByRole('dialog', { name: enCommon.nav.mainMenu });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Contacts' }).first().isVisible()).toBe(true);
    await context.close();
  });
});

/** The width and colour of the line drawn along the focused link's shape. */
async function focusedShape(page: Page): Promise<{ width: number; stroke: string; nonScaling: boolean; filter: string }> {
  return page.evaluate(() => {
    const shape = document.activeElement?.querySelector('path, rect');
    if (!shape) throw new Error('no shape in the focused element');
    const style = getComputedStyle(shape);
    // The colour as the screen gets it (computed colours may be in oklab): painted on a canvas and read back.
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = style.stroke;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
    return {
      width: parseFloat(style.strokeWidth),
      stroke: `rgb(${r}, ${g}, ${b})`,
      nonScaling: style.vectorEffect === 'non-scaling-stroke',
      filter: style.filter,
    };
  });
}

/** Keyboard focus on the plan's first link: focus it, step back and Tab onto it (focus-visible is the keyboard's). */
async function tabOnto(page: Page, link: Locator): Promise<void> {
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe('keyboard focus on plans', () => {
  it('draws a line of at least 3 px along a focused lot, building or floor', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto(LOT);
    const floorHref = await page.getByRole('link', { name: ruCatalogue.lot.toFloor }).getAttribute('href');
    await page.goto(floorHref!);
    await hydrated(page);
    const lot = page.getByRole('group', { name: ruCatalogue.floor.planLabel }).getByRole('link').first();
    await lot.focus();
    await page.keyboard.press('Shift+Tab');
    const idle = await lot.evaluate((element) => getComputedStyle(element.querySelector('path')!).strokeWidth);
    await tabOnto(page, lot);
    await expect.poll(() => focusedShape(page).then((shape) => shape.stroke)).toBe('rgb(28, 35, 33)');
    const focused = await focusedShape(page);
    expect(focused.width).toBeGreaterThanOrEqual(3);
    expect(focused.nonScaling).toBe(true);
    expect(parseFloat(idle)).toBeLessThan(focused.width);
    expect(focused.filter).toMatch(/drop-shadow/);

    for (const [path, label] of [
      ['/projects/1', ruCatalogue.genplan.label],
      ['/projects/1/building/1', ruCatalogue.building.facadeLabel],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await tabOnto(page, page.getByRole('group', { name: label }).getByRole('link').first());
      await expect.poll(() => focusedShape(page).then((shape) => shape.stroke)).toBe('rgb(255, 255, 255)');
      const shape = await focusedShape(page);
      expect(shape.width).toBeGreaterThanOrEqual(4);
      expect(shape.nonScaling).toBe(true);
      expect(shape.filter).toMatch(/drop-shadow/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
