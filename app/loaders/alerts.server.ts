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

/**
 * Takes a place for a subscription of `client`, or returns null when PER_CLIENT were accepted in the window. The place
 * is taken before the subscription is written (posts sent at once cannot all pass), and given back by `release` when
 * it was not accepted: only accepted subscriptions count.
 */
function reserve(client: string, now: number): { release: () => void } | null {
  const times = (recent.get(client) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.size > 10_000) recent.clear();
  if (times.length >= PER_CLIENT) return (recent.set(client, times), null);
  recent.set(client, [...times, now]);
  return {
    release: () => {
      const kept = recent.get(client);
      const index = kept?.indexOf(now) ?? -1;
      if (index >= 0) kept!.splice(index, 1);
    },
  };
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
  // No e-mail on this server: the form is not offered, and a post anyway stores nothing (POST /api/alerts/ says 503).
  if (!app.config.alertMail) return answer({ state: 'error', values }, 503);
  const client = request.headers.get(LEAD_CLIENT_IP_HEADER) ?? 'unknown';
  const place = reserve(client, Date.now());
  if (!place) return answer({ state: 'error', values, limited: true }, 429);
  try {
    const outcome = await app.services.alerts.subscribe({ ...values, ...preset }, locale);
    if (outcome.type === 'accepted') return answer({ state: 'sent' }, 200);
    place.release();
    const errors = Object.fromEntries(Object.entries(outcome.errors).map(([field, codes]) => [field, validationMessage(codes[0] ?? 'invalid', locale)]));
    return answer({ state: 'invalid', values, errors }, 400);
  } catch (error) {
    place.release();
    console.error(`alert subscription failed (${error instanceof Error ? error.constructor.name : typeof error})`);
    return answer({ state: 'error', values }, 500);
  }
}
