import { DEFAULT_TERMS } from '#core/purchase/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { LotType, ProjectStatus } from '#core/catalogue/types.ts';
import { catalogueFormat, completionText, type Translate } from '#core/catalogue/format.ts';
import { translate } from '#core/i18n/messages.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import { figureIndicators, type ProjectFigures } from '#core/catalogue/project-figures.ts';
import ru, { type Messages } from '#core/i18n/catalogs/ru/index.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';

/** Words of the catalogue in three languages: codes stored in the database become text here. */
type Words = Record<string, { ru: string; en: string; zh: string }>;

const w = (ru: string, en: string, zh: string) => ({ ru, en, zh });

/**
 * The words a buyer also reads on cards and pages (lot type, rooms, finish, status, project status) come from the
 * page catalogs (core/i18n/catalogs), so a filter choice, a card, a page, a PDF and the feed say the same thing.
 */
const CATALOGS = { ru: ru.catalogue, en: en.catalogue, zh: zh.catalogue } as const;
type Catalogue = Messages['catalogue'];

function fromCatalogs<K extends string>(pick: (catalogue: Catalogue) => Record<K, string>): Record<K, { ru: string; en: string; zh: string }> {
  const codes = Object.keys(pick(CATALOGS.ru)) as K[];
  return Object.fromEntries(codes.map((code) => [code, w(pick(CATALOGS.ru)[code], pick(CATALOGS.en)[code], pick(CATALOGS.zh)[code])])) as Record<
    K,
    { ru: string; en: string; zh: string }
  >;
}

export const LOT_TYPE_WORDS: Words = fromCatalogs((c) => c.lotType);

export const ROOM_WORDS: Words = fromCatalogs((c) => c.rooms.chip);

export const FINISH_WORDS: Words = fromCatalogs((c) => c.finish);

export const STATUS_WORDS: Words = fromCatalogs((c) => c.status);

export const PROJECT_STATUS_WORDS: Record<ProjectStatus, { ru: string; en: string; zh: string }> = fromCatalogs((c) => c.projectStatus);

export const VIEW_WORDS = fromCatalogs((c) => c.words.view);

export const WINDOW_WORDS = fromCatalogs((c) => c.words.window);

export const FEATURE_WORDS = fromCatalogs((c) => c.words.feature);

export const PURPOSE_WORDS = fromCatalogs((c) => c.words.purpose);

export const SPEC_WORDS = fromCatalogs((c) => c.words.spec);

export const word = (words: Words, code: string, locale: Locale): string => words[code]?.[locale] ?? code;

const FORMATS = new Map<Locale, ReturnType<typeof catalogueFormat>>();

const TRANSLATE: Record<Locale, Translate> = {
  ru: (key, params) => translate(ru, key, params),
  en: (key, params) => translate(en, key, params),
  zh: (key, params) => translate(zh, key, params),
};

/** The catalogue's messages of a language, as the server reads them. */
export const catalogueTranslate = (locale: Locale): Translate => TRANSLATE[locale];

/** '2026-08' → «август 2026 г.» / 'August 2026' / «2026年8月»: the pages' month format. */
export function monthLabel(month: string, locale: Locale): string {
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, TRANSLATE[locale])));
  return format.month(month);
}

/** '2027-Q4' → «IV квартал 2027» / 'Q4 2027' / «2027 年第 4 季度»; 'done' (or null) → «Дом сдан»: the pages' one formatter. */
export function completionLabel(value: string | null, locale: Locale): string {
  return completionText(value, TRANSLATE[locale]);
}

/** A project's completion on its card and in its presentation: «Сдача — IV квартал 2027», or «Дом сдан». */
export function projectCompletionLabel(value: string | null, locale: Locale): string {
  const t = TRANSLATE[locale];
  return parseCompletion(value) ? t('catalogue.completion.phrase', { when: completionText(value, t) }) : completionText(null, t);
}

/** A project's key figures counted by the catalogue, as its indicators block shows them. */
export function figureLabels(figures: ProjectFigures, locale: Locale): { value: string; label: string }[] {
  return figureIndicators(figures, locale, TRANSLATE[locale]);
}

/** What a lot is called in an image's alt text: «2-комнатная квартира, 54,3 м²» (the pages' own words and area format). */
export function lotTitle(type: LotType, rooms: number | null, euro: boolean, area: number, locale: Locale): string {
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, TRANSLATE[locale])));
  return `${format.roomsTitle({ type, rooms, euro })}, ${format.area(area)}`;
}

/** What the filter's monthly-payment range means: the lowest payment of the programmes that apply, at DEFAULT_TERMS. */
export function paymentHint(locale: Locale): string {
  const t = TRANSLATE[locale];
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, t)));
  return t('catalogue.payment.hint', { terms: format.paymentTerms(DEFAULT_TERMS.downPaymentPercent, DEFAULT_TERMS.termMonths) });
}

export const ALT = fromCatalogs((c) => c.words.alt);

/** The units a filter's range shows (`₽`, `м²`). */
export const UNIT_WORDS = fromCatalogs((c) => c.units);
