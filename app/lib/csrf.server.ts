import { data } from 'react-router';
import { pageFormCsrfFailure } from '#core/http/csrf.ts';
import type { AppLoadValues } from './context.server.ts';

/**
 * Every page action's CSRF check (ADR 022): a same-origin post by Fetch Metadata or `Origin`, else the form's
 * hidden token equal to the `csrftoken` cookie; a cross-site post never. Throws the 403 the actions answered
 * before (`{ detail: 'CSRF Failed: …' }`), so an action reads the form only once this has passed.
 */
export function requirePageFormOrigin(
  request: Request,
  app: Pick<AppLoadValues, 'csrfToken' | 'config'>,
  formToken: FormDataEntryValue | null | undefined,
): void {
  const failure = pageFormCsrfFailure({
    fetchSite: request.headers.get('sec-fetch-site'),
    origin: request.headers.get('origin'),
    formToken: typeof formToken === 'string' && formToken ? formToken : null,
    cookieToken: app.csrfToken || null,
    siteOrigins: [app.config.siteOrigin, new URL(request.url).origin],
  });
  if (failure) throw data({ detail: `CSRF Failed: ${failure}` }, { status: 403 });
}
