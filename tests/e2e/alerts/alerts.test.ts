import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server.ts';
import { linkToken, parseMail } from '../../support/alerts-mail.ts';
import { fakeSmtp } from '../../support/leads-fakes.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';
import { LANGS } from '../languages.ts';

/**
 * Alerts without an account in the browser with JavaScript (issue #16, ADR 021), in Russian: the notify-me form of
 * the filter page and the follow form of a lot page; then the e-mailed confirm and unsubscribe links, whose pages
 * change nothing until their button is pressed. The server sends through a fake SMTP receiver. The same without
 * JavaScript, in ru, en and zh: tests/integration/alerts/alerts-pages.test.ts.
 */
const RU = LANGS.filter((l) => l.lang === 'ru');
const browser = setupBrowser();
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let lotUrl: string;
beforeAll(async () => {
  smtp = await fakeSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ALERTS_POLL_MS: '100', ALERTS_IP_LIMIT: '100000' });
  const page = (await (await fetch(`${server.url}/api/filter/?type=flat&status=free&limit=1`)).json()) as { results: { url: string }[] };
  lotUrl = page.results[0]!.url;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

async function open(path: string, locale: string): Promise<Page> {
  const { page } = await browser.page({ baseURL: server.url, locale });
  page.setDefaultTimeout(15_000);
  await page.goto(path);
  await hydrated(page);
  return page;
}

let seq = 0;
const mailsTo = (email: string) => smtp.messages.map(parseMail).filter((m) => m.headers.to === email);

describe('alerts', () => {
  it('notify me on the filter page and follow on a lot page, with JavaScript; axe clean', async () => {
    for (const { prefix, locale, m } of RU) {
      for (const [path, title, submit] of [
        [`${prefix}/filter?rooms=2&type=flat`, m.alerts.search.title, m.alerts.search.submit],
        [`${prefix}${lotUrl}`, m.alerts.lot.title, m.alerts.lot.submit],
      ] as const) {
        const page = await open(path, locale);
        const region = page.getByRole('region', { name: title });
        await region.scrollIntoViewIfNeeded();
        // A bad address is named next to its field, nothing is stored.
        await region.getByLabel(labelPattern(m.forms.fields.email)).fill('not-an-address');
        await region.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) }).check();
        await region.getByRole('button', { name: submit }).click();
        const again = page.getByRole('region', { name: title });
        await expect.poll(() => again.getByLabel(labelPattern(m.forms.fields.email)).getAttribute('aria-invalid')).toBe('true');
        const email = `e2e-js-${seq++}@example.ru`;
        await again.getByLabel(labelPattern(m.forms.fields.email)).fill(email);
        const consent = again.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) });
        if (!(await consent.isChecked())) await consent.check();
        await again.getByRole('button', { name: submit }).click();
        const done = page.getByRole('region', { name: title }).getByRole('status');
        await expect.poll(() => done.textContent()).toBe(m.alerts.sent);
        await expectNoAxeViolations(page);
        await expect.poll(() => mailsTo(email).length).toBe(1);
        const [mail] = mailsTo(email);
        expect(mail!.headers.subject).toBe(m.alerts.mail.confirmSubject);
        if (path.includes('/filter')) expect(mail!.text).toContain('/filter?type=flat&rooms=2');
        await page.context().close();
      }
    }
  }, 240_000);

  it('the confirm and unsubscribe links show a button; only pressing it confirms or unsubscribes', async () => {
    const sent = smtp.messages.map(parseMail);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const { locale, m } of RU) {
      const mail = sent.find((x) => x.headers.subject === m.alerts.mail.confirmSubject)!;
      const confirmUrl = new URL(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/.exec(mail.text)![0]);
      const page = await open(`${confirmUrl.pathname}${confirmUrl.search}`, locale);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(m.alerts.confirm.title);
      // Opening the link changed nothing: reloading still offers the button.
      await page.reload();
      await hydrated(page);
      await page.getByRole('button', { name: m.alerts.confirm.submit }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: m.alerts.confirm.done }).count()).toBe(1);
      await expectNoAxeViolations(page);
      await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
      expect(await page.getByRole('status').filter({ hasText: m.alerts.confirm.already }).count()).toBe(1);
      const token = linkToken(mail.text, 'unsubscribe');
      await page.goto(`${confirmUrl.pathname.replace('/confirm', '/unsubscribe')}?token=${token}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(m.alerts.unsubscribe.title);
      await page.getByRole('button', { name: m.alerts.unsubscribe.submit }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: m.alerts.unsubscribe.done }).count()).toBe(1);
      await expectNoAxeViolations(page);
      await page.goto(`${confirmUrl.pathname.replace('/confirm', '/unsubscribe')}?token=${token.slice(0, -3)}abc`);
      expect(await page.getByRole('status').filter({ hasText: m.alerts.unsubscribe.invalid }).count()).toBe(1);
      await page.context().close();
    }
  }, 240_000);
});
