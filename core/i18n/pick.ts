import type { Locale } from '#core/i18n/locales.ts';

/** The text in `locale`, falling back to Russian (the source language) when a translation is empty. */
export function pick<T>(value: { ru: T; en: T; zh: T }, locale: Locale): T {
  const text = value[locale];
  const empty = text === '' || (Array.isArray(text) && text.length === 0);
  return empty ? value.ru : text;
}
