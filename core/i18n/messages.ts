import type { Locale } from '#core/i18n/locales.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { keptIn } from '#core/memo.ts';

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

export function translate(messages: Messages, key: MessageKey, params?: Record<string, string | number>): string {
  // A page names the same few hundred keys on every render: each is looked up once per catalog object.
  const text = keptIn(
    keptIn(RESOLVED, messages, () => new Map<string, string | null>()),
    key,
    () => {
      let node: unknown = messages;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      return typeof node === 'string' ? node : null;
    },
  );
  if (text === null) return key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Each catalog object's keys as looked up (null: not a message of it); catalogs are never changed in place. */
const RESOLVED = new WeakMap<Messages, Map<string, string | null>>();
