import { LOCALE_ENTRIES, type Locale } from '../i18n/locales.ts';
import type { Translate } from '../i18n/messages.ts';
import { formatPercent } from '../i18n/percent.ts';
import type { FinanceProgramme } from './types.ts';

/**
 * A programme's terms in words, made from its own fields and nothing else, so a page, a card or the API can never
 * say more (or other) than the programme does: «Ставка 4,1 %, первый взнос от 30 %, срок до 30 лет, кредит до
 * 30 000 000 ₽»; «Удорожание 9 % от суммы рассрочки, первый взнос от 20 %, срок до 3 лет»; a plan "until completion"
 * says so, and `p` given for a lot (`forLot`) carries the term its building's completion leaves.
 */
export function programmeTerms(p: FinanceProgramme, t: Translate, locale: Locale, money: (roubles: number) => string): string {
  const parts: string[] = [];
  if (p.kind === 'installment')
    parts.push(p.markup > 0 ? t('purchase.terms.markup', { markup: formatPercent(p.markup, locale) }) : t('purchase.terms.noMarkup'));
  else parts.push(t('purchase.terms.rate', { rate: formatPercent(p.rate, locale) }));
  parts.push(t('purchase.terms.down', { down: formatPercent(p.minDownPayment, locale) }));
  // A mortgage's term in years when whole years; an instalment plan's in months, as the calculator says them.
  const term =
    p.kind !== 'installment' && p.maxTermMonths % 12 === 0
      ? t('purchase.terms.upToYears', { count: p.maxTermMonths / 12 })
      : t('purchase.terms.upToMonths', { count: p.maxTermMonths });
  parts.push(t(p.untilCompletion ? 'purchase.terms.untilCompletion' : 'purchase.terms.term', { term }));
  if (p.maxLoan !== null) parts.push(t('purchase.terms.loan', { amount: money(p.maxLoan) }));
  const text = parts.join(t('purchase.terms.separator'));
  return text.charAt(0).toLocaleUpperCase(LOCALE_ENTRIES[locale].iso) + text.slice(1);
}
