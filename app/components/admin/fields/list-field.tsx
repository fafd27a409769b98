/** A list of texts, each added and removed: a line each, or a text area each when they are long. */
import { useId } from 'react';
import { fill } from '#core/admin/messages.ts';
import { FieldErrors, input, labelClass, partErrors, type FieldProps } from './field-parts.tsx';

/** A list of texts (an office's phones, a landing's paragraphs), a line each or a text area each when they are long. */
export function ListField({ spec, value, errors, onChange, messages, label }: FieldProps & { label: string }) {
  const id = useId();
  const lines = Array.isArray(value) ? (value as string[]) : [];
  const parts = partErrors(errors, spec.name);
  const own = errors[spec.name];
  const max = spec.type === 'list' ? spec.maxItems : undefined;
  const change = (i: number, text: string) => onChange(lines.map((l, j) => (j === i ? text : l)));
  const invalid = (i: number) => (parts[String(i)] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${i}-error` } : {});
  return (
    <fieldset aria-describedby={own?.length ? `${id}-error` : undefined}>
      <legend className={labelClass}>{label}</legend>
      <FieldErrors id={`${id}-error`} messages={own} />
      <ul className="mt-1 space-y-2">
        {lines.map((line, i) => (
          <li key={i}>
            <div className="flex items-start gap-2">
              <label htmlFor={`${id}-${i}`} className="sr-only">
                {label}: {fill(messages.listWidget.item, { n: i + 1 })}
              </label>
              {spec.type === 'list' && spec.multiline ? (
                <textarea id={`${id}-${i}`} rows={4} className={input} value={line} onChange={(e) => change(i, e.target.value)} {...invalid(i)} />
              ) : (
                <input id={`${id}-${i}`} type="text" className={input} value={line} onChange={(e) => change(i, e.target.value)} {...invalid(i)} />
              )}
              <button
                type="button"
                className="mt-1 rounded-full px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                {messages.listWidget.remove}
                <span className="sr-only">: {fill(messages.listWidget.item, { n: i + 1 })}</span>
              </button>
            </div>
            <FieldErrors id={`${id}-${i}-error`} messages={parts[String(i)]} />
          </li>
        ))}
      </ul>
      {max === undefined || lines.length < max ? (
        <button
          type="button"
          className="mt-2 rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          onClick={() => onChange([...lines, ''])}
        >
          {messages.listWidget.add}
        </button>
      ) : null}
    </fieldset>
  );
}
