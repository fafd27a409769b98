import { DEFAULT_TERMS } from '../purchase/types.ts';
import { showsListPrice, type CardPayment, type Finish, type LotCard, type LotStatus, type LotType } from '#core/catalogue/types.ts';
import { LOCALE_ENTRIES, type Locale } from '#core/i18n/locales.ts';
import { formatPercent } from '#core/i18n/percent.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import type { Translate } from '#core/i18n/messages.ts';

/** The catalogue's counted words: plural messages of the catalogs (core/i18n/message-format.ts). */
type PluralGroup =
  | 'catalogue.plural.lotsLeft'
  | 'catalogue.plural.rooms'
  | 'catalogue.plural.lots'
  | 'catalogue.plural.floors'
  | 'catalogue.plural.projects'
  | 'catalogue.plural.years';

export type LotLike = Pick<LotCard, 'type' | 'rooms' | 'euro' | 'number'>;

const ROMAN = ['I', 'II', 'III', 'IV'] as const;

/** Short-price scales as powers of ten, smallest first (`catalogue.common.compact`). */
const COMPACT_SCALES = [3, 4, 6, 8, 9] as const;

/**
 * The one spelling of a completion date on every surface (card, page, filter choice, PDF): `2027-Q4` → «IV квартал
 * 2027» / "Q4 2027" / «2027 年第 4 季度»; `done` or none → «Дом сдан».
 */
export function completionText(code: string | null | undefined, t: Translate): string {
  const parsed = parseCompletion(code);
  if (!parsed) return t('catalogue.completion.done');
  return t('catalogue.completion.quarter', { quarter: ROMAN[parsed.quarter - 1] ?? String(parsed.quarter), number: parsed.quarter, year: parsed.year });
}

