import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadDeliveries, leads } from '#server/db/schema/index.ts';
import { solveChallenge } from '#server/modules/leads/captcha.ts';
import { crmPayload, leadEmail } from '#server/modules/leads/payload.ts';
import { leadSettingsFromConfig } from '#server/modules/leads/settings.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, type TestApp } from '#tests/support/app.ts';
import { calls, freshPhone, leadApiApp, person } from './lead-api-app.ts';

describe.each(ENGINES)('lead API on %s: requests', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await leadApiApp(engine);
  });
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());
  const { post, get } = calls(() => t);

  describe('POST /api/request/', () => {
    it('commits a request with its context and an outbox row before answering 201', async () => {
      const key = randomUUID();
      const res = await post(
        '/api/request/',
        person({
          phone: freshPhone(),
          type: 'lot',
          project: 2,
          lot: 'sosnovy/flat/12',
          page_url: '/projects/2?utm_source=ya',
          utm_source: 'ya',
          comment: 'Интересует 2-комнатная',
        }),
        { 'idempotency-key': key },
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ status: 'accepted', title: 'Заявка отправлена', message: 'Менеджеры свяжутся с вами в течение часа.' });
      const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, body.id));
      expect(row).toMatchObject({ kind: 'request', topic: 'lot', phone: expect.stringMatching(/^\+7916555/), idempotencyKey: key, locale: 'ru' });
      expect(row!.context).toMatchObject({ project: 2, lot: 'sosnovy/flat/12', page_url: '/projects/2?utm_source=ya', utm_source: 'ya', source: 'api' });
      const outbox = await t.services.database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, body.id));
      expect(outbox.map((o) => o.channel)).toEqual(['crm']);
    });

    it('carries a purchase page calculation in its context, to the CRM and the sales e-mail in words; a bad figure is a 400 naming it', async () => {
      // The payment the page sent is not taken on trust: the server quotes it again under the named programme (71,946.06 → 71,947 ₽).
      const calculation = { programme: 'nord-family', price: '15000000', down_payment: '3000000', term_months: '360', monthly_payment: '1' };
      const res = await post('/api/request/', person({ phone: freshPhone(), type: 'mortgage', page_url: '/purchase/family-mortgage', ...calculation }));
      expect(res.statusCode).toBe(201);
      const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, res.json().id));
      expect(row!.topic).toBe('mortgage');
      expect(row!.context).toMatchObject({
        programme: 'nord-family',
        programme_name: 'Семейная ипотека',
        price: 15_000_000,
        down_payment: 3_000_000,
        term_months: 360,
        monthly_payment: 71_947,
      });
      expect(crmPayload(row!).context).toMatchObject({ programme: 'nord-family', programme_name: 'Семейная ипотека', monthly_payment: 71_947 });
      expect(leadEmail(row!).text).toContain('Программа: nord-family');
      expect(leadEmail(row!).text).toContain('Название программы: Семейная ипотека');
      expect(leadEmail(row!).text).toContain('Платёж в месяц, ₽: 71947');

      const bad = await post('/api/request/', person({ phone: freshPhone(), programme: 'Nord Family!', price: '-5', term_months: '9000' }));
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['price', 'programme', 'term_months']);
      // Other forms have no calculation: the fields are not theirs, and are not kept.
      const subscription = await post('/api/subscription_forms/default/submit/', person({ phone: freshPhone(), programme: 'nord-family' }));
      expect(subscription.statusCode).toBe(201);
      const [sub] = await t.services.database.db.select().from(leads).where(eq(leads.id, subscription.json().id));
      expect(sub!.context).not.toHaveProperty('programme');
    });

    it('answers a repeated key with the same answer and stores one row', async () => {
      const key = randomUUID();
      const payload = person({ phone: freshPhone() });
      const first = await post('/api/request/', payload, { 'idempotency-key': key });
      const again = await post('/api/request/', payload, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      // The key may also come in the body (forms without JavaScript).
      const third = await post('/api/request/', { ...payload, idempotency_key: key });
      expect(third.json()).toEqual(first.json());
      const rows = await t.services.database.db.select().from(leads).where(eq(leads.idempotencyKey, key));
      expect(rows).toHaveLength(1);
    });

    it('gives the same single row to concurrent submits with one key', async () => {
      const key = randomUUID();
      const payload = person({ phone: freshPhone() });
      const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/request/', payload, { 'idempotency-key': key })));
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await t.services.database.db.select().from(leads).where(eq(leads.idempotencyKey, key))).toHaveLength(1);
    });

    it('refuses a key reused for a different request with 422', async () => {
      const key = randomUUID();
      expect((await post('/api/request/', person({ phone: freshPhone() }), { 'idempotency-key': key })).statusCode).toBe(201);
      const other = await post('/api/request/', person({ phone: freshPhone(), name: 'Борис' }), { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
      expect(other.json().detail).toMatch(/idempotency key/);
    });

    it('names every bad field with the spec messages, in the page language', async () => {
      const ru = await post('/api/request/', { name: '', phone: '', consent: false });
      expect(ru.statusCode).toBe(400);
      expect(ru.json().errors).toEqual({
        name: ['Обязательное поле'],
        phone: ['Обязательное поле'],
        consent: ['Не отмечено согласие на обработку персональных данных'],
      });
      const en = await post('/api/request/', { name: 'Ivan2', phone: '12', consent: 'no', email: 'ivan@mail' }, { 'accept-language': 'en' });
      expect(en.json().errors).toEqual({
        name: ['Use letters only, please'],
        phone: [expect.stringContaining('country code')],
        email: ['Check the e-mail address'],
        consent: ['Не отмечено согласие на обработку персональных данных'],
      });
      const zh = await post('/api/request/?lang=zh', { name: 'Ивaн', phone: freshPhone(), consent: true, comment: 'x'.repeat(1001) });
      expect(zh.json().errors).toEqual({ name: ['请只使用一种键盘布局'], comment: ['超出最大字符数'] });
      const long = await post('/api/request/', person({ name: 'А'.repeat(61) }), { 'accept-language': 'en' });
      expect(long.json().errors).toEqual({ name: ['Maximum number of characters exceeded'] });
      const wrongTypes = await post('/api/request/', person({ name: ['x'], type: 'nonsense', idempotency_key: 'short' }));
      expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['idempotency_key', 'name', 'type']);
    });

    it('normalises international phone numbers to E.164', async () => {
      const res = await post('/api/request/', person({ phone: '+44 20 7946 0018', email: '' }));
      expect(res.statusCode).toBe(201);
      const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, res.json().id));
      expect(row!.phone).toBe('+442079460018');
      expect(row!.email).toBeNull();
    });

    it('needs the e-mail, not the phone, when the visitor asks for an answer by e-mail', async () => {
      const bad = await post('/api/request/', { name: 'Анна', channel: 'email', consent: true });
      expect(bad.json().errors).toEqual({ email: ['Обязательное поле'] });
      const ok = await post('/api/request/', { name: 'Анна', channel: 'email', email: `a${randomUUID().slice(0, 6)}@example.ru`, consent: true });
      expect(ok.statusCode).toBe(201);
    });

    it('takes a form body too', async () => {
      const url = '/api/request/';
      const form = new URLSearchParams({ name: 'Анна', phone: freshPhone(), consent: 'on', type: 'callback' });
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(t.config, url), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(res.statusCode).toBe(201);
    });

    it('pretends to accept a filled honeypot and stores nothing', async () => {
      const phone = freshPhone();
      const res = await post('/api/request/', person({ phone, website: 'http://spam.example' }));
      expect(res.statusCode).toBe(201);
      expect(await t.services.database.db.select().from(leads).where(eq(leads.id, res.json().id))).toHaveLength(0);
    });

    it('refuses calls without CSRF or anti-bot headers', async () => {
      const url = '/api/request/';
      const noCsrf = await t.app.inject({ method: 'POST', url, headers: { ...browserHeaders(t.config, url), 'x-csrftoken': '' }, payload: person() });
      expect(noCsrf.statusCode).toBe(403);
      const { 'x-client-token': _token, ...noToken } = browserHeaders(t.config, url);
      const noAntibot = await t.app.inject({ method: 'POST', url, headers: noToken, payload: person() });
      expect(noAntibot.statusCode).toBe(403);
      expect(noAntibot.json().detail).toMatch(/Anti-bot/);
    });

    it('limits leads per phone number', async () => {
      t.services.leads.configure({ ...t.services.leads.settings, phoneLimit: 2 });
      const phone = freshPhone();
      expect((await post('/api/request/', person({ phone }))).statusCode).toBe(201);
      expect((await post('/api/request/', person({ phone }))).statusCode).toBe(201);
      const third = await post('/api/request/', person({ phone }));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json().detail).toMatch(/Слишком много заявок/);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });

    it('limits leads per client IP', async () => {
      t.services.leads.configure({ ...t.services.leads.settings, ipLimit: 2 });
      const from = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/request/',
          remoteAddress: '10.1.1.1',
          headers: browserHeaders(t.config, '/api/request/'),
          payload: person({ phone: freshPhone(), name: `Анна${'а'.repeat(n)}` }),
        });
      expect((await from(1)).statusCode).toBe(201);
      expect((await from(2)).statusCode).toBe(201);
      expect((await from(3)).statusCode).toBe(429);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });
  });

  describe('GET /api/request/specs/', () => {
    it('lists request types and channels, localised', async () => {
      const en = (await get('/api/request/specs/?lang=en')).json();
      expect(en.map((s: { name: string }) => s.name)).toEqual(['type', 'channel']);
      expect(en[1].choices).toContainEqual({ value: 'whatsapp', label: 'Message me on WhatsApp' });
      // `lang` is one of the API's common parameters: an unknown language is named, as on every other call.
      const de = await get('/api/request/specs/?lang=de');
      expect(de.statusCode).toBe(400);
      expect(Object.keys(de.json().errors)).toEqual(['lang']);
    });
  });

  describe('proof of work', () => {
    it('tells the client whether a challenge is needed and checks the solution', async () => {
      expect((await get('/api/captcha_bypass/')).json()).toEqual({ bypass: true });
      t.services.leads.configure({ ...t.services.leads.settings, captchaMode: 'always', captchaComplexity: 2000 });
      const status = (await get('/api/captcha_bypass/')).json();
      expect(status.bypass).toBe(false);
      expect(status.challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
      const without = await post('/api/request/', person({ phone: freshPhone() }));
      expect(without.statusCode).toBe(400);
      expect(without.json().errors).toHaveProperty('altcha');
      const altcha = solveChallenge(status.challenge);
      const solved = await post('/api/request/', person({ phone: freshPhone(), altcha }));
      expect(solved.statusCode).toBe(201);
      // A solution is good once.
      expect((await post('/api/request/', person({ phone: freshPhone(), altcha }))).statusCode).toBe(400);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });

    it('asks for it in auto mode after a few leads from one address', async () => {
      t.services.leads.configure({ ...t.services.leads.settings, captchaMode: 'auto', captchaAutoAfter: 1 });
      const ip = '10.9.9.9';
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/request/',
          remoteAddress: ip,
          headers: browserHeaders(t.config, '/api/request/'),
          payload: person({ phone: freshPhone() }),
        });
      expect((await t.app.inject({ url: '/api/captcha_bypass/', remoteAddress: ip })).json().bypass).toBe(true);
      expect((await send()).statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/captcha_bypass/', remoteAddress: ip })).json().bypass).toBe(false);
      expect((await send()).statusCode).toBe(400);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });
  });

  it('exposes counters at /metrics to loopback only', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/leads_received_total\{kind="request"\} \d+/);
    expect(res.body).toMatch(/lead_deliveries_pending\{channel="crm"\} \d+/);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
  });
});
