import en from '#core/i18n/catalogs/en/alerts.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import ru from '#core/i18n/catalogs/ru/alerts.ts';
import zh from '#core/i18n/catalogs/zh/alerts.ts';
import type { Locale } from '#core/i18n/locales.ts';

/** The alerts catalogs are plain data: the API and the e-mails use the words the pages show. */
const catalogs: Record<Locale, Messages['alerts']> = { ru, en, zh };

export function alertTexts(locale: Locale): Messages['alerts'] {
  return catalogs[locale];
}
