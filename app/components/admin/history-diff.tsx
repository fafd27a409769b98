/**
 * One recorded change of a content item, field by field, before → after, each value written as the form shows it
 * (issue #42): an option's words, a reference's name, a date in the interface's language, a text in three languages
 * as the languages that changed, a group's fields each on its own line. The content item's history table draws it.
 */
import type { FieldSpec } from '#core/admin/form.ts';
import { optionWord, type AdminContentMessages } from '#core/admin/messages.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { fieldLabel, leafName, type Option } from './fields/field-parts.tsx';

export type FieldChange = { name: string; before: unknown; after: unknown };

type Context = { messages: AdminContentMessages; options: Record<string, Option[]>; locale: string };

/** A value longer than this is cut (with "…"): the table shows what changed, the form the whole text. */
const MAX_TEXT = 160;

const tagOf = (locale: string) => (locale === 'ru' ? 'ru-RU' : 'en-GB');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Rich text as its words: the tags dropped, entities of the editor's output decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|h2|h3|li|blockquote)>/g, ' ')
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date (`2026-12-01`) or a moment (ISO) as the interface's language writes it; a moment in Moscow time, as the form's inputs are. */
function dateText(value: string, withTime: boolean, locale: string): string {
  const at = new Date(withTime ? value : `${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return value;
  return new Intl.DateTimeFormat(tagOf(locale), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short', timeZone: 'Europe/Moscow' } : { timeZone: 'UTC' }),
  }).format(at);
}

/** One value of a field as its input shows it; "—" (said as "empty") when there is none. */
export function valueText(spec: FieldSpec | undefined, value: unknown, ctx: Context): string {
  const words = ctx.messages.history;
  if (isEmpty(value)) return words.none;
  const referenceLabel = (source: string, id: unknown) => (ctx.options[source] ?? []).find((o) => o.value === String(id))?.label ?? `#${String(id)}`;
  switch (spec?.type) {
    case 'text':
      return cut(String(value));
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(tagOf(ctx.locale)).format(value) : String(value);
    case 'boolean':
      return value ? words.yes : words.no;
    case 'select':
      return optionWord(ctx.messages, leafName(spec.name), String(value));
    case 'multiselect':
      return (value as unknown[]).map((v) => optionWord(ctx.messages, leafName(spec.name), String(v))).join(', ');
    case 'date':
    case 'datetime':
      return dateText(String(value), spec.type === 'datetime', ctx.locale);
    case 'reference':
      return referenceLabel(spec.source, value);
    case 'references':
      return (value as unknown[]).map((id) => referenceLabel(spec.source, id)).join(', ');
    case 'list':
      return cut((value as unknown[]).map(String).join(' · '));
    case 'image':
      return (
        String((value as { src?: unknown }).src ?? '')
          .split('/')
          .pop() ?? ''
      );
    default:
      return cut(typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** A change's rows: one per field, one per language of a text in three languages, one per field of a group. */
export function changeRows(changes: FieldChange[], fields: FieldSpec[], ctx: Context): { key: string; label: string; before: string; after: string }[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const rows: { key: string; label: string; before: string; after: string }[] = [];
  const visit = (spec: FieldSpec | undefined, path: string, before: unknown, after: unknown) => {
    const label = fieldLabel(ctx.messages, path);
    if (spec?.type === 'localized') {
      const b = (before ?? {}) as Record<string, unknown>;
      const a = (after ?? {}) as Record<string, unknown>;
      const asText = (v: unknown) => (typeof v === 'string' ? (spec.input === 'richtext' ? plainText(v) : v) : '');
      for (const language of LOCALES) {
        if (same(b[language], a[language])) continue;
        const text = (v: unknown) => (asText(v) === '' ? ctx.messages.history.none : cut(asText(v)));
        rows.push({ key: `${path}.${language}`, label: `${label} (${language.toUpperCase()})`, before: text(b[language]), after: text(a[language]) });
      }
      return;
    }
    if (spec?.type === 'group') {
      const b = (before ?? {}) as Record<string, unknown>;
      const a = (after ?? {}) as Record<string, unknown>;
      for (const child of spec.fields) {
        if (!same(b[child.name], a[child.name])) visit({ ...child, name: `${path}.${child.name}` }, `${path}.${child.name}`, b[child.name], a[child.name]);
      }
      return;
    }
    rows.push({ key: path, label, before: valueText(spec, before, ctx), after: valueText(spec, after, ctx) });
  };
  for (const change of changes) visit(byName.get(change.name), change.name, change.before, change.after);
  return rows;
}

/** The rows of one change: "Title (EN): before → after", the old value struck through, and said as "was" and "now". */
export function ChangeDiff({ changes, fields, ...ctx }: { changes: FieldChange[]; fields: FieldSpec[] } & Context) {
  const words = ctx.messages.history;
  const rows = changeRows(changes, fields, ctx);
  if (rows.length === 0) return <span>{words.none}</span>;
  return (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.key}>
          <span className="font-semibold">{row.label}:</span> <span className="sr-only">{words.before}</span>
          <del className="text-muted">{row.before}</del> <span aria-hidden="true">→</span> <span className="sr-only">{words.after}</span>
          <ins className="no-underline">{row.after}</ins>
        </li>
      ))}
    </ul>
  );
}
