/**
 * The form of a kind of content, derived from its zod schema (core/admin/kinds/) through zod's own JSON Schema
 * conversion: each top-level property becomes one field whose input follows its type, its `format`, its `enum`
 * and the `widget` of its metadata (core/admin/fields.ts). No form is written by hand for a kind.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/locales.ts';

export type FieldSpec =
  | { name: string; type: 'text'; required: boolean; maxLength?: number; multiline: boolean }
  | { name: string; type: 'number'; required: boolean; nullable: boolean; integer: boolean; min?: number; max?: number }
  | { name: string; type: 'boolean' }
  | { name: string; type: 'select'; options: string[]; nullable: boolean }
  | { name: string; type: 'multiselect'; options: string[] }
  | { name: string; type: 'date' | 'datetime'; nullable: boolean }
  | { name: string; type: 'localized'; input: 'text' | 'textarea' | 'richtext'; required: Locale[]; maxLength?: number }
  | { name: string; type: 'image'; nullable?: true }
  /** A row of another table; `codes`: keyed by a text code (a bank's), not a number. */
  /** `scope`: the field naming the row whose children these are (a building's project), its value sent with the search. */
  | { name: string; type: 'reference'; source: string; nullable: boolean; codes?: true; scope?: string }
  /** Several rows of `source`, each once, in the order chosen. */
  | { name: string; type: 'references'; source: string; maxItems?: number; codes?: true }
  /** Texts added and removed, each a line, or a text area when they are long (`multiline`: a landing's paragraphs). */
  | { name: string; type: 'list'; maxItems?: number; multiline?: true }
  | { name: string; type: 'week' }
  /** One day's hours or null (closed): an office's dated exception. */
  | { name: string; type: 'day' }
  | { name: string; type: 'json' }
  /** An object of fields drawn together (the home page's hero: its title, subtitle, button). */
  | { name: string; type: 'group'; fields: FieldSpec[] }
  /** An ordered list of objects of the same fields (a story's cards, the advantages), each added, removed and moved. */
  | { name: string; type: 'items'; fields: FieldSpec[]; empty: Record<string, unknown>; minItems?: number; maxItems?: number };

type Json = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  widget?: string;
  input?: string;
  source?: string;
  scope?: string;
};

/**
 * A free text this long (its schema's `maxLength`) or longer is written in a text area, not on a line: a paragraph, an
 * answer, a lead. The one rule for every kind, plain fields and the items of lists alike; a text with a pattern or a
 * format (an address, a code, an e-mail) stays on its line whatever its length.
 */
export const LONG_TEXT = 600;
const isLongText = (schema: Json): boolean => schema.type === 'string' && (schema.maxLength ?? 0) >= LONG_TEXT && !schema.pattern && !schema.format;

/** The schema without its `null` alternative, and whether it had one. */
function unwrapNull(schema: Json): { schema: Json; nullable: boolean } {
  if (schema.anyOf) {
    const rest = schema.anyOf.filter((s) => s.type !== 'null');
    if (rest.length === 1 && rest.length < schema.anyOf.length) return { schema: { ...rest[0]!, ...pickMeta(schema) }, nullable: true };
  }
  return { schema, nullable: false };
}
const pickMeta = (s: Json): Json => ({
  ...(s.widget ? { widget: s.widget } : {}),
  ...(s.source ? { source: s.source } : {}),
  ...(s.scope ? { scope: s.scope } : {}),
});

