import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupServerWithCrm } from '#tests/support/crm-server.ts';
import { localized } from '#tests/support/templates.ts';
import type { LotCard, Page as ResultPage } from '#core/catalogue/types.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { calculatorOffers, defaultState } from '#core/purchase/calculator.ts';
import { bestMonthly, lotSetup, monthlyIn, mortgagePage } from '#tests/support/purchase.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * The payment calculator in Chromium, in Russian, with JavaScript: the figures it shows live are the ones
 * core/purchase computes for the seeded programmes; a lot shows only the programmes that finance it; a purchase
 * page's request reaches the CRM with its calculation. Runs its own server, with a fake CRM on loopback. The same
 * figures without JavaScript, and the corrections of an address out of range, in every language:
 * tests/integration/purchase/purchase-pages.test.ts; the live words in every language:
 * app/components/purchase/calculator.dom.test.tsx.
 */
const browser = setupBrowser();
const M = { ru, en, zh } as const;

const site = setupServerWithCrm({ LEADS_IP_LIMIT: '100000', LEADS_PHONE_LIMIT: '100000', LEADS_RETRY_BASE_MS: '100' });

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${site.server.url}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function open(locale: Locale, path: string, js = true, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const session = await browser.page({ baseURL: site.server.url, javaScriptEnabled: js, viewport, locale: { ru: 'ru-RU', en: 'en-US', zh: 'zh-CN' }[locale] });
  await session.page.goto(localized(path, locale));
  if (js) await hydrated(session.page);
  return session;
}

const calculator = (page: Page, locale: Locale) => page.getByRole('region', { name: M[locale].purchase.calculator.title, exact: true });
const offerList = (page: Page, locale: Locale) => calculator(page, locale).getByRole('list', { name: M[locale].purchase.calculator.offers });

/** The monthly payment the first offer card shows, in roubles. */
async function monthlyShown(page: Page, locale: Locale, card = 0): Promise<number> {
  const text = (await offerList(page, locale).getByRole('listitem').nth(card).textContent()) ?? '';
  const monthly = monthlyIn(text, M[locale]);
  expect(monthly, text).not.toBeNull();
  return monthly!;
}

const freeFlat = async (page: Page) => (await api<ResultPage<LotCard>>(page, '/api/filter/?type=flat&status=free&limit=1')).results[0]!;

