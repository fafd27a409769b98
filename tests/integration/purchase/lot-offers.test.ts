import { within } from '@testing-library/dom';
import { afterAll, describe, expect, it } from 'vitest';
import type { LotCard, Page as ResultPage } from '#core/catalogue/types.ts';
import { noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * Each kind of lot shows only what applies to it, in the server's HTML in every language: the lot page's panel
 * (for rent or for sale, the rent or the monthly quote, the programmes), its figures, the request dialog's heading
 * and the lot it carries, the floor plan's and the chessboard's names for a rented unit and their legend, the
 * page description, the home card's counts. Read as the server sends them (no script, no CSS: queries are scoped
 * to the part of the page that says it). What only a browser shows — the dialog opening on a click and closing on
 * Escape, axe on the pages with a rented unit — is tests/e2e/purchase/lot-offers.test.ts.
 */
const site = setupSiteApp();

type Locale = 'ru' | 'en' | 'zh';
const prefix = (locale: Locale, path: string) => (locale === 'ru' ? path : `/${locale}${path}`);

/** What each language says (from the catalogs, written out: the test reads the page as a visitor does). */
const SAYS = {
  ru: {
    forRent: 'Сдаётся в аренду',
    forSale: 'В продаже',
    perMonth: /\/мес$/,
    perM2Month: /за м² в месяц$/,
    monthly: /^от .+ в месяц$/,
    mortgageQuote: 'Ипотека',
    programmes: 'Способы покупки',
    familyMortgage: 'Семейная ипотека',
    mortgage: 'Ипотека',
    installment: 'Рассрочка',
    finish: 'Отделка',
    figures: 'Характеристики',
    request: 'Оставить заявку',
    flatRequest: /^Заявка на (\d+-комнатную квартиру|студию|евро-\d+) № \d+$/,
    parkingRequest: /^Заявка на машино-место № \d+$/,
    rentRequest: /^Заявка на коммерческое помещение № \d+$/,
    forRentCard: 'В аренду:',
    commercial: 'Коммерция',
    unitShort: 'Пом\\. {number}',
    legend: 'Обозначения',
    mentionsMortgage: /ипотек/i,
    mentionsInstallment: /рассрочк/i,
  },
  en: {
    forRent: 'For rent',
    forSale: 'For sale',
    perMonth: /\/mo$/,
    perM2Month: /per m² per month$/,
    monthly: /^from .+ a month$/,
    mortgageQuote: 'Mortgage',
    programmes: 'Ways to buy',
    familyMortgage: 'Family mortgage',
    mortgage: 'Mortgage',
    installment: 'Instalment plan',
    finish: 'Finish',
    figures: 'Specifications',
    request: 'Send a request',
    flatRequest: /^Request for (\d+-room flat|studio|Euro \d+-room flat) No\. \d+$/,
    parkingRequest: /^Request for parking space No\. \d+$/,
    rentRequest: /^Request for commercial premises No\. \d+$/,
    forRentCard: 'For rent:',
    commercial: 'Commercial',
    unitShort: 'Unit {number}',
    legend: 'Legend',
    mentionsMortgage: /mortgage/i,
    mentionsInstallment: /instalment/i,
  },
  zh: {
    forRent: '出租',
    forSale: '在售',
    perMonth: /\/月$/,
    perM2Month: /^每平方米每月 /,
    monthly: /^月供 /,
    mortgageQuote: '房贷',
    programmes: '购买方式',
    familyMortgage: '家庭房贷',
    mortgage: '房贷',
    installment: '分期付款',
    finish: '装修',
    figures: '房源参数',
    request: '提交咨询',
    flatRequest: /^咨询申请：(\d+ 居室|开间|欧式 \d+ 居室) \d+ 号$/,
    parkingRequest: /^咨询申请：车位 \d+ 号$/,
    rentRequest: /^咨询申请：商业空间 \d+ 号$/,
    forRentCard: '出租:',
    commercial: '商业空间',
    unitShort: '{number} 号商铺',
    legend: '图例',
    mentionsMortgage: /按揭|房贷/,
    mentionsInstallment: /分期付款/,
  },
} as const;

