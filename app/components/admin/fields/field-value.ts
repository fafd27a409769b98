/**
 * A field's value written as its input shows it (issue #42), for the back office's lists and an item's history: an
 * option's words, a reference's name, a date in the interface's language, a text in the interface's language.
 */
import type { FieldSpec } from '#core/admin/form.ts';
import { optionWord, type AdminContentMessages } from '#core/admin/messages.ts';
import { leafName, type Option } from './field-parts.tsx';

export type ValueContext = { messages: AdminContentMessages; options: Record<string, Option[]>; locale: string };

/** A value longer than this is cut (with "…"): the table shows what changed, the form the whole text. */
const MAX_TEXT = 160;

const tagOf = (locale: string) => (locale === 'ru' ? 'ru-RU' : 'en-GB');
export const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
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
export function valueText(spec: FieldSpec | undefined, value: unknown, ctx: ValueContext): string {
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
    case 'localized': {
      const texts = value as Record<string, unknown>;
      const text = [texts[ctx.locale], texts.ru].find((v): v is string => typeof v === 'string' && v !== '') ?? '';
      return text === '' ? words.none : cut(spec.input === 'richtext' ? plainText(text) : text);
    }
    case 'image':
      return (
        String((value as { src?: unknown }).src ?? '')
          .split('/')
          .pop() ?? ''
      );
    default:
      if (value !== null && typeof value === 'object' && 'ru' in value)
        return valueText({ name: spec?.name ?? '', type: 'localized', input: 'text', required: [] }, value, ctx);
      return cut(typeof value === 'string' ? value : JSON.stringify(value));
  }
}
