/**
 * The content form's choices: one of a list (an enum's values, or another table's rows), several of an enum's
 * values, and several rows of another table in the order chosen. The form's `Field` (../content-form.tsx) gives each
 * its id, label and messages.
 */
import { optionWord } from '#core/admin/messages.ts';
import { FieldErrors, input, labelClass, leafName, type InputProps, type Option } from './field-parts.tsx';

/** One value of an enum (its words from the catalog) or one row of another table (`reference`, a number). */
export function SelectInput({ spec, value, onChange, messages, options, readOnly, id, label, own, errorId, describe }: InputProps) {
  const choices: Option[] =
    spec.type === 'select'
      ? spec.options.map((o) => ({ value: o, label: optionWord(messages, leafName(spec.name), o) }))
      : spec.type === 'reference'
        ? (options[spec.source] ?? [])
        : [];
  const numeric = spec.type === 'reference' && !spec.codes;
  const nullable = (spec.type === 'select' || spec.type === 'reference') && spec.nullable;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={spec.name}
        className={input}
        value={value === null || value === undefined ? '' : String(value)}
        disabled={readOnly}
        onChange={(e) => onChange(e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}
        {...describe}
      >
        {nullable ? <option value="">{messages.none}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}

/** Several values of an enum, kept in the enum's order. */
export function MultiselectInput({ spec, value, onChange, messages, label, own, errorId, describe }: InputProps) {
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const all = spec.type === 'multiselect' ? spec.options : [];
  return (
    <fieldset {...describe}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {all.map((o) => (
          <label key={o} className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(o)}
              onChange={(e) => onChange(e.target.checked ? all.filter((x) => x === o || chosen.includes(x)) : chosen.filter((x) => x !== o))}
            />
            {optionWord(messages, leafName(spec.name), o)}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} messages={own} />
    </fieldset>
  );
}

/**
 * Several rows of another table (an office's projects). Ticking adds at the end, unticking removes: the order chosen
 * is kept. A chosen id the choices no longer have (a project gone from the catalogue) is shown by its number, so it
 * can be unticked.
 */
export function ReferencesInput({ spec, value, onChange, options, readOnly, label, own, errorId, describe }: InputProps) {
  // Numbers (a row's id) or text codes (a catalogue project's), as the field's schema keeps them.
  const codes = spec.type === 'references' && spec.codes === true;
  const chosen = Array.isArray(value) ? (value as (number | string)[]) : [];
  const keyOf = (v: string) => (codes ? v : Number(v));
  const isChosen = (v: string) => chosen.some((x) => String(x) === v);
  const choices = spec.type === 'references' ? (options[spec.source] ?? []) : [];
  const known = new Set(choices.map((c) => c.value));
  const all = [...choices, ...chosen.filter((v) => !known.has(String(v))).map((v) => ({ value: String(v), label: `#${v}` }))];
  return (
    <fieldset {...describe}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {all.map((c) => (
          <label key={c.value} className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={isChosen(c.value)}
              disabled={readOnly}
              onChange={(e) => onChange(e.target.checked ? [...chosen, keyOf(c.value)] : chosen.filter((x) => String(x) !== c.value))}
            />
            {c.label}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} messages={own} />
    </fieldset>
  );
}
