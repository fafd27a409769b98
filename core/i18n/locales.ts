/** The site's languages. `ru` is the default and, with `prefix_except_default`, unprefixed. */
export const LOCALES = ['ru', 'en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/**
 * `iso` is the language's one BCP 47 tag: `<html lang>`, `og:locale`, PDFs' language and every Intl formatter
 * (numbers, money, dates) on the server and in the browser. English is British, as the catalog's copy is.
 */
export type LocaleEntry = { code: Locale; name: string; iso: string; dir: 'ltr' };

/** Spec §3 "Locale entry: code, name, files". Names are endonyms: a visitor recognises their own. */
export const LOCALE_ENTRIES: Record<Locale, LocaleEntry> = {
  ru: { code: 'ru', name: 'Русский', iso: 'ru-RU', dir: 'ltr' },
  en: { code: 'en', name: 'English', iso: 'en-GB', dir: 'ltr' },
  zh: { code: 'zh', name: '中文', iso: 'zh-CN', dir: 'ltr' },
};

export const LOCALE_STRATEGIES = ['prefix_except_default', 'prefix', 'prefix_and_default'] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
