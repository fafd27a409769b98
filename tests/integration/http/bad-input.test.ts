import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { leads } from '#server/db/schema/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testApp, type TestApp } from '#tests/support/app.ts';

/**
 * Text with NUL or half an emoji is refused with a 400 naming the field, on every kind of input: lead
 * bodies (JSON and form), tracking records, query and path parameters. Before, it passed validation and
 * failed in the database with a 500, and every retry with the same idempotency key failed again.
 */
const NUL = 'Anna\u0000';
const HALF_EMOJI = 'Call me \uD83D';
const ENGLISH = CATALOGS.en.forms.validation.characters;

let phoneSeq = 0;
const person = (over: Record<string, unknown> = {}) => ({
  name: 'Anna',
  phone: `+7 916 777-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`,
  email: 'anna@example.com',
  consent: true,
  ...over,
});

describe.each(ENGINES)('bad input on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Load shedding by event-loop delay off: the embedded database blocks the loop now and then; this is no load test.
    t = await testApp(engine, { CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000', LEADS_PHONE_LIMIT: '1000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' });
  }, 180_000);
  afterAll(async () => t?.dispose());

  const post = (url: string, payload: Record<string, unknown> | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...browserHeaders(t.config, url), 'accept-language': 'en', ...headers }, payload });

  describe('lead submits', () => {
    it.each([
      ['/api/request/', 'name', NUL],
      ['/api/request/', 'comment', HALF_EMOJI],
      ['/api/request/', 'email', 'anna@example.com\u0000'],
      ['/api/request/', 'utm_source', 'ya\u0000'],
      ['/api/request/', 'page_url', '/projects/1\uDE00'],
      ['/api/subscription_forms/default/submit/', 'name', NUL],
      ['/api/presale_interest/', 'name', 'Ann\uDC00a'],
      ['/api/multilingual_landing/send_lead/', 'comment', '\u0000'],
    ])('POST %s refuses %s with a NUL or a lone surrogate, naming the field in the visitor language', async (url, field, value) => {
      const res = await post(url, person({ project: 1, landing: 'en', [field]: value }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([ENGLISH]);
      expect(res.json().detail).toEqual(expect.any(String));
    });

    it('answers in the request language (Russian by default)', async () => {
      const res = await post('/api/request/', person({ name: NUL }), { 'accept-language': 'ru' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toEqual([CATALOGS.ru.forms.validation.characters]);
    });

    it('refuses them in form bodies too', async () => {
      const res = await post('/api/request/', 'name=Anna%00&phone=%2B79167770000&consent=on', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toEqual([ENGLISH]);
    });

    it('leaves the idempotency key usable: the corrected request with the same key is accepted, once', async () => {
      const key = randomUUID();
      const bad = person({ comment: HALF_EMOJI });
      for (let i = 0; i < 2; i++) {
        const res = await post('/api/request/', bad, { 'idempotency-key': key });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toHaveProperty('comment');
      }
      const good = await post('/api/request/', { ...bad, comment: 'Call me 😀' }, { 'idempotency-key': key });
      expect(good.statusCode, good.body).toBe(201);
      const again = await post('/api/request/', { ...bad, comment: 'Call me 😀' }, { 'idempotency-key': key });
      expect(again.json()).toEqual(good.json());
      const rows = await t.services.database.db.select().from(leads).where(eq(leads.idempotencyKey, key));
      expect(rows.map((r) => (r.details as { comment?: string }).comment ?? null)).toEqual(['Call me 😀']);
    });
  });

  describe('tracking records', () => {
    const record = (over: Record<string, unknown> = {}) => ({
      user_id: 'AAAAAAAAAAAAAAAAAAAAAA',
      experiment_id: 'e1',
      variation_id: 1,
      host: 'localhost:3000',
      url: '/projects',
      timestamp: 1_700_000_000,
      table_name: 'experiment_views',
      ...over,
    });

    it.each([
      ['user_id', 'u\u0000', 'Null characters are not allowed.'],
      ['url', '/a\uD83D', 'Surrogate characters are not allowed: U+D83D.'],
      ['ga_id', '\uDE00', 'Surrogate characters are not allowed: U+DE00.'],
    ])('refuses %s with unsafe text, naming it', async (field, value, message) => {
      const res = await post('/api/clickhouse/store_data/', record({ [field]: value }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it('names an unknown field and refuses a timestamp that is no date', async () => {
      const res = await post('/api/clickhouse/store_data/', record({ colour: 'red', timestamp: 1e300 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ colour: ['Unknown field.'], timestamp: expect.arrayContaining(['Enter a date between 2000 and 2099.']) });
    });

    it('still stores a clean record', async () => {
      expect((await post('/api/clickhouse/store_data/', record())).statusCode).toBe(204);
    });
  });

  describe('query and path parameters', () => {
    it.each([
      ['/api/subscription_forms/?url=/projects%00', 'url', 'Null characters are not allowed.'],
      ['/api/seo/get_page_meta/?url=/a%00b', 'url', 'Null characters are not allowed.'],
      ['/api/progress/?project=1,%00', 'project', 'Null characters are not allowed.'],
      ['/api/news/?year=%00', 'year', 'Null characters are not allowed.'],
      ['/api/meeting/facets/?date=%00', 'date', 'Null characters are not allowed.'],
      ['/api/seo_filter/?slug=%00', 'slug', 'Null characters are not allowed.'],
      ['/api/seo_filter/a%00/', 'slug', 'Null characters are not allowed.'],
      ['/api/promo/%00/', 'key', 'Null characters are not allowed.'],
      ['/api/project/%00/', 'id', 'Null characters are not allowed.'],
    ])('GET %s is a 400 naming %s', async (url, field, message) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
      expect(res.json().detail).toMatch(/^Invalid/);
    });

    it('answers an address that is not valid percent-encoding with a JSON detail', async () => {
      const res = await t.app.inject({ url: '/api/project/%E0%A4%A/' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: expect.stringContaining('not a valid url component') });
    });
  });

  describe('unknown API paths and wrong methods', () => {
    it('answers an unknown path with a JSON 404', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/api/no-such-thing/?a=1' });
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({ detail: `No API endpoint ${method} /api/no-such-thing/` });
      }
    });

    it('answers a wrong method with a JSON 405 and Allow, before CSRF and before reading the body', async () => {
      const cases = [
        ['GET', '/api/request/', 'POST'],
        ['DELETE', '/api/request/', 'POST'],
        ['POST', '/api/filter/', 'GET, HEAD'],
        ['PUT', '/api/partner_meeting/', 'GET, HEAD, POST'],
        ['PATCH', '/api/project/2/', 'GET, HEAD'],
      ] as const;
      for (const [method, url, allow] of cases) {
        const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{not json' });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.json()).toEqual({ detail: `Method "${method}" not allowed.` });
      }
    });
  });
});
