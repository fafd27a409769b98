import type { Locale } from '#core/i18n/locales.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';

/**
 * Message catalogs without React: what pages (through `useT`) and server code (PDFs, e-mails) translate with.
 */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

const catalogs = new Map<Locale, Messages>();

/** Loads one locale's catalog once; only the visitor's language travels to the browser. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = catalogs.get(locale);
  if (loaded) return loaded;
  let messages: Messages;
  switch (locale) {
    case 'en':
      messages = (await import('#core/i18n/catalogs/en/index.ts')).default;
      break;
    case 'zh':
      messages = (await import('#core/i18n/catalogs/zh/index.ts')).default;
      break;
    default:
      messages = (await import('#core/i18n/catalogs/ru/index.ts')).default;
  }
  catalogs.set(locale, messages);
  return messages;
}

export function translate(messages: Messages, key: MessageKey, params?: Record<string, string | number>): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  if (!params) return node;
  return node.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
