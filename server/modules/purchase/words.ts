import { CATALOGS, localizedOf, translatorOf } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Localized } from '#core/i18n/localized.ts';
import type { MessageKey } from '#core/i18n/messages.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { formatPercent } from '#core/i18n/percent.ts';
import type { MortgageKind } from '#core/purchase/types.ts';

/**
 * The purchase calls' words in three languages, read from the catalogs (`purchase.api`, core/i18n): filter item
 * labels and units, mortgage kinds and the informer's sentences. The pages' calculator says the same from there.
 */

/** A mortgage kind's name: a kind with a purchase page of its own is called what the page is. */
const MORTGAGE_KIND_KEYS = {
  standard: 'purchase.api.mortgageKinds.standard',
  family: 'catalogue.programme.family-mortgage',
  it: 'catalogue.programme.it-mortgage',
  military: 'purchase.api.mortgageKinds.military',
  subsidised: 'purchase.api.mortgageKinds.subsidised',
} as const satisfies Record<MortgageKind, MessageKey>;

export const MORTGAGE_KIND_WORDS = Object.fromEntries(Object.entries(MORTGAGE_KIND_KEYS).map(([kind, key]) => [kind, localizedOf(key)])) as Record<
  MortgageKind,
  Localized
>;

type SpecName = keyof (typeof CATALOGS)['ru']['purchase']['api']['filter'];
export const SPEC_LABELS = Object.fromEntries(
  (Object.keys(CATALOGS.ru.purchase.api.filter) as SpecName[]).map((name) => [name, localizedOf(`purchase.api.filter.${name}`)]),
) as Record<SpecName, Localized>;

export const UNITS = {
  rouble: localizedOf('catalogue.units.price'),
  percent: localizedOf('purchase.api.units.percent'),
  months: localizedOf('purchase.api.units.months'),
} satisfies Record<string, Localized>;

export const word = (words: Localized, locale: Locale): string => words[locale];

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const num = (value: number, locale: Locale): string => {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, { maximumFractionDigits: 2 })));
  return format.format(value);
};

export type InformerFacts = { purchaseType: 'mortgage' | 'installment'; rate: number | null; banks: number; programmes: number; monthlyFrom: number | null };

/** The informer's title and sentence ("Ипотека от 4,5 %", "5 банков-партнёров, платёж от 38 120 ₽ в месяц"). */
export function informerTexts(f: InformerFacts, locale: Locale): { title: string; text: string } {
  const t = translatorOf(locale);
  const rate = f.rate === null ? null : formatPercent(f.rate, locale);
  const payment = f.monthlyFrom === null ? null : t('purchase.api.informer.payment', { monthly: num(f.monthlyFrom, locale) });
  const sentence = (facts: string) => (payment ? t('purchase.api.informer.sentence', { facts, payment }) : facts);
  if (f.purchaseType === 'mortgage') {
    return {
      title: rate === null ? t('purchase.api.informer.mortgage.title') : t('purchase.api.informer.mortgage.titleFrom', { rate }),
      text: sentence(f.banks ? t('purchase.api.informer.mortgage.banks', { count: f.banks }) : t('purchase.api.informer.mortgage.none')),
    };
  }
  const title =
    rate === null
      ? t('purchase.api.informer.installment.title')
      : f.rate === 0
        ? t('purchase.api.informer.installment.titleFree')
        : t('purchase.api.informer.installment.titleFrom', { rate });
  return {
    title,
    text: sentence(f.programmes ? t('purchase.api.informer.installment.plans', { count: f.programmes }) : t('purchase.api.informer.installment.none')),
  };
}
