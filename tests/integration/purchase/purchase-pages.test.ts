import { within } from '@testing-library/dom';
import { afterAll, describe, expect, it } from 'vitest';
import type { LotCard, Page as ResultPage } from '#core/catalogue/types.ts';
import { defaultState } from '#core/purchase/calculator.ts';
import { LANGS } from '#tests/support/languages.ts';
import { noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { bestMonthly, lotSetup, monthlyIn, mortgagePage } from '#tests/support/purchase.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * The payment calculator without JavaScript, in every language: its GET form is answered by the server with the
 * figures core/purchase computes for the seeded programmes, and values out of range in the address are corrected
 * and said so. Live, with JavaScript: app/components/purchase/calculator.dom.test.tsx (every language) and the
 * journey in Chromium, tests/e2e/purchase/purchase.test.ts (Russian).
 */
const site = setupSiteApp();

describe.each(LANGS)('the calculator without JavaScript ($lang)', ({ lang, prefix, m }) => {
  const says = m.purchase.calculator;
  const visitor = noScriptVisitor(site.fetch, { locale: lang });
  afterAll(() => visitor.close());

  const calculator = (page: NoScriptPage) => within(page.main.getByRole('region', { name: says.title, exact: true }));
  /** The best offer's monthly payment, as the first card says it. */
  const monthlyShown = (page: NoScriptPage) => {
    const offers = calculator(page).getByRole('list', { name: says.offers });
    return monthlyIn(within(offers).getAllByRole('listitem')[0]!.textContent ?? '', m);
  };
  const freeFlat = async () => ((await (await site.fetch(`${SITE}/api/filter/?type=flat&status=free&limit=1`)).json()) as ResultPage<LotCard>).results[0]!;
  const type = (page: NoScriptPage, name: string, value: string) => {
    const field = calculator(page).getByRole(name === says.years ? 'slider' : 'textbox', { name }) as HTMLInputElement;
    field.value = value;
  };

  it('a lot page: the GET form is answered by the server with the same figures, back at the calculator', async () => {
    const lot = await freeFlat();
    const page = await visitor.open(`${prefix}${lot.url}`);
    const setup = lotSetup(lot);
    expect(monthlyShown(page)).toBe(bestMonthly(setup, defaultState(setup)));
    const sum = Math.round(lot.price * 0.35);
    type(page, says.downSum, String(sum));
    type(page, says.years, '20');
    const answer = await visitor.press(calculator(page).getByRole('button', { name: says.submit }), page);
    expect(answer.status).toBe(200);
    const url = new URL(answer.url);
    expect(url.pathname).toBe(`${prefix}${lot.url}`);
    expect(url.searchParams.get('down_sum')).toBe(String(sum));
    const down = Math.round((sum / lot.price) * 10_000) / 100;
    expect(monthlyShown(answer)).toBe(bestMonthly(setup, { ...defaultState(setup), down, years: 20 }));
    expect(calculator(page).getByRole('button', { name: says.submit }).closest('form')?.getAttribute('action')).toBe(`${prefix}${lot.url}#calculator`);
  });

  it('a lot page: out-of-range values in the address are corrected and said so, never an error page', async () => {
    const lot = await freeFlat();
    const page = await visitor.open(`${prefix}${lot.url}?down=150&years=abc&programme=%3Cb%3E`);
    expect(page.status).toBe(200);
    const [intro = ''] = says.adjusted.split('{fields}');
    const note = calculator(page)
      .getAllByRole('status')
      .find((status) => status.textContent?.includes(intro.trim()));
    expect(note?.textContent).toContain(says.fields.down);
    expect(note?.textContent).toContain(says.fields.years);
    expect(note?.textContent).toContain(says.fields.programme);
  });

  it('/purchase/mortgage: price and down payment sent, the same figures from the server', async () => {
    const page = await visitor.open(`${prefix}/purchase/mortgage`);
    type(page, says.price, '20000000');
    type(page, says.downSum, '7000000');
    const answer = await visitor.press(calculator(page).getByRole('button', { name: says.submit }), page);
    expect(new URL(answer.url).searchParams.get('price')).toBe('20000000');
    const setup = mortgagePage(20_000_000);
    expect(monthlyShown(answer)).toBe(bestMonthly(setup, { ...defaultState(setup), price: 20_000_000, down: 35 }));
  });
});
