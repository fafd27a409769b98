import type { LotCard } from '#core/catalogue/types.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { calculatorOffers, PURCHASE_PAGES, type CalculatorSetup, type CalculatorState } from '#core/purchase/calculator.ts';
import { applies, financeDay } from '#core/purchase/payments.ts';
import { programmeInput, toProgramme } from '#core/purchase/schemas.ts';
import * as demoFinance from '#content/purchase.ts';

/**
 * What the calculator's tests compute their expected figures with, in the browser (tests/e2e/purchase/) and in the
 * server's pages (tests/integration/purchase/): the seeded programmes in force today, in core's shape, and each
 * page's setup.
 */
export const DAY = financeDay();
export const PROGRAMMES = demoFinance.programmes
  .map((p, i) => toProgramme(programmeInput.parse(p), i))
  .filter((p) => p.validFrom <= DAY && (p.validTo === null || DAY <= p.validTo));

/** What core gives as the best monthly payment for a page's setup and state. */
export function bestMonthly(setup: CalculatorSetup, state: CalculatorState): number {
  return calculatorOffers(setup, state)[0]!.quote.monthly;
}

/** A lot page's calculator: the lot's price, kind and project fixed, the programmes that finance it. */
export function lotSetup(lot: LotCard): CalculatorSetup {
  const finance = { id: lot.id, projectId: lot.projectId, type: lot.type, offer: lot.offer, price: lot.price };
  return {
    programmes: PROGRAMMES.filter((p) => applies(p, finance, DAY)),
    day: DAY,
    lotId: lot.id,
    fixedPrice: lot.price,
    presetPrice: lot.price,
    fixedType: lot.type,
    types: [lot.type],
    fixedProject: lot.projectId,
    projects: [lot.projectId],
  };
}

/** /purchase/mortgage's calculator, starting from `price`. */
export const mortgagePage = (price: number): CalculatorSetup => ({
  programmes: PROGRAMMES.filter(PURCHASE_PAGES['purchase/mortgage']),
  day: DAY,
  lotId: null,
  fixedPrice: null,
  presetPrice: price,
  fixedType: null,
  types: ['flat', 'parking', 'pantry', 'commercial'],
  fixedProject: null,
  projects: [],
});

/** The monthly payment an offer card's text shows, in roubles («Платёж в месяц: 53 960 ₽ в месяц»). */
export function monthlyIn(text: string, m: Messages): number | null {
  const [before = ''] = m.purchase.calculator.perMonth.split('{value}');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escape(m.purchase.calculator.monthly)}:\\s*${escape(before)}([^\\p{L}]*)`, 'u').exec(text);
  return match ? Number(match[1]!.replace(/\D/g, '')) : null;
}
