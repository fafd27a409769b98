import { useMemo } from 'react';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { wholeRoubles } from '#core/purchase/payments.ts';
import { programmeTerms } from '#core/purchase/terms.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';
import { pick } from '#core/i18n/pick.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/**
 * How the calculator says its figures, each through the site's formatters: money in whole roubles (a kopeck
 * amount rounded up, as every surface shows it), terms with their plural form, a programme's name and lender.
 */
export function usePurchaseWords(banks: Record<string, string>) {
  const t = useT();
  const locale = useLocale();
  const format = useCatalogueFormat();
  return useMemo(() => {
    const list = new Intl.ListFormat(LOCALE_ENTRIES[locale].iso, { type: 'conjunction' });
    return {
      format,
      kopecks: (amount: number) => format.money(wholeRoubles(amount)),
      perMonth: (roubles: number) => t('purchase.calculator.perMonth', { value: format.money(roubles) }),
      /** A mortgage's term in years when it is whole years, otherwise (and an instalment plan's) in months. */
      term: (months: number, kind: FinanceProgramme['kind']) =>
        kind !== 'installment' && months % 12 === 0 ? t('purchase.units.years', { count: months / 12 }) : t('purchase.units.months', { count: months }),
      /** Names joined as the language joins them («Сосновый берег и Северные высоты», «松林河岸和北方高地»). */
      list: (names: string[]) => list.format(names),
      name: (p: FinanceProgramme) => pick(p.name, locale),
      conditions: (p: FinanceProgramme) => pick(p.conditions, locale),
      /** The programme's terms in words, from its own fields (core/purchase/terms.ts): what an offer says it is. */
      terms: (p: FinanceProgramme) => programmeTerms(p, t, locale, format.money),
      lender: (p: FinanceProgramme) => (p.bankId ? (banks[p.bankId] ?? p.bankId) : t('purchase.calculator.developer')),
    };
  }, [banks, format, locale, t]);
}
export type PurchaseWords = ReturnType<typeof usePurchaseWords>;
