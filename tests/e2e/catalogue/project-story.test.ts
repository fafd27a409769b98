import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * What a project's pages promise is what the next page shows: a project in presale says so everywhere and
 * offers its interest form (no count, no way to an empty filter); every floor of a building opens a page
 * listing the lots its band and button counted; the master plan's badges and the building's table fit a phone.
 */
const browser = setupBrowser();
const M = { ru, en, zh } as const;
type Locale = keyof typeof M;
const LOCALES: Locale[] = ['ru', 'en', 'zh'];
const prefix = (locale: Locale, path: string) => (locale === 'ru' ? path : `/${locale}${path}`);
const BROWSER_LOCALE = { ru: 'ru-RU', en: 'en-US', zh: 'zh-CN' } as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label's text, and an asterisk on a required field. */
const label = (text: string) => new RegExp(`^${escape(text)}(\\s*\\*)?$`);
/** The plural forms of «N лотов в продаже» in a language, as one pattern. */
const onSaleCount = (m: (typeof M)[Locale]) =>
  new RegExp(
    Object.values(m.catalogue.plural.lotsLeft)
      .map((form) => escape(form).replace('\\{count\\}', '\\d[\\d\\s]*'))
      .join('|'),
  );

async function open(locale: Locale, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const session = await browser.page({ locale: BROWSER_LOCALE[locale], viewport });
  const res = await session.page.goto(prefix(locale, path));
  expect(res?.status(), path).toBe(200);
  await hydrated(session.page);
  return session;
}

