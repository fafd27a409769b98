import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, type TestApp } from '#tests/support/app.ts';
import { calls, freshPhone, leadApiApp, person } from './lead-api-app.ts';

describe.each(ENGINES)('lead API on %s: subscriptions, presale interest and landing leads', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await leadApiApp(engine);
  });
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());
  const { post, get } = calls(() => t);

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

  describe('presale interest and landing leads', () => {
    it('records presale interest for a known project', async () => {
      const ok = await post('/api/presale_interest/', person({ phone: freshPhone(), project: 4 }));
      expect(ok.statusCode).toBe(201);
      expect((await post('/api/presale_interest/', person({ phone: freshPhone(), project: 99 }))).json().errors).toEqual({
        project: ['Выберите вариант из списка'],
      });
      expect((await post('/api/presale_interest/', person({ phone: freshPhone() }))).json().errors).toEqual({ project: ['Обязательное поле'] });
    });

    it('takes a lead from the English landing in English, promising a call back and no language the settings may not back', async () => {
      const res = await post('/api/multilingual_landing/send_lead/', {
        name: 'John Smith',
        phone: '+44 20 7946 0019',
        consent: true,
        landing: 'moscow-homes',
        language: 'en',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('A manager will call you back within an hour.');
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
});
