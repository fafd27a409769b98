import { useCallback, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '#core/http/client.ts';
import { IDEMPOTENCY_FIELD, POW_FIELD, UTM_KEYS } from '#core/validation/lead-forms.ts';
import { useApi } from '#app/lib/api.ts';
import { leadAttributionFields } from '#app/lib/analytics.ts';
import { useT } from '#app/lib/i18n.tsx';
import type { Challenge } from './proof-of-work.ts';
import type { FormResult, LeadAnswer, LeadEndpoint } from './types.ts';
import { withLaterMessages } from '#app/lib/later-messages.ts';

export type FormStatus = 'idle' | 'checking' | 'submitting' | 'success' | 'error';
/** `captcha`: a post without JavaScript was asked for proof of work, which only the browser's script can give. */
type ErrorKind = 'technical' | 'limited' | 'captcha';

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** How many times a post answered 503 is sent again (after the answer's Retry-After) before the error view. */
export const OVERLOAD_RETRIES = 3;

/**
 * The schemas (zod, libphonenumber) load on first use, so pages without a form interaction never pay for them; with
 * them, the messages their errors name (ADR 043) and the keys of those messages (./validation-words.ts).
 */
const loadSchemas = withLaterMessages(() =>
  Promise.all([import('#core/schemas/lead.ts'), import('./validation-words.ts')]).then(([{ parseLead }, { validationKey }]) => ({ parseLead, validationKey })),
);

/**
 * The visit's attribution (app/lib/analytics.ts) added to a form's values: landing page, external referrer and
 * analytics client id; and the visit's first UTM tags, which replace the current page's when the first page had
 * any (a lead is credited to the campaign that brought the visit).
 */
export function withVisitAttribution(values: Record<string, string>, visit: Record<string, string>): Record<string, string> {
  const out = { ...values };
  const firstUtm = UTM_KEYS.some((k) => visit[k]);
  if (firstUtm) for (const k of UTM_KEYS) delete out[k];
  for (const [k, v] of Object.entries(visit)) if (!out[k]) out[k] = v;
  return out;
}

function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])));
}

/**
 * One form's life with JavaScript: validate with the shared schema, solve the proof of work when asked,
 * post through the one API client with an idempotency key, and show default, success or error views.
 * The same key is kept for "try again" and for the automatic retries of a 503, so a retry never makes a second lead.
 */
export function useLeadForm(endpoint: LeadEndpoint, options: { initial?: FormResult | undefined; headers?: Record<string, string> | undefined } = {}) {
  const api = useApi();
  const t = useT();
  const initial = options.initial;
  const [status, setStatus] = useState<FormStatus>(initial?.state === 'success' ? 'success' : initial?.state === 'error' ? 'error' : 'idle');
  const [errors, setErrors] = useState<Record<string, string>>(initial?.state === 'invalid' ? firstMessages(initial.errors) : {});
  const [answer, setAnswer] = useState<LeadAnswer | null>(initial?.state === 'success' ? initial.answer : null);
  const [errorKind, setErrorKind] = useState<ErrorKind>(
    initial?.state === 'error' && initial.captcha ? 'captcha' : initial?.state === 'error' && initial.limited ? 'limited' : 'technical',
  );
  // The key a post without JavaScript already used is kept: its retry must not make a second lead.
  const [key, setKey] = useState(() => initial?.values[IDEMPOTENCY_FIELD] || newIdempotencyKey());
  // Bumped whenever errors are shown, so the form moves focus to the first invalid field.
  const [errorsShown, setErrorsShown] = useState(0);
  const last = useRef<Record<string, string> | null>(initial && initial.state !== 'success' ? initial.values : null);

  const showErrors = useCallback((messages: Record<string, string>) => {
    setErrors(messages);
    setErrorsShown((n) => n + 1);
  }, []);

  const send = useCallback(
    async (values: Record<string, string>) => {
      last.current = values;
      setStatus('submitting');
      try {
        let body: Record<string, string> = values;
        const captcha = await api<{ bypass: boolean; challenge?: Challenge }>('/api/captcha_bypass/').catch(() => ({ bypass: true }) as const);
        if (!captcha.bypass && captcha.challenge) {
          setStatus('checking');
          const { solveChallenge } = await import('./proof-of-work.ts');
          body = { ...values, [POW_FIELD]: await solveChallenge(captcha.challenge) };
          setStatus('submitting');
        }
        // A 503 (the server busy, or its database away) took nothing: sent again after its Retry-After, a few times, with
        // the same key, before the visitor sees the error view.
        const result = await api<LeadAnswer>(endpoint.url, {
          method: 'POST',
          body,
          headers: { 'idempotency-key': values[IDEMPOTENCY_FIELD] ?? key, ...options.headers },
          retry: OVERLOAD_RETRIES,
        });
        setAnswer(result);
        setErrors({});
        setStatus('success');
      } catch (error) {
        const data = error instanceof ApiError ? (error.data as { errors?: Record<string, string[]> } | null) : null;
        if (error instanceof ApiError && (error.status === 400 || error.status === 409) && data?.errors) {
          const messages = firstMessages(data.errors);
          if (messages[POW_FIELD] && Object.keys(messages).length === 1) {
            // The challenge expired or the rule changed between the two calls: "try again" fetches a fresh one.
            setErrorKind('technical');
            setStatus('error');
            return;
          }
          showErrors(messages);
          setStatus('idle');
          return;
        }
        setErrorKind(error instanceof ApiError && error.status === 429 ? 'limited' : 'technical');
        setStatus('error');
      }
    },
    [api, endpoint.url, showErrors, key, options.headers],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (status === 'submitting' || status === 'checking') return;
      const form = event.currentTarget;
      const entered: Record<string, string> = {};
      for (const [name, value] of new FormData(form).entries()) if (typeof value === 'string') entered[name] = value;
      const values = withVisitAttribution(entered, leadAttributionFields());
      values[IDEMPOTENCY_FIELD] = key;
      const { parseLead, validationKey } = await loadSchemas();
      const parsed = parseLead(endpoint.kind, values);
      if (!parsed.ok) {
        const messages = Object.fromEntries(Object.entries(parsed.errors).map(([field, codes]) => [field, t(validationKey(codes[0] ?? ''))]));
        showErrors(messages);
        return;
      }
      setErrors({});
      await send(values);
    },
    [endpoint.kind, showErrors, key, send, status, t],
  );

  /** "Try again" from the error view: the same values and key. */
  const retry = useCallback(() => {
    if (last.current) void send(last.current);
    else setStatus('idle');
  }, [send]);

  /** "Send another request" from the success view: a clean form and a new key. */
  const reset = useCallback(() => {
    last.current = null;
    setKey(newIdempotencyKey());
    setAnswer(null);
    setErrors({});
    setStatus('idle');
  }, []);

  /** Clears a field's error as soon as the visitor edits it. */
  const onChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setErrors((current) => (current[name] ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)) : current));
  }, []);

  return { status, errors, errorsShown, answer, errorKind, key, onSubmit, onChange, retry, reset, initial };
}
export type LeadFormState = ReturnType<typeof useLeadForm>;
