import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { AdminLocale } from '#core/admin/roles.ts';
import type { AdminMessages } from '#core/i18n/catalogs/admin/ru.ts';
import { formatMessage, type Message } from '#core/i18n/message-format.ts';
import enForms from '#core/i18n/catalogs/en/forms.ts';
import ruForms from '#core/i18n/catalogs/ru/forms.ts';
import type { LeadKind } from '#core/validation/lead-forms.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type AdminMessageKey = Leaves<AdminMessages>;

type AdminI18n = { locale: AdminLocale; messages: AdminMessages };
const AdminI18nContext = createContext<AdminI18n | null>(null);

export function AdminI18nProvider({ value, children }: { value: AdminI18n; children: ReactNode }) {
  return <AdminI18nContext.Provider value={value}>{children}</AdminI18nContext.Provider>;
}

export function adminTranslate(messages: AdminMessages, key: string, params?: Record<string, string | number>): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return formatMessage(node, params);
}

function useAdminI18n(): AdminI18n {
  const value = useContext(AdminI18nContext);
  if (!value) throw new Error('useAdminT() outside <AdminI18nProvider>');
  return value;
}

/** The back office's translations (core/i18n/catalogs/admin): `t('leads.title')`. */
export function useAdminT() {
  const { messages } = useAdminI18n();
  return useCallback((key: AdminMessageKey, params?: Record<string, string | number>) => adminTranslate(messages, key, params), [messages]);
}

/** A message with plural forms (`media.count`: `{one, few, many, other}`) for `count`, by the member's language's rules. */
export function useAdminPlural() {
  const { locale, messages } = useAdminI18n();
  return useCallback(
    (key: string, count: number, params: Record<string, string | number> = {}) => {
      let node: unknown = messages;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      if (!node || typeof node !== 'object') return key;
      return formatMessage(node as Message, { ...params, count }, locale);
    },
    [locale, messages],
  );
}

/** An audit action's words, or the action itself when the catalog has none (a part added later). */
export function useAuditActionLabel() {
  const { messages } = useAdminI18n();
  return useCallback((action: string) => (messages.audit.actions as Record<string, string>)[action] ?? action, [messages]);
}

export function useAdminLocale(): AdminLocale {
  return useAdminI18n().locale;
}

/** Dates and times in the member's language, in Moscow time (the sales team's). */
export function useAdminDateTime() {
  const locale = useAdminLocale();
  return useCallback(
    (value: string | Date) =>
      new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(
        new Date(value),
      ),
    [locale],
  );
}

/**
 * A lead's form and topic in the member's language: the form's words from the back office's catalog, the topic in the
 * words the visitor chose it by (the public forms' catalog: a request's type, a partner's topic, a subscription's
 * heading); a code no catalog has is shown as it is.
 */
export function useLeadWords() {
  const { locale, messages } = useAdminI18n();
  return useMemo(() => {
    const forms = locale === 'en' ? enForms : ruForms;
    const topics: Record<string, string> = {
      ...Object.fromEntries(Object.entries(forms.subscription).map(([code, heading]) => [code, heading.title])),
      ...forms.partnerTopics,
      ...forms.requestTypes,
    };
    return {
      kind: (code: string) => (messages.leads.kinds as Record<LeadKind, string>)[code as LeadKind] ?? code,
      topic: (code: string | null) => (code === null ? '—' : (topics[code] ?? code)),
    };
  }, [locale, messages]);
}
