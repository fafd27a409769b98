import { describe, expect, it } from 'vitest';
import { setupServerWithCrm } from '#tests/support/crm-server.ts';
import type { Locator, Page } from 'playwright-core';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { LEAD_FORMS } from '../../support/lead-forms.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * Every lead form in Chromium with JavaScript: default, success and error-then-retry views and every validation
 * message, in Russian. Runs its own server (fault injection on, a fake CRM on loopback) so it can check that each
 * request the visitor was told "sent" reached the CRM exactly once. The same forms without JavaScript, in all three
 * languages, are the server's answers: tests/integration/leads/forms-without-js.test.ts.
 */
const browser = setupBrowser();
const M = { ru, en, zh } as const;
const prefix = (locale: Locale) => (locale === 'ru' ? '' : `/${locale}`);

const site = setupServerWithCrm({ LEADS_FAULT_INJECTION: 'true', LEADS_IP_LIMIT: '100000', LEADS_PHONE_LIMIT: '100000', LEADS_RETRY_BASE_MS: '100' });

let phoneSeq = 0;
/** A distinct valid phone per submit: how a test finds its lead at the CRM. */
function nextPhone(): { typed: string; e164: string } {
  const n = String(2_000_000 + phoneSeq++ * 7 + (process.pid % 7)).slice(-7);
  return { typed: `8 (916) ${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}`, e164: `+7916${n}` };
}
const receiptsFor = (e164: string) => site.crm.receipts.filter((r) => (r.body.contact as { phone?: string }).phone === e164);