/** Figures as a buyer reads them: `12 400 000 ₽`, `от 8,9 млн ₽`, `61,2 м²`, `2-комнатная квартира № 45`. */
/** The Intl objects of a language, made once: building them costs more than formatting a whole card. */
const INTL = new Map<Locale, ReturnType<typeof makeIntl>>();
function makeIntl(locale: Locale) {
  const iso = LOCALE_ENTRIES[locale].iso;
  // Each made on its first use: a page that shows no chart never builds the month formats (each Intl object costs
  // about a millisecond of a phone's main thread while the page hydrates).
  return lazyFields({
    money: () => new Intl.NumberFormat(iso, { style: 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }),
    /** The figure of a short price («14,2» of «14,2 млн ₽»); its scale word comes from the catalog. */
    compactFigure: () => new Intl.NumberFormat(iso, { maximumFractionDigits: 1, useGrouping: false }),
    decimal: () => new Intl.NumberFormat(iso, { maximumFractionDigits: 1 }),
    integer: () => new Intl.NumberFormat(iso, { maximumFractionDigits: 0 }),
    /** Ceiling heights: «3,0», «3,15». */
    metres: () => new Intl.NumberFormat(iso, { minimumFractionDigits: 1, maximumFractionDigits: 2 }),
    month: () => new Intl.DateTimeFormat(iso, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    monthShort: () => new Intl.DateTimeFormat(iso, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    /** A day of the Moscow calendar: «12 декабря», "12 December", «12月12日». */
    moscowDay: () => new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' }),
    percent: () => new Intl.NumberFormat(iso, { style: 'percent', maximumFractionDigits: 0 }),
    signedPercent: () => new Intl.NumberFormat(iso, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }),
  });
}

/** An object whose fields are made by their functions on first read, once. */
function lazyFields<T extends Record<string, unknown>>(makers: { [K in keyof T]: () => T[K] }): Readonly<T> {
  const fields = {} as T;
  for (const key of Object.keys(makers) as (keyof T)[]) {
    let value: T[keyof T] | undefined;
    Object.defineProperty(fields, key, { enumerable: true, get: () => (value ??= makers[key]()) });
  }
  return fields;
}

export function intlOf(locale: Locale) {
  let intl = INTL.get(locale);
  if (!intl) INTL.set(locale, (intl = makeIntl(locale)));
  return intl;
}

/** The typographic minus (U+2212) where Intl writes a hyphen: «−3 %». */
const minus = (text: string) => text.replace('-', '\u2212');

export function catalogueFormat(locale: Locale, t: Translate) {
  const intl = intlOf(locale);
  // The powers of ten this language counts short prices in (ru and en: thousands, millions, billions; zh: 万, 亿).
  const scales = COMPACT_SCALES.filter((power) => t(`catalogue.common.compact.e${power}`) !== '');
  /**
   * A short price: «от 14,2 млн ₽», "₽14.2m", «₽1415.5万». The largest scale the price reaches, moved up one when
   * rounding reaches the next (999 960 ₽ is «1 млн ₽», not «1000 тыс. ₽»); below every scale, the whole price.
   */
  const moneyCompact = (value: number) => {
    let at = scales.findLastIndex((power) => Math.abs(value) >= 10 ** power);
    if (at < 0) return intl.money.format(value);
    const next = scales[at + 1];
    if (next !== undefined && Math.abs(Math.round(value / 10 ** (scales[at]! - 1))) * 10 ** (scales[at]! - 1) >= 10 ** next) at += 1;
    const power = scales[at]!;
    return t(`catalogue.common.compact.e${power}`, { value: intl.compactFigure.format(value / 10 ** power) });
  };

  // The language's own marks, from its number format: «12 500 000,5» (ru), "12,500,000.5" (en, zh).
  const marks = intl.decimal.formatToParts(12345.6);
  const groupMark = marks.find((part) => part.type === 'group')?.value ?? ' ';
  const decimalMark = marks.find((part) => part.type === 'decimal')?.value ?? '.';

  /** «21 лот», «24 лота», «25 лотов»: the count in the form its language gives it. */
  const plural = (group: PluralGroup, count: number) => t(group, { count });

  const roomsTitle = (lot: Pick<LotCard, 'type' | 'rooms' | 'euro'>) => {
    if (lot.type !== 'flat' || lot.rooms === null) return t(`catalogue.lotType.${lot.type}`);
    if (lot.rooms === 0) return t('catalogue.rooms.studio');
    return t(lot.euro ? 'catalogue.rooms.euroFlat' : 'catalogue.rooms.flat', { count: lot.rooms });
  };

  return {
    money: (value: number) => intl.money.format(value),
    moneyCompact,
    from: (value: number) => t('catalogue.common.from', { value: moneyCompact(value) }),
    number: (value: number) => intl.integer.format(value),
    /**
     * A figure as it is being typed, grouped like every figure on the site (`12500000` → «12 500 000»), the fraction
     * kept as typed («45,» stays), and the caret kept after the same digit. `value` is the number typed (undefined
     * when empty), `valid` false when the text is not a number.
     */
    typing: (text: string, caret: number = text.length) => {
      const significant = (char: string) => /[0-9-]/.test(char) || char === decimalMark || char === '.';
      const before = [...text.slice(0, caret)].filter(significant).length;
      const plain = text
        .replace(/\s/g, '')
        .split(groupMark === '.' ? '\u0000' : groupMark)
        .join('')
        .replace(decimalMark, '.');
      const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(plain);
      if (!match) return { text, caret, value: undefined, valid: plain === '' };
      const [, sign = '', whole = '', fraction] = match;
      const grouped = `${sign}${whole === '' ? '' : intl.integer.format(Number(whole))}${fraction === undefined ? '' : `${decimalMark}${fraction}`}`;
      let seen = 0;
      let at = 0;
      while (at < grouped.length && seen < before) if (significant(grouped[at++]!)) seen += 1;
      const value = whole === '' && !fraction ? undefined : Number(`${sign}${whole || '0'}.${fraction ?? ''}`);
      return { text: grouped, caret: at, value, valid: true };
    },
    area: (value: number) => t('catalogue.common.area', { value: intl.decimal.format(value) }),
    decimal: (value: number) => intl.decimal.format(value),
    perM2: (value: number) => t('catalogue.common.perM2', { value: intl.money.format(value) }),
    /** A percentage as the language writes it: «4,5 %», "4.5%" (core/i18n/percent.ts, the one way every surface does). */
    percent: (value: number) => formatPercent(value, locale),
    plural,
    roomsTitle,
    /** `2-комнатная квартира № 45` */
    lotTitle: (lot: LotLike) => t('catalogue.lot.title', { kind: roomsTitle(lot), number: lot.number }),
    /** `Кв. 45`: the short name screen readers hear first in dense grids. */
    lotShort: (lot: Pick<LotCard, 'type' | 'number'>) => t(`catalogue.lotShort.${lot.type}`, { number: lot.number }),
    roomsShort: (lot: Pick<LotCard, 'type' | 'rooms' | 'euro'>) => {
      if (lot.type !== 'flat' || lot.rooms === null) return t(`catalogue.lotType.${lot.type}`);
      if (lot.rooms === 0) return t('catalogue.rooms.studio');
      return lot.euro ? t('catalogue.rooms.euroShort', { count: lot.rooms }) : plural('catalogue.plural.rooms', lot.rooms);
    },
    status: (status: LotStatus) => t(`catalogue.status.${status}`),
    /**
     * What is on sale in a project, building, section or floor: «12 лотов в продаже», «Всё продано», or for a
     * project whose sales have not started «Скоро в продаже» (its lots are on no count: `aggregates`).
     */
    availability: (lotsLeft: number, presale: boolean, group: 'catalogue.plural.lots' | 'catalogue.plural.lotsLeft' = 'catalogue.plural.lotsLeft') =>
      presale ? t('catalogue.projectStatus.presale') : lotsLeft > 0 ? plural(group, lotsLeft) : t('catalogue.common.soldOut'),
    /** A lot's status as offered: «В продаже» for a lot on sale, «Сдаётся в аренду» for premises let for rent. */
    /** A reservation's end as a day of the Moscow calendar: «12 декабря», "12 December". */
    reservedUntilDate: (iso: string) => intl.moscowDay.format(new Date(iso)),
    /** A lot's state in words; a lot reserved online with its end: «Забронирован до 12 декабря» (a hold has none: minutes). */
    lotStatus: (lot: Pick<LotCard, 'status' | 'offer'> & { reservedUntil?: string | null }) =>
      lot.status === 'reserved' && lot.reservedUntil
        ? t('catalogue.reservedUntil', { date: intl.moscowDay.format(new Date(lot.reservedUntil)) })
        : t(lot.offer === 'rent' ? `catalogue.rentStatus.${lot.status}` : `catalogue.status.${lot.status}`),
    /** The price as offered: `12 400 000 ₽`, or the monthly rent `120 000 ₽/мес`. */
    price: (lot: Pick<LotCard, 'price' | 'offer'>) =>
      lot.offer === 'rent' ? t('catalogue.common.perMonth', { value: intl.money.format(lot.price) }) : intl.money.format(lot.price),
    /** The price per m² as offered: `202 614 ₽ за м²`, or the rent `1 500 ₽ за м² в месяц`. */
    lotPerM2: (lot: Pick<LotCard, 'pricePerM2' | 'offer'>) =>
      t(lot.offer === 'rent' ? 'catalogue.common.perM2Month' : 'catalogue.common.perM2', { value: intl.money.format(lot.pricePerM2) }),
    /**
     * A lot's "from N ₽ a month" (`LotCard.payment`) and what gives it: «Норд Банк, 6 %», or an instalment plan's
     * name. Null where no programme applies. The card, the lot page, the comparison and the PDF sheet all print this.
     */
    payment: (lot: { payment: CardPayment | null }) => {
      if (!lot.payment) return null;
      const lender =
        lot.payment.kind === 'installment' || !lot.payment.bankName
          ? lot.payment.programmeName
          : t('catalogue.payment.mortgage', { bank: lot.payment.bankName, rate: formatPercent(lot.payment.rate, locale) });
      return {
        amount: t('catalogue.payment.from', { amount: intl.money.format(lot.payment.monthly) }),
        /** The programme, and its rate where a bank lends: «Банк «Столица», 4,1 %»; what a line that states the terms itself begins with. */
        lender,
        // A programme that asks more than the usual 20 % down (its minimum, or its loan cap) says so beside the figure.
        by: [
          lender,
          ...(lot.payment.downPaymentPercent > DEFAULT_TERMS.downPaymentPercent
            ? [t('catalogue.payment.down', { down: formatPercent(Math.round(lot.payment.downPaymentPercent), locale) })]
            : []),
        ].join(' · '),
      };
    },
    /** The terms every "from N ₽ a month" is quoted at: «первый взнос 20 %, 30 лет». */
    paymentTerms: (downPaymentPercent: number, termMonths: number) =>
      t('catalogue.payment.terms', {
        down: formatPercent(downPaymentPercent, locale),
        years: plural('catalogue.plural.years', Math.round(termMonths / 12)),
      }),
    /** The request form's title: «Заявка на 1-комнатную квартиру № 84» (the case each language needs). */
    requestTitle: (lot: LotLike) => {
      const number = lot.number;
      if (lot.type !== 'flat' || lot.rooms === null) return t(`catalogue.requestTitle.${lot.type}`, { number });
      if (lot.rooms === 0) return t('catalogue.requestTitle.studio', { number });
      return t(lot.euro ? 'catalogue.requestTitle.euroFlat' : 'catalogue.requestTitle.flat', { number, count: lot.rooms });
    },
    type: (type: LotType) => t(`catalogue.lotType.${type}`),
    /** `none` → «Без отделки» / "Shell and core": the filter's finish choice says the same. */
    finish: (finish: Finish) => t(`catalogue.finish.${finish}`),
    /** `2027-Q4` → «IV квартал 2027»: see `completionText`. */
    completion: (code: string | null | undefined) => completionText(code, t),
    floor: (floor: number) => t('catalogue.common.floor', { floor }),
    /** A 30-day price drop (`LotCard.priceDrop30d`, whole percent) as the card's badge: «−3 %», "−3%". */
    dropBadge: (drop: number) => minus(intl.signedPercent.format(-drop / 100)),
    /** The same drop unsigned: «3 %». */
    dropPercent: (drop: number) => intl.percent.format(drop / 100),
    /** The same drop in words for screen readers and the lot page: «Цена снижена на 3 % за 30 дней». */
    dropLabel: (drop: number) => t('catalogue.history.dropBadge', { percent: intl.percent.format(drop / 100) }),
    /** The change from one recorded price to the next: «−2,5 %», «+1 %». */
    priceChange: (from: number, to: number) => minus(intl.signedPercent.format(Math.round(((to - from) * 1000) / from) / 1000)),
    /** `2026-08` → «авг. 2026 г.»: a chart's or a table's month. */
    monthShort: (value: string) => {
      const match = /^(\d{4})-(\d{2})$/.exec(value);
      return match ? intl.monthShort.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15))) : value;
    },
    /** `2026-08` → «август 2026 г.»; a month already in words passes through. */
    month: (value: string) => {
      const match = /^(\d{4})-(\d{2})$/.exec(value);
      return match ? intl.month.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15))) : value;
    },
  };
}

export type CatalogueFormat = ReturnType<typeof catalogueFormat>;

/** `Кв. 45, 2 комнаты, 61,2 м², 12 400 000 ₽, в продаже`: one sentence for a lot in a grid or on a plan. */
export function lotAccessibleName(
  format: CatalogueFormat,
  lot: Pick<LotCard, 'type' | 'number' | 'rooms' | 'euro' | 'area' | 'price' | 'status' | 'offer'>,
): string {
  const parts = [format.lotShort(lot)];
  if (lot.type === 'flat') parts.push(format.roomsShort(lot));
  parts.push(format.area(lot.area));
  if (showsListPrice(lot)) parts.push(format.price(lot));
  parts.push(format.lotStatus(lot).toLocaleLowerCase());
  return parts.join(', ');
}
