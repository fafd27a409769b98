import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { withoutTracking } from '#core/http/tracking-query.ts';
import { safeUtm } from '#core/tracking/events.ts';
import { FINANCE_FIELDS, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, UTM_KEYS } from '#core/validation/lead-forms.ts';
import { Checkbox, FieldMessage, TextAreaField, TextField } from '#app/components/ui/field.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import type { LeadContext } from './types.ts';
import { CsrfField } from '#app/lib/csrf.tsx';
import { useHere } from '#app/lib/here.ts';
import { useHydrated } from '#app/lib/hydration.ts';

type Values = Record<string, string> | undefined;
type Errors = Record<string, string>;

/**
 * Hidden fields every lead form posts: the CSRF token (forms without JavaScript), the idempotency key,
 * where the visitor was (page URL, UTM tags) and the page's project, lot or promo, and a purchase page's calculation.
 */
export function LeadHiddenFields({ idempotencyKey, context, values }: { idempotencyKey: string; context?: LeadContext | undefined; values?: Values }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const here = useHere();
  // After a post without JavaScript the form is shown on /forms/…: the original page and tags come back in `values`
  // (the page whole, for the way back; the server keeps its path and UTM tags only). The tags are cleaned as the
  // server keeps them (core/tracking/events.ts): none holding an e-mail or a phone is sent. A page is rendered without
  // its tracking parameters (one kept copy for all their values: core/http/page-query.ts), so the address's own come
  // in once hydrated; a post without JavaScript takes them from its Referer (app/routes/form.tsx).
  const params = new URLSearchParams(
    values ? Object.entries(values).filter(([k]) => (UTM_KEYS as readonly string[]).includes(k)) : hydrated ? location.search : '',
  );
  const pageUrl = values?.page_url || (hydrated ? here : withoutTracking(here));
  return (
    <>
      <CsrfField />
      {/* The browser's key once hydrated; in the server's HTML only the key a post already used (the form shown
          again after a post without JavaScript), none on a fresh page, which is the same for every visitor (ADR 022):
          the page action gives a post without one its key. No readOnly: a hidden input takes a value without
          onChange, and HTML allows readonly only on editable types. */}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={hydrated ? idempotencyKey : (values?.[IDEMPOTENCY_FIELD] ?? '')} />
      <input type="hidden" name="page_url" value={pageUrl} />
      {UTM_KEYS.map((k) => {
        const value = safeUtm(params.get(k));
        return value ? <input key={k} type="hidden" name={k} value={value} /> : null;
      })}
      {context?.project ? <input type="hidden" name="project" value={String(context.project)} /> : null}
      {context?.lot ? <input type="hidden" name="lot" value={String(context.lot)} /> : null}
      {context?.promo ? <input type="hidden" name="promo" value={String(context.promo)} /> : null}
      {FINANCE_FIELDS.map((k) => (context?.finance?.[k] !== undefined ? <input key={k} type="hidden" name={k} value={String(context.finance[k])} /> : null))}
    </>
  );
}

/** A field people never see or reach; bots filling every input fill it and are quietly dropped. */
export function Honeypot() {
  const t = useT();
  const id = useId();
  return (
    <div aria-hidden="true" className="offstage">
      <label htmlFor={id}>{t('forms.fields.honeypot')}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function NameField({ values, errors, className }: { values: Values; errors: Errors; className?: string }) {
  const t = useT();
  return (
    <TextField
      label={t('forms.fields.name')}
      name="name"
      autoComplete="name"
      placeholder={t('forms.fields.namePlaceholder')}
      required
      defaultValue={values?.name ?? ''}
      error={errors.name}
      className={className}
    />
  );
}

export function PhoneField({ values, errors, required = true, className }: { values: Values; errors: Errors; required?: boolean; className?: string }) {
  const t = useT();
  return (
    <TextField
      label={t('forms.fields.phone')}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('forms.fields.phonePlaceholder')}
      required={required}
      defaultValue={values?.phone ?? ''}
      error={errors.phone}
      className={className}
      onBlur={(event) => {
        const input = event.currentTarget;
        // Shows the number as it will be stored (international format) once it is complete.
        void import('#core/validation/rules.ts').then(({ checkPhone }) => {
          const result = checkPhone(input.value, false);
          if (result?.ok) input.value = result.international;
        });
      }}
    />
  );
}

export function EmailField({ values, errors, required = false, className }: { values: Values; errors: Errors; required?: boolean; className?: string }) {
  const t = useT();
  return (
    <TextField
      label={t('forms.fields.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('forms.fields.emailPlaceholder')}
      required={required}
      defaultValue={values?.email ?? ''}
      error={errors.email}
      className={className}
    />
  );
}

export function CommentField({ values, errors, className }: { values: Values; errors: Errors; className?: string }) {
  const t = useT();
  return (
    <TextAreaField
      label={t('forms.fields.comment')}
      name="comment"
      placeholder={t('forms.fields.commentPlaceholder')}
      defaultValue={values?.comment ?? ''}
      error={errors.comment}
      className={className}
    />
  );
}

/** Radio buttons drawn as pills; `peer` classes let CSS alone react to the choice (no JavaScript needed). */
export function ChoicePills({
  legend,
  name,
  options,
  defaultValue,
  error,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; icon?: ReactNode }[];
  defaultValue: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="pill">
            <input type="radio" name={name} value={option.value} defaultChecked={option.value === defaultValue} className="sr-only" />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}

export function NewsletterField({ values, errors }: { values: Values; errors: Errors }) {
  const t = useT();
  return (
    <Checkbox
      name="newsletter"
      label={t('forms.fields.newsletter')}
      defaultChecked={values?.newsletter === 'on' || values?.newsletter === 'true'}
      error={errors.newsletter}
    />
  );
}

/** Name, phone, e-mail and the newsletter, as a two-column form (`layout="wide"`) lays them out. */
export function WideContactFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <NameField values={values} errors={errors} />
      <PhoneField values={values} errors={errors} />
      <EmailField values={values} errors={errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <NewsletterField values={values} errors={errors} />
      </div>
    </>
  );
}

/** The mandatory personal-data consent, with the policy one click away (in a new tab, so the form keeps its input). */
export function ConsentField({ values, errors }: { values: Values; errors: Errors }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div>
      <Checkbox
        name="consent"
        required
        label={
          <>
            {t('forms.fields.consent')}
            <span aria-hidden="true" className="text-danger">
              {' *'}
            </span>
          </>
        }
        defaultChecked={values?.consent === 'on' || values?.consent === 'true'}
        error={errors.consent}
      />
      <a href={lp('/privacy')} target="_blank" rel="noopener" className="consent-link">
        {t('forms.fields.policy')}
      </a>
    </div>
  );
}
