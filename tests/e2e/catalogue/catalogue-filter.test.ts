import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

const browser = setupBrowser();

/** Waits for what the visitor would see, within the e2e project's limit for a loaded machine (vitest.config.ts). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);

const found = async (page: Page) => Number(((await page.locator('#filter-count').textContent()) ?? '').replace(/\D/g, ''));
/** Results are dimmed while an update is on its way: contrast is checked once they have settled and faded back. */
async function settled(page: Page) {
  await poll(() => page.locator('#results').getAttribute('aria-busy')).toBe('false');
  await poll(() =>
    page
      .locator('#results .transition-opacity')
      .first()
      .evaluate((el) => getComputedStyle(el).opacity),
  ).toBe('1');
}
const chip = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByRole('checkbox', { name: new RegExp(`^${name}(\\s[\\d\\s]+)?$`) });

describe('price fields group digits as they are typed', () => {
  const cases = [
    { lang: 'ru', path: '/filter', label: 'Цена от', mark: '\u00a0' },
    { lang: 'en', path: '/en/filter', label: 'Price from', mark: ',' },
    { lang: 'zh', path: '/zh/filter', label: '价格下限', mark: ',' },
  ] as const;
  it.each(cases)('$lang: 12500000 reads grouped, the caret stays where the visitor types, the URL keeps the number', async ({ path, label, mark }) => {
    const grouped = (...parts: string[]) => parts.join(mark);
    const { page, context, errors } = await browser.page();
    await page.goto(path);
    await hydrated(page);
    const field = page.getByRole('textbox', { name: label });
    await field.click();
    await field.pressSequentially('12500000');
    await poll(() => field.inputValue()).toBe(grouped('12', '500', '000'));
    await page.waitForURL(/price_min=12500000(&|$)/);
    // Delete the "2" after the first digit, then type a "9" there: the caret did not jump to the end.
    await field.press('Home');
    await field.press('ArrowRight');
    await field.press('ArrowRight');
    await field.press('Backspace');
    await poll(() => field.inputValue()).toBe(grouped('1', '500', '000'));
    await field.press('9');
    await poll(() => field.inputValue()).toBe(grouped('19', '500', '000'));
    await page.waitForURL(/price_min=19500000(&|$)/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('lot filter with JavaScript', () => {
  it('applies choices in place, debounced, with live facet counts, sort, pages and views in the URL', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/filter');
    await hydrated(page);
    // Survives only if the page never reloads.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const all = await found(page);
    expect(all).toBeGreaterThan(100);

    await chip(page, 'Комнаты', '2').check({ force: true });
    await page.waitForURL(/\/filter\?rooms=2$/);
    await poll(() => found(page)).toBeLessThan(all);
    const twoRooms = await found(page);
    // The other groups now count what two-room choices leave: no parking spaces are two-room flats.
    const parking = chip(page, 'Тип помещения', 'Машино-место');
    await poll(() => parking.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: new RegExp(`Показать ${twoRooms.toLocaleString('ru-RU').replace(/\s/g, '\\s')}`) }).count()).toBe(1);

    // Typing a price waits for the pause, then the URL and the results follow.
    const priceTo = page.getByRole('textbox', { name: 'Цена до' }).or(page.getByRole('spinbutton', { name: 'Цена до' }));
    await priceTo.fill('20000000');
    await page.waitForURL(/rooms=2&price_max=20000000/);
    await poll(() => found(page)).toBeLessThan(twoRooms);
    // The slider thumbs follow the typed figure and move it from the keyboard.
    const thumb = page.getByRole('slider', { name: 'Цена до' });
    expect(Number(await thumb.inputValue())).toBeLessThanOrEqual(20_000_000);

    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('-area');
    await page.waitForURL(/ordering=-area/);
    // Each card ends with its area: largest first once the new order has rendered.
    const areas = () =>
      page
        .locator('#results article')
        .evaluateAll((cards) => cards.map((card) => Number(/([\d,]+)\s?м²$/.exec(card.textContent ?? '')?.[1]?.replace(',', '.') ?? 0)));
    await poll(async () => {
      const list = await areas();
      return list.length > 1 && list.every((area, index) => index === 0 || area <= list[index - 1]!);
    }).toBe(true);

    await page.getByRole('group', { name: 'Вид списка' }).getByRole('link', { name: 'Списком' }).click();
    await page.waitForURL(/layout=list/);
    await poll(() => page.locator('#results article').count()).toBe(0);
    expect(await page.locator('#results ul > li').count()).toBeGreaterThan(0);

    // More than a page of results: the second page by its link.
    expect(await found(page)).toBeGreaterThan(24);
    const pages = page.getByRole('navigation', { name: 'Страницы результатов' });
    await pages.getByRole('link', { name: 'Следующая страница' }).click();
    await page.waitForURL(/offset=24/);
    await poll(() => page.getByText(/Показаны 25–/).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await settled(page);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the form as a sheet on a phone, updates behind it and shows the results', async () => {
    const { page, context } = await browser.page({ viewport: VIEWPORTS.mobile });
    await page.goto('/filter');
    await hydrated(page);
    await page.getByRole('button', { name: /^Фильтр/ }).click();
    const sheet = page.locator('#filter-panel');
    await poll(() => sheet.isVisible()).toBe(true);
    await chip(page, 'Комнаты', 'Студия').check({ force: true });
    await page.waitForURL(/rooms=0/);
    await poll(() => page.locator('#results article h3').first().textContent()).toMatch(/Студия/);
    await settled(page);
    await expectNoAxeViolations(page);
    await sheet.getByRole('button', { name: /^Показать/ }).click();
    await poll(() => sheet.isVisible()).toBe(false);
    expect(await page.locator('#results article').first().textContent()).toMatch(/Студия/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('lot filter without JavaScript', () => {
  it('is a GET form: submitting gives the tidy URL and server-rendered results and counts', async () => {
    const { page, context } = await browser.page({ javaScriptEnabled: false });
    await page.goto('/filter');
    await page.getByRole('group', { name: 'Комнаты' }).getByText('1', { exact: true }).click();
    await page.getByRole('group', { name: 'Комнаты' }).getByText('2', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Площадь от' }).fill('40');
    await page.getByRole('button', { name: /^Показать/ }).click();
    // The browser sends rooms=1&rooms=2&area_min=40&price_min=…; the server answers with the canonical address.
    await page.waitForURL(/\/filter\?rooms=1,2&area_min=40#results$/);
    expect(await chip(page, 'Комнаты', '1').isChecked()).toBe(true);
    expect(await chip(page, 'Комнаты', '2').isChecked()).toBe(true);
    expect(await page.getByRole('spinbutton', { name: 'Площадь от' }).inputValue()).toBe('40');
    const cards = await page.locator('#results article').allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    for (const text of cards) expect(text).toMatch(/[12]-комнатная|Евро-[12]/);
    // Pages are plain links.
    const next = page.getByRole('link', { name: 'Следующая страница' });
    expect(await next.getAttribute('href')).toMatch(/rooms=1,2&area_min=40&offset=24/);
    await context.close();
  });
});

describe('SEO filter pages', () => {
  it('opens a landing from the crawlable links, with its own title, text and canonical', async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/filter');
    const links = page.getByRole('navigation', { name: 'Популярные подборки' }).getByRole('link');
    expect(await links.count()).toBeGreaterThan(1);
    const href = (await links.first().getAttribute('href'))!;
    const heading = (await links.first().textContent())!;
    expect(href).toMatch(/^\/filter\/[\w-]+$/);
    await links.first().click();
    await page.waitForURL(`**${href}`);
    await hydrated(page);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe(`${browser.baseURL()}${href}`);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(10);
    expect(await page.getAttribute('meta[name=description]', 'content')).toBeTruthy();
    expect(await found(page)).toBeGreaterThan(0);
    // The other landings stay linked from here, this one does not link to itself.
    expect(await page.getByRole('navigation', { name: 'Популярные подборки' }).locator(`a[href="${href}"]`).count()).toBe(0);
    await expectNoAxeViolations(page);
    // The menus' /filter/{lot type} addresses open the filter on that type.
    await page.goto('/filter/parking');
    expect(new URL(page.url()).search).toBe('?type=parking');
    expect(errors).toEqual([]);
    await context.close();
  });
});
