/** Mortgage terms a lot page quotes by default: the usual family-mortgage shape (20% down, 30 years). */
export const DEFAULT_MORTGAGE = { years: 30, downPaymentShare: 0.2 } as const;

/**
 * Monthly payment of an annuity loan, in roubles: P·r / (1 − (1 + r)^−n) with r the monthly rate and n the
 * number of months; a zero rate (developer's instalment plans) divides evenly. Rounded up to the rouble,
 * because a quoted payment must never come out lower than the bank's.
 */
export function annuityPayment(principal: number, annualRatePercent: number, years: number): number {
  if (!(principal > 0) || !(years > 0)) return 0;
  const months = Math.round(years * 12);
  const r = annualRatePercent / 100 / 12;
  const exact = r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  // Guard against 1234.0000000001 rounding up a whole rouble.
  return Math.ceil(Math.round(exact * 1e6) / 1e6);
}

export type MonthlyPayment = { rate: number; years: number; downPayment: number; amount: number };

/** The payment quoted for a lot of `price`: down payment rounded to the rouble, the rest borrowed. */
export function monthlyPayment(price: number, rate: number, terms: { years?: number; downPaymentShare?: number } = {}): MonthlyPayment {
  const years = terms.years ?? DEFAULT_MORTGAGE.years;
  const share = Math.min(1, Math.max(0, terms.downPaymentShare ?? DEFAULT_MORTGAGE.downPaymentShare));
  const downPayment = Math.round(price * share);
  return { rate, years, downPayment, amount: annuityPayment(price - downPayment, rate, years) };
}
