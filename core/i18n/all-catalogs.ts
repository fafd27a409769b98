import en from '#core/i18n/catalogs/en/index.ts';
import ru, { type Messages } from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Localized } from '#core/i18n/localized.ts';
import { translate, translator, type TextKey, type Translate } from '#core/i18n/messages.ts';

/**
 * Every language's catalog at once, for code that answers in any of them: the server (API answers, e-mails, PDFs,
 * feeds), scripts and tests. Never imported by the browser's code, which gets one language's messages, only the
 * keys its page names (`loadMessages`, server/http/message-keys.ts).
 */
export const CATALOGS: Readonly<Record<Locale, Messages>> = { ru, en, zh };

/** The public catalogs' translator in `locale` (messages.ts `translator`). */
export const translatorOf = (locale: Locale): Translate => translator(CATALOGS[locale], locale);

/** A text of the catalogs in every language (`{ ru, en, zh }`): for code tables answered in the visitor's language. */
export const localizedOf = (key: TextKey): Localized => ({ ru: translate(CATALOGS.ru, key), en: translate(CATALOGS.en, key), zh: translate(CATALOGS.zh, key) });
