import type { Engine } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/**
 * What the lead API's tests share (leads-api, leads-bookings and leads-other-forms): the app with the demo catalogue
 * (broker tours and presale interest name its projects), a valid person, fresh phones and the calls of a browser.
 */
export const leadApiApp = (engine: Engine): Promise<TestApp> =>
  testAppWithCatalogue(engine, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000' });

export const person = (over: Record<string, unknown> = {}) => ({ name: 'Анна', phone: '+7 916 123-45-67', email: 'anna@example.ru', consent: true, ...over });
let phoneSeq = 1000;
/** A fresh valid phone per submit, so the per-phone limit stays out of the way. */
export const freshPhone = () => `+7 916 555-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`;

/** POST with a browser's CSRF and anti-bot headers, and a plain GET, to the app `app()` gives. */
export function calls(app: () => TestApp) {
  return {
    post: (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app().app.inject({ method: 'POST', url, headers: { ...browserHeaders(app().config, url), ...headers }, payload }),
    get: (url: string, headers: Record<string, string> = {}) => app().app.inject({ method: 'GET', url, headers }),
  };
}
