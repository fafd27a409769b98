import { data, redirect } from 'react-router';
import type { Route } from './+types/currency';
import { isCurrencyCode } from '#core/currency/rates.ts';
import { COOKIES, serializeCookie } from '#core/http/cookies.ts';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { safeLocation } from '#core/http/safe-location.ts';
import { appContext } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { CURRENCY_NONE } from '#app/components/currency/currency-switch.tsx';

/**
 * `POST /currency` (each language's prefix too): the currency switch's form (ADR 037). It stores the visitor's
 * choice in the `currency` cookie — or expires it for roubles only — and goes back to the page the form was on,
 * without JavaScript as with it. A page form: the CSRF rules of ADR 022 apply. Nothing to show at this address.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  requirePageFormOrigin(request, context.get(appContext), form.get(CSRF_FORM_FIELD));
  const chosen = String(form.get('currency') ?? '');
  if (chosen !== CURRENCY_NONE && !isCurrencyCode(chosen))
    throw data({ detail: `Unknown currency ${JSON.stringify(chosen.slice(0, 16))}`, field: 'currency' }, { status: 400 });
  const https = url.protocol === 'https:';
  const cookie = isCurrencyCode(chosen) ? serializeCookie(COOKIES.currency, chosen, https) : serializeCookie({ ...COOKIES.currency, maxAge: 0 }, '', https);
  // Only a path on this site: never an open redirect.
  const back = String(form.get('back') ?? '');
  const to = (back && safeLocation(back, url.origin)) || '/';
  return redirect(to, { status: 303, headers: { 'set-cookie': cookie, 'cache-control': 'private, no-store' } });
}

/** A visit to the address itself (no form): the home page. */
export function loader() {
  return redirect('/', { headers: { 'cache-control': 'private, no-store' } });
}
