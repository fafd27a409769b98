import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/index.ts';
import { crmPayload, leadEmail } from '#server/modules/leads/payload.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, CSRF, testApp, type TestApp } from '#tests/support/app.ts';

/**
 * The visit's attribution on a lead (ADR 014): the landing page, external referrer and analytics client id the
 * page sends, the visitor id the server reads from the `vid` cookie (never from the body), into the CRM payload
 * and the sales e-mail. Nothing personal is kept: addresses keep their path and UTM tags, the referrer its origin
 * and path (not a path holding an e-mail or a phone), a UTM tag holding an e-mail or a phone is dropped — never a
 * 400, so what a visitor's address held never stops a lead. A value that is no such thing is a 400 naming the field.
 */
const VID = 'AbCdEfGhIjKlMnOpQrStUv';
let phoneSeq = 0;
const person = (over: Record<string, unknown> = {}) => ({
  name: 'Анна',
  phone: `+7 916 777-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`,
  consent: true,
  ...over,
});

describe.each(ENGINES)('lead attribution on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000', LEADS_PHONE_LIMIT: '1000' });
  });
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());

  const post = (payload: Record<string, unknown>, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/request/',
      headers: { ...browserHeaders(t.config, '/api/request/'), cookie: `csrftoken=${CSRF}${cookie ? `; ${cookie}` : ''}` },
      payload,
    });
  const stored = async (id: string) => (await t.services.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  it("reaches the CRM payload and the sales e-mail: first UTM tags, landing page, external referrer, client id, and the vid cookie's visitor id", async () => {
    const res = await post(
      person({
        page_url: '/contacts',
        utm_source: 'yandex',
        utm_campaign: 'spring',
        landing_page: '/en/projects/2?utm_source=yandex&utm_campaign=spring',
        referrer: 'https://ya.ru/search?text=flat',
        analytics_client_id: '1234567890.1700000000',
        // The server's to say: a body's visitor id is ignored.
        visitor_id: 'forged-in-the-body-xxxx',
      }),
      `vid=${VID}; _ym_uid=1700000000123456789`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().id);
    const context = {
      page_url: '/contacts',
      utm_source: 'yandex',
      utm_campaign: 'spring',
      landing_page: '/en/projects/2?utm_source=yandex&utm_campaign=spring',
      referrer: 'https://ya.ru/search',
      analytics_client_id: '1234567890.1700000000',
      visitor_id: VID,
      source: 'api',
    };
    expect(row.context).toEqual(context);
    expect(crmPayload(row).context).toEqual(context);
    const mail = leadEmail(row).text;
    expect(mail).toContain('Страница входа: /en/projects/2?utm_source=yandex&utm_campaign=spring');
    expect(mail).toContain('Источник перехода: https://ya.ru/search');
    expect(mail).toContain('ID посетителя в счётчике: 1234567890.1700000000');
    expect(mail).toContain(`ID посетителя сайта: ${VID}`);
    expect(mail).toContain('utm_source: yandex');
  });

  it('reads the analytics client id from the counter cookie when the form sent none (a post without JavaScript), and no visitor id without the cookie', async () => {
    const res = await post(person({ page_url: '/' }), '_ym_uid=1700000000123456789; vid=short');
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().id);
    expect(row.context).toEqual({ page_url: '/', analytics_client_id: '1700000000123456789', source: 'api' });
  });

  it('keeps nothing personal of the landing page, referrer, UTM tags and page, and still takes the lead', async () => {
    // The review's request: a form's fields in the landing page's query, a webmail referrer, an e-mail and a phone as tags.
    const email = ['ivan', 'mail.ru'].join('@');
    const res = await post(
      person({
        page_url: '/contacts?name=Ivan+Petrov&phone=%2B79161234567&utm_medium=cpc#form',
        landing_page: '/?name=Ivan+Petrov&phone=%2B79161234567&comment=перезвоните&utm_campaign=spring',
        referrer: 'https://mail.example/u/ivan.petrov/inbox/79161234567',
        utm_source: email,
        utm_term: '+79161234567',
        utm_content: '8 (916) 123-45-67',
        utm_campaign: 'spring',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().id);
    const context = {
      page_url: '/contacts?utm_medium=cpc',
      utm_campaign: 'spring',
      landing_page: '/?utm_campaign=spring',
      referrer: 'https://mail.example/',
      source: 'api',
    };
    expect(row.context).toEqual(context);
    expect(crmPayload(row).context).toEqual(context);
    const everything = JSON.stringify([row.context, crmPayload(row).context, leadEmail(row).text]);
    expect(everything).not.toMatch(/Ivan|Petrov|ivan|перезвоните|9161234567|123-45-67/);
    // An e-mail address in the referrer's path goes too (its origin stays).
    const mail = await post(person({ referrer: `https://mail.example/${encodeURIComponent(email)}/inbox?q=1` }));
    expect(mail.statusCode, mail.body).toBe(201);
    expect((await stored(mail.json().id)).context).toMatchObject({ referrer: 'https://mail.example/' });
  });

  it("keeps a long page address's path and tags: the page's own query never fails a lead", async () => {
    const res = await post(person({ page_url: `/filter?${'rooms=2&'.repeat(400)}utm_source=ya` }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored(res.json().id)).context).toMatchObject({ page_url: '/filter?utm_source=ya' });
  });

  const bad: [string, string][] = [
    ['landing_page', '//evil.example/projects'],
    ['landing_page', 'https://evil.example/'],
    ['landing_page', '/\\evil.example/'],
    ['landing_page', `/${'x'.repeat(2048)}`],
    ['page_url', 'javascript:alert(1)'],
    ['utm_source', 'x'.repeat(2049)],
    ['referrer', 'javascript:alert(1)'],
    ['referrer', 'not a url'],
    ['analytics_client_id', '+79161234567'],
    ['analytics_client_id', '79161234567'],
    ['analytics_client_id', 'anna@example.ru'],
    ['analytics_client_id', 'GA1.1.<script>'],
  ];
  for (const [field, value] of bad) {
    it(`refuses ${field} = ${JSON.stringify(value.slice(0, 40))} with a 400 naming it`, async () => {
      const res = await post(person({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });
  }
});
