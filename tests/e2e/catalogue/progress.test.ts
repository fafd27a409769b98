import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { fill } from '../languages.ts';

const browser = setupBrowser();

/**
 * Construction progress pages (issue #14) in ru, en and zh: the reports page's GET filter without JavaScript,
 * a report's gallery and its previous/next links from the keyboard, the moved deadline said in words, axe and
 * no sideways scroll at 375 px; and the project page's construction-news subscription heading. The demo
 * project 2 (Pine Shore) has six monthly reports, ids 1–6 (June–November 2026); its building 1 moved from
 * Q4 2026 to Q2 2027.
 */
const LANGS = [
  { lang: 'ru', prefix: '', iso: 'ru-RU', m: ru, moved: 'был IV квартал 2026, теперь II квартал 2027' },
  { lang: 'en', prefix: '/en', iso: 'en-GB', m: en, moved: 'was Q4 2026, now Q2 2027' },
  { lang: 'zh', prefix: '/zh', iso: 'zh-CN', m: zh, moved: '原定2026 年第 4 季度，现为2027 年第 2 季度' },
] as const;
const monthOf = (iso: string, month: number) =>
  new Intl.DateTimeFormat(iso, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month - 1, 15)));
const reportTitle = (l: (typeof LANGS)[number], month: number) => fill(l.m.catalogue.progress.reportTitle, { month: monthOf(l.iso, month) });

describe('construction progress pages', () => {
  it('filters the reports by building and year with a plain GET form, without JavaScript, in every language', async () => {
    const { page } = await browser.page({ javaScriptEnabled: false });
    for (const l of LANGS) {
      const p = l.m.catalogue.progress;
      await page.goto(`${l.prefix}/projects/2/progress`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        fill(p.pageTitle, { project: { ru: 'Сосновый берег', en: 'Pine Shore', zh: '松林河岸' }[l.lang] }),
      );
      // Each building's progress, and the deadline that moved, in words.
      expect(await page.getByRole('progressbar').count()).toBe(3);
      expect(await page.getByText(l.moved).first().isVisible()).toBe(true);
      const reports = page
        .getByRole('list')
        .filter({ has: page.getByRole('article') })
        .first()
        .getByRole('article');
      expect(await reports.count()).toBe(6);
      expect(await reports.first().getByRole('heading').textContent()).toBe(reportTitle(l, 11));

      const form = page.getByRole('form', { name: p.filterLabel });
      const building = form.getByRole('combobox', { name: p.building });
      const options = await building.locator('option').allTextContents();
      expect(options[0]).toBe(p.allBuildings);
      expect(options.slice(1).every((o) => /\(6\)$/.test(o))).toBe(true);
      await building.selectOption({ index: 2 });
      await form.getByRole('combobox', { name: p.year }).selectOption('2026');
      await form.getByRole('button', { name: p.apply }).click();
      await page.waitForURL(/\/progress\?building=\d+&year=2026$/);
      expect(await reports.count()).toBe(6);
      expect(await form.getByRole('combobox', { name: p.year }).inputValue()).toBe('2026');
      // A year without reports: the page says so and offers to reset.
      await page.goto(`${l.prefix}/projects/2/progress?year=2025`);
      expect(await page.getByRole('combobox', { name: p.year }).inputValue()).toBe('');
      await page.goto(`${l.prefix}/projects/2/progress?year=2026&building=99999`);
      expect(await reports.count()).toBe(6);
      await page.getByRole('link', { name: p.reset }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/projects/2/progress') && url.search === '');
    }
  });

  it('shows a report: gallery with reserved boxes, previous and next from the keyboard, axe clean, no sideways scroll at 375 px', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.desktop });
    for (const l of LANGS) {
      const p = l.m.catalogue.progress;
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(`${l.prefix}/projects/2/progress/5`);
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(reportTitle(l, 10));
      const crumbs = page.getByRole('navigation', { name: l.m.nav.breadcrumbs });
      expect(await crumbs.getByRole('link', { name: l.m.catalogue.project.progress }).getAttribute('href')).toBe(`${l.prefix}/projects/2/progress`);
      expect(await page.getByText(l.moved).first().isVisible()).toBe(true);

      // The gallery: the site view and one close-up per building, each captioned; boxes sized before loading.
      const figures = page.getByRole('figure');
      expect(await figures.count()).toBe(4);
      for (const figure of await figures.all()) {
        const img = figure.getByRole('img');
        expect(await img.getAttribute('alt')).toBeTruthy();
        expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
      }
      expect(await figures.first().locator('figcaption').textContent()).toContain(fill(p.photo, { index: 1, count: 4 }));
      expect(await figures.first().getByRole('img').getAttribute('loading')).toBe('eager');
      if (l.lang === 'ru') await expectNoAxeViolations(page);

      // Previous and next reports are links in order; Enter on "next" opens November, which has no next.
      const nav = page.getByRole('navigation', { name: l.m.catalogue.project.progress });
      expect(await nav.getByRole('link', { name: new RegExp(p.previous) }).getAttribute('href')).toBe(`${l.prefix}/projects/2/progress/4`);
      await nav.getByRole('link', { name: new RegExp(p.next) }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${l.prefix}/projects/2/progress/6`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(reportTitle(l, 11));
      expect(await nav.getByRole('link', { name: new RegExp(p.next) }).count()).toBe(0);

      await page.setViewportSize(VIEWPORTS.mobile);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await page.goto(`${l.prefix}/projects/2/progress`);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      if (l.lang === 'en') await expectNoAxeViolations(page);
    }
  });

  it('the project page leads to the reports and subscribes to the project’s construction news; «for children» beside its schools', async () => {
    const { page } = await browser.page();
    for (const l of LANGS) {
      await page.goto(`${l.prefix}/projects/2`);
      const section = page.getByRole('region', { name: l.m.catalogue.project.progress });
      expect(await section.getByText(l.moved).isVisible()).toBe(true);
      expect(await section.getByRole('link', { name: reportTitle(l, 11) }).getAttribute('href')).toBe(`${l.prefix}/projects/2/progress/6`);
      expect(await section.getByRole('link', { name: new RegExp(l.m.catalogue.progress.allReports) }).getAttribute('href')).toBe(
        `${l.prefix}/projects/2/progress`,
      );
      expect(await page.locator('#subscription-title').textContent()).toBe(l.m.forms.subscription.project.title);
      const children = page.getByRole('complementary', { name: l.m.forms.subscription.children.title });
      expect(await children.getByRole('link').getAttribute('href')).toBe(`${l.prefix}/forms/subscribe?topic=children&project=2`);
    }
  });
});
