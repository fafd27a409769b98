import { DEFAULT_TERMS } from '#core/purchase/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { LotType, ProjectStatus } from '#core/catalogue/types.ts';
import { catalogueFormat, completionText } from '#core/catalogue/format.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import { figureIndicators, type ProjectFigures } from '#core/catalogue/project-figures.ts';
import { CATALOGS, translatorOf } from '#core/i18n/all-catalogs.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { t as localized, type Localized } from '#core/i18n/localized.ts';
import type { Translate } from '#core/i18n/messages.ts';

/** Words of the catalogue in three languages: codes stored in the database become text here. */
type Words = Record<string, Localized>;

type Catalogue = Messages['catalogue'];

/**
 * The words a buyer also reads on cards and pages (lot type, rooms, finish, status, project status) come from the
 * page catalogs (core/i18n/catalogs), so a filter choice, a card, a page, a PDF and the feed say the same thing.
 */
function fromCatalogs<K extends string>(pick: (catalogue: Catalogue) => Record<K, string>): Record<K, Localized> {
  const [ru, en, zh] = [pick(CATALOGS.ru.catalogue), pick(CATALOGS.en.catalogue), pick(CATALOGS.zh.catalogue)];
  return Object.fromEntries((Object.keys(ru) as K[]).map((code) => [code, localized(ru[code], en[code], zh[code])])) as Record<K, Localized>;
}

export const LOT_TYPE_WORDS: Words = fromCatalogs((c) => c.lotType);

export const ROOM_WORDS: Words = fromCatalogs((c) => c.rooms.chip);

export const FINISH_WORDS: Words = fromCatalogs((c) => c.finish);

export const STATUS_WORDS: Words = fromCatalogs((c) => c.status);

export const PROJECT_STATUS_WORDS: Record<ProjectStatus, Localized> = fromCatalogs((c) => c.projectStatus);

export const VIEW_WORDS = fromCatalogs((c) => c.words.view);

export const WINDOW_WORDS = fromCatalogs((c) => c.words.window);

export const FEATURE_WORDS = fromCatalogs((c) => c.words.feature);

export const PURPOSE_WORDS = fromCatalogs((c) => c.words.purpose);

export const SPEC_WORDS = fromCatalogs((c) => c.words.spec);

export const word = (words: Words, code: string, locale: Locale): string => words[code]?.[locale] ?? code;

const FORMATS = new Map<Locale, ReturnType<typeof catalogueFormat>>();

/** The catalogue's messages of a language, as the server reads them. */
export const catalogueTranslate = (locale: Locale): Translate => translatorOf(locale);

/** '2026-08' → «август 2026 г.» / 'August 2026' / «2026年8月»: the pages' month format. */
export function monthLabel(month: string, locale: Locale): string {
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, translatorOf(locale))));
  return format.month(month);
}

/** '2027-Q4' → «IV квартал 2027» / 'Q4 2027' / «2027 年第 4 季度»; 'done' (or null) → «Дом сдан»: the pages' one formatter. */
export function completionLabel(value: string | null, locale: Locale): string {
  return completionText(value, translatorOf(locale));
}

/** A project's completion on its card and in its presentation: «Сдача — IV квартал 2027», or «Дом сдан». */
export function projectCompletionLabel(value: string | null, locale: Locale): string {
  const t = translatorOf(locale);
  return parseCompletion(value) ? t('catalogue.completion.phrase', { when: completionText(value, t) }) : completionText(null, t);
}

/** A project's key figures counted by the catalogue, as its indicators block shows them. */
export function figureLabels(figures: ProjectFigures, locale: Locale): { value: string; label: string }[] {
  return figureIndicators(figures, locale, translatorOf(locale));
}

/** What a lot is called in an image's alt text: «2-комнатная квартира, 54,3 м²» (the pages' own words and area format). */
export function lotTitle(type: LotType, rooms: number | null, euro: boolean, area: number, locale: Locale): string {
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, translatorOf(locale))));
  return `${format.roomsTitle({ type, rooms, euro })}, ${format.area(area)}`;
}

/** What the filter's monthly-payment range means: the lowest payment of the programmes that apply, at DEFAULT_TERMS. */
export function paymentHint(locale: Locale): string {
  const t = translatorOf(locale);
  let format = FORMATS.get(locale);
  if (!format) FORMATS.set(locale, (format = catalogueFormat(locale, t)));
  return t('catalogue.payment.hint', { terms: format.paymentTerms(DEFAULT_TERMS.downPaymentPercent, DEFAULT_TERMS.termMonths) });
}

export const ALT = fromCatalogs((c) => c.words.alt);

/** The units a filter's range shows (`₽`, `м²`). */
export const UNIT_WORDS = fromCatalogs((c) => c.units);
