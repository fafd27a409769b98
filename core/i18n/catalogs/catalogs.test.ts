import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ADMIN_LOCALES } from '#core/admin/roles.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import adminEn from '#core/i18n/catalogs/admin/en.ts';
import adminRu from '#core/i18n/catalogs/admin/ru.ts';
import { LOCALE_ENTRIES, LOCALES, type Locale } from '#core/i18n/locales.ts';
import { isPluralForms, type Message } from '#core/i18n/message-format.ts';

/**
 * The public catalogs as one system (docs/guides/text.md): every language has every message, a message comes from
 * one file, and the same words are not written twice.
 */

type Tree = { [key: string]: unknown };

/** Every message of a catalog (a plural message is one) as `key → message`. */
function messagesOf(node: unknown, path = '', out = new Map<string, Message>()): Map<string, Message> {
  if (typeof node === 'string' || isPluralForms(node)) out.set(path, node);
  else for (const [key, child] of Object.entries(node as Tree)) messagesOf(child, path ? `${path}.${key}` : key, out);
  return out;
}

/** Every group of messages (not a plural message) as `key → group`. */
function groupsOf(node: unknown, path = '', out = new Map<string, Tree>()): Map<string, Tree> {
  if (typeof node === 'string' || isPluralForms(node)) return out;
  if (path) out.set(path, node as Tree);
  for (const [key, child] of Object.entries(node as Tree)) groupsOf(child, path ? `${path}.${key}` : key, out);
  return out;
}

