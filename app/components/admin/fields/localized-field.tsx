/**
 * A text in the three languages side by side (plain, a text area, or rich text in Tiptap, loaded only when a form
 * has rich text), an empty translation flagged.
 */
import { lazy, Suspense, useId } from 'react';
import type { FieldSpec } from '#core/admin/form.ts';
import { missingTranslations } from '#core/admin/form.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { FieldErrors, input, labelClass, type FieldProps } from './field-parts.tsx';

const RichTextEditor = lazy(() => import('../rich-text-editor.tsx'));

/** The three languages side by side; an empty translation is flagged (the site shows Russian there). */
export function LocalizedField({
  spec,
  value,
  errors,
  onChange,
  messages,
  label,
}: FieldProps & { spec: Extract<FieldSpec, { type: 'localized' }>; label: string }) {
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
