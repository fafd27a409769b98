import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LotCard, Page as ResultPage, PriceHistory } from '#core/catalogue/types.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';
import { fill, LANGS, watchLayoutShift } from '../languages.ts';

/**
 * The lots' price history as a visitor meets it once the page is interactive (ADR 019), in Russian: the lot page's
 * chart drawn without shifting the layout and its table opened from the keyboard, and the "price reduced" sort chosen
 * from the filter's control. What the server's pages say about it in every language, the project's price per m² by
 * month included: tests/integration/catalogue/price-history-pages.test.ts.
 */
const browser = setupBrowser();

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The most reduced flat for sale (what the filter page lists), as the API orders them. */
async function mostReduced(page: Page): Promise<LotCard> {
  const lot = (await api<ResultPage<LotCard>>(page, '/api/filter/?type=flat&ordering=price_reduced&limit=1')).results[0]!;
  expect(lot.priceDrop30d, 'the demo has price cuts in the last 30 days').toBeGreaterThan(0);
  return lot;
}

/** The badge's figure as the card prints it: Intl's percent with the typographic minus. */
const badgeText = (iso: string, drop: number) =>
  new Intl.NumberFormat(iso, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(-drop / 100).replace('-', '\u2212');
const percentText = (iso: string, drop: number) => new Intl.NumberFormat(iso, { style: 'percent', maximumFractionDigits: 0 }).format(drop / 100);

describe.each(LANGS.filter((l) => l.lang === 'ru'))('price history ($lang)', ({ prefix, locale, m }) => {
  it('the lot page draws its price history with the table behind it, without shifting the layout, axe-clean', async () => {
    const { page } = await browser.page({ locale });
    await watchLayoutShift(page);
    const lot = await mostReduced(page);
    const history = await api<PriceHistory>(page, `/api/lot/${lot.id}/price_history/`);
    expect(history.points.length).toBeGreaterThan(1);
    await page.goto(`${prefix}${lot.url}`);
    await hydrated(page);

    const section = page.getByRole('region', { name: m.catalogue.history.title });
    const chart = section.getByRole('img');
    expect(await chart.getAttribute('aria-label')).toMatch(
      new RegExp(`^${m.catalogue.history.chartLabel.split('{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(await chart.boundingBox()).toMatchObject({ height: 160 });
    expect(await section.getByText(fill(m.catalogue.history.dropNote, { percent: percentText(locale, lot.priceDrop30d!) })).count()).toBe(1);

    // The table is in a disclosure: closed, then opened by its summary (keyboard), with its caption and one row per record.
    const table = section.getByRole('table', { name: m.catalogue.history.caption });
    expect(await table.isVisible()).toBe(false);
    await section.getByText(m.catalogue.history.table, { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => table.isVisible()).toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      m.catalogue.history.date,
      m.catalogue.history.price,
      m.catalogue.history.change,
      m.catalogue.history.status,
    ]);
    expect(await table.locator('tbody tr').count()).toBe(history.points.length);

    // The panel beside the plan carries the same badge as the cards.
    const badge = page.getByRole('complementary').getByText(fill(m.catalogue.history.dropBadge, { percent: percentText(locale, lot.priceDrop30d!) }));
    expect(await badge.count()).toBe(1);

    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.02);
    await expectNoAxeViolations(page);
  });

  it('cards show the drop badge, and the filter sorts by "price reduced" from its sort control', async () => {
    const { page } = await browser.page({ locale });
    const lot = await mostReduced(page);
    await page.goto(`${prefix}/filter?type=flat`);
    await hydrated(page);
    await page.getByRole('combobox', { name: m.catalogue.sort.label }).selectOption({ label: m.catalogue.sort.options.price_reduced });
    await page.waitForURL(/ordering=price_reduced/);
    const first = page.getByRole('article').first();
    await expect.poll(() => first.getByRole('heading').textContent()).toContain(lot.number);
    // The figure for the eye, the sentence for screen readers (and as the tooltip).
    const label = fill(m.catalogue.history.dropBadge, { percent: percentText(locale, lot.priceDrop30d!) });
    expect(await first.getByText(badgeText(locale, lot.priceDrop30d!), { exact: true }).count()).toBe(1);
    expect(await first.getByText(label, { exact: true }).count()).toBe(1);
    expect(await first.locator('[data-price-drop]').getAttribute('title')).toBe(label);
    await expectNoAxeViolations(page);
  });
});
