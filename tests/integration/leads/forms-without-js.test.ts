import { within } from '@testing-library/dom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#content/settings.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { formatPhone } from '#core/phone.ts';
import { leads } from '#server/db/schema/index.ts';
import { LEAD_FORMS } from '#tests/support/lead-forms.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * Every lead form without JavaScript, in three languages, as the server answers it (the form's own action, ADR 006):
 * each validation message, a technical failure and its "try again", and the success page — one lead, however many
 * times it was sent. The same forms with JavaScript are proven once, in Russian, in Chromium (tests/e2e/leads/forms.test.ts);
 * their words in English and Chinese are these same catalog entries.
 */
const M = { ru, en, zh } as const;
const LOCALES: Locale[] = ['ru', 'en', 'zh'];
const prefix = (locale: Locale) => (locale === 'ru' ? '' : `/${locale}`);
/** Consent's message is Russian in every language, as the spec requires (§5). */
const CONSENT_MESSAGE = 'Не отмечено согласие на обработку персональных данных';

const site = setupSiteApp({ LEADS_FAULT_INJECTION: 'true', LEADS_IP_LIMIT: '100000', LEADS_PHONE_LIMIT: '100000' });

let phoneSeq = 0;
/** A distinct valid phone per submit: how a test finds its lead. */
function nextPhone(): { typed: string; e164: string } {
  const n = String(3_000_000 + phoneSeq++ * 7 + (process.pid % 7)).slice(-7);
  return { typed: `8 (916) ${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}`, e164: `+7916${n}` };
}
const leadsOf = (phone: string) => site.database().db.select().from(leads).where(eq(leads.phone, phone));

/** A label's text is the field's name and, for required fields, an asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const field = (page: NoScriptPage, text: string) => page.main.getByLabelText(label(text));

/** The error message shown for a field: its aria-describedby text, with aria-invalid set. */
function errorOf(page: NoScriptPage, text: string): string {
  const control = field(page, text);
  expect(control.getAttribute('aria-invalid'), text).toBe('true');
  const id = (control.getAttribute('aria-describedby') ?? '').split(' ').find((part: string) => part.endsWith('-error'));
  return page.document.getElementById(id ?? '')?.textContent ?? '';
}

