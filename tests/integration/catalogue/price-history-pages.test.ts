import { within } from '@testing-library/dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotCard, Page as ResultPage, PriceHistory } from '#core/catalogue/types.ts';
import { fill as fillMessage, LANGS } from '#tests/support/languages.ts';
import { noScriptVisitor } from '#tests/support/no-script.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * The lots' price history in the server's pages (ADR 019), in every language: the lot page's chart and the table
 * behind it, the "−N %" badge on cards sorted by "price reduced", and the project's price per m² by month. The demo
 * seed gives some lots a price cut in the last 30 days. Drawing the chart, opening the table from the keyboard and the
 * sort control are the browser's part (tests/e2e/catalogue/price-history.test.ts, in Russian).
 */
const site = setupSiteApp();
/** A catalog message filled in, its spaces as Testing Library reads a page's text (no-break ones as plain). */
const fill = (text: string, params: Record<string, string | number>) => fillMessage(text, params).replace(/\s+/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function api<T>(path: string): Promise<T> {
  const res = await site.fetch(`${SITE}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The badge's figure as the card prints it: Intl's percent with the typographic minus. */
const badgeText = (iso: string, drop: number) =>
  new Intl.NumberFormat(iso, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 })
    .format(-drop / 100)
    .replace('-', '\u2212')
    .replace(/\s+/g, ' ');
const percentText = (iso: string, drop: number) => new Intl.NumberFormat(iso, { style: 'percent', maximumFractionDigits: 0 }).format(drop / 100);

describe.each(LANGS)('price history in the pages ($lang)', ({ lang, prefix, locale: iso, m }) => {
  const visitor = noScriptVisitor(site.fetch, { locale: lang });
  afterAll(() => visitor.close());
  /** The most reduced flat for sale (what the filter page lists), as the API orders them. */
  let lot: LotCard;
  beforeAll(async () => {
    lot = (await api<ResultPage<LotCard>>('/api/filter/?type=flat&ordering=price_reduced&limit=1')).results[0]!;
    expect(lot.priceDrop30d, 'the demo has price cuts in the last 30 days').toBeGreaterThan(0);
  });

  it('the lot page has its chart, named, the 30-day drop, the table of every record behind it, and the badge beside the plan', async () => {
    const history = await api<PriceHistory>(`/api/lot/${lot.id}/price_history/`);
    expect(history.points.length).toBeGreaterThan(1);
    const page = await visitor.open(`${prefix}${lot.url}`);
    const section = within(page.screen.getByRole('region', { name: m.catalogue.history.title }));
    expect(section.getByRole('img').getAttribute('aria-label')).toMatch(new RegExp(`^${escape(m.catalogue.history.chartLabel.split('{')[0]!)}`));
    expect(section.getAllByText(fill(m.catalogue.history.dropNote, { percent: percentText(iso, lot.priceDrop30d!) }))).toHaveLength(1);
    // The table is in a disclosure (closed: hidden from the accessibility tree until opened).
    const table = section.getByRole('table', { name: m.catalogue.history.caption, hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((th) => th.textContent),
    ).toEqual([m.catalogue.history.date, m.catalogue.history.price, m.catalogue.history.change, m.catalogue.history.status]);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(history.points.length);
    // The panel beside the plan carries the same badge as the cards.
    const panel = within(page.screen.getByRole('complementary'));
    expect(panel.getAllByText(fill(m.catalogue.history.dropBadge, { percent: percentText(iso, lot.priceDrop30d!) }))).toHaveLength(1);
  });

  it('cards sorted by "price reduced" lead with that lot and its drop badge', async () => {
    const page = await visitor.open(`${prefix}/filter?type=flat&ordering=price_reduced`);
    const first = page.screen.getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading').textContent).toContain(lot.number);
    // The figure for the eye, the sentence for screen readers (and as the tooltip).
    const label = fill(m.catalogue.history.dropBadge, { percent: percentText(iso, lot.priceDrop30d!) });
    expect(within(first).getAllByText(badgeText(iso, lot.priceDrop30d!), { exact: true })).toHaveLength(1);
    expect(within(first).getAllByText(label, { exact: true })).toHaveLength(1);
    expect(first.querySelector('[data-price-drop]')?.getAttribute('title')?.replace(/\s+/g, ' ')).toBe(label);
    // The sort control shows it chosen.
    const sort = page.screen.getByRole('combobox', { name: m.catalogue.sort.label });
    expect(sort.querySelector('option[selected]')?.textContent).toBe(m.catalogue.sort.options.price_reduced);
  });

  it('a project page shows the average price per m² by month and kind of flat as a table', async () => {
    const prices = await api<{ months: string[]; kinds: { kind: string }[] }>('/api/project/1/price_per_m2/');
    expect(prices.months.length).toBeGreaterThan(3);
    const page = await visitor.open(`${prefix}/projects/1`);
    const table = page.screen.getByRole('table', { name: m.catalogue.history.projectCaption });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(prices.months.length);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([m.catalogue.history.month, ...prices.kinds.map((k) => m.catalogue.history.kinds[k.kind as '0'])]);
  });
});
