import { within } from '@testing-library/dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#tests/support/languages.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';
import { linkToken, parseMail } from '../../support/alerts-mail.ts';
import { fakeSmtp } from '../../support/leads-fakes.ts';

/**
 * Alerts without an account and without JavaScript (issue #16, ADR 021), in ru, en and zh: the notify-me form of the
 * filter page and the follow form of a lot page, each posted as a browser without JavaScript, the mail each sends,
 * and its confirm and unsubscribe links, whose pages change nothing until their button is pressed. The same with
 * JavaScript, in Russian: tests/e2e/alerts/alerts.test.ts.
 */
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
beforeAll(async () => {
  smtp = await fakeSmtp();
});
afterAll(async () => smtp?.close());
const site = setupSiteApp(() => ({ SMTP_URL: smtp.url, ALERTS_POLL_MS: '100', ALERTS_IP_LIMIT: '100000' }), { jobs: true });

const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const mailsTo = (email: string) => smtp.messages.map(parseMail).filter((mail) => mail.headers.to === email);
/** The mail to `email`, once the alerts' outbox has sent it. */
async function mailTo(email: string) {
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
  return mailsTo(email)[0]!;
}
let seq = 0;
/** The page's status messages that say `text`. */
const statusesWith = (page: NoScriptPage, text: string) =>
  (page.screen.getAllByRole('status') as HTMLElement[]).filter((status) => status.textContent?.includes(text));

describe.each(LANGS)('alerts without JavaScript in $lang', ({ lang: locale, prefix, m }) => {
  const visitor = noScriptVisitor(site.fetch, { locale });
  afterAll(() => visitor.close());
  let lotUrl: string;
  beforeAll(async () => {
    const found = (await (await site.fetch(`${SITE}/api/filter/?type=flat&status=free&limit=1`)).json()) as { results: { url: string }[] };
    lotUrl = found.results[0]!.url;
  });

  /** Posts the region's form with `email` and consent; returns the page that comes back. */
  async function subscribe(page: NoScriptPage, title: string, submit: string, email: string) {
    const region = within(page.screen.getByRole('region', { name: title }));
    fill(region.getByLabelText(labelPattern(m.forms.fields.email)), email);
    fill(region.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) }));
    return visitor.press(region.getByRole('button', { name: submit }), page);
  }

  it.each([
    ['the filter page’s notify-me form', 'search'],
    ['a lot page’s follow form', 'lot'],
  ] as const)('%s: a bad address named beside its field, then a confirmation mail', async (_, kind) => {
    const [path, title, submit] =
      kind === 'search'
        ? [`${prefix}/filter?rooms=2&type=flat`, m.alerts.search.title, m.alerts.search.submit]
        : [`${prefix}${lotUrl}`, m.alerts.lot.title, m.alerts.lot.submit];
    let page = await subscribe(await visitor.open(path), title, submit, 'not-an-address');
    const field = within(page.screen.getByRole('region', { name: title })).getByLabelText(labelPattern(m.forms.fields.email));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const email = `nojs-${locale}-${kind}-${seq++}@example.ru`;
    page = await subscribe(page, title, submit, email);
    expect(within(page.screen.getByRole('region', { name: title })).getByRole('status').textContent).toBe(m.alerts.sent);
    const mail = await mailTo(email);
    expect(mail.headers.subject).toBe(m.alerts.mail.confirmSubject);
    if (kind === 'search') expect(mail.text).toContain('/filter?type=flat&rooms=2');
  });

  it('the confirm and unsubscribe links show a button; only pressing it confirms or unsubscribes', async () => {
    const email = `nojs-${locale}-links-${seq++}@example.ru`;
    await subscribe(await visitor.open(`${prefix}/filter?rooms=2&type=flat`), m.alerts.search.title, m.alerts.search.submit, email);
    const mail = await mailTo(email);
    const confirm = new URL(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/.exec(mail.text)![0]);
    const link = `${confirm.pathname}${confirm.search}`;
    let page = await visitor.open(link);
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe(m.alerts.confirm.title);
    // Opening the link changed nothing: opening it again still offers the button.
    page = await visitor.open(link);
    page = await visitor.press(page.screen.getByRole('button', { name: m.alerts.confirm.submit }), page);
    expect(statusesWith(page, m.alerts.confirm.done)).toHaveLength(1);
    page = await visitor.open(link);
    expect(statusesWith(page, m.alerts.confirm.already)).toHaveLength(1);

    const token = linkToken(mail.text, 'unsubscribe');
    const unsubscribe = `${confirm.pathname.replace('/confirm', '/unsubscribe')}?token=${token}`;
    page = await visitor.open(unsubscribe);
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe(m.alerts.unsubscribe.title);
    page = await visitor.press(page.screen.getByRole('button', { name: m.alerts.unsubscribe.submit }), page);
    expect(statusesWith(page, m.alerts.unsubscribe.done)).toHaveLength(1);
    page = await visitor.open(`${confirm.pathname.replace('/confirm', '/unsubscribe')}?token=${token.slice(0, -3)}abc`);
    expect(statusesWith(page, m.alerts.unsubscribe.invalid)).toHaveLength(1);
  });
});
