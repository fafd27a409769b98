import { describe, expect, it } from 'vitest';
import {
  annuityKopecks,
  applies,
  bestQuote,
  financeDay,
  forLot,
  lotProgrammes,
  monthsToCompletion,
  programmesFor,
  quote,
  quoteTerms,
  schedule,
  termCap,
  wholeRoubles,
} from './payments.ts';
import { programme } from './fixtures.ts';
import type { FinanceLot } from './types.ts';

const flat: FinanceLot = { id: '101', projectId: '1', type: 'flat', offer: 'sale', price: 10_000_000 };

describe('annuityKopecks: worked examples, rounded to the kopeck as banks do', () => {
  it.each([
    // principal, annual %, months, the bank's payment (exact figures: 33,032.584…, 47,964.042…, 88,848.788…, 35,973.031…, 66,373.056…)
    [3_000_000, 12, 240, 3_303_258],
    [8_000_000, 6, 360, 4_796_404],
    [1_000_000, 12, 12, 8_884_879],
    [6_000_000, 6, 360, 3_597_303],
    [10_400_000, 5.9, 300, 6_637_306],
  ])('%d ₽ at %d %% over %d months pays %d kopecks', (principal, rate, months, expected) => {
    expect(annuityKopecks(principal, rate, months)).toBe(expected);
  });

  it('divides evenly at a zero rate, and is zero with nothing borrowed', () => {
    expect(annuityKopecks(1_200_000, 0, 12)).toBe(10_000_000);
    expect(annuityKopecks(0, 6, 360)).toBe(0);
    expect(annuityKopecks(-5, 6, 360)).toBe(0);
  });

  it('shows whole roubles rounded up, never below the bank', () => {
    expect(wholeRoubles(4_796_404)).toBe(47_965);
    expect(wholeRoubles(4_796_400)).toBe(47_964);
  });
});

describe('quoteTerms', () => {
  it("gives a quote's down payment, its percent and its term, for mortgages and instalment plans, and null without a price", () => {
    const plans = [
      programme({ rate: 6 }),
      programme({ minDownPayment: 30, maxTermMonths: 120 }),
      programme({ maxLoan: 6_000_000 }),
      programme({ kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 5, minDownPayment: 30, maxTermMonths: 7 }),
    ];
    const termsList = [undefined, { downPaymentPercent: 10, termMonths: 600 }, { downPaymentPercent: 47.3, termMonths: 13.6 }];
    for (const p of plans)
      for (const price of [0, -5, 1, 999_999, 1_000_001, 10_000_000, 37_123_457])
        for (const terms of termsList) {
          const q = quote(p, price, terms);
          expect(quoteTerms(p, price, terms)).toEqual(q && { downPayment: q.downPayment, downPaymentPercent: q.downPaymentPercent, termMonths: q.termMonths });
        }
  });
});

describe('quote', () => {
  it('quotes 20 % down over 30 years by default', () => {
    const q = quote(programme({ rate: 6 }), 10_000_000)!;
    expect(q).toMatchObject({ downPayment: 2_000_000, loan: 8_000_000, termMonths: 360, monthlyKopecks: 4_796_404, monthly: 47_965 });
    // The schedule settles the rounding in its last payment: the total is within a few roubles of 360 × payment.
    expect(Math.abs(q.totalKopecks - 360 * q.monthlyKopecks)).toBeLessThan(100 * 100);
    expect(q.overpaymentKopecks).toBe(q.totalKopecks - 800_000_000);
  });

  it('raises the down payment to the programme minimum and to its loan cap, and cuts the term to its longest', () => {
    expect(quote(programme({ minDownPayment: 30 }), 10_000_000, { downPaymentPercent: 10, termMonths: 600 })).toMatchObject({
      downPayment: 3_000_000,
      downPaymentPercent: 30,
      termMonths: 360,
    });
    expect(quote(programme({ maxLoan: 6_000_000 }), 10_000_000)).toMatchObject({ downPayment: 4_000_000, loan: 6_000_000, downPaymentPercent: 40 });
  });

  it('spreads an instalment plan evenly with its markup, the last payment settling the kopecks', () => {
    const plan = programme({ kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 5, minDownPayment: 30, maxTermMonths: 7 });
    const q = quote(plan, 1_000_000)!;
    // 700,000 spread with 5 % markup = 735,000 over 7 months = 105,000 a month.
    expect(q).toMatchObject({
      downPayment: 300_000,
      loan: 700_000,
      termMonths: 7,
      monthlyKopecks: 10_500_000,
      totalKopecks: 73_500_000,
      overpaymentKopecks: 3_500_000,
    });
    const odd = quote({ ...plan, maxTermMonths: 3, markup: 0 }, 1_000_001)!; // 700,001 ₽ over 3 months
    const rows = schedule(plan, odd);
    expect(rows.map((r) => r.paymentKopecks)).toEqual([23_333_367, 23_333_367, 23_333_366]);
    expect(rows.at(-1)!.balanceKopecks).toBe(0);
  });

  it('pays a mortgage off exactly in its schedule', () => {
    const p = programme({ rate: 12 });
    const q = quote(p, 3_750_000, { downPaymentPercent: 20, termMonths: 240 })!;
    const rows = schedule(p, q);
    expect(rows).toHaveLength(240);
    expect(rows[0]).toMatchObject({ paymentKopecks: 3_303_258, interestKopecks: 3_000_000 });
    expect(rows.at(-1)!.balanceKopecks).toBe(0);
    expect(rows.reduce((s, r) => s + r.paymentKopecks, 0)).toBe(q.totalKopecks);
  });
});

