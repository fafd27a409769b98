import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { partners as demoPartners, slides as demoSlides } from '#content/home-blocks.ts';
import { banks as demoBanks } from '#content/purchase.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { fill, LANGS, watchLayoutShift } from '../languages.ts';

const browser = setupBrowser();

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The slide the picker marks as current (its position, from 1). */
const currentSlide = (page: Page) =>
  page.evaluate(() => {
    const links = [...document.querySelectorAll('[aria-roledescription] ol a')];
    return links.findIndex((a) => a.getAttribute('aria-current') === 'true') + 1;
  });

/**
 * The home page's blocks once hydrated, in Russian: the carousel from the keyboard, by itself and by a swipe, the
 * partners' logos; the selector's live count in every language, below. Their server HTML in every language, the
 * selector's GET form without JavaScript included: tests/integration/home/home-page.test.ts.
 */
describe.each(LANGS.filter((l) => l.lang === 'ru'))('the home page blocks in $lang', ({ lang, prefix, locale, m }) => {
  const t = m.homeBlocks;
  const home = prefix || '/';

  describe.each(Object.entries(VIEWPORTS))('at %s width', (name, viewport) => {
    const device = { viewport, locale, ...(name === 'mobile' ? { isMobile: true, hasTouch: true } : {}) };

    it('shows the slider as a carousel, first slide the LCP picture, operated from the keyboard; axe clean, nothing shifts', async () => {
      const { page } = await browser.page({ ...device, reducedMotion: 'reduce' });
      await watchLayoutShift(page);
      await page.goto(home);
      await hydrated(page);
      const carousel = page.getByRole('region', { name: t.slider.label, exact: true });
      expect(await carousel.getAttribute('aria-roledescription')).toBe(t.slider.carousel);
      const groups = carousel.getByRole('group');
      expect(await groups.count()).toBe(demoSlides.length);
      const first = carousel.getByRole('group', { name: fill(t.slider.slideOf, { index: 1, count: demoSlides.length }) });
      expect(await first.getAttribute('aria-roledescription')).toBe(t.slider.slide);
      expect(await first.textContent()).toContain(demoSlides[0]!.title[lang]);
      // The first picture is server-rendered, eager and high priority; the others wait.
      const lcp = first.getByRole('img', { name: demoSlides[0]!.image.alt[lang] });
      expect(await lcp.getAttribute('fetchpriority')).toBe('high');
      expect(await lcp.getAttribute('loading')).toBe('eager');
      expect(await carousel.locator('img[loading="lazy"]').count()).toBe(demoSlides.length - 1);

      // Reduced motion: nothing plays, and the button offers to play.
      const play = carousel.getByRole('button', { name: t.slider.play });
      expect(await play.isVisible()).toBe(true);
      expect(await currentSlide(page)).toBe(1);

      // Tab to "next" and press it; then the arrow keys inside the carousel.
      const next = carousel.getByRole('button', { name: t.slider.next });
      await next.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => currentSlide(page)).toBe(2);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => currentSlide(page)).toBe(3);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => currentSlide(page)).toBe(1);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => currentSlide(page)).toBe(demoSlides.length);
      // The slide in view is the one the picker marks, and only it is reachable (the others are inert).
      const last = carousel.getByRole('group', { name: fill(t.slider.slideOf, { index: demoSlides.length, count: demoSlides.length }) });
      await expect
        .poll(() => last.evaluate((el) => Math.abs(el.getBoundingClientRect().left - el.parentElement!.getBoundingClientRect().left)))
        .toBeLessThan(2);
      expect(await first.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      await carousel.getByRole('link', { name: fill(t.slider.goTo, { index: 2, title: demoSlides[1]!.title[lang] }) }).click();
      await expect.poll(() => currentSlide(page)).toBe(2);
      await carousel.getByRole('button', { name: t.slider.previous }).click();
      await expect.poll(() => currentSlide(page)).toBe(1);

      await expectNoAxeViolations(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 700) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForLoadState('networkidle');
      }
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.02);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    it('plays on its own when motion is welcome, and the pause button stops it; a swipe moves the slides', async () => {
      const { page } = await browser.page({ ...device, reducedMotion: 'no-preference' });
      await page.goto(home);
      await hydrated(page);
      const carousel = page.getByRole('region', { name: t.slider.label, exact: true });
      // The pointer and the focus are elsewhere: the next slide comes on its own (a slide stays 7 s).
      await expect.poll(() => currentSlide(page), { interval: 500 }).toBe(2);
      const pause = carousel.getByRole('button', { name: t.slider.pause });
      await pause.click();
      expect(await carousel.getByRole('button', { name: t.slider.play }).isVisible()).toBe(true);
      // A swipe is the row's own scrolling: where it rests becomes the current slide.
      await carousel.locator('[aria-live]').evaluate((row) => row.scrollTo({ left: row.clientWidth * 2, behavior: 'instant' }));
      await expect.poll(() => currentSlide(page)).toBe(3);
    });
  });

  it('shows the partners with their logos and the commercial news beside the latest news', async () => {
    const { page } = await browser.page({ locale, viewport: VIEWPORTS.desktop });
    await page.goto(home);
    await hydrated(page);
    const partners = page.getByRole('region', { name: t.partners.title });
    const banks = partners.getByRole('list', { name: t.partners.banks }).getByRole('listitem');
    expect(await banks.count()).toBe(demoBanks.filter((b) => b.logo).length);
    const others = partners.getByRole('list', { name: t.partners.others }).getByRole('listitem');
    expect(await others.allTextContents()).toEqual(demoPartners.map((p) => `${p.name[lang]}${t.partners.kind[p.kind]}`));
    await partners.scrollIntoViewIfNeeded();
    for (const img of await partners.locator('img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }

    const commercial = page.getByRole('region', { name: t.commercial.title });
    const items = commercial.getByRole('listitem');
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeLessThanOrEqual(3);
    for (const link of await items.getByRole('link').all()) expect(await link.getAttribute('href')).toMatch(new RegExp(`^${prefix}/news/[a-z0-9-]+$`));
    expect(await commercial.getByRole('link', { name: exact(t.commercial.all) }).getAttribute('href')).toBe(`${prefix}/news?realty_types=commercial`);
    // Beside the latest news on a wide screen.
    const news = page.getByRole('heading', { level: 2, name: m.news.title, exact: true });
    const [a, b] = [await news.boundingBox(), await commercial.boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
  });
});

/**
 * What the words alone cannot prove, in every language: the selector's client navigation keeps the page's language
 * prefix, and without JavaScript the carousel's buttons stay hidden (a CSS rule) while its slide links work.
 */
describe.each(LANGS)('the home page in $lang', ({ lang, prefix, locale, m }) => {
  const t = m.homeBlocks;
  const home = prefix || '/';

  it('hides the carousel buttons without JavaScript and keeps its slide links', async () => {
    const { page } = await browser.page({ locale, javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    await page.goto(home);
    const carousel = page.getByRole('region', { name: t.slider.label, exact: true });
    const second = carousel.getByRole('link', { name: fill(t.slider.goTo, { index: 2, title: demoSlides[1]!.title[lang] }) });
    expect(await second.getAttribute('href')).toBe('#slide-2');
    expect(await carousel.getByRole('button', { name: t.slider.next }).isVisible()).toBe(false);
  });

  it('updates the count live with JavaScript and opens the filter at its clean address', async () => {
    const { page } = await browser.page({ locale, viewport: VIEWPORTS.desktop });
    await page.goto(home);
    await hydrated(page);
    const form = page.getByRole('region', { name: t.selector.title });
    const found = form.getByText(new RegExp(fill(t.selector.found, { count: '.+' })));
    const before = await found.textContent();
    const answer = page.waitForResponse((r) => r.url().includes('/api/main_page_selector/') && r.url().includes('project=1'));
    await form.getByRole('combobox', { name: t.selector.project }).selectOption('1');
    const body = (await (await answer).json()) as { count: number; filterUrl: string };
    const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
    await expect.poll(async () => digits(await found.textContent())).toBe(body.count);
    expect(digits(before)).toBeGreaterThan(body.count);
    await form.getByRole('button', { name: t.selector.submit }).click();
    await page.waitForURL(/\/filter\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`${prefix}/filter`);
    expect(url.search).toBe('?project=1&type=flat');
  });
});
