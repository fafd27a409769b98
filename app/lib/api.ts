import { useMemo } from 'react';
import { COOKIES, readCookie } from '#core/http/cookies.ts';
import { createApiClient, type ApiClient } from '#core/http/client.ts';
import { ensureCsrfCookie } from './csrf.tsx';
import { reportHttpError } from './error-reporting.ts';
import { useRootData } from './root-data.ts';

/** The `csrftoken` cookie, else the token in the page's meta tag (spec §7: "a configured header name"). */
export function readCsrfToken(cookieHeader: string, metaName: string, doc?: Pick<Document, 'querySelector'>): string | null {
  const token = readCookie(cookieHeader, COOKIES.csrf);
  if (token !== null) return token;
  const meta = doc?.querySelector(`meta[name="${metaName}"]`);
  return meta?.getAttribute('content') || null;
}

/** The API client for browser calls, configured from the root loader (salt, version, locale, CSRF meta name). */
export function useApi(): ApiClient {
  const root = useRootData();
  return useMemo(() => {
    if (!root) throw new Error('useApi() needs the root loader data');
    return createApiClient({
      origin: typeof window === 'undefined' ? root.siteOrigin : window.location.origin,
      antibotSalt: root.client.antibotSalt,
      clientVersion: root.client.clientVersion,
      // The page carries no token (ADR 022): the cookie's, fetched first when the visitor has none yet.
      csrfToken: () => (typeof document === 'undefined' ? null : readCsrfToken(document.cookie, root.csrf.metaName, document)),
      ensureCsrfToken: ensureCsrfCookie,
      locale: () => root.locale,
      onError: (error) => {
        console.warn(`API call failed: ${error.message}`);
        reportHttpError({ url: error.url, method: error.method, status: error.status, message: error.message });
      },
    });
  }, [root]);
}