describe('which programmes apply', () => {
  const day = '2026-11-25';
  it('finances lots on sale only, of its kinds, projects, named lots and dates', () => {
    expect(applies(programme(), flat, day)).toBe(true);
    expect(applies(programme(), { ...flat, offer: 'rent' }, day)).toBe(false);
    expect(applies(programme(), { ...flat, offer: 'presale' }, day)).toBe(false);
    expect(applies(programme({ lotTypes: ['parking'] }), flat, day)).toBe(false);
    expect(applies(programme({ projects: ['2'] }), flat, day)).toBe(false);
    expect(applies(programme({ lots: ['999'] }), flat, day)).toBe(false);
    expect(applies(programme({ lots: ['101'] }), flat, day)).toBe(true);
    expect(applies(programme({ validTo: '2026-11-24' }), flat, day)).toBe(false);
    expect(applies(programme({ validTo: '2026-11-25' }), flat, day)).toBe(true);
    expect(applies(programme({ validFrom: '2026-11-26' }), flat, day)).toBe(false);
  });

  it('never gives the family, IT or military mortgage to parking, storage or commercial premises', () => {
    for (const mortgageKind of ['family', 'it', 'military'] as const) {
      const p = programme({ mortgageKind });
      expect(applies(p, flat, day)).toBe(true);
      for (const type of ['parking', 'pantry', 'commercial'] as const) expect(applies(p, { ...flat, type }, day)).toBe(false);
    }
  });

  it('picks the lowest monthly payment', () => {
    const list = [
      programme({ id: 'std', rate: 18 }),
      programme({ id: 'fam', rate: 6, mortgageKind: 'family', maxLoan: 6_000_000 }),
      programme({ id: 'it', rate: 5, mortgageKind: 'it', lotTypes: ['parking'] }),
    ];
    expect(bestQuote(list, flat, day)?.programme.id).toBe('fam');
    expect(bestQuote(list, { ...flat, type: 'commercial' }, day)?.programme.id).toBe('std');
    expect(bestQuote(list, { ...flat, offer: 'rent' }, day)).toBeNull();
  });

  it('reads the day in Moscow', () => {
    expect(financeDay(Date.parse('2026-11-25T21:30:00Z'))).toBe('2026-11-26');
  });
});

describe('a plan "until completion": its term capped by the months left to the building\'s completion', () => {
  const plan = programme({
    id: 'until',
    kind: 'installment',
    bankId: null,
    mortgageKind: null,
    rate: 0,
    markup: 0,
    minDownPayment: 30,
    maxTermMonths: 18,
    untilCompletion: true,
  });
  const day = '2026-11-29';

  it('counts whole months from this month to the end of the completion quarter', () => {
    expect(monthsToCompletion('2027-Q2', day)).toBe(7); // December … June
    expect(monthsToCompletion('2026-Q4', day)).toBe(1);
    expect(monthsToCompletion('2028-Q4', day)).toBe(25);
    expect(monthsToCompletion('2026-Q3', day)).toBe(0); // late: never negative
    expect(monthsToCompletion('done', day)).toBeNull();
    expect(monthsToCompletion(null, day)).toBeNull();
  });

  it('offers 7 months of an 18-month plan for a building due in 7, its whole term for one due later', () => {
    expect(termCap(plan, { completion: '2027-Q2' }, day)).toBe(7);
    expect(termCap(plan, { completion: '2029-Q1' }, day)).toBe(18);
    expect(forLot(plan, { completion: '2029-Q1' }, day)).toBe(plan);
    const lot = { ...flat, completion: '2027-Q2' };
    const best = bestQuote([plan], lot, day, { downPaymentPercent: 30, termMonths: 18 })!;
    expect(best.programme.maxTermMonths).toBe(7);
    expect(best.quote.termMonths).toBe(7);
    expect(best.quote.monthly).toBe(1_000_000); // 7 000 000 ₽ spread over 7 months, not 18
  });

  it('finances no lot of a building handed over or due this month; a calculator with no lot is not capped', () => {
    expect(applies(plan, { ...flat, completion: null }, day)).toBe(false);
    expect(applies(plan, { ...flat, completion: '2026-Q3' }, day)).toBe(false);
    expect(applies(plan, { ...flat, completion: '2027-Q2' }, day)).toBe(true);
    expect(termCap(plan, {}, day)).toBe(18);
    expect(applies(plan, flat, day)).toBe(true);
  });

  it('caps no other programme', () => {
    const mortgage = programme();
    expect(termCap(mortgage, { completion: '2027-Q2' }, day)).toBe(360);
    expect(applies(mortgage, { ...flat, completion: null }, day)).toBe(true);
  });
});

describe("the programmes offered for one lot (the lot page, the reserve page and a reservation's check)", () => {
  const list = [
    programme({ id: 'any' }),
    programme({ id: 'commercial', lotTypes: ['commercial'] }),
    programme({ id: 'other-project', projects: ['2'] }),
    programme({ id: 'expired', validTo: '2026-02-01' }),
    programme({ id: 'plan', kind: 'installment', untilCompletion: true, maxTermMonths: 24 }),
  ];
  const day = '2026-11-29';

  it('keeps those that apply, each as offered for the lot (a plan "until completion" capped)', () => {
    const offered = programmesFor(list, { ...flat, completion: '2027-Q2' }, day);
    expect(offered.map((p) => [p.id, p.maxTermMonths])).toEqual([
      ['any', 360],
      ['plan', 7],
    ]);
  });

  it('reads the lot and the programmes in force from their sources; null for a lot the catalogue does not know', async () => {
    const sources = { valid: async () => list, today: () => day, lot: async (id: string) => (id === flat.id ? flat : undefined) };
    expect((await lotProgrammes(sources, flat.id))?.map((p) => p.id)).toEqual(['any', 'plan']);
    expect(await lotProgrammes(sources, '999')).toBeNull();
  });
});