describe.each(LOCALES)('every form without JavaScript in %s', (locale) => {
  const m = M[locale];
  const visitor = noScriptVisitor(site.fetch, { locale });
  afterAll(() => visitor.close());

  it.each(LEAD_FORMS)('$slug: validation, error and retry, success — one lead', async (form) => {
    let page = await visitor.open(`${prefix(locale)}/forms/${form.slug}?utm_source=e2e`);
    expect(page.status).toBe(200);
    expect(page.main.getByRole('heading', { level: 1 }).textContent).toBe(m.forms.titles[form.slug as keyof typeof m.forms.titles]);
    page = await visitor.press(page.main.getByRole('button', { name: form.submit(m) }), page);
    expect(page.status).toBe(400);
    for (const required of form.required(m)) expect(errorOf(page, required), required).toBe(m.forms.validation.required);
    expect(errorOf(page, m.forms.fields.consent)).toBe(CONSENT_MESSAGE);

    // A technical failure (the server's fault injection fails the first submit of "Fault"), then "try again".
    const phone = nextPhone();
    fill(field(page, m.forms.fields.name), 'Fault');
    fill(field(page, m.forms.fields.phone), phone.typed);
    for (const { label, value } of form.extra?.(m) ?? []) fill(field(page, label), value);
    fill(field(page, m.forms.fields.consent));
    page = await visitor.press(page.main.getByRole('button', { name: form.submit(m) }), page);
    expect(page.status).toBe(500);
    expect(page.main.getByText(m.forms.error.title)).toBeTruthy();
    expect(page.main.getByText(form.slug === 'subscribe' ? m.forms.error.subscriptionText : m.forms.error.text)).toBeTruthy();
    page = await visitor.press(page.main.getByRole('button', { name: m.forms.error.retry }), page);

    expect(page.status).toBe(200);
    expect(page.main.getByRole('heading', { name: form.success(m) })).toBeTruthy();
    expect(page.main.getByRole('status').textContent).toContain(form.slug === 'landing' ? m.forms.success.landingText : m.forms.success.text);
    const stored = await leadsOf(phone.e164);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ locale, context: { utm_source: 'e2e' } });
  });

  it('the home page subscription block: every validation message, then subscribed, and back to the page', async () => {
    let page = await visitor.open(`${prefix(locale)}/`);
    expect(page.screen.getByRole('region', { name: m.forms.subscription.default.title })).toBeTruthy();
    const submit = async () => {
      page = await visitor.press(page.screen.getByRole('button', { name: m.forms.actions.subscribe }), page);
    };
    const name = m.forms.fields.name;
    for (const [value, message] of [
      ['Ивaн', m.forms.validation.mixedLayout],
      ['Ivan2', m.forms.validation.lettersOnly],
      ['А'.repeat(61), m.forms.validation.tooLong],
    ] as const) {
      fill(field(page, name), value);
      fill(field(page, m.forms.fields.phone), '12345');
      fill(field(page, m.forms.fields.email), 'anna@mail');
      await submit();
      expect(page.status).toBe(400);
      expect(errorOf(page, name)).toBe(message);
      expect(errorOf(page, m.forms.fields.phone)).toBe(m.forms.validation.phone);
      expect(errorOf(page, m.forms.fields.email)).toBe(m.forms.validation.email);
      expect(errorOf(page, m.forms.fields.consent)).toBe(CONSENT_MESSAGE);
    }
    // A newsletter needs an e-mail.
    fill(field(page, m.forms.fields.email), '');
    fill(field(page, m.forms.fields.newsletter));
    await submit();
    expect(errorOf(page, m.forms.fields.email)).toBe(m.forms.validation.required);

    const phone = nextPhone();
    fill(field(page, name), locale === 'zh' ? '李明' : 'Анна-Мария');
    fill(field(page, m.forms.fields.phone), phone.typed);
    fill(field(page, m.forms.fields.email), 'anna@example.ru');
    fill(field(page, m.forms.fields.consent));
    await submit();
    expect(page.main.getByRole('heading', { name: m.forms.success.subscribedTitle })).toBeTruthy();
    const stored = await leadsOf(phone.e164);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'subscription', topic: 'default', newsletter: true, email: 'anna@example.ru' });
    // The visitor can go back to the page the form was on.
    expect(page.main.getByRole('link', { name: m.forms.success.back }).getAttribute('href')).toBe(locale === 'ru' ? '/' : `/${locale}`);
  });
});

describe('proof of work without JavaScript', () => {
  const strict = setupSiteApp({ CAPTCHA_MODE: 'always', CAPTCHA_COMPLEXITY: '20000' });
  // The site's phone as the site settings give it (the seeded demo settings), as the page prints it.
  const phone = settings.phones[0]!.number;
  const names: Record<Locale, string> = { ru: 'Вера', en: 'Vera', zh: '李明' };
  let visitor: ReturnType<typeof noScriptVisitor>;
  beforeAll(() => {
    visitor = noScriptVisitor(strict.fetch);
  });
  afterAll(() => visitor.close());

  it.each(LOCALES.map((locale, i) => [locale, i] as const))(
    'gives visitors an honest path in %s: call or turn JavaScript on, and no retry that can only fail',
    async (locale, i) => {
      const m = M[locale];
      let page = await visitor.open(`${prefix(locale)}/forms/callback`);
      fill(field(page, m.forms.fields.name), names[locale]);
      fill(field(page, m.forms.fields.phone), `+7 916 700-00-1${i}`);
      fill(field(page, m.forms.fields.consent));
      page = await visitor.press(page.main.getByRole('button', { name: m.forms.actions.send }), page);

      const view = page.main.getByRole('alert');
      const alert = within(view);
      expect(alert.getByRole('heading', { name: m.forms.error.captchaTitle })).toBeTruthy();
      expect(alert.getByText(m.forms.error.captchaNoScript)).toBeTruthy();
      const call = alert.getByRole('link', { name: m.forms.error.call.replace('{phone}', formatPhone(phone)) });
      expect(call.getAttribute('href')).toBe(`tel:${phone}`);
      // Nothing to press that would post the same thing again.
      expect(alert.queryAllByRole('button')).toHaveLength(0);
      expect(view.querySelectorAll('form')).toHaveLength(0);
      expect(await strict.database().db.select().from(leads).where(eq(leads.name, names[locale]))).toEqual([]);
    },
  );
});
