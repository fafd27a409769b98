/**
 * One recorded change of a content item, field by field, before → after, each value written as the form shows it
 * (issue #42): an option's words, a reference's name, a date in the interface's language, a text in three languages
 * as the languages that changed, a group's fields each on its own line. The content item's history table draws it.
 */
import type { FieldSpec } from '#core/admin/form.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { fieldLabel } from './fields/field-parts.tsx';
import { cut, plainText, valueText, type ValueContext } from './fields/field-value.ts';

export { plainText };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export type FieldChange = { name: string; before: unknown; after: unknown };

/** A change's rows: one per field, one per language of a text in three languages, one per field of a group. */
export function changeRows(changes: FieldChange[], fields: FieldSpec[], ctx: ValueContext): { key: string; label: string; before: string; after: string }[] {
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
export function ChangeDiff({ changes, fields, ...ctx }: { changes: FieldChange[]; fields: FieldSpec[] } & ValueContext) {
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
