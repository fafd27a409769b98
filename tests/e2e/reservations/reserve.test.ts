import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYooKassa, type FakeYooKassa } from '../../support/fake-yookassa.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';
import { LANGS } from '../languages.ts';

/**
 * Online reservation in the browser (issue #39): a free lot's page → "Reserve online" → the form (a finance programme
 * chosen) → the provider's payment page (the loopback stand-in of YooKassa, which notifies the server when "Pay" is
 * pressed) → back on the deal page, which confirms the payment by reloading itself and then shows the lot reserved and
 * the programme's schedule. Without JavaScript, in three languages, with every state: buyer-pages.test.ts and
 * buyer-programme.test.ts (tests/integration/reservations).
 */
const RU = LANGS.find((l) => l.lang === 'ru')!;
const SHOP = { shopId: '123456', secretKey: 'test_secret_key_of_the_browser_journey' };
const browser = setupBrowser();
let server: RunningServer;
let fake: FakeYooKassa;
let lotUrl: string;
beforeAll(async () => {
  fake = await startFakeYooKassa(SHOP);
  server = await startServer({
    YOOKASSA_SHOP_ID: SHOP.shopId,
    YOOKASSA_SECRET_KEY: SHOP.secretKey,
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_TRUSTED_IPS: '127.0.0.1/32',
    RESERVATION_DEPOSIT_RUB: '50000',
    RESERVATION_PERIOD_DAYS: '7',
    RESERVATION_REFUND_DAYS: '3',
  });
  // The provider tells the server of the payment as YooKassa does: an HTTP notification, read back before it is believed.
  fake.notifyUrl = `${server.url}/api/payments/yookassa/`;
  const found = (await (await fetch(`${server.url}/api/filter/?type=flat&status=free&limit=10`)).json()) as { results: { url: string; auction: unknown }[] };
  lotUrl = found.results.find((lot) => !lot.auction)!.url;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

describe('online reservation', () => {
  it('lot page → reserve form → the provider’s page → pay → the deal page shows the lot reserved', async () => {
    const { m, locale } = RU;
    const { page } = await browser.page({ baseURL: server.url, locale });
    page.setDefaultTimeout(15_000);
    await page.goto(lotUrl);
    await hydrated(page);

    // Exactly its words: the similar lots' cards have links of their own, named by their lot.
    await page.getByRole('link', { name: m.reservations.offer.action, exact: true }).first().click();
    await page.waitForURL(`**${lotUrl}/reserve`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(m.reservations.reserve.title);
    await expectNoAxeViolations(page);

    // A missing e-mail is named beside its field, in the page's language. (The site's contact dialog has a form too.)
    let form = page.getByRole('form', { name: m.reservations.reserve.formTitle });
    await form.getByLabel(labelPattern(m.forms.fields.name)).fill('Анна');
    await form.getByLabel(labelPattern(m.forms.fields.phone)).fill('+7 916 555-01-99');
    await form.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) }).check();
    await form.getByRole('button', { name: new RegExp(`^${m.reservations.reserve.submit}`) }).click();
    form = page.getByRole('form', { name: m.reservations.reserve.formTitle });
    await expect.poll(() => form.getByLabel(labelPattern(m.forms.fields.email)).getAttribute('aria-invalid')).toBe('true');
    await hydrated(page);
    await form.getByLabel(labelPattern(m.forms.fields.email)).fill('anna-e2e@example.ru');
    const consent = form.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) });
    if (!(await consent.isChecked())) await consent.check();
    // How the buyer will pay: the lot page's first programme instead of the default («in full, or later»).
    const programmes = form.getByRole('group', { name: m.reservations.reserve.programmeTitle });
    expect(await programmes.getByRole('radio', { name: m.reservations.reserve.programmeNone }).isChecked()).toBe(true);
    await programmes.getByRole('radio').nth(1).check();
    await form.getByRole('button', { name: new RegExp(`^${m.reservations.reserve.submit}`) }).click();

    // The provider's page: pay.
    await page.waitForURL(`${fake.origin}/checkout/**`);
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the deal page: once the notification is applied it shows the reservation (it reloads itself until then).
    await page.waitForURL(/\/deal\/[A-Za-z0-9_-]{32,}$/);
    await expect.poll(() => page.getByRole('heading', { name: m.reservations.deal.reserved.title }).count(), { timeout: 30_000 }).toBe(1);
    const text = (await page.locator('main').textContent())!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toMatch(/Бронь действует до \d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} \(МСК\)/);
    expect(text).toContain('Депозит 50 000 ₽ внесён');
    expect(await page.getByRole('heading', { name: m.reservations.deal.stagesTitle }).count()).toBe(1);
    // The chosen programme's schedule, its months behind a disclosure, opened for the accessibility check too.
    expect(await page.getByRole('heading', { name: m.reservations.deal.scheduleTitle }).count()).toBe(1);
    await page.getByText(m.reservations.deal.scheduleShow).click();
    expect(await page.getByRole('row').count()).toBeGreaterThan(12);
    await expectNoAxeViolations(page);

    // The lot is reserved on its page: no offer any more.
    await page.goto(lotUrl);
    await hydrated(page);
    expect(await page.getByRole('link', { name: m.reservations.offer.action, exact: true }).count()).toBe(0);
    await page.context().close();
  }, 240_000);
});
