import type { Locale } from '#core/i18n/locales.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { formatMessage, type Message, type MessageParams, type PluralCategory, type PluralForms } from '#core/i18n/message-format.ts';
import { keptIn } from '#core/memo.ts';

/**
 * The public site's text system (docs/guides/text.md). Every word a visitor or an e-mail reader sees is a message
 * of the catalogs in core/i18n/catalogs/<language>/ (Russian is the source; en and zh have its keys, the
 * `Messages` type and catalogs.test.ts check it), read by key and filled by the one interpolator
 * (message-format.ts): `{name}` placeholders, and plural messages chosen by `Intl.PluralRules`.
 * - Pages: `useT()` (app/lib/i18n.tsx); the browser gets only the keys its code names (server/http/message-keys.ts).
 * - Server, e-mails, PDFs, scripts, tests: `translatorOf(locale)` or `CATALOGS[locale]` (all-catalogs.ts).
 * - Seed content and code tables written in three languages at once: `t(ru, en, zh)` (localized.ts).
 * Another catalog (the back office's, core/i18n/catalogs/admin) is carried the same way: `translator(itsMessages,
 * locale)` types its keys from its own shape (`KeysOf`), and its texts use the same placeholders and plural forms.
 */

type IsPlural<T> = T extends { other: string } ? ([Exclude<keyof T, PluralCategory>] extends [never] ? true : false) : false;
/** The keys of a catalog: its texts' and its plural messages' (a plural message is one key, not one per form). */
export type KeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : IsPlural<T[K]> extends true ? `${P}${K}` : KeysOf<T[K], `${P}${K}.`>;
}[keyof T & string];
/** The keys of a catalog's texts alone: what needs no count and no language (`translate`). */
export type TextKeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : IsPlural<T[K]> extends true ? never : TextKeysOf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = KeysOf<Messages>;
export type TextKey = TextKeysOf<Messages>;

/** A key's message in words (`t('catalogue.lot.area')`, `t('catalogue.plural.lots', { count: 3 })`). */
export type Translator<K extends string> = (key: K, params?: MessageParams) => string;
/** The public catalogs' translator, in the visitor's language. */
export type Translate = Translator<MessageKey>;
export type { MessageParams } from '#core/i18n/message-format.ts';

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

/**
 * Which messages a page's browser code reads (server/http/message-keys.ts): whole keys or groups, groups by their
 * start (`catalogue.status` for `` `catalogue.status.${s}` ``), and endings under any top-level group
 * (`title` for `` `${kind}.title` ``).
 */
export type MessageSelector = { keys: Set<string>; prefixes: Set<string>; suffixes: Set<string> };

/**
 * The part of a catalog a selector names, in the catalog's shape (what the browser gets in the hydration data; the
 * server keeps the whole catalog). A name that is not a message (any other dotted string of the code) picks nothing.
 */
export function pickMessages(messages: Messages, selector: MessageSelector): Messages {
  const picked: Record<string, unknown> = {};
  // Groups taken whole: a narrower name under one adds nothing (and must not write into the catalog's own object).
  const whole = new Set<unknown>();
  const put = (path: string[], value: unknown) => {
    let node = picked;
    for (const part of path.slice(0, -1)) {
      if (whole.has(node[part])) return;
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    if (whole.has(node[path.at(-1)!])) return;
    node[path.at(-1)!] = value;
    if (typeof value === 'object') whole.add(value);
  };
  const read = (path: string[]): unknown => {
    let node: unknown = messages;
    for (const part of path)
      node = typeof node === 'object' && node !== null && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    return node;
  };
  const paths = [...selector.keys, ...selector.prefixes].map((key) => key.split('.'));
  for (const suffix of selector.suffixes) for (const group of Object.keys(messages)) paths.push([group, ...suffix.split('.')]);
  // Wider names first, so a group taken whole is not rebuilt key by key.
  for (const path of paths.sort((a, b) => a.length - b.length)) {
    const value = read(path);
    if (value !== undefined) put(path, value);
  }
  return picked as Messages;
}

/**
 * What `page` has beyond `shell`, both picked from one catalog (ADR 027): a page's hydration data need not carry the
 * shell's messages again, which the root's data already holds. A group or message the shell has (the same object or
 * text of the catalog) is left out; `mergeMessages(shell, result)` gives back everything `page` had.
 */
export function messagesBeyond(page: Messages, shell: Messages): Messages {
  const beyond = (inPage: Record<string, unknown>, inShell: Record<string, unknown> | undefined): Record<string, unknown> | null => {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const [key, value] of Object.entries(inPage)) {
      const there = inShell?.[key];
      if (there === value) continue;
      const rest = typeof value === 'object' && value !== null ? beyond(value as Record<string, unknown>, there as Record<string, unknown> | undefined) : value;
      if (rest === null) continue;
      out[key] = rest;
      any = true;
    }
    return any ? out : null;
  };
  return (beyond(page as unknown as Record<string, unknown>, shell as unknown as Record<string, unknown>) ?? {}) as unknown as Messages;
}

