import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { COOKIES, writeDocumentCookie } from '#core/http/cookies.ts';
import { LOCALES, type Locale, type LocaleStrategy } from '#core/i18n/locales.ts';
import { formatDate } from '#core/i18n/dates.ts';
import { localizePath, splitLocalePath } from '#core/i18n/routing.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { mergeMessages, translator, type Translate } from '#core/i18n/messages.ts';

export { loadMessages, translate, translator, type MessageKey, type TextKey } from '#core/i18n/messages.ts';

type I18nValue = { locale: Locale; strategy: LocaleStrategy; messages: Messages };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ value, children }: { value: I18nValue; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * A page's messages over the root's (ADR 027): the root loader sends the shell's few, the `_site` layout the rest of
 * those of the page it shows; same language and links. Without them (a failed layout loader), the root's.
 */
export function PageMessages({ messages, children }: { messages: Messages | undefined; children: ReactNode }) {
  const outer = useI18nValue();
  // The page's data carries only what the root's does not (app/lib/context.server.ts): the two together.
  const value = useMemo(() => (messages ? { ...outer, messages: mergeMessages(outer.messages, messages) } : outer), [outer, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18nValue(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT() outside <I18nProvider>');
  return value;
}

/** The translator of the messages in scope: one function per catalog object, shared by every component using it. */
export function useT(): Translate {
  const { messages, locale } = useI18nValue();
  return translator(messages, locale);
}

export function useLocale(): Locale {
  return useI18nValue().locale;
}

/** Builds links in the current locale: `lp('/filter')` → `/en/filter` on the English site. */
export function useLocalePath() {
  const { locale, strategy } = useI18nValue();
  return useCallback(
    (path: string, target: Locale = locale) => {
      if (!path.startsWith('/')) return path;
      const [pathname = '/', rest = ''] = path.split(/(?=[?#])/, 2);
      return localizePath(splitLocalePath(pathname).path, target, strategy) + rest;
    },
    [locale, strategy],
  );
}

export function useFormatters() {
  const { locale } = useI18nValue();
  return FORMATTERS[locale];
}

/** Dates as the site prints them (core/i18n/dates.ts); figures and prices come from `catalogueFormat`. */
const FORMATTERS = Object.fromEntries(LOCALES.map((locale) => [locale, { date: (value: Date | string) => formatDate(value, locale) }])) as Record<
  Locale,
  { date: (value: Date | string) => string }
>;

/** Remembers the visitor's choice the way the server reads it (365 days, SameSite=Lax). */
export function storeLocaleCookie(locale: Locale): void {
  writeDocumentCookie(COOKIES.locale, locale);
}
