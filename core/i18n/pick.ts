import type { Locale } from '#core/i18n/locales.ts';
import type { Localized } from '#core/i18n/localized.ts';

/** The text in `locale`, falling back to Russian (the source language) when a translation is empty. */
export function pick<T>(value: Localized<T>, locale: Locale): T {
  const text = value[locale];
  const empty = text === '' || (Array.isArray(text) && text.length === 0);
  return empty ? value.ru : text;
}