function field(name: string, raw: Json, required: boolean): FieldSpec {
  const { schema, nullable } = unwrapNull(raw);
  switch (schema.widget) {
    case 'localized': {
      const props = schema.properties ?? {};
      return {
        name,
        type: 'localized',
        input: schema.input === 'richtext' ? 'richtext' : schema.input === 'textarea' ? 'textarea' : 'text',
        required: LOCALES.filter((l) => (props[l]?.minLength ?? 0) > 0),
        ...(props.ru?.maxLength ? { maxLength: props.ru.maxLength } : {}),
      };
    }
    case 'image':
      return nullable ? { name, type: 'image', nullable } : { name, type: 'image' };
    case 'reference':
      return {
        name,
        type: 'reference',
        source: schema.source ?? '',
        nullable,
        ...(schema.type === 'string' ? { codes: true as const } : {}),
        ...(schema.scope ? { scope: schema.scope } : {}),
      };
    case 'references':
      return {
        name,
        type: 'references',
        source: schema.source ?? '',
        ...(schema.maxItems ? { maxItems: schema.maxItems } : {}),
        ...(schema.items?.type === 'string' ? { codes: true as const } : {}),
      };
    case 'json':
      return { name, type: 'json' };
    case 'list':
      return list(name, schema);
    case 'week':
      return { name, type: 'week' };
    case 'day':
      return { name, type: 'day' };
    case 'textarea':
      return { name, type: 'text', required, multiline: true, ...(schema.maxLength ? { maxLength: schema.maxLength } : {}) };
  }
  if (schema.type === 'object' && schema.properties) return { name, type: 'group', fields: fieldsOf(schema) };
  if (schema.type === 'array' && schema.items?.type === 'object' && schema.items.properties) {
    return {
      name,
      type: 'items',
      fields: fieldsOf(schema.items),
      empty: emptyOf(schema.items),
      ...(schema.minItems ? { minItems: schema.minItems } : {}),
      ...(schema.maxItems !== undefined ? { maxItems: schema.maxItems } : {}),
    };
  }
  // A list of texts (a landing section's paragraphs): one input each, added and removed.
  if (schema.type === 'array' && schema.items?.type === 'string' && !schema.items.enum) return list(name, schema);
  if (schema.enum) return { name, type: 'select', options: schema.enum.map(String), nullable };
  if (schema.type === 'array' && schema.items?.enum) return { name, type: 'multiselect', options: schema.items.enum.map(String) };
  if (schema.type === 'boolean') return { name, type: 'boolean' };
  if (schema.type === 'integer' || schema.type === 'number') {
    return {
      name,
      type: 'number',
      required,
      nullable,
      integer: schema.type === 'integer',
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
    };
  }
  if (schema.type === 'string' && schema.format === 'date') return { name, type: 'date', nullable };
  if (schema.type === 'string' && schema.format === 'date-time') return { name, type: 'datetime', nullable };
  if (schema.type === 'string')
    return { name, type: 'text', required: required && !nullable, multiline: isLongText(schema), ...(schema.maxLength ? { maxLength: schema.maxLength } : {}) };
  return { name, type: 'json' };
}

/** A list of texts: a line each, or a text area each when they are long. */
function list(name: string, schema: Json): FieldSpec {
  return {
    name,
    type: 'list',
    ...(schema.maxItems ? { maxItems: schema.maxItems } : {}),
    ...(schema.items && isLongText(schema.items) ? { multiline: true as const } : {}),
  };
}

/** The fields of an object's JSON Schema, in its declared order. */
function fieldsOf(json: Json): FieldSpec[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, prop]) => field(name, prop, required.has(name)));
}

/** The values a new object of this JSON Schema starts from (a new item of a list: a new card, a new advantage). */
function emptyOf(json: Json): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, raw]) => {
      const { schema, nullable } = unwrapNull(raw);
      if (schema.widget === 'localized') return [name, { ru: '', en: '', zh: '' }];
      if (schema.widget === 'week') return [name, [null, null, null, null, null, null, null]];
      if (schema.widget === 'day') return [name, null];
      if (nullable || schema.widget === 'image' || schema.widget === 'reference') return [name, null];
      if (schema.type === 'boolean') return [name, false];
      if (schema.type === 'array') return [name, []];
      if (schema.type === 'object') return [name, emptyOf(schema)];
      if (schema.enum?.length) return [name, schema.enum[0]];
      return [name, ''];
    }),
  );
}

const cache = new WeakMap<z.ZodObject, FieldSpec[]>();

/** The fields of an object schema, in its declared order. */
export function formFields(schema: z.ZodObject): FieldSpec[] {
  const known = cache.get(schema);
  if (known) return known;
  const fields = fieldsOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json);
  cache.set(schema, fields);
  return fields;
}

/** Which languages of a localized value are empty (the form flags them as missing translations). */
export function missingTranslations(value: unknown): Locale[] {
  if (!value || typeof value !== 'object') return [...LOCALES];
  const v = value as Record<string, unknown>;
  return LOCALES.filter((l) => typeof v[l] !== 'string' || (v[l] as string).replace(/<[^>]*>/g, '').trim() === '');
}
