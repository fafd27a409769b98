import { describe, expect, it } from 'vitest';
import { annuityPayment, monthlyPayment } from './mortgage.ts';

describe('annuityPayment', () => {
  it('matches the textbook annuity formula', () => {
    // 1,000,000 at 12% for 1 year: 88,848.79 a month.
    expect(annuityPayment(1_000_000, 12, 1)).toBe(88_849);
    // 8,000,000 at 6% for 30 years: 47,964.04 a month.
    expect(annuityPayment(8_000_000, 6, 30)).toBe(47_965);
  });

  it('divides evenly at a zero rate and never goes below it', () => {
    expect(annuityPayment(1_200_000, 0, 1)).toBe(100_000);
    expect(annuityPayment(1_200_000, 0.01, 1)).toBeGreaterThanOrEqual(100_000);
  });

  it('is zero for nothing borrowed or no term', () => {
    expect(annuityPayment(0, 6, 30)).toBe(0);
    expect(annuityPayment(-5, 6, 30)).toBe(0);
    expect(annuityPayment(1_000_000, 6, 0)).toBe(0);
  });

  it('pays the loan off: the payments discount back to the principal', () => {
    const principal = 5_000_000;
    const payment = annuityPayment(principal, 5.9, 20);
    const r = 5.9 / 1200;
    const present = (payment * (1 - (1 + r) ** -240)) / r;
    expect(present).toBeGreaterThanOrEqual(principal);
    expect(present - principal).toBeLessThan(400);
  });
});

describe('monthlyPayment', () => {
  it('quotes 20% down over 30 years by default', () => {
    expect(monthlyPayment(10_000_000, 6)).toEqual({ rate: 6, years: 30, downPayment: 2_000_000, amount: 47_965 });
  });

  it('takes other terms and clamps the share', () => {
    expect(monthlyPayment(1_000_000, 12, { years: 1, downPaymentShare: 0 }).amount).toBe(88_849);
    expect(monthlyPayment(1_000_000, 12, { downPaymentShare: 2 })).toMatchObject({ downPayment: 1_000_000, amount: 0 });
  });
});
