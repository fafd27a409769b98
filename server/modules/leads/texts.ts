import type { Locale } from '#core/i18n/locales.ts';
import en from '#core/i18n/catalogs/en/forms.ts';
import ru from '#core/i18n/catalogs/ru/forms.ts';
import zh from '#core/i18n/catalogs/zh/forms.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';

/** The forms catalogs are plain data: the API answers with the same words the pages show. */
const catalogs: Record<Locale, Messages['forms']> = { ru, en, zh };

export function formTexts(locale: Locale): Messages['forms'] {
  return catalogs[locale];
}
