/**
 * The content form's inputs of one value: a text (a line, or a text area), a number, a tick, a date or a moment, and
 * a JSON value. The form's `Field` (../content-form.tsx) gives each its id, label and messages.
 */
import { FieldErrors, input, labelClass, partErrors, type InputProps } from './field-parts.tsx';

export function TextInput({ spec, value, onChange, readOnly, id, label, own, errorId, describe }: InputProps) {
  const multiline = spec.type === 'text' && spec.multiline;
  const maxLength = spec.type === 'text' ? spec.maxLength : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={spec.name}
          rows={4}
          className={input}
          value={String(value ?? '')}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          {...describe}
        />
      ) : (
        <input
          id={id}
          name={spec.name}
          type="text"
          className={`${input} read-only:bg-brand-50`}
          value={String(value ?? '')}
          maxLength={maxLength}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
          {...describe}
        />
      )}
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}

export function NumberInput({ spec, value, onChange, id, label, own, errorId, describe }: InputProps) {
  const integer = spec.type === 'number' && spec.integer;
  const nullable = spec.type === 'number' && spec.nullable;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={spec.name}
        type="number"
        className={input}
        value={value === null || value === undefined ? '' : String(value)}
        step={integer ? 1 : 'any'}
        onChange={(e) => onChange(e.target.value === '' ? (nullable ? null : '') : Number(e.target.value))}
        {...describe}
      />
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}

export function BooleanInput({ spec, value, onChange, label, own, errorId, describe }: InputProps) {
  return (
    <div>
      <label className="inline-flex items-center gap-2 font-semibold">
        <input type="checkbox" name={spec.name} className="size-5" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...describe} />
        {label}
      </label>
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}

/** `2026-12-01T09:00:00.000Z` ↔ the `datetime-local` input's `2026-12-01T12:00` in the editor's time zone. */
function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** A date, or a moment in the editor's time zone; a field that may be empty has a button that empties it. */
export function DateInput({ spec, value, onChange, messages, id, label, own, errorId, describe }: InputProps) {
  const date = spec.type === 'date';
  const nullable = (spec.type === 'date' || spec.type === 'datetime') && spec.nullable;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={spec.name}
          type={date ? 'date' : 'datetime-local'}
          className={input}
          value={date ? String(value ?? '') : toLocalInput(value)}
          onChange={(e) => onChange(date ? e.target.value || (nullable ? null : '') : fromLocalInput(e.target.value))}
          {...describe}
        />
        {nullable && value ? (
          <button type="button" className="mt-1 rounded-full px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50" onClick={() => onChange(null)}>
            {messages.edit.clear}
            <span className="sr-only">: {label}</span>
          </button>
        ) : null}
      </div>
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}

/** A JSON value as text (a flag's rules). A part's message names its place in the value (`items.2.answer: …`). */
export function JsonInput({ spec, value, errors, onChange, id, label, own, errorId }: InputProps) {
  const shown = [...(own ?? []), ...Object.entries(partErrors(errors, spec.name)).map(([part, words]) => `${part}: ${words.join(' ')}`)];
  const described = shown.length ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        name={spec.name}
        rows={6}
        className={`${input} font-mono text-sm`}
        defaultValue={JSON.stringify(value ?? null, null, 2)}
        onChange={(e) => {
          try {
            onChange(JSON.parse(e.target.value));
          } catch {
            onChange(e.target.value);
          }
        }}
        {...described}
      />
      <FieldErrors id={errorId} messages={shown} />
    </div>
  );
}