describe.each(['ru'] as const)('the calculator on a lot page (%s)', (locale) => {
  const says = M[locale].purchase.calculator;

  it('with JavaScript: the down payment in roubles changes the monthly payment to what core quotes, live, and the URL keeps it', async () => {
    const { page, context, errors } = await open(locale, '/');
    const lot = await freeFlat(page);
    await page.goto(localized(lot.url, locale));
    await hydrated(page);
    const setup = lotSetup(lot);
    expect(await monthlyShown(page, locale)).toBe(bestMonthly(setup, defaultState(setup)));

    const url = page.url();
    const sum = Math.round(lot.price * 0.35);
    await calculator(page, locale).getByRole('textbox', { name: says.downSum }).fill(String(sum));
    const down = Math.round((sum / lot.price) * 10_000) / 100;
    const expected = bestMonthly(setup, { ...defaultState(setup), down });
    await expect.poll(() => monthlyShown(page, locale)).toBe(expected);
    // The summary is read out politely, and says the same figure.
    const summary = calculator(page, locale).locator('output[aria-live="polite"]');
    expect((await summary.textContent())!.replace(/\D/g, '')).toContain(String(expected));
    await expect.poll(() => new URL(page.url()).searchParams.get('down')).toBe(String(down));
    expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);

    // The slider moves by whole percents from the keyboard.
    await calculator(page, locale).getByRole('slider', { name: says.downPercent }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => monthlyShown(page, locale)).toBe(bestMonthly(setup, { ...defaultState(setup), down: Math.round(down) + 1 }));
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the calculator on a project page', () => {
  it('loads its code only when used or near, and keeps what was typed before it came: the figures then follow live', async () => {
    const says = ru.purchase.calculator;
    const { page, context, errors } = await open('ru', '/projects/1', true, VIEWPORTS.mobile);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    // Far down the page: hydrating it did not load the calculator's code.
    expect(asked.filter((url) => /purchase-calculator/.test(url))).toEqual([]);
    // The calculator is the project's «Способы покупки» section's.
    const region = page.getByRole('region', { name: ru.catalogue.project.purchase, exact: true });
    const digits = async (name: string) => Number((await region.getByRole('textbox', { name, exact: true }).inputValue()).replace(/\D/g, ''));
    const price = await digits(says.price);
    const typed = (await digits(says.downSum)) + 1_000_000;
    await region.getByRole('textbox', { name: says.downSum, exact: true }).fill(String(typed));
    await expect.poll(() => asked.some((url) => /purchase-calculator/.test(url))).toBe(true);
    // The part's own form replaced the server's with the sum typed into the server's field carried over: the browser's
    // calculator computed the share it makes of the price and wrote it into the address.
    const percent = Math.round((typed / price) * 10_000) / 100;
    await expect.poll(() => new URL(page.url()).searchParams.get('down')).toBe(String(percent));
    await expect.poll(() => region.getByRole('slider', { name: says.downPercent }).inputValue()).toBe(String(percent));
    expect(await digits(says.downSum)).toBe(typed);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('what a lot is financed by', () => {
  it('a parking space has no family mortgage among its offers or its programme choices', async () => {
    const { page, context, errors } = await open('ru', '/');
    const lot = (await api<ResultPage<LotCard>>(page, '/api/filter/?type=parking&status=free&limit=1')).results[0]!;
    await page.goto(lot.url);
    await hydrated(page);
    const setup = lotSetup(lot);
    expect(setup.programmes.some((p) => p.mortgageKind === 'family')).toBe(false);
    const region = calculator(page, 'ru');
    const options = await region.getByRole('combobox', { name: ru.purchase.calculator.programme }).getByRole('option').allTextContents();
    expect(options.length).toBe(setup.programmes.length + 1);
    expect(options.join('|')).not.toMatch(/Семейная ипотека/);
    const names = await offerList(page, 'ru').getByRole('heading').allTextContents();
    expect(names.length).toBe(setup.programmes.length);
    expect(names).not.toContain('Семейная ипотека');
    expect(await monthlyShown(page, 'ru')).toBe(bestMonthly(setup, defaultState(setup)));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a commercial unit let for rent shows no calculator and no monthly payment', async () => {
    const { page, context, errors } = await open('ru', '/');
    const project = await api<{ genplan: { buildings: { id: string }[] } }>(page, '/api/project/2/');
    let url: string | undefined;
    for (const b of project.genplan.buildings) {
      const premises = await api<{ url: string; status: string }[]>(page, `/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
      url ??= premises.find((p) => p.status === 'free')?.url;
    }
    expect(url).toBeDefined();
    await page.goto(url!);
    await hydrated(page);
    expect(await calculator(page, 'ru').count()).toBe(0);
    expect(await page.getByText(ru.purchase.lot.title, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: ru.purchase.lot.calculate }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(['ru'] as const)('the calculator on /purchase/mortgage (%s)', (locale) => {
  const says = M[locale].purchase.calculator;

  it('with JavaScript: price and down payment typed, the offers follow core, live', async () => {
    const { page, context, errors } = await open(locale, '/purchase/mortgage');
    const region = calculator(page, locale);
    await region.getByRole('textbox', { name: says.price }).fill('20000000');
    await region.getByRole('textbox', { name: says.downSum }).fill('7000000');
    const setup = mortgagePage(20_000_000);
    const state = { ...defaultState(setup), price: 20_000_000, down: 35 };
    await expect.poll(() => monthlyShown(page, locale)).toBe(bestMonthly(setup, state));
    expect(await offerList(page, locale).getByRole('listitem').count()).toBe(calculatorOffers(setup, state).length);
    await expect.poll(() => new URL(page.url()).searchParams.get('price')).toBe('20000000');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the purchase page request', () => {
  const fill = async (page: Page, name: string, phone: string) => {
    await page.getByRole('textbox', { name: new RegExp(`^${ru.forms.fields.name}`) }).fill(name);
    await page.getByRole('textbox', { name: new RegExp(`^${ru.forms.fields.phone}`) }).fill(phone);
    await page.getByRole('checkbox', { name: new RegExp(ru.forms.fields.consent) }).check();
    await page.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => page.getByRole('heading', { name: ru.forms.success.title }).isVisible()).toBe(true);
  };
  const receipt = async (phone: string) => {
    await expect.poll(() => site.crm.receipts.some((r) => (r.body.contact as { phone?: string }).phone === phone)).toBe(true);
    return site.crm.receipts.find((r) => (r.body.contact as { phone?: string }).phone === phone)!.body as { topic: string; context: Record<string, unknown> };
  };

  it('with JavaScript, carries the chosen programme, price, down payment, term and monthly payment to the CRM', async () => {
    const { page, context, errors } = await open('ru', '/purchase/family-mortgage');
    const region = calculator(page, 'ru');
    await region.getByRole('combobox', { name: ru.purchase.calculator.programme }).selectOption('domfinance-family');
    await region.getByRole('slider', { name: ru.purchase.calculator.years }).fill('25');
    const shown = await monthlyShown(page, 'ru');
    await fill(page, 'Анна', '+7 916 555-01-01');
    const lead = await receipt('+79165550101');
    expect(lead.topic).toBe('mortgage');
    expect(lead.context).toMatchObject({ programme: 'domfinance-family', term_months: 300, monthly_payment: shown });
    expect(lead.context.price).toBeGreaterThan(0);
    expect(lead.context.down_payment).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, carries the calculation the server last answered', async () => {
    const { page, context } = await open('ru', '/purchase/installment?price=9000000&months=12&programme=installment-long', false);
    const shown = await monthlyShown(page, 'ru');
    await fill(page, 'Олег', '+7 916 555-01-02');
    const lead = await receipt('+79165550102');
    expect(lead.context).toMatchObject({ programme: 'installment-long', price: 9_000_000, term_months: 12, monthly_payment: shown });
    await context.close();
  });

  it('looks right at 375 px: no sideways scroll, no accessibility violations', async () => {
    const { page, context } = await open('zh', '/purchase/installment', true, VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
