import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueFormat } from '#core/catalogue/format.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { translator } from '#core/i18n/messages.ts';
import { CALCULATOR_LIMITS, calculatorOffers, defaultState, type CalculatorModel, type CalculatorSetup } from '#core/purchase/calculator.ts';
import { programme } from '#core/purchase/fixtures.ts';
import { plainSpaces, renderInPage } from '#tests/fixtures/dom.tsx';
import { PaymentCalculator } from './calculator.tsx';
import { useCalculator } from './use-calculator.ts';

/**
 * The payment calculator once the page is interactive (its journey on the purchase page is a browser test,
 * tests/e2e/purchase/): every figure typed is computed by core/purchase at once, said in the page's language, and
 * the address keeps the state a moment after the last change (the clock is Vitest's).
 */
const standard = programme({ id: 'standard', bankId: 'north', rate: 18.9, name: { ru: 'Стандартная', en: 'Standard', zh: '标准' } });
const family = programme({ id: 'family', bankId: 'north', mortgageKind: 'family', rate: 6, maxLoan: 12_000_000, lotTypes: ['flat'], position: 1 });
const plan = programme({ id: 'plan', kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 9, maxTermMonths: 36, position: 2 });
const SETUP: CalculatorSetup = {
  programmes: [standard, family, plan],
  day: '2026-12-01',
  lotId: null,
  fixedPrice: null,
  presetPrice: 12_000_000,
  fixedType: null,
  types: ['flat', 'parking'],
  fixedProject: null,
  projects: ['1'],
};
const MODEL: CalculatorModel = {
  setup: SETUP,
  initial: defaultState(SETUP),
  adjusted: [],
  banks: { north: 'North Bank' },
  projects: [{ id: '1', name: 'Lipovy' }],
};
const MESSAGES = { ru, en, zh } as const;

function Calculator() {
  return <PaymentCalculator calc={useCalculator(MODEL)} />;
}

function renderCalculator(locale: Locale) {
  const router = createMemoryRouter([{ path: '*', element: <Calculator /> }], { initialEntries: ['/purchase/mortgage?utm_source=mail'] });
  return renderInPage(<RouterProvider router={router} />, { locale });
}

/** The summary the calculator should say for `down` per cent, by core's offers and the page's formats. */
function expectedSummary(locale: Locale, down: number): string {
  const t = translator(MESSAGES[locale], locale);
  const format = catalogueFormat(locale, t);
  const offers = calculatorOffers(SETUP, { ...MODEL.initial, down });
  const best = offers[0]!;
  return plainSpaces(
    t('purchase.calculator.summary', {
      programme: best.programme.name[locale],
      bank: best.programme.bankId ? 'North Bank' : t('purchase.calculator.developer'),
      monthly: format.money(best.quote.monthly),
      count: format.number(offers.length),
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  window.history.replaceState(null, '', '/purchase/mortgage?utm_source=mail');
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(['ru', 'en', 'zh'] as const)('the payment calculator in %s', (locale) => {
  const t = translator(MESSAGES[locale], locale);

  it('answers a down payment typed in roubles with core’s offers at once, and keeps it in the address after a pause', () => {
    renderCalculator(locale);
    const summary = screen.getByRole('status');
    expect(plainSpaces(summary.textContent ?? '')).toBe(expectedSummary(locale, 20));
    const offers = screen.getByRole('list', { name: t('purchase.calculator.offers') });
    expect(within(offers).getAllByRole('listitem')).toHaveLength(calculatorOffers(SETUP, MODEL.initial).length);

    expect(expectedSummary(locale, 30)).not.toBe(expectedSummary(locale, 20));
    const sum = screen.getByRole('textbox', { name: t('purchase.calculator.downSum') });
    fireEvent.change(sum, { target: { value: '3 600 000' } });
    expect(plainSpaces(summary.textContent ?? '')).toBe(expectedSummary(locale, 30));
    expect(screen.getByRole('slider', { name: t('purchase.calculator.downPercent') })).toHaveProperty('value', '30');
    // The address is written once the visitor pauses, the page's other parameters kept.
    expect(window.location.search).toBe('?utm_source=mail');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    const query = new URLSearchParams(window.location.search);
    expect(query.get('utm_source')).toBe('mail');
    expect(query.get('down')).toBe('30');
  });
});

describe('the payment calculator’s figure fields', () => {
  it('keep the visitor’s text while typing, ignore what is out of range, and show the kept value on leaving', () => {
    renderCalculator('ru');
    const price = screen.getByRole('textbox', { name: ru.purchase.calculator.price });
    fireEvent.change(price, { target: { value: '15 000 000 ₽' } });
    expect((price as HTMLInputElement).value).toBe('15 000 000 ₽');
    expect(plainSpaces(screen.getByRole('status').textContent ?? '')).toContain(
      plainSpaces(catalogueFormat('ru', translator(ru, 'ru')).money(calculatorOffers(SETUP, { ...MODEL.initial, price: 15_000_000 })[0]!.quote.monthly)),
    );
    const at15 = screen.getByRole('status').textContent;
    // A figure above the limit is not taken while typing (the offers stay); leaving the field keeps the nearest allowed one.
    fireEvent.change(price, { target: { value: '9'.repeat(12) } });
    expect((price as HTMLInputElement).value).toBe('9'.repeat(12));
    expect(screen.getByRole('status').textContent).toBe(at15);
    fireEvent.blur(price);
    expect(Number((price as HTMLInputElement).value.replace(/\D/g, ''))).toBe(CALCULATOR_LIMITS.price.max);
  });
});