describe.each(LOCALES)('a project in presale in %s', (locale) => {
  const m = M[locale];
  it('says it is coming to sale, never a count of lots on sale, links to no filter, and takes an interest request', async () => {
    const { page, context, errors } = await open(locale, '/projects/4');
    const main = page.getByRole('main');
    // The hero's figure: «Скоро в продаже», not a number of lots.
    const hero = main.locator('dl').first();
    expect(await hero.locator('dd').allTextContents()).toContain(m.catalogue.projectStatus.presale);
    // No "N lots on sale" anywhere on the page (hero, master plan badges and list, sections).
    expect(await main.textContent()).not.toMatch(onSaleCount(m));
    expect(await main.textContent()).not.toContain(m.catalogue.common.soldOut);
    // Each building on the master plan: coming to sale.
    const buildings = main.getByRole('list', { name: m.catalogue.genplan.buildings });
    const captions = await buildings.getByRole('link').allTextContents();
    expect(captions.length).toBeGreaterThan(0);
    for (const caption of captions) expect(caption).toContain(m.catalogue.projectStatus.presale);
    // No link to the filter, and no "all lots" button.
    expect(await page.locator('a[href*="/filter"][href*="project=4"]').count()).toBe(0);
    expect(await main.getByRole('link', { name: new RegExp(escape(m.catalogue.project.lotsAll)) }).count()).toBe(0);

    // The hero's call to action leads to the interest form, which sends.
    await main.getByRole('link', { name: m.forms.titles.presale }).click();
    const form = main.getByRole('region', { name: m.forms.titles.presale });
    expect(await form.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await form.getByLabel(label(m.forms.fields.name)).fill(locale === 'ru' ? 'Анна' : 'Anna');
    await form
      .getByLabel(label(m.forms.fields.phone))
      .fill(`8 (916) 5${String(Date.now()).slice(-6, -4)}-${String(Date.now()).slice(-4, -2)}-${String(Date.now()).slice(-2)}`);
    await form.getByLabel(label(m.forms.fields.consent)).check();
    await form.getByRole('button', { name: m.forms.actions.send, exact: true }).click();
    await expect.poll(() => form.getByRole('heading', { name: m.forms.success.title }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The number of lots on sale a page lists: a floor plan's lot links «…, в продаже», or the filter's «Найдено: N». */
async function listedOnSale(page: Page, m: (typeof M)[Locale]): Promise<number> {
  if (new URL(page.url()).pathname.includes('/filter')) {
    const found = await page
      .getByText(new RegExp(`^${escape(m.catalogue.filter.found).replace('\\{count\\}', '.*')}$`))
      .first()
      .textContent();
    return Number(/(\d[\d\s]*)/.exec(found ?? '')?.[1]?.replace(/\s/g, '') ?? NaN);
  }
  const plan = page.getByRole('group', { name: m.catalogue.floor.planLabel });
  const names = await plan.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
  return names.filter((name) => name.endsWith(`, ${m.catalogue.status.free.toLocaleLowerCase()}`)).length;
}

describe.each(LOCALES)('the floors of a building with two sections in %s', (locale) => {
  const m = M[locale];
  it('opens, from every facade band and floor button, a page listing exactly the lots on sale it promised', async () => {
    const { page, context, errors } = await open(locale, '/projects/2/building/4');
    const main = page.getByRole('main');
    const buttons = main.getByRole('navigation', { name: m.catalogue.building.chooseFloor }).getByRole('link');
    const floors = await buttons.evaluateAll((links) =>
      links.map((link) => ({
        name: link.textContent?.trim() ?? '',
        sr: link.querySelector('.sr-only')?.textContent ?? '',
        count: link.querySelectorAll('span')[1]?.textContent ?? '',
        href: link.getAttribute('href') ?? '',
      })),
    );
    expect(floors.length).toBeGreaterThan(5);
    // The facade's bands: the same names and the same pages as the buttons.
    const bands = await main
      .getByRole('group', { name: m.catalogue.building.facadeLabel })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => ({ name: link.getAttribute('aria-label') ?? '', href: link.getAttribute('href') ?? '' })));
    expect(bands.map((band) => [band.name, band.href]).sort()).toEqual(floors.map((floor) => [floor.sr, floor.href]).sort());

    let sawSeveralSections = false;
    for (const floor of floors) {
      const promised = floor.count === '—' ? 0 : Number(floor.count);
      if (promised > 0) expect(floor.sr).toMatch(onSaleCount(m));
      await page.goto(floor.href);
      await hydrated(page);
      if (page.url().includes('/filter')) sawSeveralSections = true;
      expect(await listedOnSale(page, m), `${floor.sr} → ${floor.href}`).toBe(promised);
    }
    // The building has floors in both sections: some floor opens the list of both.
    expect(sawSeveralSections).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(LOCALES)('a project and a building on a 375 px phone in %s', (locale) => {
  const m = M[locale];
  it('keeps the master plan badges from covering each other, and names every building with what is on sale under the plan', async () => {
    const { page, context, errors } = await open(locale, '/projects/2', VIEWPORTS.mobile);
    const plan = page.getByRole('group', { name: m.catalogue.genplan.label });
    await plan.scrollIntoViewIfNeeded();
    const boxes = await plan.locator('text').evaluateAll((texts) =>
      texts
        .map((text) => text.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => ({ left: box.left, top: box.top, right: box.right, bottom: box.bottom })),
    );
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
    const list = page.getByRole('list', { name: m.catalogue.genplan.buildings });
    const names = await list.getByRole('link').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(name).toMatch(new RegExp(`${onSaleCount(m).source}|${escape(m.catalogue.common.soldOut)}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the building table of what is on sale whole, or in its own labelled, focusable scroll box', async () => {
    const { page, context, errors } = await open(locale, '/projects/2/building/4', VIEWPORTS.mobile);
    const table = page.getByRole('table');
    await table.scrollIntoViewIfNeeded();
    const fit = await table.evaluate((element) => {
      const box = element.parentElement!;
      return { scroll: box.scrollWidth, client: box.clientWidth, role: box.getAttribute('role'), tabIndex: box.tabIndex };
    });
    if (fit.scroll > fit.client) {
      expect(fit.role).toBe('group');
      expect(fit.tabIndex).toBe(0);
      expect(await page.getByRole('group', { name: m.catalogue.building.summary }).count()).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
