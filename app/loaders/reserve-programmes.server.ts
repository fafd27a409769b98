import { catalogueFormat } from '#core/catalogue/format.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/i18n/pick.ts';
import { quote } from '#core/purchase/payments.ts';
import { programmeTerms } from '#core/purchase/terms.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';
import type { ReserveProgrammeOption } from '#app/components/reservations/types.ts';

/**
 * The reserve form's programmes in `locale`'s words, as the lot page's calculator says them (app/components/purchase/
 * words.ts): «Новостройка · Nord Bank», the programme's terms (core/purchase/terms.ts), the monthly payment at `price`
 * in whole roubles. `banks` names the lenders in that language; a programme without a bank is the developer's own.
 */
export function programmeOptions(
  programmes: readonly FinanceProgramme[],
  banks: Readonly<Record<string, string>>,
  price: number,
  locale: Locale,
): ReserveProgrammeOption[] {
  const t = translatorOf(locale);
  const format = catalogueFormat(locale, t);
  return programmes.map((p) => {
    const lender = p.bankId ? (banks[p.bankId] ?? p.bankId) : t('purchase.calculator.developer');
    const q = quote(p, price);
    return {
      id: p.id,
      name: `${pick(p.name, locale)} · ${lender}`,
      terms: programmeTerms(p, t, locale, format.money),
      monthly: q ? t('purchase.calculator.perMonth', { value: format.money(q.monthly) }) : null,
    };
  });
}
