/**
 * The one form of every kind of content (ADR 026): its fields come from the kind's zod schema
 * (core/admin/form.ts), each drawn by its type — text, number, select, checkboxes, dates, a text in three languages
 * side by side with missing translations flagged, rich text (Tiptap, loaded lazily), a picture upload. The server
 * checks with the same schema; its messages appear next to their fields, in the editor's language.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { UPLOAD_MAX_MB } from '#core/admin/fields.ts';
import type { FieldSpec } from '#core/admin/form.ts';
import { missingTranslations } from '#core/admin/form.ts';
import { fill, optionWord, type AdminContentMessages } from '#core/admin/messages.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[]>;
export type Option = { value: string; label: string };
export type ImageValue = { src: string; width: number; height: number };

type FieldProps = {
  spec: FieldSpec;
  value: unknown;
  errors: Errors;
  onChange: (value: unknown) => void;
  messages: AdminContentMessages;
  options: Record<string, Option[]>;
  thumbnails: Record<string, string>;
  upload: (file: File) => Promise<{ image: ImageValue; thumbnail: string } | { error: string }>;
  /** Shown but not changed (an item's own key once it exists). */
  readOnly?: boolean;
};

const input = 'mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 aria-invalid:border-danger';
const labelClass = 'block text-sm font-semibold';

/** A field's name without its items' numbers (`cards.0.title` → `cards.title`). */
const fieldPath = (name: string) =>
  name
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
/** A field's own name, the last of its path (`cards.0.title` → `title`). */
const leafName = (name: string) => fieldPath(name).split('.').pop() ?? name;

/** A field's words: its path's own (`hero.cta`), else its name's (`title`), whatever list item it is in. */
export const fieldLabel = (messages: AdminContentMessages, name: string) =>
  messages.fields[name] ?? messages.fields[fieldPath(name)] ?? messages.fields[leafName(name)] ?? name;

/** The messages of a field (and of its parts: `title.en`), each with its id for `aria-describedby`. */
function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {messages.join(' ')}
    </p>
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

export function Field(props: FieldProps) {
  const { spec, value, errors, onChange, messages } = props;
  const id = useId();
  const label = fieldLabel(messages, spec.name);
  const own = errors[spec.name];
  const errorId = `${id}-error`;
  const describe = own?.length ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
  switch (spec.type) {
    case 'text':
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          {spec.multiline ? (
            <textarea
              id={id}
              name={spec.name}
              rows={4}
              className={input}
              value={String(value ?? '')}
              maxLength={spec.maxLength}
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
              maxLength={spec.maxLength}
              readOnly={props.readOnly}
              onChange={(e) => onChange(e.target.value)}
              {...describe}
            />
          )}
          <FieldErrors id={errorId} messages={own} />
        </div>
      );
    case 'number':
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
            step={spec.integer ? 1 : 'any'}
            onChange={(e) => onChange(e.target.value === '' ? (spec.nullable ? null : '') : Number(e.target.value))}
            {...describe}
          />
          <FieldErrors id={errorId} messages={own} />
        </div>
      );
    case 'boolean':
      return (
        <div>
          <label className="inline-flex items-center gap-2 font-semibold">
            <input type="checkbox" name={spec.name} className="size-5" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...describe} />
            {label}
          </label>
          <FieldErrors id={errorId} messages={own} />
        </div>
      );
    case 'select':
    case 'reference': {
      const choices: Option[] =
        spec.type === 'select'
          ? spec.options.map((o) => ({ value: o, label: optionWord(messages, leafName(spec.name), o) }))
          : (props.options[spec.source] ?? []);
      const numeric = spec.type === 'reference';
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
            disabled={props.readOnly}
            onChange={(e) => onChange(e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}
            {...describe}
          >
            {spec.nullable ? <option value="">{messages.none}</option> : null}
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
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset {...describe}>
          <legend className={labelClass}>{label}</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {spec.options.map((o) => (
              <label key={o} className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={chosen.includes(o)}
                  onChange={(e) => onChange(e.target.checked ? spec.options.filter((x) => x === o || chosen.includes(x)) : chosen.filter((x) => x !== o))}
                />
                {optionWord(messages, leafName(spec.name), o)}
              </label>
            ))}
          </div>
          <FieldErrors id={errorId} messages={own} />
        </fieldset>
      );
    }
    case 'references': {
      // Ticking adds at the end, unticking removes: the order chosen is kept. A chosen id the choices no longer have
      // (a project gone from the catalogue) is shown by its number, so it can be unticked.
      const chosen = Array.isArray(value) ? (value as number[]) : [];
      const choices = props.options[spec.source] ?? [];
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
                  checked={chosen.includes(Number(c.value))}
                  disabled={props.readOnly}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, Number(c.value)] : chosen.filter((x) => x !== Number(c.value)))}
                />
                {c.label}
              </label>
            ))}
          </div>
          <FieldErrors id={errorId} messages={own} />
        </fieldset>
      );
    }
    case 'date':
    case 'datetime':
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={id}
              name={spec.name}
              type={spec.type === 'date' ? 'date' : 'datetime-local'}
              className={input}
              value={spec.type === 'date' ? String(value ?? '') : toLocalInput(value)}
              onChange={(e) => onChange(spec.type === 'date' ? e.target.value || (spec.nullable ? null : '') : fromLocalInput(e.target.value))}
              {...describe}
            />
            {spec.nullable && value ? (
              <button
                type="button"
                className="mt-1 rounded-full px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                onClick={() => onChange(null)}
              >
                {messages.edit.clear}
                <span className="sr-only">: {label}</span>
              </button>
            ) : null}
          </div>
          <FieldErrors id={errorId} messages={own} />
        </div>
      );
    case 'localized':
      return <LocalizedField {...props} spec={spec} label={label} />;
    case 'list':
      return <ListField {...props} label={label} />;
    case 'week':
      return <WeekField {...props} label={label} />;
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
    case 'json': {
      // A part's message names its place in the value (`items.2.answer: …`): the text has no input of its own.
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
  }
}

