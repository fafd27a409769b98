import { describe, expect, it } from 'vitest';
import { formFields, type FieldSpec } from './form.ts';
import type { KindWords } from './kind.ts';
import { KINDS } from './kinds/index.ts';
import { ADMIN_CONTENT_MESSAGES } from './messages.ts';
import { ADMIN_LOCALES } from './roles.ts';

type Part = 'fields' | 'options' | 'errors' | 'shared';
const PARTS: Part[] = ['fields', 'options', 'errors', 'shared'];

/** The catalog's keys a kind's form reads: each field's label (its path's, else its name's) and its choices' words. */
function keysRead(fields: FieldSpec[], catalog: Record<string, string>, choices: Record<string, string>, prefix = ''): { fields: string[]; options: string[] } {
  const out = { fields: [] as string[], options: [] as string[] };
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    out.fields.push(path in catalog ? path : field.name);
    if (field.type === 'select' || field.type === 'multiselect')
      for (const value of field.options) out.options.push(`${field.name}.${value}` in choices ? `${field.name}.${value}` : value);
    if (field.type === 'group' || field.type === 'items') {
      const nested = keysRead(field.fields, catalog, choices, path);
      out.fields.push(...nested.fields);
      out.options.push(...nested.options);
    }
  }
  return out;
}

describe('the admin catalog and the kinds’ own words', () => {
  it('says a key alike wherever it is: the shared words and every kind’s (each part is one map)', () => {
    const clashes: string[] = [];
    for (const locale of ADMIN_LOCALES) {
      const merged = ADMIN_CONTENT_MESSAGES[locale];
      for (const kind of KINDS) {
        const words: KindWords = kind.words[locale];
        expect(merged.kinds[kind.name]).toBe(words.kind);
        for (const part of PARTS) {
          const catalog: Record<string, unknown> = part === 'shared' ? merged.errors.shared : merged[part];
          for (const [key, text] of Object.entries(words[part] ?? {})) if (catalog[key] !== text) clashes.push(`${locale} ${kind.name} ${part}.${key}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('keeps in a kind only words its own form reads, and shares the fields’ words several kinds read', () => {
    const unread: string[] = [];
    const readers = new Map<string, Set<string>>();
    const merged = ADMIN_CONTENT_MESSAGES.ru;
    for (const kind of KINDS) {
      const words: KindWords = kind.words.ru;
      const read = keysRead(formFields(kind.schema), merged.fields, merged.options);
      for (const key of read.fields) readers.set(key, (readers.get(key) ?? new Set()).add(kind.name));
      for (const part of ['fields', 'options'] as const)
        for (const key of Object.keys(words[part] ?? {})) if (!read[part].includes(key)) unread.push(`${kind.name} ${part}.${key}`);
    }
    expect(unread).toEqual([]);
    const ownFields = new Set(KINDS.flatMap((kind) => Object.keys((kind.words.ru as KindWords).fields ?? {})));
    const sharedByOne = Object.keys(merged.fields).filter((key) => !ownFields.has(key) && (readers.get(key)?.size ?? 0) < 2);
    expect(sharedByOne).toEqual([]);
  });
});
