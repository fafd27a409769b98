import { data } from 'react-router';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { formDataToObject } from '#core/schemas/lead.ts';
import { LEAD_CLIENT_IP_HEADER } from '#core/validation/lead-forms.ts';
import { validationMessage } from '#core/validation/messages.ts';
import type { AppLoadValues } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';

/** What a notify-me or follow form shows after a post without JavaScript. */
export type AlertFormResult =
  | { state: 'sent' }
  | { state: 'invalid'; values: Record<string, string>; errors: Record<string, string> }
  | { state: 'error'; values: Record<string, string>; limited?: boolean };

/** Accepted subscriptions per client address in ten minutes through page actions (the API has its own limit per route). */
const WINDOW_MS = 10 * 60_000;
const PER_CLIENT = 20;
const recent = new Map<string, number[]>();

/** Whether `client` has had PER_CLIENT subscriptions accepted in the window (only accepted ones are counted, below). */
function limited(client: string, now: number): boolean {
  const times = (recent.get(client) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.size > 10_000) recent.clear();
  recent.set(client, times);
  return times.length >= PER_CLIENT;
}

/**
 * The notify-me form of the filter page and the follow form of a lot page, posted without JavaScript (ADR 021):
 * a same-origin post or the page's token proves the form is ours (ADR 022), then the same service
 * as `POST /api/alerts/`. Values are never logged: they carry the e-mail.
 */
export async function alertAction(request: Request, locale: Locale, app: AppLoadValues, preset: Record<string, string>) {
  const values = formDataToObject(await request.formData());
  requirePageFormOrigin(request, app, values[CSRF_FORM_FIELD]);
  delete values[CSRF_FORM_FIELD];
  const answer = (alert: AlertFormResult, status: number) => data({ alert }, { status });
  const client = request.headers.get(LEAD_CLIENT_IP_HEADER) ?? 'unknown';
  if (limited(client, Date.now())) return answer({ state: 'error', values, limited: true }, 429);
  try {
    const outcome = await app.services.alerts.subscribe({ ...values, ...preset }, locale);
    if (outcome.type === 'accepted') {
      recent.get(client)?.push(Date.now());
      return answer({ state: 'sent' }, 200);
    }
    const errors = Object.fromEntries(Object.entries(outcome.errors).map(([field, codes]) => [field, validationMessage(codes[0] ?? 'invalid', locale)]));
    return answer({ state: 'invalid', values, errors }, 400);
  } catch (error) {
    console.error(`alert subscription failed (${error instanceof Error ? error.constructor.name : typeof error})`);
    return answer({ state: 'error', values }, 500);
  }
}
