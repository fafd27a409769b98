import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoCollections } from '#content/collections.ts';
import { demoLandings, LANDING_SLUG } from '#content/landings.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { fill } from '../languages.ts';

const browser = setupBrowser();

const LANGS = [
  { lang: 'ru', prefix: '', m: ru },
  { lang: 'en', prefix: '/en', m: en },
  { lang: 'zh', prefix: '/zh', m: zh },
] as const;
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const family = demoCollections.find((c) => c.slug === 'family-flats')!;

/** A phone of this run, so two runs on one server never look like one visitor sending twice. */
let phoneSeq = 0;
const phone = () =>
  `8 (916) ${String(3_000_000 + phoneSeq++ * 7 + (process.pid % 7))
    .slice(-7)
    .replace(/^(\d{3})(\d{2})(\d{2})$/, '$1-$2-$3')}`;

/** Fills the landing form of the page's main content and sends it. */
async function sendLanding(page: Page, m: typeof ru) {
  const form = page.getByRole('main').getByRole('region', { name: demoLandingFormTitle(page) });
  await form.getByLabel(label(m.forms.fields.name)).fill('Anna');
  await form.getByLabel(label(m.forms.fields.phone)).fill(phone());
  await form.getByLabel(label(m.forms.fields.comment)).fill('A two-room flat, ready to move in');
  await form.getByLabel(label(m.forms.fields.consent)).check();
  await form.getByRole('button', { name: m.forms.actions.send, exact: true }).click();
}
const demoLandingFormTitle = (page: Page) => (page.url().includes('/zh/') ? demoLandings[1]! : demoLandings[0]!).content.form.title;

describe('collections and landings in the browser', () => {
  it('shows a collection with its live lots and count in every language, linked from home, axe clean, no sideways scroll at 375 px', async () => {
    const { page } = await browser.page();
    for (const { lang, prefix, m } of LANGS) {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(prefix || '/');
      await hydrated(page);
      // The home page lists the collection with the count its page shows.
      const card = page.getByRole('region', { name: m.collections.homeTitle }).getByRole('link', { name: new RegExp(family.title[lang]) });
      const api = await (await page.request.get(`/api/custom_collect/family-flats/?lang=${lang}&limit=1`)).json();
      expect(await card.textContent()).toContain(fill(m.collections.count, { count: api.lots.count }));
      await card.click();
      await page.waitForURL(`**${prefix}/family-flats`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(family.title[lang]);
      // The lot cards: the list's own items (a card has lists of its own).
      const lots = page.getByRole('region', { name: m.collections.lots }).getByRole('list').first().locator(':scope > li');
      expect(await lots.count()).toBe(Math.min(24, api.lots.count));
      expect(await page.getByRole('link', { name: m.collections.inFilter }).getAttribute('href')).toBe(`${prefix}/filter?type=flat&rooms=3%2C4&area_min=70`);
      if (lang === 'ru') {
        await expectNoAxeViolations(page);
        // The next page of lots is a plain link.
        await page.getByRole('navigation', { name: m.catalogue.pagination.label }).getByRole('link', { name: m.catalogue.pagination.next }).click();
        await page.waitForURL('**/family-flats?offset=24');
        expect(await lots.count()).toBe(Math.min(24, api.lots.count - 24));
      }
      await page.setViewportSize(VIEWPORTS.mobile);
      expect(await sideways(page), `${lang} at 375 px`).toBeLessThanOrEqual(0);
    }
  });

  it('sends the English landing’s form without JavaScript, and sends a Russian visitor to the English landing', async () => {
    const { page } = await browser.page({ javaScriptEnabled: false, locale: 'en-GB' });
    await page.goto(`/${LANDING_SLUG}`);
    expect(new URL(page.url()).pathname).toBe(`/en/${LANDING_SLUG}`);
    const landing = demoLandings[0]!.content;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(landing.hero.title);
    expect(await page.getByRole('note').textContent()).toContain('not legal or tax advice');
    await page.getByRole('link', { name: en.landings.call }).click();
    await sendLanding(page, en);
    await expect.poll(() => page.getByRole('heading', { name: en.forms.success.title }).isVisible()).toBe(true);
    expect(await page.getByRole('status').textContent()).toContain(en.forms.success.landingText);
  });

  it('sends the Chinese landing’s form with JavaScript, in place; the landing is linked from the home page and the footer, axe clean, no sideways scroll at 375 px', async () => {
    const { page } = await browser.page({ locale: 'zh-CN', viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    await page.goto('/zh');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: zh.landings.link }).getAttribute('href')).toBe(`/zh/${LANDING_SLUG}`);
    await page.getByRole('link', { name: zh.landings.read }).click();
    await page.waitForURL(`**/zh/${LANDING_SLUG}`);
    const landing = demoLandings[1]!.content;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(landing.hero.title);
    expect(await page.getByRole('list', { name: zh.landings.stepsLabel }).getByRole('listitem').count()).toBe(landing.steps.items.length);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The FAQ opens from the keyboard.
    const question = page.getByText(landing.faq.items[0]!.question, { exact: true });
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByText(landing.faq.items[0]!.answer).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await sendLanding(page, zh);
    await expect.poll(() => page.getByRole('heading', { name: zh.forms.success.title }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/zh/${LANDING_SLUG}`);
    // The Russian footer links the English landing, and says it is in English.
    await page.goto('/contacts');
    const foreign = page.getByRole('contentinfo').getByRole('link', { name: fill(ru.landings.linkForeign, { language: 'English' }) });
    expect(await foreign.getAttribute('href')).toBe(`/en/${LANDING_SLUG}`);
    expect(await foreign.getAttribute('hreflang')).toBe('en');
  });
});
