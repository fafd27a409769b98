import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { benefits as demoBenefits } from '#content/benefits.ts';
import { stories as demoStories } from '#content/stories.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { STORY_CARD_MS } from '#core/content/stories.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';
import { fill, LANGS, watchLayoutShift } from '../languages.ts';

const browser = setupBrowser();

/** Runs the page's clock in small steps until `locator` shows: React reveals lazily loaded code on a timer too. */
async function runUntilVisible(page: Page, locator: ReturnType<Page['locator']>) {
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return locator.isVisible();
    })
    .toBe(true);
}

const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

describe('stories on a phone', () => {
  it('opens a story from its ring, goes on by the clock, by keys and taps, pauses, closes back to the ring; by hand only with reduced motion', async () => {
    const t = ru.stories;
    const [penthouse, terrace] = demoStories;
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    // The clock stands still from here: it moves only when the test runs it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // Without JavaScript a ring is a link to what the story is about; the viewer and its cards are not loaded yet.
    const rings = page.getByRole('region', { name: t.title }).getByRole('link');
    expect(await rings.count()).toBe(demoStories.length);
    const ring = page.getByRole('link', { name: fill(t.open, { title: penthouse!.title.ru }) });
    expect(await ring.getAttribute('href')).toBe(penthouse!.url);
    expect(asked.filter((url) => /story-viewer|story_cards_mobile/.test(url))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await ring.tap();
    const viewer = page.getByRole('dialog', { name: fill(t.viewer, { title: penthouse!.title.ru }) });
    const title = (index: number, story = penthouse!) => viewer.getByRole('heading', { name: story.cards[index]!.title.ru });
    await runUntilVisible(page, title(0));
    expect(asked.some((url) => url.includes('/api/story_cards_mobile/?slug=penthouse'))).toBe(true);
    expect(await focusInDialog(page)).toBe(true);

    // The clock moves the card on; the progress bar fills meanwhile.
    await page.clock.runFor(STORY_CARD_MS / 2);
    const bar = viewer.locator('ol li span').first();
    const filled = Number(/scaleX\(([\d.]+)\)/.exec(await bar.evaluate((el) => (el as HTMLElement).style.transform))?.[1]);
    expect(filled).toBeGreaterThanOrEqual(0.5);
    expect(filled).toBeLessThan(0.6);
    expect(await title(0).isVisible()).toBe(true);
    await page.clock.runFor(STORY_CARD_MS / 2);
    await title(1).waitFor();

    // Keys: on and back.
    await page.keyboard.press('ArrowRight');
    await title(2).waitFor();
    await page.keyboard.press('ArrowLeft');
    await title(1).waitFor();

    // Space pauses: the clock runs, the card stays; Space again plays.
    await viewer.focus();
    await page.keyboard.press('Space');
    expect(await viewer.getByRole('button', { name: t.play }).getAttribute('aria-pressed')).toBe('true');
    await page.clock.runFor(STORY_CARD_MS * 2);
    expect(await title(1).isVisible()).toBe(true);
    // Axe runs on timers: the clock flows for it while the story is paused, and stands still again after.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    expect(await title(1).isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await viewer.getByRole('button', { name: t.pause }).waitFor();

    // Taps: the right part goes on, the left part back; holding a finger down pauses and goes nowhere.
    const next = viewer.getByRole('button', { name: t.next });
    const previous = viewer.getByRole('button', { name: t.previous });
    await next.tap();
    await title(2).waitFor();
    await previous.tap();
    await title(1).waitFor();
    await next.dispatchEvent('pointerdown', { pointerType: 'touch' });
    await page.clock.runFor(STORY_CARD_MS * 2);
    expect(await title(1).isVisible()).toBe(true);
    await next.dispatchEvent('pointerup', { pointerType: 'touch' });

    // After the story's last card, the next story opens.
    await page.keyboard.press('ArrowRight');
    await title(2).waitFor();
    await page.clock.runFor(STORY_CARD_MS);
    await runUntilVisible(
      page,
      page.getByRole('dialog', { name: fill(t.viewer, { title: terrace!.title.ru }) }).getByRole('heading', { name: terrace!.cards[0]!.title.ru }),
    );

    // Focus stays in the dialog; Escape closes it and gives the focus back to the ring of the story open last.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await activeLabel(page)).toBe(fill(t.open, { title: terrace!.title.ru }));

    // Reduced motion: no card goes on by itself, no pause button; the visitor goes on by hand. The close button closes.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await ring.focus();
    await page.keyboard.press('Enter');
    await runUntilVisible(page, title(0));
    await page.clock.runFor(STORY_CARD_MS * 3);
    expect(await title(0).isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: t.pause }).count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await title(1).waitFor();
    await viewer.getByRole('button', { name: t.close }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await activeLabel(page)).toBe(fill(t.open, { title: penthouse!.title.ru }));
  });
});

describe('a project page’s indicators and benefits', () => {
  it('in ru, en and zh at 375 and 1440 px: indicators fold and unfold from the keyboard, the benefits section and the why-this-project dialog; axe clean, nothing shifts or scrolls sideways', async () => {
    const { page } = await browser.page({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    await watchLayoutShift(page);
    const name = { ru: 'Сосновый берег', en: 'Pine Shore', zh: '松林河岸' } as const;
    const own = demoBenefits.filter((b) => b.project === 2);
    const inPopup = demoBenefits.filter((b) => (b.project === 2 || b.project === null) && b.inPopup !== false);
    for (const { lang, prefix, locale, m } of LANGS) {
      await page.setExtraHTTPHeaders({ 'accept-language': locale });
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(`${prefix}/projects/2`);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(375);

      // Indicators: four shown, the rest behind a summary the keyboard opens and closes.
      const indicators = page.locator('#indicators');
      expect(await indicators.locator('dl').first().locator('dd').count()).toBe(4);
      const summary = indicators.locator('summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      expect(await indicators.locator('details').getAttribute('open'), lang).toBe('');
      expect(await indicators.getByText(m.figures.completion, { exact: true }).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await indicators.locator('details').getAttribute('open')).toBeNull();

      // The benefits section: the project's own, then the developer's.
      const section = page.getByRole('region', { name: m.benefits.title });
      for (const b of own) expect(await section.getByRole('heading', { name: b.title[lang] }).count(), b.title[lang]).toBe(1);
      expect(await section.getByRole('heading', { name: m.benefits.developer }).count()).toBe(1);

      // The why-this-project dialog, opened from the hero at 1440 px; Escape gives the focus back to its button.
      await page.setViewportSize(VIEWPORTS.desktop);
      const opener = page.getByRole('button', { name: fill(m.benefits.open, { name: name[lang] }) });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: fill(m.benefits.dialog, { name: name[lang] }) });
      await dialog.waitFor();
      expect(await dialog.getByRole('listitem').count()).toBe(inPopup.length);
      expect(await dialog.getByRole('heading', { level: 3 }).allTextContents()).toEqual(inPopup.map((b) => b.title[lang]));
      // Axe once (it takes seconds on this long page): in Russian, the page with its dialog open.
      if (lang === 'ru') await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await activeLabel(page)).toBe('BUTTON');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(fill(m.benefits.open, { name: name[lang] }));
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls), lang).toBeLessThan(0.1);
    }
  }, 240_000);
});