/** The three languages side by side; an empty translation is flagged (the site shows Russian there). */
function LocalizedField({ spec, value, errors, onChange, messages, label }: FieldProps & { spec: Extract<FieldSpec, { type: 'localized' }>; label: string }) {
  const id = useId();
  const texts = (value && typeof value === 'object' ? value : { ru: '', en: '', zh: '' }) as Record<Locale, string>;
  const missing = missingTranslations(texts);
  const set = (locale: Locale, text: string) => onChange({ ...texts, [locale]: text });
  const wide = spec.input === 'richtext';
  return (
    <fieldset>
      <legend className="text-base font-bold">{label}</legend>
      <FieldErrors id={`${id}-error`} messages={errors[spec.name]} />
      <div className={`mt-2 grid gap-4 ${wide ? 'xl:grid-cols-3' : 'md:grid-cols-3'}`}>
        {LOCALES.map((locale) => {
          const key = `${spec.name}.${locale}`;
          const own = errors[key];
          const inputId = `${id}-${locale}`;
          const labelId = `${inputId}-label`;
          const flagged = missing.includes(locale) && !spec.required.includes(locale);
          const flagId = `${inputId}-missing`;
          const described = [own?.length ? `${inputId}-error` : '', flagged ? flagId : ''].filter(Boolean).join(' ') || undefined;
          const common = { 'aria-describedby': described, ...(own?.length ? { 'aria-invalid': true as const } : {}) };
          return (
            <div key={locale} lang={locale}>
              <div className="flex items-center justify-between gap-2">
                <label id={labelId} htmlFor={inputId} className={labelClass}>
                  {label} · {messages.languages[locale]}
                </label>
                {flagged ? (
                  <span id={flagId} lang={undefined} className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-900">
                    {messages.missingTranslation}
                  </span>
                ) : null}
              </div>
              {spec.input === 'richtext' ? (
                <Suspense fallback={<p className="min-h-48 rounded-xl border border-line px-4 py-3 text-muted">{messages.editor.loading}</p>}>
                  <RichTextEditor
                    value={texts[locale] ?? ''}
                    onChange={(html) => set(locale, html)}
                    labelledBy={labelId}
                    {...(described ? { describedBy: described } : {})}
                    invalid={!!own?.length}
                    messages={messages}
                  />
                </Suspense>
              ) : spec.input === 'textarea' ? (
                <textarea
                  id={inputId}
                  rows={4}
                  className={input}
                  value={texts[locale] ?? ''}
                  maxLength={spec.maxLength}
                  onChange={(e) => set(locale, e.target.value)}
                  {...common}
                />
              ) : (
                <input
                  id={inputId}
                  type="text"
                  className={input}
                  value={texts[locale] ?? ''}
                  maxLength={spec.maxLength}
                  onChange={(e) => set(locale, e.target.value)}
                  {...common}
                />
              )}
              <FieldErrors id={`${inputId}-error`} messages={own} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function ImageField({ spec, value, errors, onChange, messages, thumbnails, upload, label }: FieldProps & { label: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thumb, setThumb] = useState<Record<string, string>>({});
  const image = value as ImageValue | null;
  const src = image ? (thumb[image.src] ?? thumbnails[image.src]) : undefined;
  const own = [
    ...(errors[spec.name] ?? []),
    ...Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${spec.name}.`) ? v : [])),
    ...(error ? [error] : []),
  ];
  return (
    <fieldset aria-describedby={own.length ? `${id}-error` : `${id}-hint`}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        {image && src ? (
          <img
            src={src}
            alt={messages.image.alt}
            width={240}
            height={Math.round((240 * image.height) / image.width)}
            className="rounded-lg border border-line object-cover"
          />
        ) : null}
        <div>
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-brand-50"
          >
            {busy ? messages.image.uploading : image ? messages.image.replace : messages.image.upload}
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={busy}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setBusy(true);
                setError(null);
                const result = await upload(file);
                setBusy(false);
                if ('error' in result) setError(result.error);
                else {
                  setThumb((t) => ({ ...t, [result.image.src]: result.thumbnail }));
                  onChange(result.image);
                }
              }}
            />
          </label>
          {spec.type === 'image' && spec.nullable && image ? (
            <button type="button" className="ml-2 min-h-11 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50" onClick={() => onChange(null)}>
              {messages.image.remove}
              <span className="sr-only">: {label}</span>
            </button>
          ) : null}
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {fill(messages.image.hint, { mb: UPLOAD_MAX_MB })}
          </p>
        </div>
      </div>
      {own.length ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {own.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Errors of a field's parts (`phones.1`, `schedule.2.closes`), by the part's path after the field's name. */
function partErrors(errors: Errors, name: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${name}.`) ? [[k.slice(name.length + 1), v]] : [])));
}

/** A list of texts (an office's phones, a landing's paragraphs), a line each or a text area each when they are long. */
function ListField({ spec, value, errors, onChange, messages, label }: FieldProps & { label: string }) {
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
          onChange={(v) => onChange({ ...object, [child.name]: v })}
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

type Day = { opens: string; closes: string; break: { from: string; to: string } | null } | null;

/** An office's week, Monday first: each day open or not, its hours and an optional break (Moscow time). */
function WeekField({ spec, value, errors, onChange, messages, label }: FieldProps & { label: string }) {
  const id = useId();
  const days = (Array.isArray(value) && value.length === 7 ? value : [null, null, null, null, null, null, null]) as Day[];
  const parts = partErrors(errors, spec.name);
  const words = messages.week;
  const set = (i: number, day: Day) => onChange(days.map((d, j) => (j === i ? day : d)));
  const time = 'rounded-lg border border-line px-2 py-1 aria-invalid:border-danger';
  return (
    <fieldset>
      <legend className={labelClass}>{label}</legend>
      <FieldErrors id={`${id}-error`} messages={errors[spec.name]} />
      <table className="mt-2 text-sm">
        <thead>
          <tr>
            <th scope="col" className="pr-3 text-left">
              {words.day}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.open}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.opens}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.closes}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.breakFrom}
            </th>
            <th scope="col" className="pr-3 text-left">
              {words.breakTo}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => {
            const name = words.days[i]!;
            const dayErrors = Object.entries(parts).flatMap(([k, v]) => (k === String(i) || k.startsWith(`${i}.`) ? v : []));
            const errorId = `${id}-${i}-error`;
            const invalid = dayErrors.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
            const timeInput = (key: 'opens' | 'closes', v: string) => (
              <input
                type="time"
                aria-label={`${name}: ${words[key]}`}
                className={time}
                value={v}
                disabled={!day}
                onChange={(e) => day && set(i, { ...day, [key]: e.target.value })}
                {...invalid}
              />
            );
            const breakInput = (key: 'from' | 'to') => (
              <input
                type="time"
                aria-label={`${name}: ${key === 'from' ? words.breakFrom : words.breakTo}`}
                className={time}
                value={day?.break?.[key] ?? ''}
                disabled={!day}
                onChange={(e) => {
                  if (!day) return;
                  const next = { from: day.break?.from ?? '', to: day.break?.to ?? '', [key]: e.target.value };
                  set(i, { ...day, break: next.from || next.to ? next : null });
                }}
                {...invalid}
              />
            );
            return (
              <tr key={i}>
                <th scope="row" className="pr-3 text-left font-normal">
                  {name}
                  {dayErrors.length ? (
                    <span id={errorId} className="block font-semibold text-danger">
                      {dayErrors.join(' ')}
                    </span>
                  ) : null}
                </th>
                <td className="pr-3">
                  <input
                    type="checkbox"
                    aria-label={`${name}: ${words.open}`}
                    className="size-5"
                    checked={day !== null}
                    onChange={(e) => set(i, e.target.checked ? { opens: '10:00', closes: '19:00', break: null } : null)}
                  />
                </td>
                <td className="pr-3">{timeInput('opens', day?.opens ?? '')}</td>
                <td className="pr-3">{timeInput('closes', day?.closes ?? '')}</td>
                <td className="pr-3">{breakInput('from')}</td>
                <td className="pr-3">{breakInput('to')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
          readOnly={fixed.includes(spec.name)}
          onChange={(v) => onChange({ ...values, [spec.name]: v })}
        />
      ))}
    </div>
  );
}
