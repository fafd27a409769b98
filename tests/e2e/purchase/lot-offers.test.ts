import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LotCard, Page as ResultPage } from '#core/catalogue/types.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

const browser = setupBrowser();

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

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The first free lot of a kind for sale, from the lot filter API. */
async function firstOnSale(page: Page, type: 'flat' | 'parking'): Promise<LotCard> {
  return (await api<ResultPage<LotCard>>(page, `/api/filter/?type=${type}&status=free&limit=1`)).results[0]!;
}

/** A free commercial unit let for rent: from the building premises API of the project's buildings. */
async function firstForRent(page: Page): Promise<{ url: string; id: string }> {
  const project = await api<{ genplan: { buildings: { id: string }[] } }>(page, '/api/project/2/');
  for (const b of project.genplan.buildings) {
    const premises = await api<{ id: number; url: string; status: string }[]>(page, `/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
    const free = premises.find((p) => p.status === 'free');
    if (free) return { url: free.url, id: String(free.id) };
  }
  throw new Error('no premises for rent in project 2');
}

/** The lot page's side panel (named by the lot's heading) and its figures section. */
const panel = (page: Page) => page.getByRole('complementary');
const figures = (page: Page, locale: Locale) => page.getByRole('region', { name: SAYS[locale].figures });
const figureLabels = async (section: Locator) => (await section.getByRole('term').allTextContents()).map((s) => s.trim());

async function openRequest(page: Page, locale: Locale): Promise<Locator> {
  await panel(page).getByRole('button', { name: SAYS[locale].request }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

describe.each(['ru', 'en', 'zh'] as const)('each kind of lot shows only what applies to it (%s)', (locale) => {
  const says = SAYS[locale];

  it('a rented commercial unit: for rent, the rent per month and per m² per month, no mortgage, no programmes', async () => {
    const { page, context, errors } = await browser.page();
    const lot = await firstForRent(page);
    await page.goto(prefix(locale, lot.url));
    await hydrated(page);
    const aside = panel(page);
    expect(await aside.getByText(says.forRent, { exact: true }).count()).toBe(1);
    expect(await aside.getByText(says.forSale, { exact: true }).count()).toBe(0);
    expect(await aside.getByText(says.perMonth).count()).toBe(1);
    expect(await aside.getByText(says.perM2Month).count()).toBe(1);
    expect(await aside.getByText(says.mortgageQuote, { exact: true }).count()).toBe(0);
    expect(await aside.getByText(says.monthly).count()).toBe(0);
    expect(await aside.getByRole('heading', { name: says.programmes }).count()).toBe(0);
    // The premises' finish is a characteristic of the unit: shown.
    expect(await figureLabels(figures(page, locale))).toContain(says.finish);

    const dialog = await openRequest(page, locale);
    expect(await dialog.getByRole('heading').first().textContent()).toMatch(says.rentRequest);
    expect(await dialog.locator('input[type="hidden"][name="lot"]').inputValue()).toBe(lot.id);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the floor plan and the chessboard name a rented unit for rent and give it its own legend entry', async () => {
    const { page, context, errors } = await browser.page();
    const rent = await firstForRent(page);
    const lot = await api<{ number: string; projectId: string; buildingId: string; sectionId: string; floorId: string }>(page, `/api/commercial/${rent.id}/`);
    const section = `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`;
    const named = new RegExp(`^${says.unitShort.replace('{number}', lot.number)}, .*, ${says.forRent.toLocaleLowerCase()}$`);
    for (const path of [`${section}/floor/${lot.floorId}`, section]) {
      await page.goto(prefix(locale, path));
      await hydrated(page);
      expect(await page.getByRole('link', { name: named }).count(), path).toBe(1);
      expect(await page.getByRole('list', { name: says.legend }).getByRole('listitem').allTextContents(), path).toContain(says.forRent);
      await expectNoAxeViolations(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the page description names only the terms that apply: the kind of programme giving the lot its payment, none for rent', async () => {
    const { page, context } = await browser.page();
    const description = async (url: string) => {
      await page.goto(prefix(locale, url));
      return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    };
    const commercial = (await api<ResultPage<LotCard>>(page, '/api/filter/?type=commercial&status=free&limit=1')).results[0]!;
    const forSale = await description(commercial.url);
    // The programmes in force decide (the demo's commercial mortgage gives premises their lowest payment), not the kind of lot.
    const [named, unnamed] =
      commercial.payment?.kind === 'installment' ? [says.mentionsInstallment, says.mentionsMortgage] : [says.mentionsMortgage, says.mentionsInstallment];
    expect(forSale).toMatch(named);
    expect(forSale).not.toMatch(unnamed);
    expect(await description((await firstOnSale(page, 'parking')).url)).toMatch(says.mentionsMortgage);
    const rent = await description((await firstForRent(page)).url);
    expect(rent).not.toMatch(says.mentionsMortgage);
    expect(rent).not.toMatch(says.mentionsInstallment);
    await context.close();
  });

  it('a parking space: no finish, a monthly quote from a programme other than the family mortgage, the standard mortgage and the instalment plan', async () => {
    const { page, context, errors } = await browser.page();
    const lot = await firstOnSale(page, 'parking');
    await page.goto(prefix(locale, lot.url));
    await hydrated(page);
    const aside = panel(page);
    expect(await aside.getByText(says.forSale, { exact: true }).count()).toBe(1);
    expect(await aside.getByText(says.perMonth).count()).toBe(0);
    // The best offer of the programmes that finance parking (the live ones: core/purchase), never the family rate.
    expect(await aside.getByText(says.monthly).count()).toBe(1);
    expect(await aside.getByText(says.familyMortgage).count()).toBe(0);
    const programmes = aside.getByRole('list').filter({ has: page.getByRole('link', { name: says.installment }) });
    expect(await programmes.getByRole('link').allTextContents()).toEqual([says.mortgage, says.installment]);
    expect(await figureLabels(figures(page, locale))).not.toContain(says.finish);

    const dialog = await openRequest(page, locale);
    expect(await dialog.getByRole('heading').first().textContent()).toMatch(says.parkingRequest);
    expect(await dialog.locator('input[type="hidden"][name="lot"]').inputValue()).toBe(lot.id);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a flat: finish, the mortgage quote and every programme, the family mortgage among them; the request names the flat', async () => {
    const { page, context, errors } = await browser.page();
    const lot = await firstOnSale(page, 'flat');
    await page.goto(prefix(locale, lot.url));
    await hydrated(page);
    const aside = panel(page);
    expect(await aside.getByText(says.forSale, { exact: true }).count()).toBe(1);
    expect(await aside.getByText(says.monthly).count()).toBeGreaterThan(0);
    const programmes = aside.getByRole('list').filter({ has: page.getByRole('link', { name: says.installment }) });
    expect(await programmes.getByRole('link', { name: says.familyMortgage, exact: true }).count()).toBe(1);
    expect(await figureLabels(figures(page, locale))).toContain(says.finish);

    const dialog = await openRequest(page, locale);
    expect(await dialog.getByRole('heading').first().textContent()).toMatch(says.flatRequest);
    expect(await dialog.getByRole('heading').first().textContent()).toContain(lot.number);
    expect(await dialog.locator('input[type="hidden"][name="lot"]').inputValue()).toBe(lot.id);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home card counts premises for sale as the filter does, and premises for rent apart', async () => {
    const { page, context, errors } = await browser.page();
    const facets = await api<{ items: { type: { choices: Record<string, number> } } }>(page, '/api/filter/facets/?project=2&status=free');
    const forSale = facets.items.type.choices.commercial ?? 0;
    const project = await api<{ name: string; genplan: { buildings: { id: string }[] } }>(page, `/api/project/2/?lang=${locale}`);
    let forRent = 0;
    for (const b of project.genplan.buildings) {
      const premises = await api<{ status: string }[]>(page, `/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
      forRent += premises.filter((p) => p.status === 'free').length;
    }
    expect(forRent).toBeGreaterThan(0);

    await page.goto(prefix(locale, '/'));
    await hydrated(page);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: project.name, exact: true }) });
    const chips = await card.getByRole('listitem').allTextContents();
    expect(chips.map((c) => c.replace(/\s+/g, ' ').trim())).toContain(`${says.commercial} ${forSale}`);
    const rentLine = card.getByText(says.forRentCard);
    expect((await rentLine.locator('xpath=..').textContent())!.replace(/\s+/g, ' ').trim()).toBe(`${says.forRentCard} ${says.commercial} ${forRent}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
