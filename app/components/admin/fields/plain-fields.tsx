/**
 * The content form's inputs of one value: a text (a line, or a text area), a number, a tick, a date or a moment, and
 * a JSON value. The form's `Field` (../content-form.tsx) gives each its id, label and messages.
 */
import { useState } from 'react';
import {
  formatDateInput,
  formatMomentInput,
  formatNumberInput,
  numberExample,
  parseDateInput,
  parseMomentInput,
  parseNumberInput,
} from '#core/admin/intl-input.ts';
import { fill } from '#core/admin/messages.ts';
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

/**
 * A number written in the interface's language (`1 234,5` in Russian), not the browser's: a text input read with the
 * language's marks (core/admin/intl-input.ts), written with its groups when it is left. What does not read as a
 * number is said under it, and sent as typed, so the server's check refuses it too.
 */
export function NumberInput({ spec, value, onChange, messages, locale = 'ru', id, label, own, errorId, describe }: InputProps) {
  const integer = spec.type === 'number' && spec.integer;
  const nullable = spec.type === 'number' && spec.nullable;
  const typed = useTypedText(value, (v) => formatNumberInput(v, locale), onChange);
  const parsed = parseNumberInput(typed.text, locale);
  const bad = !parsed.ok ? fill(messages.inputs.badNumber, { example: numberExample(locale) }) : null;
  const shown = bad ? [bad, ...(own ?? [])] : own;
  const described = shown?.length ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : describe;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={spec.name}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={input}
        value={typed.text}
        onChange={(e) => {
          const read = parseNumberInput(e.target.value, locale);
          typed.emit(e.target.value, !read.ok ? e.target.value : read.value === null ? (nullable ? null : '') : read.value);
        }}
        onBlur={() => typed.settle()}
        {...described}
      />
      <FieldErrors id={errorId} messages={shown} />
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

/**
 * A date, or a moment in Moscow time, written in the interface's language (`30.11.2026 14:05` in Russian), not the
 * browser's: a text input with the language's pattern as its hint, read by core/admin/intl-input.ts. What does not
 * read as a date is said under it and sent as typed (the server refuses it too); a field that may be empty has a
 * button that empties it.
 */
export function DateInput({ spec, value, onChange, messages, locale = 'ru', id, label, own, errorId, describe }: InputProps) {
  const date = spec.type === 'date';
  const nullable = (spec.type === 'date' || spec.type === 'datetime') && spec.nullable;
  const words = messages.inputs;
  const pattern = date ? words.datePattern : words.datetimePattern;
  const format = (v: unknown) => (date ? formatDateInput(v, locale) : formatMomentInput(v, locale));
  const read = (text: string) => (date ? parseDateInput(text, locale) : parseMomentInput(text, locale));
  const typed = useTypedText(value, format, onChange);
  const bad = read(typed.text).ok ? null : fill(words.badDate, { pattern });
  const shown = bad ? [bad, ...(own ?? [])] : own;
  const hintId = `${id}-hint`;
  const described = shown?.length ? `${hintId} ${errorId}` : describe['aria-describedby'] ? `${hintId} ${describe['aria-describedby']}` : hintId;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={hintId} className="text-sm text-muted">
        {date ? pattern : `${pattern}, ${words.moscow}`}
      </p>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={spec.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={pattern}
          className={input}
          value={typed.text}
          onChange={(e) => {
            const parsed = read(e.target.value);
            typed.emit(e.target.value, !parsed.ok ? e.target.value : parsed.value === null ? (nullable ? null : '') : parsed.value);
          }}
          onBlur={() => typed.settle()}
          aria-describedby={described}
          aria-invalid={shown?.length ? true : undefined}
        />
        {nullable && value ? (
          <button type="button" className="mt-1 rounded-full px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50" onClick={() => onChange(null)}>
            {messages.edit.clear}
            <span className="sr-only">: {label}</span>
          </button>
        ) : null}
      </div>
      <FieldErrors id={errorId} messages={shown} />
    </div>
  );
}

/**
 * The text of an input that writes a value in the language: what the editor types stays as typed while they type
 * (no caret jumps), becomes the value's own writing when the input is left, and follows a value changed from
 * elsewhere (a draft loaded, a revert).
 */
function useTypedText(value: unknown, format: (value: unknown) => string, onChange: (value: unknown) => void) {
  const [text, setText] = useState(() => format(value));
  // The value the text stands for: another one coming in was set from elsewhere.
  const [seen, setSeen] = useState<unknown>(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setText(format(value));
  }
  return {
    text,
    emit(typed: string, next: unknown) {
      setSeen(next);
      setText(typed);
      onChange(next);
    },
    settle() {
      const written = format(seen);
      if (written) setText(written);
    },
  };
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
