import { describe, expect, it } from 'vitest';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { catalogueFormat } from '#core/catalogue/format.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { programme } from './fixtures.ts';
import { forLot } from './payments.ts';
import { programmeTerms } from './terms.ts';

const terms = (p: Parameters<typeof programmeTerms>[0], locale: Locale) => {
  const t = translatorOf(locale);
  return programmeTerms(p, t, locale, catalogueFormat(locale, t).money);
};

describe("a programme's terms in words, from its own fields", () => {
  it("says a mortgage's rate, down payment, term and loan cap, each percentage as its language writes it", () => {
    const p = programme({ rate: 4.1, minDownPayment: 30, maxTermMonths: 360, maxLoan: 30_000_000 });
    expect(terms(p, 'ru')).toBe('Ставка 4,1\u00a0%, первый взнос от 30\u00a0%, срок до 30 лет, кредит до 30\u00a0000\u00a0000\u00a0₽');
    expect(terms(p, 'en')).toBe('4.1% a year, from 30% down, up to 30 years, loans up to ₽30,000,000');
    expect(terms(p, 'zh')).toBe('年利率 4.1%，首付 30% 起，期限最长 30 年，贷款上限 ₽30,000,000');
  });

  it("says an instalment plan's markup, or that it has none, and never that it charges no interest when it marks up", () => {
    const marked = programme({ kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 9, minDownPayment: 20, maxTermMonths: 36 });
    expect(terms(marked, 'ru')).toBe('Удорожание 9\u00a0% от суммы рассрочки, первый взнос от 20\u00a0%, срок до 36 месяцев');
    expect(terms(marked, 'en')).toBe('A 9% markup on the amount spread, from 20% down, up to 36 months');
    const free = { ...marked, markup: 0, maxTermMonths: 3 };
    expect(terms(free, 'ru')).toBe('Без удорожания, первый взнос от 20\u00a0%, срок до 3 месяцев');
  });

  it("says a plan runs until completion, with the months a lot's building leaves", () => {
    const plan = programme({
      kind: 'installment',
      bankId: null,
      mortgageKind: null,
      rate: 0,
      markup: 0,
      minDownPayment: 30,
      maxTermMonths: 18,
      untilCompletion: true,
    });
    expect(terms(plan, 'ru')).toBe('Без удорожания, первый взнос от 30\u00a0%, срок до 18 месяцев, но не позже сдачи дома');
    expect(terms(forLot(plan, { completion: '2027-Q2' }, '2026-11-29'), 'ru')).toBe(
      'Без удорожания, первый взнос от 30\u00a0%, срок до 7 месяцев, но не позже сдачи дома',
    );
    expect(terms(forLot(plan, { completion: '2027-Q2' }, '2026-11-29'), 'en')).toBe('No markup, from 30% down, up to 7 months, and no later than completion');
  });
});
