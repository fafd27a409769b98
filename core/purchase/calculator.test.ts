import { describe, expect, it } from 'vitest';
import { applicable, calculatorOffers, calculatorSearch, defaultState, financeContext, type CalculatorSetup } from './calculator.ts';
import { readCalculator } from './calculator-query.ts';
import { quote } from './payments.ts';
import { programme } from './fixtures.ts';

const standard = programme({ id: 'standard', rate: 18.9, lotTypes: ['flat', 'parking', 'pantry'] });
const family = programme({ id: 'family', mortgageKind: 'family', rate: 6, maxLoan: 12_000_000, lotTypes: ['flat'], position: 1 });
const subsidised = programme({ id: 'subsidised', mortgageKind: 'subsidised', rate: 9.9, minDownPayment: 30, projects: ['2'], lotTypes: ['flat'], position: 2 });
const plan = programme({ id: 'plan', kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 9, maxTermMonths: 36, position: 3 });
const short = programme({ id: 'short', kind: 'installment', bankId: null, mortgageKind: null, rate: 0, minDownPayment: 30, maxTermMonths: 18, position: 4 });

const page: CalculatorSetup = {
  programmes: [standard, family, subsidised, plan, short],
  day: '2026-12-01',
  lotId: null,
  fixedPrice: null,
  presetPrice: 12_000_000,
  fixedType: null,
  types: ['flat', 'parking', 'pantry', 'commercial'],
  fixedProject: null,
  projects: ['1', '2'],
};
const lotPage: CalculatorSetup = { ...page, lotId: '7', fixedPrice: 9_500_000, fixedType: 'parking', types: ['parking'], fixedProject: '1', projects: ['1'] };
const read = (query: string, setup = page) => readCalculator(new URLSearchParams(query), setup);

describe('readCalculator: the GET form and the URL read back, never an error', () => {
  it('starts from the defaults: 20 % down, 30 years, the longest instalment plan, every programme', () => {
    expect(read('')).toEqual({ state: { price: 12_000_000, down: 20, years: 30, months: 36, programme: null, type: 'flat', project: null }, adjusted: [] });
  });

  it('reads figures as people type them, in every language', () => {
    expect(read('price=12%C2%A0500%C2%A0000&down=25,5&years=15&months=12').state).toMatchObject({ price: 12_500_000, down: 25.5, years: 15, months: 12 });
    expect(read('price=12 500 000').state.price).toBe(12_500_000);
  });

  it('clamps out-of-range values and names the fields it changed', () => {
    const { state, adjusted } = read('price=5&down=150&years=99&months=0');
    expect(state).toMatchObject({ price: 100_000, down: 90, years: 30, months: 1 });
    expect(adjusted).toEqual(['price', 'down', 'years', 'months']);
  });

  it('puts back the default for what is not a number or not a choice', () => {
    const { state, adjusted } = read('price=cheap&down=<b>&years=&type=villa&project=9&programme=nope');
    expect(state).toMatchObject({ price: 12_000_000, down: 20, years: 30, type: 'flat', project: null, programme: null });
    expect(adjusted).toEqual(['price', 'down', 'programme', 'type', 'project']);
    expect(read('programme=all').adjusted).toEqual([]);
    expect(read(`price=${'9'.repeat(400)}`).adjusted).toEqual(['price']);
  });

  it('takes the down payment in roubles when the visitor changed that field, else the percentage', () => {
    expect(read('price=10000000&down=20&down_sum=3000000&down_sum_was=2400000').state.down).toBe(30);
    // Only the price changed: the percentage stays, the old sum is not read.
    expect(read('price=10000000&down=20&down_sum=2400000&down_sum_was=2400000').state.down).toBe(20);
    expect(read('price=30000000&down=20&down_sum=1000000&down_sum_was=6000000').state.down).toBe(3.33);
  });

  it('keeps what the page fixes: the lot price, kind and project', () => {
    const { state, adjusted } = read('price=1&type=flat&project=2', lotPage);
    expect(state).toMatchObject({ price: 9_500_000, type: 'parking', project: '1' });
    expect(adjusted).toEqual([]);
  });

  it('accepts a programme only where it applies', () => {
    expect(read('programme=family').state.programme).toBe('family');
    expect(read('programme=family&type=parking')).toMatchObject({ state: { programme: null }, adjusted: ['programme'] });
  });

  it('gives back the query it reads', () => {
    const { state } = read('price=15000000&down=35&years=20&months=12&type=flat&project=2&programme=subsidised');
    expect(read(new URLSearchParams(calculatorSearch(state, page)).toString())).toEqual({ state, adjusted: [] });
    expect(calculatorSearch(defaultState(lotPage), lotPage).map(([k]) => k)).toEqual(['down', 'years', 'months']);
  });
});

describe('calculatorOffers: every applicable programme, quoted by core, cheapest first', () => {
  it('quotes mortgages in years and instalment plans in months, each within its own bounds', () => {
    const state = read('price=10000000&down=20&years=20&months=24&project=2').state;
    const offers = calculatorOffers(page, state);
    expect(offers.map((o) => o.programme.id)).toEqual(
      ['family', 'subsidised', 'standard', 'plan', 'short'].sort((a, b) => {
        const m = (id: string) => offers.find((o) => o.programme.id === id)!.quote.monthlyKopecks;
        return m(a) - m(b);
      }),
    );
    for (const { programme: p, quote: q } of offers) {
      expect(q).toEqual(quote(p, 10_000_000, { downPaymentPercent: 20, termMonths: p.kind === 'installment' ? 24 : 240 }));
    }
    expect(offers.find((o) => o.programme.id === 'short')!.quote.termMonths).toBe(18);
    expect(offers.find((o) => o.programme.id === 'subsidised')!.quote.downPaymentPercent).toBe(30);
  });

  it('leaves out what does not apply: the family mortgage for parking, a project-bound rate in another project', () => {
    expect(applicable(page, { ...defaultState(page), type: 'parking' }).map((p) => p.id)).toEqual(['standard', 'plan', 'short']);
    expect(applicable(page, { ...defaultState(page), project: '1' }).map((p) => p.id)).toEqual(['standard', 'family', 'plan', 'short']);
    // No project chosen: the project-bound rate is still quoted.
    expect(applicable(page, defaultState(page)).map((p) => p.id)).toContain('subsidised');
  });

  it('shows the chosen programme only, and every one when it does not apply', () => {
    const state = { ...defaultState(page), programme: 'plan' };
    expect(calculatorOffers(page, state).map((o) => o.programme.id)).toEqual(['plan']);
    expect(calculatorOffers(page, { ...state, programme: 'family', type: 'parking' }).length).toBe(3);
  });

  it('gives the lead the chosen offer, or nothing when none applies', () => {
    const offers = calculatorOffers(page, { ...defaultState(page), programme: 'plan' });
    const q = offers[0]!.quote;
    expect(financeContext(offers)).toEqual({ programme: 'plan', price: 12_000_000, down_payment: q.downPayment, term_months: 36, monthly_payment: q.monthly });
    expect(financeContext([])).toBeNull();
  });
});
