import { useEffect, useRef } from 'react';
import { COOKIES, readDocumentCookie } from '#core/http/cookies.ts';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { useBrowserValue } from './hydration.ts';

/**
 * The visitor's CSRF token in the browser (ADR 022). Pages carry no token (their HTML is the same for everyone):
 * a form's hidden field takes the `csrftoken` cookie's value once the page has hydrated, and a visitor without the
 * cookie gets it from `GET /api/csrf/`, a tiny `no-store` request, before the first unsafe call or form post.
 */

export const CSRF_ENDPOINT = '/api/csrf/';

const listeners = new Set<() => void>();
let pending: Promise<void> | null = null;

function cookieToken(): string {
  return readDocumentCookie(COOKIES.csrf) ?? '';
}

/**
 * The token as the page's forms show it, read from `document.cookie` once and again only when it may have changed:
 * every hidden field reads it while the page hydrates (a filter page has a form per card), and each read of
 * `document.cookie` is a look-up by the browser, not a field read.
 */
let known: string | null = null;
const knownToken = () => (known ??= cookieToken());

function refresh(): void {
  const token = cookieToken();
  if (token === known) return;
  known = token;
  for (const listener of listeners) listener();
}

/** Sets the cookie when there is none (one request at a time); resolves once it is there or the request failed. */
export function ensureCsrfCookie(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  if (cookieToken()) {
    refresh();
    return Promise.resolve();
  }
  pending ??= fetch(CSRF_ENDPOINT, { credentials: 'same-origin', cache: 'no-store' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      pending = null;
      refresh();
    });
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cookie's token; empty on the server and while hydrating, so the server's HTML and the first render match. */
export function useCsrfToken(): string {
  return useBrowserValue(subscribe, knownToken, '');
}

/**
 * The hidden token of a form that also posts without JavaScript. Empty in the server's HTML: without JavaScript
 * the browser's Fetch Metadata or `Origin` proves the post is ours (app/lib/csrf.server.ts). With it, the field
 * has the cookie's value, and the first time the visitor reaches into the form the cookie is fetched if missing.
 */
export function CsrfField() {
  const token = useCsrfToken();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form || token) return;
    const ensure = () => void ensureCsrfCookie();
    form.addEventListener('focusin', ensure, { once: true });
    form.addEventListener('pointerdown', ensure, { once: true });
    return () => {
      form.removeEventListener('focusin', ensure);
      form.removeEventListener('pointerdown', ensure);
    };
  }, [token]);
  return <input ref={ref} type="hidden" name={CSRF_FORM_FIELD} value={token} />;
}
