import { consentAllows, parseConsent, type ConsentChoice } from '#core/analytics/consent.ts';
import type { ConsentMode } from '#core/analytics/counters.ts';
import { COOKIES, readDocumentCookie, writeDocumentCookie } from '#core/http/cookies.ts';

/**
 * The visitor's answer to the cookie notice and a tester's `nometrics` visit, in the browser (ADR 014): what the
 * notice, the experiments' SDK and the web vitals ask before anything is sent. In every page's first load, unlike the
 * visit and the counters (./analytics.ts).
 */

export type { ConsentChoice } from '#core/analytics/consent.ts';

/**
 * True when this visit is a tester's: the address has `nometrics` in its query now, or had it earlier in the
 * browser session (a session cookie), so every page of the visit stays clean — no counter, no goal, no event.
 */
export function noMetrics(search: string): boolean {
  if (search.toLowerCase().includes('nometrics')) writeDocumentCookie(COOKIES.noMetrics, '1');
  return isNoMetricsVisit(search);
}

/** `noMetrics` without remembering it: for reading during a render. */
export function isNoMetricsVisit(search: string): boolean {
  return search.toLowerCase().includes('nometrics') || readDocumentCookie(COOKIES.noMetrics) === '1';
}

export function readConsent(): ConsentChoice | null {
  return parseConsent(readDocumentCookie(COOKIES.consent));
}

const consentListeners = new Set<() => void>();

/** For `useSyncExternalStore`: told when the visitor answers the notice. */
export function subscribeConsent(listener: () => void): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}

/** The visitor's answer to the cookie notice, kept 365 days. */
export function saveConsent(choice: ConsentChoice): void {
  writeDocumentCookie(COOKIES.consent, choice);
  for (const listener of consentListeners) listener();
}

/** `notice`: counters load unless declined; `opt-in`: only once accepted (the same rule as the visitor id's). */
export function countersAllowed(mode: ConsentMode, choice: ConsentChoice | null): boolean {
  return consentAllows(mode, choice);
}

/**
 * Whether this page may send what is stored under the visitor id (experiment exposures, web vitals): not in a
 * tester's visit (`nometrics`), and only as the visitor's consent allows (ADR 014, 015).
 */
export function measurementAllowed(mode: ConsentMode): boolean {
  return !isNoMetricsVisit(location.search) && consentAllows(mode, readConsent());
}