async function api<T>(path: string): Promise<T> {
  const res = await site.fetch(`${SITE}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The first free lot of a kind for sale, from the lot filter API. */
async function firstOnSale(type: 'flat' | 'parking' | 'commercial'): Promise<LotCard> {
  return (await api<ResultPage<LotCard>>(`/api/filter/?type=${type}&status=free&limit=1`)).results[0]!;
}

/** A free commercial unit let for rent: from the building premises API of the project's buildings. */
async function firstForRent(): Promise<{ url: string; id: string }> {
  const project = await api<{ genplan: { buildings: { id: string }[] } }>('/api/project/2/');
  for (const b of project.genplan.buildings) {
    const premises = await api<{ id: number; url: string; status: string }[]>(`/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
    const free = premises.find((p) => p.status === 'free');
    if (free) return { url: free.url, id: String(free.id) };
  }
  throw new Error('no premises for rent in project 2');
}

const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The lot page's side panel (named by the lot's heading): the only `complementary` landmark of the page. */
const panel = (page: NoScriptPage) => within(page.screen.getByRole('complementary'));
/** The figures section's terms. */
const figureLabels = (page: NoScriptPage, locale: Locale) =>
  within(page.main.getByRole('region', { name: SAYS[locale].figures }))
    .getAllByRole('term')
    .map(text);
/** The links of the panel's programmes list (the list holding the instalment plan's link). */
const programmeLinks = (page: NoScriptPage, locale: Locale) => {
  const lists = panel(page)
    .getAllByRole('list')
    .filter((list) => within(list).queryAllByRole('link', { name: SAYS[locale].installment }).length > 0);
  expect(lists).toHaveLength(1);
  return within(lists[0]!).getAllByRole('link');
};

/** The dialog the panel's request button opens (`commandfor`), its heading and the lot its form carries. */
function requestDialog(page: NoScriptPage, locale: Locale): { heading: string; lot: string | undefined } {
  const button = panel(page).getByRole('button', { name: SAYS[locale].request });
  expect(button.getAttribute('command')).toBe('show-modal');
  const dialog = page.document.getElementById(button.getAttribute('commandfor') ?? '');
  expect(dialog?.tagName).toBe('DIALOG');
  const heading = within(dialog!).getAllByRole('heading', { hidden: true })[0]!;
  // The dialog is named by that heading.
  expect(dialog!.getAttribute('aria-labelledby')).toBe(heading.id);
  return { heading: text(heading), lot: dialog!.querySelector<HTMLInputElement>('input[type="hidden"][name="lot"]')?.value };
}

