/**
 * The one form of every kind of content (ADR 026): its fields come from the kind's zod schema
 * (core/admin/form.ts), each drawn by its type — text, number, select, checkboxes, dates, a text in three languages
 * side by side with missing translations flagged, rich text (Tiptap, loaded lazily), a picture upload, groups and
 * ordered lists of fields. The server checks with the same schema; its messages appear next to their fields, in the
 * editor's language. Each input is in fields/; this file chooses among them and draws groups and lists, whose fields
 * are this form's own.
 */
import { useId, type ReactNode } from 'react';
import { isSearchSource } from '#core/admin/fields.ts';
import type { FieldSpec } from '#core/admin/form.ts';
import { fill } from '#core/admin/messages.ts';
import { MultiselectInput, ReferencesInput, SelectInput } from './fields/choice-fields.tsx';
import { FieldErrors, fieldLabel, type FieldProps, type Values } from './fields/field-parts.tsx';
import { ImageField } from './fields/image-field.tsx';
import { ListField } from './fields/list-field.tsx';
import { ScopedSelectInput, SearchPickerInput } from './fields/search-picker.tsx';
import { LocalizedField } from './fields/localized-field.tsx';
import { BooleanInput, DateInput, JsonInput, NumberInput, TextInput } from './fields/plain-fields.tsx';
import { WeekField } from './fields/week-field.tsx';
import { DayField } from './fields/day-field.tsx';

export { fieldLabel };
export type { Errors, ImageValue, Option, Values } from './fields/field-parts.tsx';

export function Field(props: FieldProps) {
  const { spec, value, errors, onChange, messages } = props;
  const id = useId();
  const label = fieldLabel(messages, spec.name);
  const own = errors[spec.name];
  const errorId = `${id}-error`;
  const describe = own?.length ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
  const inputProps = { ...props, id, label, own, errorId, describe };
  switch (spec.type) {
    case 'text':
      return <TextInput {...inputProps} />;
    case 'number':
      return <NumberInput {...inputProps} />;
    case 'boolean':
      return <BooleanInput {...inputProps} />;
    case 'select':
      return <SelectInput {...inputProps} />;
    case 'reference':
      return spec.scope ? <ScopedSelectInput {...inputProps} /> : <SelectInput {...inputProps} />;
    case 'multiselect':
      return <MultiselectInput {...inputProps} />;
    case 'references':
      return isSearchSource(spec.source) ? <SearchPickerInput {...inputProps} /> : <ReferencesInput {...inputProps} />;
    case 'date':
    case 'datetime':
      return <DateInput {...inputProps} />;
    case 'json':
      return <JsonInput {...inputProps} />;
    case 'localized':
      return <LocalizedField {...props} spec={spec} label={label} />;
    case 'list':
      return <ListField {...props} label={label} />;
    case 'week':
      return <WeekField {...props} label={label} />;
    case 'day':
      return <DayField {...props} label={label} />;
    case 'image':
      return <ImageField {...props} label={label} />;
    case 'group':
      return (
        <fieldset className="rounded-2xl border border-line p-4 sm:p-6">
          <legend className="px-2 text-lg font-bold">{label}</legend>
          <FieldErrors id={errorId} messages={own} />
          <NestedFields {...props} fields={spec.fields} prefix={spec.name} value={value} onChange={onChange} />
        </fieldset>
      );
    case 'items':
      return <ItemsField {...props} spec={spec} label={label} />;
  }
}

/** The fields of an object drawn as the form's own, each named by its path (`hero.title`: the server's errors name it so). */
function NestedFields(
  props: Omit<FieldProps, 'spec' | 'readOnly'> & {
    fields: FieldSpec[];
    prefix: string;
  },
) {
  const { fields, prefix, value, onChange, ...rest } = props;
  const object = (value && typeof value === 'object' ? value : {}) as Values;
  return (
    <div className="space-y-6">
      {fields.map((child) => (
        <Field
          key={child.name}
          {...rest}
          spec={{ ...child, name: `${prefix}.${child.name}` }}
          value={object[child.name]}
          siblings={object}
          onChange={(v) => onChange(changed(fields, object, child.name, v))}
        />
      ))}
    </div>
  );
}

/** An ordered list of objects (a story's cards, the advantages): each drawn with its fields, added, removed and moved. */
function ItemsField(props: FieldProps & { spec: Extract<FieldSpec, { type: 'items' }>; label: string }) {
  const { spec, value, errors, onChange, messages, label } = props;
  const id = useId();
  const items = Array.isArray(value) ? (value as Values[]) : [];
  const words = messages.itemsWidget;
  const own = errors[spec.name];
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const small = 'rounded-full px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-40';
  return (
    <fieldset aria-describedby={own?.length ? `${id}-error` : undefined}>
      <legend className="text-lg font-bold">{label}</legend>
      <FieldErrors id={`${id}-error`} messages={own} />
      {items.length === 0 ? <p className="mt-2 text-muted">{words.empty}</p> : null}
      <ol className="mt-3 space-y-4">
        {items.map((item, i) => {
          const name = fill(words.item, { n: i + 1 });
          return (
            <li key={i}>
              <fieldset className="rounded-2xl border border-line p-4 sm:p-6">
                <legend className="px-2 font-bold">
                  {label}: {name}
                </legend>
                <div className="mb-4 flex flex-wrap gap-2">
                  <button type="button" className={small} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    {words.up}
                    <span className="sr-only">: {name}</span>
                  </button>
                  <button type="button" className={small} disabled={i === items.length - 1} onClick={() => move(i, i + 1)}>
                    {words.down}
                    <span className="sr-only">: {name}</span>
                  </button>
                  <button type="button" className={small} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                    {words.remove}
                    <span className="sr-only">: {name}</span>
                  </button>
                </div>
                <NestedFields
                  {...props}
                  fields={spec.fields}
                  prefix={`${spec.name}.${i}`}
                  value={item}
                  onChange={(v) => onChange(items.map((it, j) => (j === i ? (v as Values) : it)))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {spec.maxItems === undefined || items.length < spec.maxItems ? (
        <button
          type="button"
          className="mt-3 rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          onClick={() => onChange([...items, structuredClone(spec.empty)])}
        >
          {words.add}
          <span className="sr-only">: {label}</span>
        </button>
      ) : null}
    </fieldset>
  );
}

export function FieldList(
  props: Omit<FieldProps, 'spec' | 'value' | 'onChange' | 'readOnly'> & {
    fields: FieldSpec[];
    values: Values;
    onChange: (values: Values) => void;
    fixed?: string[];
  },
): ReactNode {
  const { fields, values, onChange, fixed = [], ...rest } = props;
  return (
    <div className="space-y-6">
      {fields.map((spec) => (
        <Field
          key={spec.name}
          {...rest}
          spec={spec}
          value={values[spec.name]}
          siblings={values}
          readOnly={fixed.includes(spec.name)}
          onChange={(v) => onChange(changed(fields, values, spec.name, v))}
        />
      ))}
    </div>
  );
}

/**
 * The values with one field changed by the editor, and the fields scoped to it cleared when it changes: a building
 * chosen among another project's buildings is not this one's (issue #42).
 */
function changed(fields: FieldSpec[], values: Values, name: string, value: unknown): Values {
  const next: Values = { ...values, [name]: value };
  if (values[name] === value) return next;
  for (const f of fields) if (f.type === 'reference' && f.scope === name && next[f.name] !== null && next[f.name] !== undefined) next[f.name] = null;
  return next;
}