/** Waits until the server's outbox has no unacknowledged CRM delivery (its `/metrics` gauge, read from loopback). */
async function outboxDrained() {
  const pending = async () => {
    const text = await (await fetch(`${site.server.url}/metrics`)).text();
    return Number(/^lead_deliveries_pending\{channel="crm"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
  };
  await expect.poll(pending).toBe(0);
}

async function open(locale: Locale, path: string, js: boolean) {
  const session = await browser.page({ baseURL: site.server.url, javaScriptEnabled: js, locale: { ru: 'ru-RU', en: 'en-US', zh: 'zh-CN' }[locale] });
  await session.page.goto(`${prefix(locale)}${path}`);
  if (js) await hydrated(session.page);
  return session;
}

/** A label's text is the field's name and, for required fields, an asterisk (hidden from assistive technology). */
const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** A field of the page's main content (the contact modal's form is in every page too), or of `scope`. */
function field(scope: Page | Locator, label: string): Locator {
  const root = 'goto' in scope ? scope.getByRole('main') : scope;
  return root.getByLabel(labelPattern(label));
}

async function expectText(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

/** The error message shown for a field (its aria-describedby text). */
async function errorOf(scope: Page | Locator, label: string): Promise<string> {
  const control = field(scope, label);
  const page = 'goto' in scope ? scope : scope.page();
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return (await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '';
}

describe('every form in ru', () => {
  const locale: Locale = 'ru';
  const m = M[locale];
  for (const form of LEAD_FORMS) {
    it(`${form.slug} with JavaScript: validation, error and retry, success — once at the CRM`, async () => {
      const { page, context, errors } = await open(locale, `/forms/${form.slug}?utm_source=e2e`, true);
      // Default view.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(m.forms.titles[form.slug as keyof typeof m.forms.titles]);
      await page.getByRole('button', { name: form.submit(m), exact: true }).click();
      for (const label of form.required(m)) expect(await errorOf(page, label)).toBe(m.forms.validation.required);
      expect(await errorOf(page, m.forms.fields.consent)).toBe('Не отмечено согласие на обработку персональных данных');

      // A technical failure (the server's fault injection fails the first submit of "Fault"), then "try again".
      const phone = nextPhone();
      await field(page, m.forms.fields.name).fill('Fault');
      await field(page, m.forms.fields.phone).fill(phone.typed);
      for (const { label, value } of form.extra?.(m) ?? []) {
        const control = field(page, label);
        if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
        else await control.fill(value);
      }
      await field(page, m.forms.fields.consent).check();
      await page.getByRole('button', { name: form.submit(m), exact: true }).click();
      await expectText(page, m.forms.error.title);
      await expectText(page, form.slug === 'subscribe' ? m.forms.error.subscriptionText : m.forms.error.text);
      await page.getByRole('button', { name: m.forms.error.retry }).click();

      await expect.poll(() => page.getByRole('heading', { name: form.success(m) }).isVisible()).toBe(true);
      const text = form.slug === 'landing' ? m.forms.success.landingText : m.forms.success.text;
      expect(await page.getByRole('status').textContent()).toContain(text);
      await expect.poll(() => receiptsFor(phone.e164).length).toBe(1);
      const lead = receiptsFor(phone.e164)[0]!.body;
      expect(lead).toMatchObject({ locale, context: { utm_source: 'e2e', source: 'api' } });
      // Once nothing is pending, a duplicate would already have been sent: there is none.
      await outboxDrained();
      expect(receiptsFor(phone.e164)).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the subscription block on the home page in ru', () => {
  const locale: Locale = 'ru';
  const m = M[locale];
  it('shows every validation message and subscribes with JavaScript', async () => {
    const { page, context, errors } = await open(locale, '/', true);
    const block = page.getByRole('region', { name: m.forms.subscription.default.title });
    expect(await block.isVisible()).toBe(true);
    const submit = () => page.getByRole('button', { name: m.forms.actions.subscribe }).click();
    const name = m.forms.fields.name;
    const cases: [string, string, string][] = [
      ['Ивaн', 'mixedLayout', m.forms.validation.mixedLayout],
      ['Ivan2', 'lettersOnly', m.forms.validation.lettersOnly],
      ['А'.repeat(61), 'tooLong', m.forms.validation.tooLong],
    ];
    for (const [value, , message] of cases) {
      await field(page, name).fill(value);
      await field(page, m.forms.fields.phone).fill('12345');
      await field(page, m.forms.fields.email).fill('anna@mail');
      await submit();
      expect(await errorOf(page, name)).toBe(message);
      expect(await errorOf(page, m.forms.fields.phone)).toBe(m.forms.validation.phone);
      expect(await errorOf(page, m.forms.fields.email)).toBe(m.forms.validation.email);
      expect(await errorOf(page, m.forms.fields.consent)).toBe('Не отмечено согласие на обработку персональных данных');
    }
    // A newsletter needs an e-mail.
    await field(page, m.forms.fields.email).fill('');
    await field(page, m.forms.fields.newsletter).check();
    await submit();
    expect(await errorOf(page, m.forms.fields.email)).toBe(m.forms.validation.required);

    const phone = nextPhone();
    await field(page, name).fill('Анна-Мария');
    await field(page, m.forms.fields.phone).fill(phone.typed);
    await field(page, m.forms.fields.email).fill('anna@example.ru');
    await field(page, m.forms.fields.consent).check();
    await submit();
    await expect.poll(() => page.getByRole('heading', { name: m.forms.success.subscribedTitle }).isVisible()).toBe(true);
    await expect.poll(() => receiptsFor(phone.e164).length).toBe(1);
    expect(receiptsFor(phone.e164)[0]!.body).toMatchObject({
      kind: 'subscription',
      topic: 'default',
      newsletter: true,
      contact: { email: 'anna@example.ru' },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the contact modal', () => {
  it('asks for an e-mail instead of a phone when the answer should come by e-mail (with JavaScript)', async () => {
    const { page, context, errors } = await open('en', '/', true);
    await page.getByRole('banner').getByRole('button', { name: en.header.contact }).click();
    const dialog = page.getByRole('dialog', { name: en.contact.title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByText(en.forms.channels.email).click();
    await expect.poll(() => field(dialog, en.forms.fields.phone).isVisible()).toBe(false);
    await field(dialog, en.forms.fields.name).fill('John Smith');
    await dialog.getByRole('button', { name: en.forms.actions.send }).click();
    expect(await errorOf(dialog, en.forms.fields.email)).toBe('Obligatory field');
    const email = `john.${Date.now()}@example.com`;
    await field(dialog, en.forms.fields.email).fill(email);
    await field(dialog, en.forms.fields.consent).check();
    await dialog.getByRole('button', { name: en.forms.actions.send }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: en.forms.success.title }).isVisible()).toBe(true);
    await expect.poll(() => site.crm.receipts.filter((r) => (r.body.contact as { email?: string }).email === email).length).toBe(1);
    const lead = site.crm.receipts.find((r) => (r.body.contact as { email?: string }).email === email)!.body;
    expect(lead).toMatchObject({ kind: 'request', topic: 'callback', details: { channel: 'email' }, context: { page_url: '/en' }, manager_language: 'en' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a WhatsApp request without JavaScript and leads back to the page', async () => {
    const { page, context } = await open('ru', '/contacts', false);
    await page.getByRole('banner').getByRole('button', { name: ru.header.contact }).click();
    const dialog = page.getByRole('dialog', { name: ru.contact.title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByText(ru.forms.channels.whatsapp).click();
    const phone = nextPhone();
    await field(dialog, ru.forms.fields.name).fill('Ольга');
    await field(dialog, ru.forms.fields.phone).fill(phone.typed);
    await field(dialog, ru.forms.fields.consent).check();
    await dialog.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => page.getByRole('heading', { name: ru.forms.success.title }).isVisible()).toBe(true);
    await expect.poll(() => receiptsFor(phone.e164).length).toBe(1);
    expect(receiptsFor(phone.e164)[0]!.body).toMatchObject({ details: { channel: 'whatsapp' }, context: { page_url: '/contacts', source: 'form' } });
    await page.getByRole('link', { name: ru.forms.success.back }).click();
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await context.close();
  });
});

describe('booking', () => {
  it('offers only free dates and times and follows the chosen office (with JavaScript)', async () => {
    const { page, context, errors } = await open('ru', '/forms/meeting', true);
    await expectNoAxeViolations(page);
    const office = field(page, ru.forms.fields.office);
    const date = field(page, ru.forms.fields.date);
    const slot = field(page, ru.forms.fields.slot);
    await office.selectOption('3');
    const response = await page.request.get(`${site.server.url}/api/meeting/facets/?office=3`);
    const free = Object.keys(((await response.json()) as { items: { date: { choices: Record<string, number> } } }).items.date.choices).sort();
    // The free dates, after the empty "choose" option a required select starts with.
    await expect
      .poll(async () => (await date.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))).join())
      .toBe(free.join());
    await date.selectOption(free[1]!);
    // The times of that date (not those still shown for the date before, while its own are on their way).
    const times = (await (await page.request.get(`${site.server.url}/api/meeting/facets/?office=3&date=${free[1]}`)).json()) as {
      items: { slot: { choices: Record<string, number> } };
    };
    const freeTimes = Object.keys(times.items.slot.choices).sort();
    await expect
      .poll(async () => (await slot.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))).sort().join())
      .toBe(freeTimes.join());
    const chosen = await slot.inputValue();
    const phone = nextPhone();
    await field(page, ru.forms.fields.name).fill('Пётр');
    await field(page, ru.forms.fields.phone).fill(phone.typed);
    await field(page, ru.forms.fields.consent).check();
    await page.getByRole('button', { name: ru.forms.actions.book }).click();
    await expect.poll(() => page.getByRole('heading', { name: ru.forms.success.bookedTitle }).isVisible()).toBe(true);
    expect(await page.getByRole('status').textContent()).toContain(chosen);
    const after = (await (await page.request.get(`${site.server.url}/api/meeting/facets/?office=3&date=${free[1]}`)).json()) as {
      items: { slot: { choices: Record<string, number> } };
    };
    expect(after.items.slot.choices[chosen]).toBeUndefined();
    await expect.poll(() => receiptsFor(phone.e164).length).toBe(1);
    expect(receiptsFor(phone.e164)[0]!.body).toMatchObject({ kind: 'meeting', details: { office: 3, date: free[1], slot: chosen } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carries the page context of a request: project, lot, page URL and UTM tags', async () => {
    const { page, context } = await open('en', '/forms/request?topic=lot&project=2&utm_source=ya&utm_campaign=spring', true);
    const phone = nextPhone();
    await field(page, en.forms.fields.name).fill('Mary');
    await field(page, en.forms.fields.phone).fill(`+44 20 7946 ${String(1000 + phoneSeq++).slice(-4)}`);
    await field(page, en.forms.fields.consent).check();
    await page.getByRole('button', { name: en.forms.actions.send }).click();
    await expect.poll(() => page.getByRole('heading', { name: en.forms.success.title }).isVisible()).toBe(true);
    await expect.poll(() => site.crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Mary')).toBe(true);
    const lead = site.crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Mary')!.body;
    expect(lead).toMatchObject({
      topic: 'lot',
      // The page's path and UTM tags (ADR 014: nothing else of an address is kept); the project travels as its own field.
      context: { project: 2, utm_source: 'ya', utm_campaign: 'spring', page_url: '/en/forms/request?utm_source=ya&utm_campaign=spring' },
    });
    expect(phone).toBeDefined();
    await context.close();
  });

  it('looks right at 375 px, with no accessibility violations in the error state', async () => {
    const { page, context } = await browser.page({ baseURL: site.server.url, viewport: VIEWPORTS.mobile });
    await page.goto('/forms/partner-meeting');
    await hydrated(page);
    await page.getByRole('button', { name: ru.forms.actions.book }).click();
    await errorOf(page, ru.forms.fields.name);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});

describe('proof of work', () => {
  const strict = setupServerWithCrm({ CAPTCHA_MODE: 'always', CAPTCHA_COMPLEXITY: '20000' });

  it('is solved in the browser when /api/captcha_bypass/ asks for it, and the lead goes through', async () => {
    const { page, context, errors } = await browser.page({ baseURL: strict.server.url });
    await page.goto('/forms/callback');
    await hydrated(page);
    await field(page, ru.forms.fields.name).fill('Вера');
    await field(page, ru.forms.fields.phone).fill('+7 916 700-00-01');
    await field(page, ru.forms.fields.consent).check();
    await page.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => page.getByRole('heading', { name: ru.forms.success.title }).isVisible()).toBe(true);
    await expect.poll(() => strict.crm.unique.size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