describe.each(['ru', 'en', 'zh'] as const)('each kind of lot shows only what applies to it (%s)', (locale) => {
  const says = SAYS[locale];
  const visitor = noScriptVisitor(site.fetch, { locale });
  afterAll(() => visitor.close());
  const open = async (path: string) => {
    const page = await visitor.open(prefix(locale, path));
    expect(page.status, path).toBe(200);
    return page;
  };

  it('a rented commercial unit: for rent, the rent per month and per m² per month, no mortgage, no programmes', async () => {
    const lot = await firstForRent();
    const page = await open(lot.url);
    const aside = panel(page);
    expect(aside.queryAllByText(says.forRent, { exact: true })).toHaveLength(1);
    expect(aside.queryAllByText(says.forSale, { exact: true })).toHaveLength(0);
    expect(aside.queryAllByText(says.perMonth)).toHaveLength(1);
    expect(aside.queryAllByText(says.perM2Month)).toHaveLength(1);
    expect(aside.queryAllByText(says.mortgageQuote, { exact: true })).toHaveLength(0);
    expect(aside.queryAllByText(says.monthly)).toHaveLength(0);
    // Any heading whose name holds the programmes' title (as a browser's role query matches a name).
    expect(aside.queryAllByRole('heading', { name: (name) => name.toLowerCase().includes(says.programmes.toLowerCase()) })).toHaveLength(0);
    // The premises' finish is a characteristic of the unit: shown.
    expect(figureLabels(page, locale)).toContain(says.finish);

    const dialog = requestDialog(page, locale);
    expect(dialog.heading).toMatch(says.rentRequest);
    expect(dialog.lot).toBe(lot.id);
  });

  it('the floor plan and the chessboard name a rented unit for rent and give it its own legend entry', async () => {
    const rent = await firstForRent();
    const lot = await api<{ number: string; projectId: string; buildingId: string; sectionId: string; floorId: string }>(`/api/commercial/${rent.id}/`);
    const section = `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`;
    const named = new RegExp(`^${says.unitShort.replace('{number}', lot.number)}, .*, ${says.forRent.toLocaleLowerCase()}$`);
    for (const path of [`${section}/floor/${lot.floorId}`, section]) {
      const page = await open(path);
      expect(page.screen.queryAllByRole('link', { name: named }), path).toHaveLength(1);
      const legend = page.screen.getByRole('list', { name: says.legend });
      expect(within(legend).getAllByRole('listitem').map(text), path).toContain(says.forRent);
    }
  });

  it('the page description names only the terms that apply: the kind of programme giving the lot its payment, none for rent', async () => {
    const description = async (url: string) => (await open(url)).document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    const commercial = await firstOnSale('commercial');
    const forSale = await description(commercial.url);
    // The programmes in force decide (the demo's commercial mortgage gives premises their lowest payment), not the kind of lot.
    const [named, unnamed] =
      commercial.payment?.kind === 'installment' ? [says.mentionsInstallment, says.mentionsMortgage] : [says.mentionsMortgage, says.mentionsInstallment];
    expect(forSale).toMatch(named);
    expect(forSale).not.toMatch(unnamed);
    expect(await description((await firstOnSale('parking')).url)).toMatch(says.mentionsMortgage);
    const rent = await description((await firstForRent()).url);
    expect(rent).not.toMatch(says.mentionsMortgage);
    expect(rent).not.toMatch(says.mentionsInstallment);
  });

  it('a parking space: no finish, a monthly quote from a programme other than the family mortgage, the standard mortgage and the instalment plan', async () => {
    const lot = await firstOnSale('parking');
    const page = await open(lot.url);
    const aside = panel(page);
    expect(aside.queryAllByText(says.forSale, { exact: true })).toHaveLength(1);
    expect(aside.queryAllByText(says.perMonth)).toHaveLength(0);
    // The best offer of the programmes that finance parking (the live ones: core/purchase), never the family rate.
    expect(aside.queryAllByText(says.monthly)).toHaveLength(1);
    expect(aside.queryAllByText(says.familyMortgage, { exact: false })).toHaveLength(0);
    expect(programmeLinks(page, locale).map(text)).toEqual([says.mortgage, says.installment]);
    expect(figureLabels(page, locale)).not.toContain(says.finish);

    const dialog = requestDialog(page, locale);
    expect(dialog.heading).toMatch(says.parkingRequest);
    expect(dialog.lot).toBe(lot.id);
  });

  it('a flat: finish, the mortgage quote and every programme, the family mortgage among them; the request names the flat', async () => {
    const lot = await firstOnSale('flat');
    const page = await open(lot.url);
    const aside = panel(page);
    expect(aside.queryAllByText(says.forSale, { exact: true })).toHaveLength(1);
    expect(aside.queryAllByText(says.monthly).length).toBeGreaterThan(0);
    expect(programmeLinks(page, locale).filter((link) => text(link) === says.familyMortgage)).toHaveLength(1);
    expect(figureLabels(page, locale)).toContain(says.finish);

    const dialog = requestDialog(page, locale);
    expect(dialog.heading).toMatch(says.flatRequest);
    expect(dialog.heading).toContain(lot.number);
    expect(dialog.lot).toBe(lot.id);
  });

  it('the home card counts premises for sale as the filter does, and premises for rent apart', async () => {
    const facets = await api<{ items: { type: { choices: Record<string, number> } } }>('/api/filter/facets/?project=2&status=free');
    const forSale = facets.items.type.choices.commercial ?? 0;
    const project = await api<{ name: string; genplan: { buildings: { id: string }[] } }>(`/api/project/2/?lang=${locale}`);
    let forRent = 0;
    for (const b of project.genplan.buildings) {
      const premises = await api<{ status: string }[]>(`/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
      forRent += premises.filter((p) => p.status === 'free').length;
    }
    expect(forRent).toBeGreaterThan(0);

    const page = await open('/');
    const cards = page.screen
      .getAllByRole('article')
      .filter((article: HTMLElement) => within(article).queryAllByRole('link', { name: project.name }).length > 0);
    expect(cards).toHaveLength(1);
    const card = within(cards[0]!);
    expect(card.getAllByRole('listitem').map(text), cards[0]!.outerHTML).toContain(`${says.commercial} ${forSale}`);
    const rentLine = card.getByText(says.forRentCard, { exact: false });
    expect(text(rentLine.parentElement!)).toBe(`${says.forRentCard} ${says.commercial} ${forRent}`);
  });
});
