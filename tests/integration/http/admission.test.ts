import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { leads } from '#server/db/schema/index.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { browserHeaders, CSRF, pageApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';

/**
 * What a visitor sends is not turned away while the server can answer (issue 38, finding 11; ADR 010, 023):
 * tracking parameters do not split the page cache and made-up ones do not fill it, a malformed Host is the client's
 * 400, and with shedding forced on (a heap ceiling no process stays under) pages get 503 while a lead is taken.
 * (100 leads at once while 50 connections keep the server busy rendering: `npm run test:burst`, scripts/burst.ts.)
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const VISITOR = 'vid=AAAAAAAAAAAAAAAAAAAAAA';

describe.each(ENGINES)('admission on %s', (engine) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let cacheStats: () => { entries: number };

  beforeAll(async () => {
    ({ app, dispose } = await pageApp(engine));
    cacheStats = () => app.pageCache!.stats();
  }, 180_000);
  afterAll(async () => {
    await dispose?.();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'user-agent': UA, accept: 'text/html', cookie: VISITOR, ...headers } });

  it('keeps one copy of a page for every value of its tracking parameters, and carries none of them in it', async () => {
    const first = await get('/en/contacts?utm_source=mail&utm_campaign=spring');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.body).not.toMatch(/spring|utm_campaign/);
    const entries = cacheStats().entries;
    for (const query of ['utm_source=ads&utm_content=b2', 'gclid=Cj0KCQ', 'yclid=5531', 'fbclid=IwAR0', '_openstat=ZGlyZWN0', 'UTM_Term=flat']) {
      const again = await get(`/en/contacts?${query}`);
      expect(again.headers['x-cache'], query).toBe('HIT');
      expect(again.body, query).toBe(first.body);
    }
    expect((await get('/en/contacts')).headers['x-cache']).toBe('HIT');
    expect(cacheStats().entries).toBe(entries);
  });

  it('still keeps a page apart for each value of a parameter it reads', async () => {
    const two = await get('/en/filter?rooms=2');
    const three = await get('/en/filter?rooms=3');
    expect(two.statusCode).toBe(200);
    expect(three.headers['x-cache']).toBe('MISS');
    expect(three.body).not.toBe(two.body);
    const tagged = await get('/en/filter?rooms=2&utm_source=mail');
    expect(tagged.headers['x-cache']).toBe('HIT');
    expect(tagged.body).toBe(two.body);
  });

  it('answers a parameter no page reads without keeping the page, so made-up ones cannot push real pages out', async () => {
    const kept = await get('/en/privacy');
    expect(kept.statusCode).toBe(200);
    const entries = cacheStats().entries;
    for (let i = 0; i < 20; i++) {
      const odd = await get(`/en/privacy?x${i}=${i}`);
      expect(odd.statusCode).toBe(200);
      expect(odd.headers['x-cache']).toBe('BYPASS');
    }
    expect(cacheStats().entries).toBe(entries);
    expect((await get('/en/privacy')).headers['x-cache']).toBe('HIT');
  });

  it('carries the tracking parameters on through a redirect of the page', async () => {
    const res = await get('/en/filter?rooms=1&rooms=2&utm_source=mail&gclid=abc');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/filter?rooms=1,2&utm_source=mail&gclid=abc');
  });

  it('answers a malformed Host 400 (a page in its language, the API naming the header), and a good one as before', async () => {
    for (const host of ['bad host', 'a/b', 'exa mple.ru:80', '[::1', 'site.ru:99999', 'site.ru:port']) {
      const page = await get('/en/contacts', { host });
      expect(page.statusCode, host).toBe(400);
      expect(page.headers['content-type'], host).toMatch(/^text\/html/);
      expect(page.body, host).toContain('<html lang="en">');
      const api = await app.inject({ url: '/api/filter/', headers: { host } });
      expect(api.statusCode, host).toBe(400);
      expect(api.json(), host).toMatchObject({ errors: { host: [expect.any(String)] } });
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'www.example.ru'])
      expect((await get('/en/contacts', { host })).statusCode, host).toBe(200);
  });
});

describe.each(ENGINES)('shedding forced on (%s)', (engine) => {
  let app: FastifyInstance;
  let config: Config;
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    // A heap ceiling no process stays under: once sampled (every second), everything is shed but probes and writes.
    ({ app, config, database, dispose } = await pageApp(engine, {
      LOAD_MAX_HEAP_MB: '1',
      CAPTCHA_MODE: 'off',
      LEADS_IP_LIMIT: '1000',
      LEADS_PHONE_LIMIT: '1000',
    }));
  }, 180_000);
  afterAll(async () => {
    await dispose?.();
  });

  it('answers pages and reads 503 but takes a lead and a form posted without JavaScript', async () => {
    let page = await app.inject({ url: '/en/privacy?shed=1', headers: { 'user-agent': UA } });
    for (let attempt = 0; page.statusCode !== 503 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the next sample
      page = await app.inject({ url: '/en/privacy?shed=1', headers: { 'user-agent': UA } });
    }
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toMatch(/^\d+$/);
    expect((await app.inject({ url: '/api/filter/' })).statusCode).toBe(503);

    const url = '/api/request/';
    const lead = await app.inject({
      method: 'POST',
      url,
      headers: { ...browserHeaders(config, url), 'idempotency-key': 'b3f1c2de-0000-4000-8000-000000000038' },
      payload: { name: 'Анна', phone: '+7 916 380-00-01', consent: true, page_url: '/contacts' },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const stored = await database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, lead.json<{ id: string }>().id));
    expect(stored).toHaveLength(1);

    const form = await app.inject({
      method: 'POST',
      url: '/en/forms/request',
      headers: {
        'user-agent': UA,
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        referer: 'http://localhost:3000/en/contacts?utm_source=burst',
        cookie: `csrftoken=${CSRF}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ name: 'Anna', phone: '+7 916 380-00-02', consent: 'on', [CSRF_FORM_FIELD]: CSRF }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Request sent');
    // The page's address and tags came with the Referer: the page's HTML carries none.
    const [row] = await database.db.select({ context: leads.context }).from(leads).where(eq(leads.phone, '+79163800002'));
    expect(row?.context).toMatchObject({ utm_source: 'burst', page_url: '/en/contacts?utm_source=burst' });
  }, 60_000);
});