/** The shell's messages with a page's over them, group by group (made once per pair of catalog objects). */
export function mergeMessages(shell: Messages, page: Messages): Messages {
  return keptIn(
    keptIn(MERGED, shell, () => new WeakMap()),
    page,
    () => deepMerge(shell as unknown as Record<string, unknown>, page as unknown as Record<string, unknown>) as unknown as Messages,
  );
}

const MERGED = new WeakMap<Messages, WeakMap<Messages, Messages>>();

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] =
      typeof value === 'object' && value !== null && typeof under === 'object' && under !== null
        ? deepMerge(under as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The message under a dotted key (null: none, or a group of messages), looked up once per catalog object. */
function lookup(messages: object, key: string): Message | null {
  // A page names the same few hundred keys on every render: each is looked up once per catalog object.
  return keptIn(
    keptIn(RESOLVED, messages, () => new Map<string, Message | null>()),
    key,
    () => {
      let node: unknown = messages;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      // A plural message is told from a group by its `other` form alone: the keys' types already keep groups out.
      return typeof node === 'string' || typeof (node as PluralForms | undefined)?.other === 'string' ? (node as Message) : null;
    },
  );
}

/** Each catalog object's keys as looked up (null: not a message of it); catalogs are never changed in place. */
const RESOLVED = new WeakMap<object, Map<string, Message | null>>();

/**
 * A language's messages that a page's first load leaves out (ADR 043): a translator that misses a key looks here. The
 * server puts each whole catalog here (it renders the parts whose code the browser loads later); the browser puts what
 * it fetches before such code renders (app/lib/later-messages.ts).
 */
const LATER = new Map<Locale, object>();

export function setLaterMessages(locale: Locale, messages: object): void {
  LATER.set(locale, messages);
}

const laterLookup = (locale: Locale, key: string): Message | null => {
  const later = LATER.get(locale);
  return later ? lookup(later, key) : null;
};

/** A text of a catalog with its placeholders filled (a key that is not a text comes back as itself). */
export function translate<M extends object = Messages>(messages: M, key: TextKeysOf<M>, params?: MessageParams): string {
  const message = lookup(messages, key);
  return typeof message === 'string' ? formatMessage(message, params) : key;
}

/**
 * The translator of a catalog in its language: texts and plural messages (`{ count }` chooses the form). One
 * function per catalog object and language, shared by every caller.
 */
export function translator<M extends object = Messages>(messages: M, locale: Locale): Translator<KeysOf<M>> {
  return keptIn(
    keptIn(TRANSLATORS, messages, () => new Map<Locale, Translator<string>>()),
    locale,
    (): Translator<string> => (key, params) => {
      const message = lookup(messages, key) ?? laterLookup(locale, key);
      return message === null ? key : formatMessage(message, params, locale);
    },
  );
}

const TRANSLATORS = new WeakMap<object, Map<Locale, Translator<string>>>();
