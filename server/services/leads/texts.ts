import type { Locale } from '#core/i18n/locales.ts';
import en from '#app/locales/en/forms.ts';
import ru from '#app/locales/ru/forms.ts';
import zh from '#app/locales/zh/forms.ts';
import type { Messages } from '#app/locales/ru/index.ts';

/** The forms catalogs are plain data: the API answers with the same words the pages show. */
const catalogs: Record<Locale, Messages['forms']> = { ru, en, zh };

export function formTexts(locale: Locale): Messages['forms'] {
  return catalogs[locale];
}