const at = (catalog: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], catalog);
const placeholders = (message: Message) =>
  [...new Set([...(typeof message === 'string' ? [message] : Object.values(message)).join(' ').matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

const SOURCE = messagesOf(CATALOGS.ru);

/** Where a language's messages may differ from the Russian in their placeholders or be empty, and why. */
const OWN_SHAPE: Record<string, string> = {
  'catalogue.common.compact': 'each language counts short prices in its own scales; a scale it does not use is empty',
  'catalogue.completion.quarter': 'ru writes the quarter in Roman numerals ({quarter}), en and zh as a number ({number})',
};
const ownShape = (key: string) => Object.keys(OWN_SHAPE).some((prefix) => key === prefix || key.startsWith(`${prefix}.`));

describe.each(LOCALES)('the %s catalog', (locale) => {
  const catalog = messagesOf(CATALOGS[locale]);

  it('has every message of the Russian one and no other, each a text or a plural message as there', () => {
    expect([...catalog.keys()].sort()).toEqual([...SOURCE.keys()].sort());
    for (const [key, message] of SOURCE) expect(typeof catalog.get(key), key).toBe(typeof message);
  });

  it('gives each plural message a form for every plural category of its language', () => {
    const categories = new Intl.PluralRules(LOCALE_ENTRIES[locale].iso).resolvedOptions().pluralCategories;
    for (const [key, message] of catalog)
      if (typeof message !== 'string') for (const category of categories) expect(message[category], `${key}.${category}`).toBeTypeOf('string');
  });

  it('has no empty text and the same placeholders as the Russian', () => {
    for (const [key, message] of catalog) {
      if (ownShape(key)) continue;
      for (const text of typeof message === 'string' ? [message] : Object.values(message)) expect(text, key).not.toBe('');
      expect(placeholders(message), key).toEqual(placeholders(SOURCE.get(key)!));
    }
  });
});

/**
 * The back office's catalogs, in its two languages (ADR 025): its shell (admin/ru.ts, admin/en.ts) and the content
 * editor's words (admin/content-*.ts with every kind's own, core/admin/kinds/<kind>.ts, merged in). The same system:
 * English has every message of the Russian and no other, with the same placeholders and plural categories.
 */
describe.each([
  ['shell', { ru: adminRu, en: adminEn }],
  ['content editor', ADMIN_CONTENT_MESSAGES],
] as const)('the back office’s %s catalog', (_name, catalogs) => {
  const source = messagesOf(catalogs.ru);
  it.each(ADMIN_LOCALES.filter((locale) => locale !== 'ru'))('has in %s every message of the Russian, with its placeholders and plural forms', (locale) => {
    const catalog = messagesOf(catalogs[locale]);
    expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
    const categories = new Intl.PluralRules(LOCALE_ENTRIES[locale].iso).resolvedOptions().pluralCategories;
    for (const [key, message] of catalog) {
      for (const text of typeof message === 'string' ? [message] : Object.values(message)) expect(text, key).not.toBe('');
      expect(placeholders(message), key).toEqual(placeholders(source.get(key)!));
      if (typeof message !== 'string') for (const category of categories) expect(message[category], `${key}.${category}`).toBeTypeOf('string');
    }
  });
});

/**
 * A key comes from one file. A file's object is either mounted as a group (`alerts`) or spread into its parent
 * (`...common`): then each of its groups must still be the parent's, or another file wrote the same key after it.
 */
describe.each(LOCALES)('the files of the %s catalog', async (locale) => {
  const dir = new URL(`./${locale}/`, import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
  const modules = await Promise.all(
    files.map(async (file) => [file, ((await import(pathToFileURL(join(dir.pathname, file)).href)) as { default: Tree }).default] as const),
  );
  const groups = [...groupsOf(CATALOGS[locale]).values(), CATALOGS[locale] as unknown as Tree];

  it.each(modules)('%s gives its keys alone', (_, part) => {
    if (groups.includes(part)) return;
    const parent = groups.find((group) => Object.entries(part).some(([key, value]) => typeof value === 'object' && group[key] === value));
    expect(parent, 'the file is part of the catalog').toBeDefined();
    for (const [key, value] of Object.entries(part)) expect(parent![key], `${key}: written by another file too`).toBe(value);
  });
});

/**
 * The same words are not written twice. Two keys are one meaning written twice when their messages are equal in
 * every language (ru, en and zh alike) and are sentences or templates: a `{placeholder}`, a full stop (or ! ? …)
 * at the end, four words or more, or a plural message. Two groups of two or more messages equal in every language
 * are one table written twice. Shorter labels may repeat: a label names its place on a page (a table's column, a
 * button), and one word in two places is often two meanings («Офис»: premises' purpose, a sales office).
 * Each exception is listed with its reason; a listed pair that no longer repeats fails, so the lists only shrink.
 */
const HOMONYMS: Record<string, string> = {
  'error.description500 error.descriptionOther': 'the advice for a server error and for any other error: equal today, each status may change alone',
  'figures.range offices.hours.open': 'a range of figures and an office’s opening hours: the same dash today, not the same meaning',
  'forms.fields.namePlaceholder uiKit.namePlaceholder': 'the UI kit page shows sample texts of each element, copies by design',
};
/** Real duplicates, left because merging them changes the hydration data of the pages that show them (ADR 027): to merge. */
const KNOWN_DUPLICATES: Record<string, string> = {
  'analytics.notice.policy footer.privacy forms.fields.policy': 'the privacy policy’s name in the cookie notice, the footer and the forms',
  'alerts.confirm.invalid alerts.unsubscribe.invalid': 'a broken link’s text on the confirm and unsubscribe pages (read as alerts.${action}.*)',
  'catalogue.common.metres figures.metres': 'a height in metres on lot pages and in a project’s figures',
  'catalogue.plural.years purchase.units.years': 'a term in years in the catalogue’s payment terms and the calculator',
  'catalogue.progress.photo catalogue.project.galleryPhoto': 'the photo counter of the progress report and of the project’s gallery',
  'catalogue.building.sectionName catalogue.section.title': 'a section’s name on the building page and as the section page’s title',
  'benefits.dialog benefits.open': 'the benefits dialog’s title and the button that opens it',
};

function repeated(): string[] {
  const sentence = (message: Message) =>
    typeof message !== 'string' || /\{\w+\}/.test(message) || /[.!?…]$/.test(message) || message.trim().split(/\s+/).length >= 4;
  const everywhere = (key: string) => JSON.stringify(LOCALES.map((locale: Locale) => at(CATALOGS[locale], key)));
  const byWords = new Map<string, string[]>();
  for (const [key, message] of SOURCE) if (sentence(message)) byWords.set(everywhere(key), [...(byWords.get(everywhere(key)) ?? []), key]);
  for (const [key, group] of groupsOf(CATALOGS.ru))
    if (Object.keys(group).length >= 2) byWords.set(`group ${everywhere(key)}`, [...(byWords.get(`group ${everywhere(key)}`) ?? []), key]);
  return [...byWords.values()].filter((keys) => keys.length > 1).map((keys) => keys.sort().join(' '));
}

describe('the catalogs’ words', () => {
  it('are written once, but for the homonyms and the known duplicates listed', () => {
    const found = repeated();
    expect(found.filter((keys) => !(keys in HOMONYMS) && !(keys in KNOWN_DUPLICATES))).toEqual([]);
    expect([...Object.keys(HOMONYMS), ...Object.keys(KNOWN_DUPLICATES)].filter((keys) => !found.includes(keys))).toEqual([]);
  });
});
