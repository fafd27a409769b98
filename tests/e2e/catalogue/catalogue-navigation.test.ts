import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readPdf } from '#tests/support/pdf.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

const browser = setupBrowser();

/** Waits for what the visitor would see, within the e2e project's limit for a loaded machine (vitest.config.ts). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);

/** The page's heading, polled: a client-side navigation updates the address a moment before it renders. */
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** A lot's one-sentence name on the chessboard and the plan: "Кв. 45, 2 комнаты, 61,2 м², 12 400 000 ₽, в продаже". */
const LOT_NAME = /^Кв\. \d+, [^,]+, [\d\s,]+\u00a0?м², [\d\s\u00a0]+₽, (в продаже|бронь)/;

describe('projects', () => {
  it('lists projects with their figures and filters them by status, district and completion', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/projects');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Проекты');
    const cards = page.getByRole('main').getByRole('article');
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(3);
    expect(await cards.first().textContent()).toMatch(/В продаже/);

    await page.getByRole('group', { name: 'Статус' }).getByText('Строится').click();
    await page.waitForURL(/status=construction/);
    await poll(() => cards.count()).toBeLessThan(total);
    for (const text of await cards.allTextContents()) expect(text).toContain('Строится');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
  it("a project card opens the project by a click, and the page stays in the visitor's language", async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/en/projects');
    await hydrated(page);
    const card = page.getByRole('main').getByRole('article').first();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('link', { name }).click();
    await page.waitForURL(/\/en\/projects\/\d+$/);
    await poll(() => h1(page)).toContain(name);
    // Client-side loads are `/en/projects/1.data` and `/en.data`: read as the page's address, not as another one.
    await page.getByRole('banner').getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(/\/en$/);
    await poll(() => page.locator('html').getAttribute('lang')).toMatch(/^en\b/);
    await poll(() =>
      page
        .getByRole('main')
        .getByRole('link', { name: /^Projects$|All projects/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('genplan → building → section → floor → lot', () => {
  it('walks the whole way by the interactive screens, each axe-clean', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/projects/2');
    await hydrated(page);
    const genplan = page.getByRole('group', { name: 'Генплан: корпуса' });
    const building = genplan.getByRole('link', { name: /^Корпус 1, \d+ лот/ });
    await building.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await building.click();
    await page.waitForURL(/\/projects\/2\/building\/[\w-]+$/);
    await poll(() => h1(page)).toContain('Корпус 1');

    // The facade offers every floor; the section list leads to the chessboard.
    const floors = page.getByRole('group', { name: 'Фасад: выберите этаж' }).getByRole('link');
    expect(await floors.count()).toBeGreaterThan(5);
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: /Секция 1/ })
      .first()
      .click();
    await page.waitForURL(/\/section\/[\w-]+$/);
    await poll(() => h1(page)).toBe('Секция 1');

    const grid = page.getByRole('table', { name: /Шахматка секции 1/ });
    const cell = grid.getByRole('link', { name: LOT_NAME }).first();
    // Figures on hover and on keyboard focus.
    const tooltip = cell.locator('span[aria-hidden="true"]').last();
    expect(await tooltip.isVisible()).toBe(false);
    await cell.hover();
    await poll(() => tooltip.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await cell.focus();
    await poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toMatch(/₽/);
    expect(await page.getByRole('list', { name: 'Обозначения' }).textContent()).toMatch(/В продаже.*Бронь.*Продано/);
    await expectNoAxeViolations(page);

    const floorLink = grid.getByRole('link', { name: /^План \d+ этажа$/ }).first();
    await floorLink.click();
    await page.waitForURL(/\/floor\/[\w-]+$/);
    await poll(() => h1(page)).toMatch(/^\d+ этаж$/);
    const plan = page.getByRole('group', { name: 'План этажа: квартиры' });
    const outlines = plan.getByRole('link');
    expect(await outlines.count()).toBeGreaterThan(0);
    for (const name of await outlines.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''))) expect(name).not.toMatch(/продано/);
    expect(await page.getByRole('navigation', { name: 'Другие этажи' }).getByRole('link').count()).toBeGreaterThan(3);
    await expectNoAxeViolations(page);

    const lotName = (await outlines.first().getAttribute('aria-label')) ?? '';
    const number = /^Кв\. (\d+)/.exec(lotName)?.[1] ?? /№ (\d+)/.exec(lotName)?.[1];
    await outlines.first().click();
    await page.waitForURL(/\/sosnovy\/(flat|commercial)\/\d+$/);
    await poll(() => h1(page)).toContain(`№ ${number}`);
    expect(
      await page
        .getByText(/в месяц/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: 'Расположение на этаже' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The lot's PDF sheet: one page with its plan and floor plan, titled with the lot.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sosnovy-(flat|commercial)-\d+-ru\.pdf$/);
    const sheet = readPdf(readFileSync((await download.path())!));
    expect(sheet).toMatchObject({ pages: 1, lang: 'ru-RU' });
    expect(sheet.title).toContain(`№ ${number}`);
    expect(sheet.images).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
    // Five pages, five axe runs and a PDF: twice the default time, three times for a machine the suite loads.
  }, 180_000);

  it('downloads the project presentation in the visitor language', async () => {
    const { page, context } = await browser.page();
    await page.goto('/en/projects/2');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download the brochure/ }).click()]);
    expect(download.suggestedFilename()).toBe('sosnovy-presentation-en.pdf');
    const pdf = readPdf(readFileSync((await download.path())!));
    expect(pdf.lang).toBe('en-GB');
    expect(pdf.pages).toBeGreaterThanOrEqual(6);
    expect(pdf.images).toBeGreaterThanOrEqual(6);
    expect(pdf.title).toMatch(/: presentation$/);
    await context.close();
  });

  it('drives the render-versus-photo slider and the indicators from the keyboard', async () => {
    const { page, context } = await browser.page();
    await page.goto('/projects/1');
    await hydrated(page);
    const slider = page.getByRole('slider', { name: 'Граница между рендером и фото' });
    await slider.focus();
    expect(await slider.getAttribute('aria-valuetext')).toBe('Рендер 50\u00a0%, фото 50\u00a0%');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toBe('Рендер 48\u00a0%, фото 52\u00a0%');
    // Eight indicators: four shown, four behind «Ещё 4», opened and closed from the keyboard.
    const more = page.locator('#indicators summary');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#indicators details').getAttribute('open')).toBe('');
    expect(await page.locator('#indicators').getByText('мест в школе квартала').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.locator('#indicators details').getAttribute('open')).toBeNull();
    await context.close();
  });

  it('chooses a building on the master plan and a floor on the facade from the keyboard', async () => {
    const { page, context } = await browser.page();
    await page.goto('/projects/3');
    await hydrated(page);
    const building = page.getByRole('group', { name: 'Генплан: корпуса' }).getByRole('link').first();
    await building.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/building\/[\w-]+$/);
    const band = page.getByRole('group', { name: 'Фасад: выберите этаж' }).getByRole('link', { name: /^10 этаж/ });
    await band.focus();
    await page.keyboard.press('Enter');
    await poll(() => h1(page)).toMatch(/^10 этаж$|^Подбор/);
    await context.close();
  });

  it('is finished at 375 px: the chessboard scrolls inside its card, not the page', async () => {
    const { page, context } = await browser.page({ viewport: VIEWPORTS.mobile });
    await page.goto('/projects/2');
    const href = await page.getByRole('group', { name: 'Генплан: корпуса' }).getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await page
      .getByRole('link', { name: /Секция 1/ })
      .first()
      .click();
    await page.waitForURL(/\/section\//);
    await poll(() => h1(page)).toBe('Секция 1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('shared projects', () => {
  it('serves the same screens under /shared-projects/{id}, keeping the visitor under that address', async () => {
    const { page, context, errors } = await browser.page();
    const shared = await page.goto('/shared-projects/3');
    expect(shared?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getByText('Совместный проект').first().isVisible()).toBe(true);
    await page.getByRole('group', { name: 'Генплан: корпуса' }).getByRole('link').first().click();
    await page.waitForURL(/\/shared-projects\/3\/building\/[\w-]+$/);
    await page
      .getByRole('link', { name: /Секция 1/ })
      .first()
      .click();
    await page.waitForURL(/\/shared-projects\/3\/building\/[\w-]+\/section\/[\w-]+$/);
    await poll(() => h1(page)).toBe('Секция 1');
    // A project that is not shared has no shared address.
    expect((await page.goto('/shared-projects/2'))?.status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('validate rules', () => {
  it('answers a malformed id with 404 "Page Not Found: {full path}" and an unknown one with 404', async () => {
    const { page, context } = await browser.page();
    for (const path of [
      '/projects/1/building/bad!id',
      '/shared-projects/x%20y',
      '/projects/1/building/1/section/s!/floor/1',
      '/filter/bad!slug',
      '/lipovy/castle/12',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The route's message names the path; the page says it in Russian (no English line under a Russian title).
      expect(await page.getByText(`Запрошенный адрес: ${decodeURIComponent(path)}`).isVisible(), path).toBe(true);
      expect(await page.getByText('Page Not Found').count(), path).toBe(0);
    }
    for (const path of ['/projects/999', '/lipovy/flat/99999', '/filter/no-such-page']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByText(`Запрошенный адрес: ${path}`).isVisible(), path).toBe(true);
      expect(await page.getByText('Page not found').count(), path).toBe(0);
    }
    await context.close();
  });
});
