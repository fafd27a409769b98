import type { Locale } from '#core/i18n/locales.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import type { MortgageKind } from '#core/purchase/types.ts';

/**
 * The purchase calls' own words in three languages: filter item labels, mortgage kinds and the informer's
 * sentences. The pages' calculator has its own catalog (core/i18n); these are what the API answers.
 */
type Words = { ru: string; en: string; zh: string };
const w = (ru: string, en: string, zh: string): Words => ({ ru, en, zh });

export const MORTGAGE_KIND_WORDS: Record<MortgageKind, Words> = {
  standard: w('Стандартная ипотека', 'Standard mortgage', '标准房贷'),
  family: w('Семейная ипотека', 'Family mortgage', '家庭房贷'),
  it: w('IT-ипотека', 'IT-sector mortgage', 'IT从业者房贷'),
  military: w('Военная ипотека', 'Military mortgage', '军人房贷'),
  subsidised: w('Субсидированная ставка', 'Developer-subsidised rate', '开发商贴息利率'),
};

export const SPEC_LABELS = {
  project: w('Проект', 'Project', '项目'),
  realty_type: w('Тип помещения', 'Type of premises', '房源类型'),
  bank: w('Банк', 'Bank', '银行'),
  mortgage_kind: w('Программа', 'Programme', '贷款项目'),
  price: w('Стоимость', 'Price', '价格'),
  down_payment: w('Первоначальный взнос', 'Down payment', '首付'),
  term: w('Срок', 'Term', '期限'),
} satisfies Record<string, Words>;

export const UNITS = { rouble: w('₽', '₽', '₽'), percent: w('%', '%', '%'), months: w('мес.', 'months', '个月') } satisfies Record<string, Words>;

export const word = (words: Words, locale: Locale): string => words[locale];

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const num = (value: number, locale: Locale): string => {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, { maximumFractionDigits: 2 })));
  return format.format(value);
};

const ruPlural = new Intl.PluralRules('ru-RU');
/** 1 банк, 2 банка, 5 банков. */
const ru = (n: number, one: string, few: string, many: string) => {
  const form = ruPlural.select(n);
  return `${num(n, 'ru')} ${form === 'one' ? one : form === 'few' ? few : many}`;
};
const en = (n: number, one: string, many: string) => `${num(n, 'en')} ${n === 1 ? one : many}`;

export type InformerFacts = { purchaseType: 'mortgage' | 'installment'; rate: number | null; banks: number; programmes: number; monthlyFrom: number | null };

/** The informer's title and sentence ("Ипотека от 4,5 %", "5 банков-партнёров, платёж от 38 120 ₽ в месяц"). */
export function informerTexts(f: InformerFacts, locale: Locale): { title: string; text: string } {
  const rate = f.rate === null ? null : num(f.rate, locale);
  const monthly = f.monthlyFrom === null ? null : num(f.monthlyFrom, locale);
  if (f.purchaseType === 'mortgage') {
    const title = {
      ru: rate === null ? 'Ипотека' : `Ипотека от ${rate} %`,
      en: rate === null ? 'Mortgage' : `Mortgage from ${rate} %`,
      zh: rate === null ? '房贷' : `房贷利率低至 ${rate}%`,
    }[locale];
    const parts = {
      ru: [
        f.banks ? `${ru(f.banks, 'банк-партнёр', 'банка-партнёра', 'банков-партнёров')}` : 'Нет действующих программ',
        monthly && `платёж от ${monthly} ₽ в месяц`,
      ],
      en: [f.banks ? en(f.banks, 'partner bank', 'partner banks') : 'No programmes in force', monthly && `payments from ${monthly} ₽ a month`],
      zh: [f.banks ? `${num(f.banks, 'zh')} 家合作银行` : '暂无有效的贷款项目', monthly && `月供 ${monthly} 卢布起`],
    }[locale];
    return { title, text: parts.filter(Boolean).join(locale === 'zh' ? '，' : ', ') };
  }
  const title = {
    ru: rate === null ? 'Рассрочка' : f.rate === 0 ? 'Рассрочка без удорожания' : `Рассрочка от ${rate} %`,
    en: rate === null ? 'Instalment plan' : f.rate === 0 ? 'Instalments at no extra cost' : `Instalments from ${rate} % markup`,
    zh: rate === null ? '分期付款' : f.rate === 0 ? '分期付款，不加价' : `分期付款，加价 ${rate}% 起`,
  }[locale];
  const parts = {
    ru: [f.programmes ? ru(f.programmes, 'программа', 'программы', 'программ') : 'Нет действующих программ', monthly && `платёж от ${monthly} ₽ в месяц`],
    en: [f.programmes ? en(f.programmes, 'plan', 'plans') : 'No plans in force', monthly && `payments from ${monthly} ₽ a month`],
    zh: [f.programmes ? `${num(f.programmes, 'zh')} 种分期方案` : '暂无有效的分期方案', monthly && `月供 ${monthly} 卢布起`],
  }[locale];
  return { title, text: parts.filter(Boolean).join(locale === 'zh' ? '，' : ', ') };
}
