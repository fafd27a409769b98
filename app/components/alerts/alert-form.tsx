import { useId, useState, type FormEvent } from 'react';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { ApiError } from '#core/http/client.ts';
import { ConsentField, EmailField, Honeypot } from '#app/components/forms/fields.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import type { AlertFormResult } from '#app/loaders/alerts.server.ts';
import { useApi } from '#app/lib/api.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { useT } from '#app/lib/i18n.tsx';
import { CsrfField } from '#app/lib/csrf.tsx';

type State =
  | { state: 'idle' | 'sending' | 'sent' }
  | { state: 'invalid'; values: Record<string, string>; errors: Record<string, string> }
  | { state: 'error'; values: Record<string, string>; limited?: boolean };

/**
 * "Notify me" (a saved search: the filter page's query) and "follow this lot" (ADR 021): e-mail and consent, no
 * account. Without JavaScript it posts to the page's own action; with it, to `POST /api/alerts/`. Either way the
 * answer is "check your mail": the subscription is active only once the e-mailed link is opened. A server that sends
 * no e-mail (no SMTP_URL) could never confirm it: there the form is not offered at all.
 */
export function AlertForm({
  kind,
  query,
  lot,
  action,
  result,
}: {
  kind: 'search' | 'lot';
  query?: string;
  lot?: string;
  action: string;
  result?: AlertFormResult | undefined;
}) {
  const t = useT();
  const api = useApi();
  const id = useId();
  const [state, setState] = useState<State>(result ?? { state: 'idle' });
  const texts =
    kind === 'search'
      ? { title: t('alerts.search.title'), text: t('alerts.search.text'), submit: t('alerts.search.submit') }
      : { title: t('alerts.lot.title'), text: t('alerts.lot.text'), submit: t('alerts.lot.submit') };
  const values = state.state === 'invalid' || state.state === 'error' ? state.values : undefined;
  const errors = state.state === 'invalid' ? state.errors : {};
  const offered = useRootData()?.alertMail === true;
  if (!offered) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...form.entries()].filter(([name, value]) => name !== CSRF_FORM_FIELD && typeof value === 'string')) as Record<
      string,
      string
    >;
    setState({ state: 'sending' });
    try {
      await api('/api/alerts/', { method: 'POST', body: fields });
      setState({ state: 'sent' });
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { errors?: Record<string, string[]> } | null) : null;
      if (error instanceof ApiError && error.status === 400 && data?.errors)
        setState({ state: 'invalid', values: fields, errors: Object.fromEntries(Object.entries(data.errors).map(([k, v]) => [k, v[0] ?? ''])) });
      else setState({ state: 'error', values: fields, limited: error instanceof ApiError && error.status === 429 });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8" data-alert-form={kind}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {texts.title}
      </h2>
      <p className="mt-2 text-muted">{texts.text}</p>
      {state.state === 'sent' ? (
        <p role="status" className="mt-4 rounded-2xl bg-brand-50 p-4 font-semibold">
          {t('alerts.sent')}
        </p>
      ) : (
        <form method="post" action={action} onSubmit={submit} noValidate className="relative mt-4 grid gap-4 sm:max-w-xl" aria-labelledby={`${id}-title`}>
          <CsrfField />
          <input type="hidden" name="kind" value={kind} />
          {kind === 'search' ? <input type="hidden" name="query" value={query ?? ''} /> : <input type="hidden" name="lot" value={lot ?? ''} />}
          <Honeypot />
          <EmailField values={values} errors={errors} required />
          <ConsentField values={values} errors={errors} />
          {errors.query || errors.lot || errors.kind ? (
            <p role="alert" className="text-sm text-danger">
              {errors.query ?? errors.lot ?? errors.kind}
            </p>
          ) : null}
          {state.state === 'error' ? (
            <p role="alert" className="text-sm text-danger">
              {state.limited ? t('alerts.limited') : t('alerts.error')}
            </p>
          ) : null}
          <div>
            <button type="submit" className={buttonClass('primary', 'md')} disabled={state.state === 'sending'}>
              {texts.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
