import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { offices as demoOffices } from '#content/offices.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { fill, LANGS } from '../languages.ts';

/**
 * The contact page and meeting booking within reach (issue #14): every office in three languages with its live
 * hours and a route link, no map script without a maps key (the test server has none), the meeting form opening
 * in a dialog with the office (and on a project page the project) chosen, from the keyboard; axe and no
 * sideways scroll. One page load per language, the same page resized.
 */
const browser = setupBrowser();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label's text, and for a required field its asterisk (hidden from assistive technology). */
const label = (text: string) => new RegExp(`^${escape(text)}(\\s*\\*)?$`);
/** Every way the status line can read, whatever the time the test runs at. */
const statusPattern = (m: typeof ru) =>
  new RegExp(
    Object.values(m.offices.status)
      .map((s) => escape(s).replace(/\\\{\w+\\\}/g, '.+'))
      .join('|'),
  );

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The meeting dialog's chosen office once its free dates and times for it are in. */
async function bookingReady(dialog: Locator, office: string, m: typeof ru = ru) {
  const select = dialog.getByLabel(label(m.forms.fields.office));
  await expect.poll(() => select.inputValue()).toBe(office);
  await expect.poll(() => dialog.locator('[aria-busy="true"]').count()).toBe(0);
  await expect.poll(() => dialog.getByLabel(label(m.forms.fields.slot)).locator('option:not([value=""])').count()).toBeGreaterThan(0);
}

describe('the contact page', () => {
  it('lists every office in ru, en and zh with hours, phones and a route link; no map script without a key; axe clean; no sideways scroll at 375 px', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.desktop });
    const maps: string[] = [];
    page.on('request', (request) => {
      if (/api-maps\.yandex|yastatic\.net/.test(request.url())) maps.push(request.url());
    });
    for (const { lang, prefix, m } of LANGS) {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(`${prefix}/contacts`);
      await hydrated(page);
      const main = page.getByRole('main');
      await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe(m.routes.contacts);
      const list = main.getByRole('region', { name: m.offices.officesTitle });
      for (const office of demoOffices) {
        const card = list.getByRole('article', { name: office.name[lang] });
        expect(await card.isVisible(), `${lang} ${office.slug}`).toBe(true);
        expect(await card.textContent()).toContain(office.address[lang]);
        expect(await card.getByText(statusPattern(m)).count()).toBe(1);
        const route = card.getByRole('link', { name: fill(m.offices.routeTo, { name: office.name[lang] }) });
        expect(await route.getAttribute('href')).toBe(`https://yandex.ru/maps/?rtext=~${office.lat},${office.lng}&rtt=auto`);
        expect(await route.getAttribute('target')).toBe('_blank');
        const phone = card.getByRole('link', { name: /\+7 495 000/ }).first();
        expect(await phone.getAttribute('href')).toBe(`tel:${office.phones[0]}`);
        const book = card.getByRole('link', { name: fill(m.offices.bookAt, { name: office.name[lang] }) });
        expect(await book.getAttribute('href')).toBe(`${prefix}/forms/meeting?office=${office.id}`);
        // The photo's box is reserved before it loads.
        const photo = card.getByRole('img').first();
        expect(Number(await photo.getAttribute('width'))).toBeGreaterThan(0);
      }
      // The head office serves every project: each a link to its page.
      const central = list.getByRole('article', { name: demoOffices[0]!.name[lang] });
      expect(await central.getByRole('link', { name: lang === 'en' ? 'Pine Shore' : lang === 'ru' ? 'Сосновый берег' : '松林河岸' }).getAttribute('href')).toBe(
        `${prefix}/projects/2`,
      );
      // Without a maps key: no map at all, the list is the page.
      expect(await page.getByRole('region', { name: m.offices.map }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    }
    expect(maps).toEqual([]);
  });

  it('opens the meeting form in a dialog from the keyboard with the office chosen, shows its errors, books, and closes back to the link', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    await page.goto('/contacts');
    await hydrated(page);
    const office = demoOffices[1]!;
    const book = page.getByRole('link', { name: fill(ru.offices.bookAt, { name: office.name.ru }) });
    await book.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ru.offices.bookTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await bookingReady(dialog, String(office.id));
    await expectNoAxeViolations(page);
    // Sent empty: the errors are said and the first wrong field has the focus.
    await dialog.getByRole('button', { name: ru.forms.actions.book }).click();
    const name = dialog.getByLabel(label(ru.forms.fields.name));
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // Filled from the keyboard: booked.
    await page.keyboard.type('Ирина');
    await dialog.getByLabel(label(ru.forms.fields.phone)).fill(
      `8 (916) ${String(3_000_000 + (process.pid % 1_000_000))
        .slice(-7)
        .replace(/(\d{3})(\d{2})(\d{2})/, '$1-$2-$3')}`,
    );
    await dialog.getByRole('checkbox', { name: label(ru.forms.fields.consent) }).check();
    await dialog.getByRole('button', { name: ru.forms.actions.book }).press('Enter');
    await expect.poll(() => dialog.getByRole('heading', { name: ru.forms.success.bookedTitle }).isVisible()).toBe(true);
    expect(await dialog.getByRole('status').textContent()).toContain(office.name.ru);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => book.evaluate((el) => el === document.activeElement)).toBe(true);
    // The general "book a meeting" opens the same dialog with every office to choose from.
    await page.getByRole('link', { name: ru.offices.book, exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const choices = await dialog.getByLabel(label(ru.forms.fields.office)).locator('option:not([value=""])').allTextContents();
    expect(choices).toEqual(demoOffices.map((o) => o.name.ru));
  });

  it('books from a project page’s offices with the office and the project chosen, and without JavaScript on the form’s page', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.desktop, locale: 'en-GB' });
    await page.goto('/en/projects/2');
    await hydrated(page);
    const offices = page.getByRole('region', { name: en.catalogue.project.offices });
    await offices.scrollIntoViewIfNeeded();
    const pine = demoOffices[1]!;
    expect(await offices.getByRole('article').count()).toBe(2);
    await offices.getByRole('link', { name: fill(en.offices.bookAt, { name: pine.name.en }) }).click();
    const dialog = page.getByRole('dialog', { name: en.offices.bookTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await bookingReady(dialog, String(pine.id), en);
    expect(await dialog.locator('input[type="hidden"][name="project"]').inputValue()).toBe('2');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const plain = await browser.page({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    await plain.page.goto('/projects/2');
    const link = plain.page
      .getByRole('region', { name: ru.catalogue.project.offices })
      .getByRole('link', { name: fill(ru.offices.bookAt, { name: pine.name.ru }) });
    expect(await link.getAttribute('href')).toBe(`/forms/meeting?office=${pine.id}&project=2`);
    await link.click();
    await plain.page.waitForURL(/\/forms\/meeting\?office=2&project=2$/);
    expect(await plain.page.getByRole('main').getByLabel(label(ru.forms.fields.office)).inputValue()).toBe(String(pine.id));
    expect(await plain.page.locator('main input[type="hidden"][name="project"]').inputValue()).toBe('2');
  });
});
