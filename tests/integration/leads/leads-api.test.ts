import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadDeliveries, leads, leadSlots } from '#server/db/schema/index.ts';
import { solveChallenge } from '#server/modules/leads/captcha.ts';
import { crmPayload, leadEmail } from '#server/modules/leads/payload.ts';
import { leadSettingsFromConfig } from '#server/modules/leads/settings.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

const person = (over: Record<string, unknown> = {}) => ({ name: 'Анна', phone: '+7 916 123-45-67', email: 'anna@example.ru', consent: true, ...over });
let phoneSeq = 1000;
/** A fresh valid phone per submit, so the per-phone limit stays out of the way. */
const freshPhone = () => `+7 916 555-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`;

describe.each(ENGINES)('lead API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // With the demo catalogue: broker tours and presale interest name its projects.
    t = await testAppWithCatalogue(engine, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000' });
  });
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());

  async function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url, headers: { ...browserHeaders(t.config, url), ...headers }, payload });
  }
  async function get(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers });
  }

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

  describe('subscriptions', () => {
    it('gives the form of a URL: topic, headings and its submit URL', async () => {
      const project = (await get('/api/subscription_forms/?url=/en/projects/2')).json();
      expect(project).toMatchObject({ topic: 'project', project: 2, submit_url: '/api/subscription_forms/project/submit/' });
      const ru = (await get('/api/subscription_forms/?url=/projects/2')).json();
      expect(ru.title).toBe('Следите за ходом строительства');
      expect((await get('/api/subscription_forms/?url=/filter?type=parking&lang=en')).json().topic).toBe('parking');
      expect((await get('/api/subscription_forms/?url=/sosnovy/pantry/5')).json().topic).toBe('pantry');
      expect((await get('/api/subscription_forms/?url=/children')).json().topic).toBe('children');
      expect((await get('/api/subscription_forms/?url=/&lang=zh')).json()).toMatchObject({ topic: 'default', title: '新闻与开盘信息' });
      const bad = await get('/api/subscription_forms/');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('url');
    });

    it('subscribes through the dynamic URL, needing the e-mail for a newsletter', async () => {
      const url = '/api/subscription_forms/project/submit/';
      const missing = await post(url, person({ phone: freshPhone(), email: '', newsletter: true }));
      expect(missing.json().errors).toEqual({ email: ['Обязательное поле'] });
      const ok = await post(url, person({ phone: freshPhone(), newsletter: true, project: 2 }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().title).toBe('Вы подписаны');
      const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, ok.json().id));
      expect(row).toMatchObject({ kind: 'subscription', topic: 'project', newsletter: true });
      expect((await post('/api/subscription_forms/nonsense/submit/', person())).statusCode).toBe(400);
    });

    it('serves the legacy POST /old/subscribe/ with the same checks', async () => {
      const url = '/old/subscribe/';
      const ok = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url), payload: person({ phone: freshPhone() }) });
      expect(ok.statusCode).toBe(201);
      const bad = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url), payload: { name: '' } });
      expect(bad.statusCode).toBe(400);
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(t.config, url), origin: 'https://evil.example' },
        payload: person(),
      });
      expect(forged.statusCode).toBe(403);
    });
  });

  describe('meetings', () => {
    it('gives specs and facets of free offices, dates and slots', async () => {
      const specs = (await get('/api/meeting/specs/?lang=en')).json();
      expect(specs.map((s: { name: string }) => s.name)).toEqual(['office', 'date', 'slot']);
      expect(specs[0].choices[0]).toMatchObject({ value: '1', label: 'Central sales office' });
      const facets = (await get('/api/meeting/facets/?office=1')).json();
      expect(facets.count).toBeGreaterThan(10);
      const dates = Object.keys(facets.items.date.choices);
      const day = (await get(`/api/meeting/facets/?office=1&date=${dates[1]}`)).json();
      expect(Object.values(day.items.slot.choices).every((n) => n === 1)).toBe(true);
      expect((await get('/api/meeting/facets/?office=x')).statusCode).toBe(400);
      expect((await get('/api/meeting/facets/?date=2025-1-1')).json().errors).toHaveProperty('date');
    });

    it("gives a form's day (the pages' booking data) with the same dates and seats as the facets", async () => {
      const facets = (await get('/api/meeting/facets/?office=1')).json();
      const dates = Object.keys(facets.items.date.choices).sort();
      const first = await t.services.leads.bookingDay('meeting', 1);
      expect(first.dates).toEqual(dates);
      expect(first.date).toBe(dates[0]);
      const chosen = await t.services.leads.bookingDay('meeting', 1, dates[1]);
      const slots = (await get(`/api/meeting/facets/?office=1&date=${dates[1]}`)).json().items.slot.choices;
      expect(chosen.date).toBe(dates[1]);
      expect(chosen.slots).toEqual(
        Object.entries(slots)
          .map(([value, left]) => ({ value, left }))
          .sort((x, y) => x.value.localeCompare(y.value)),
      );
      // A date with nothing free falls back to the first one.
      expect((await t.services.leads.bookingDay('meeting', 1, '2001-01-01')).date).toBe(dates[0]);
    });

    it('books a free slot once; the slot then leaves the facets and a second booking is refused', async () => {
      const facets = (await get('/api/meeting/facets/?office=2')).json();
      const date = Object.keys(facets.items.date.choices)[2]!;
      const slots = (await get(`/api/meeting/facets/?office=2&date=${date}`)).json().items.slot.choices;
      const slot = Object.keys(slots)[0]!;
      // The spec's meeting form posts a form body.
      const form = new URLSearchParams({ name: 'Анна', phone: freshPhone(), consent: 'on', office: '2', date, slot });
      const url = '/api/meeting/';
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(t.config, url), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().title).toBe('Вы записаны');
      expect(res.json().message).toContain(slot);
      const after = (await get(`/api/meeting/facets/?office=2&date=${date}`)).json().items.slot.choices;
      expect(after[slot]).toBeUndefined();
      const second = await post(url, person({ phone: freshPhone(), office: 2, date, slot }));
      expect(second.statusCode).toBe(409);
      expect(second.json().errors).toEqual({ slot: ['Это время уже занято — выберите другое'] });
      expect(await t.services.database.db.select().from(leadSlots).where(eq(leadSlots.leadId, res.json().id))).toHaveLength(1);
    });

    it('refuses concurrent bookings of one slot but one', async () => {
      const facets = (await get('/api/meeting/facets/?office=3')).json();
      const date = Object.keys(facets.items.date.choices)[3]!;
      const slot = Object.keys((await get(`/api/meeting/facets/?office=3&date=${date}`)).json().items.slot.choices)[0]!;
      const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/meeting/', person({ phone: freshPhone(), office: 3, date, slot }))));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    });

    it('refuses an unknown office, a date outside the schedule and a missing slot', async () => {
      const res = await post('/api/meeting/', person({ office: 99, date: '2001-01-01', slot: '' }));
      expect(res.json().errors).toEqual({ slot: ['Обязательное поле'] });
      const res2 = await post('/api/meeting/', person({ office: 99, date: '2001-01-01', slot: '10:00' }));
      expect(res2.json().errors).toEqual({ office: ['Выберите вариант из списка'] });
      const res3 = await post('/api/meeting/', person({ office: 1, date: '2001-01-01', slot: '10:00' }));
      expect(res3.json().errors).toEqual({ date: ['Выберите вариант из списка'] });
    });
  });

  describe('broker tours', () => {
    it('gives specs and facets and books a seat of a tour', async () => {
      const specs = (await get('/api/broker_tour/specs/')).json();
      expect(specs[0]).toMatchObject({ name: 'project' });
      // The catalogue's projects, under the catalogue's names.
      const catalogue = await t.services.catalogue.projects('ru');
      expect(specs[0].choices.map((c: { value: string; label: string }) => [c.value, c.label])).toEqual(catalogue.map((p) => [p.id, p.name]));
      const facets = (await get('/api/broker_tour/facets/?project=2')).json();
      const date = Object.keys(facets.items.date.choices)[0]!;
      const slots = (await get(`/api/broker_tour/facets/?project=2&date=${date}`)).json().items.slot.choices;
      const [slot, seats] = Object.entries(slots)[0]!;
      expect(seats).toBe(12);
      const res = await post('/api/broker_tour/create_meeting/', person({ phone: freshPhone(), project: 2, date, slot, agency: 'Этажи' }));
      expect(res.statusCode).toBe(201);
      expect((await get(`/api/broker_tour/facets/?project=2&date=${date}`)).json().items.slot.choices[slot]).toBe(11);
      const bad = await post('/api/broker_tour/create_meeting/', person({ project: 2, date, slot }));
      expect(bad.json().errors).toEqual({ agency: ['Обязательное поле'] });
    });
  });

  describe('partner meetings', () => {
    it('serves specs, facets, the list and bookings without auth when none is configured', async () => {
      expect((await get('/api/partner_meeting/specs/')).json()[0]).toMatchObject({ name: 'topic' });
      const list = (await get('/api/partner_meeting/?limit=2')).json();
      expect(list.results).toHaveLength(2);
      expect(list.next).toBe('/api/partner_meeting/?limit=2&offset=2');
      expect(list.previous).toBeNull();
      const first = list.results[0];
      const res = await post(
        '/api/partner_meeting/',
        person({ phone: freshPhone(), topic: 'bank', office: first.office, date: first.date, slot: first.slot, company: 'Банк' }),
      );
      expect(res.statusCode).toBe(201);
      const after = (await get('/api/partner_meeting/?limit=1')).json();
      expect(after.count).toBe(list.count - 1);
      expect((await get('/api/partner_meeting/?limit=500')).statusCode).toBe(400);
      expect((await get('/api/partner_meeting/facets/?office=1')).json().count).toBe(after.count);
    });

    it('asks for basic auth when PARTNER_BASIC_AUTH is configured', async () => {
      t.services.leads.configure({ ...t.services.leads.settings, partnerBasicAuth: 'partner:secret' });
      const auth = { authorization: `Basic ${Buffer.from('partner:secret').toString('base64')}` };
      for (const url of ['/api/partner_meeting/', '/api/partner_meeting/specs/', '/api/partner_meeting/facets/']) {
        const res = await get(url);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Basic/);
        expect((await get(url, auth)).statusCode).toBe(200);
      }
      expect((await get('/api/partner_meeting/', { authorization: 'Basic d3Jvbmc6d3Jvbmc=' })).statusCode).toBe(401);
      expect((await post('/api/partner_meeting/', person())).statusCode).toBe(401);
      const bad = await post('/api/partner_meeting/', person({ topic: 'x' }), auth);
      expect(bad.statusCode).toBe(400);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });
  });

  describe('presale interest and landing leads', () => {
    it('records presale interest for a known project', async () => {
      const ok = await post('/api/presale_interest/', person({ phone: freshPhone(), project: 4 }));
      expect(ok.statusCode).toBe(201);
      expect((await post('/api/presale_interest/', person({ phone: freshPhone(), project: 99 }))).json().errors).toEqual({
        project: ['Выберите вариант из списка'],
      });
      expect((await post('/api/presale_interest/', person({ phone: freshPhone() }))).json().errors).toEqual({ project: ['Обязательное поле'] });
    });

    it('promises English-speaking managers on the English landing', async () => {
      const res = await post('/api/multilingual_landing/send_lead/', {
        name: 'John Smith',
        phone: '+44 20 7946 0019',
        consent: true,
        landing: 'moscow-homes',
        language: 'en',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('An English-speaking manager will call you back within an hour.');
      const [row] = await t.services.database.db.select().from(leads).where(eq(leads.id, res.json().id));
      expect(row).toMatchObject({ kind: 'landing', locale: 'en' });
      const bad = await post(
        '/api/multilingual_landing/send_lead/',
        { name: 'John', phone: '+44 20 7946 0019', consent: true, language: 'fr' },
        { 'accept-language': 'en' },
      );
      expect(bad.json().errors).toEqual({ landing: ['Obligatory field'], language: ['Choose an option from the list'] });
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
