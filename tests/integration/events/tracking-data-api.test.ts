import { Writable } from 'node:stream';
import { asc, sql } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasePage } from '#core/purchase/calculator.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { trackingEvents } from '#server/db/schema/index.ts';
import { loggerOptions } from '#server/logger.ts';
import { createServices } from '#server/services.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { TestApp } from '#tests/support/app.ts';

const URL_ = '/api/tracking_data/save/';
const CLIENT_ID = 'GA1.2.1833409912.1764000000';
const VISIT_ID = 'v-7f3c9e21';
const CAMPAIGN = 'spring-sale-linden';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * `/api/tracking_data/save/` (spec §7, §9): a page event with the page context derived on the server, the
 * attribution kept in its safe form, bad input refused by field, crawlers accepted and not stored, the beacon
 * POST, and nothing of the attribution in any log line; on each engine.
 */
describe.each(ENGINES)('tracking data API on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    const { database, dispose } = await freshDatabase(engine, { catalogue: true });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'debug', SITE_URL: 'http://localhost:3000', LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
      '1.0.0-test',
    );
    const services = createServices(database, { warn: () => {} });
    const logger = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
    const app = await buildApp({ config, services, build: 'none', logger });
    await app.ready();
    await services.catalogue.refresh();
    t = { app, config, services, dispose: async () => (await app.close(), await dispose()) };
  }, 180_000);
  afterAll(async () => t?.dispose());

  let remote = 0;
  /** Each call from its own address, so the per-client limit is not what a test meets. */
  const send = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `${URL_}?${new URLSearchParams(query)}`,
      headers: { 'user-agent': BROWSER, ...headers },
      remoteAddress: `10.9.${remote >> 8}.${remote++ & 255}`,
    });
  const stored = () => t.services.database.db.select().from(trackingEvents).orderBy(asc(trackingEvents.id));
  const last = async () => (await stored()).at(-1)!;
  const expectBad = async (query: Record<string, string>, field: string) => {
    const res = await send(query);
    expect(res.statusCode, JSON.stringify(query).slice(0, 200)).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  };

  it('stores a page view with its page type, language, project and lot, answering 204 never cached', async () => {
    const lot = (await t.services.catalogue.filter({ type: ['flat'], limit: 1 } as never, 'en')).results[0]!;
    const res = await send({ event: 'page_view', url: `/en${lot.url}?from=card`, client_id: CLIENT_ID, visit_id: VISIT_ID });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await last()).toMatchObject({
      event: 'page_view',
      // The page's path and UTM tags only (ADR 014): no other query parameter.
      url: `/en${lot.url}`,
      pageType: 'lot',
      locale: 'en',
      projectId: String(lot.projectId),
      lotId: String(lot.id),
      clientId: CLIENT_ID,
      visitId: VISIT_ID,
      referrer: null,
      utmSource: null,
    });

    const [project] = await t.services.catalogue.projects('ru');
    const building = (await t.services.catalogue.project(String(project!.id), 'ru'))!.genplan.buildings[0]!;
    const pages: [string, Partial<typeof trackingEvents.$inferSelect>][] = [
      ['/', { pageType: 'home', locale: 'ru', projectId: null }],
      [`/zh${project!.url}`, { pageType: 'project', locale: 'zh', projectId: String(project!.id) }],
      [`${project!.url}/progress`, { pageType: 'progress', projectId: String(project!.id) }],
      [building.url, { pageType: 'building', projectId: String(project!.id), lotId: null }],
      ['/projects/99999', { pageType: 'project', projectId: null }],
      ['/linden-nowhere/flat/1', { pageType: 'lot', projectId: null, lotId: null }],
      ['/filter?rooms=2&utm_source=ya', { pageType: 'filter', url: '/filter?utm_source=ya' }],
      ['/en/purchase/mortgage', { pageType: 'purchase', locale: 'en' }],
      [`/${(await t.services.collections.slugs())[0]}`, { pageType: 'collection' }],
      [`/en${(await t.services.landings.pages())[0]!.path}`, { pageType: 'landing', locale: 'en' }],
      [`/${(await t.services.pages.slugs()).find((s) => !isPurchasePage(s))}`, { pageType: 'page' }],
      ['/contacts', { pageType: 'contacts' }],
      ['/news/some-story', { pageType: 'publication' }],
      ['/no-such-page', { pageType: 'other' }],
      ['http://localhost:3000/en/contacts#map', { pageType: 'contacts', locale: 'en', url: '/en/contacts' }],
    ];
    for (const [url, expected] of pages) {
      expect((await send({ event: 'visit_60s', url })).statusCode, url).toBe(204);
      expect(await last(), url).toMatchObject({ event: 'visit_60s', ...expected });
    }
  });

  it('keeps nothing personal of the page, the referrer or the tags: a form’s fields in the query, a webmail path, a phone as a tag', async () => {
    const res = await send({
      event: 'page_view',
      url: '/?name=Ivan+Petrov&phone=%2B79161234567&comment=call+me&utm_campaign=spring&utm_content=%2B79161234567',
      referrer: 'https://mail.example/u/ivan.petrov/inbox/79161234567',
      utm_source: 'ivan@mail.ru',
      utm_term: '+7 916 123-45-67',
      utm_medium: 'cpc',
    });
    expect(res.statusCode, res.body).toBe(204);
    const row = await last();
    expect(row).toMatchObject({
      url: '/?utm_campaign=spring',
      referrer: 'https://mail.example/',
      utmSource: null,
      utmMedium: 'cpc',
      utmTerm: null,
    });
    expect(JSON.stringify(row)).not.toMatch(/Ivan|Petrov|ivan|9161234567|123-45-67|call/);
  });

  it('keeps the referrer as origin and path and the UTM tags trimmed, dropping what looks like an e-mail', async () => {
    const res = await send({
      event: 'two_pages',
      url: '/?utm_source=ya&email=anna%40example.ru',
      referrer: 'https://user:secret@yandex.ru/search/?text=квартира+у+леса#r',
      utm_source: '  yandex\t',
      utm_medium: 'cpc',
      utm_campaign: `${CAMPAIGN}-${'x'.repeat(400)}`,
      utm_content: 'anna@example.ru',
      utm_term: '',
    });
    expect(res.statusCode).toBe(204);
    const row = await last();
    expect(row).toMatchObject({
      url: '/?utm_source=ya',
      referrer: 'https://yandex.ru/search/',
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmContent: null,
      utmTerm: null,
    });
    expect(row.utmCampaign).toHaveLength(200);
    expect(row.utmCampaign!.startsWith(CAMPAIGN)).toBe(true);
  });

  it('refuses bad parameters with a 400 naming each field, storing nothing', async () => {
    const before = (await stored()).length;
    await expectBad({ event: 'purchase', url: '/' }, 'event');
    await expectBad({ url: '/' }, 'event');
    await expectBad({ event: 'page_view' }, 'url');
    await expectBad({ event: 'page_view', url: `/${'a'.repeat(2048)}` }, 'url');
    await expectBad({ event: 'page_view', url: '/\u0000' }, 'url');
    await expectBad({ event: 'page_view', url: 'https://evil.example/projects/2' }, 'url');
    await expectBad({ event: 'page_view', url: '//evil.example/' }, 'url');
    await expectBad({ event: 'page_view', url: 'javascript:alert(1)' }, 'url');
    await expectBad({ event: 'page_view', url: '/', referrer: 'javascript:alert(1)' }, 'referrer');
    await expectBad({ event: 'page_view', url: '/', utm_source: 'a'.repeat(2049) }, 'utm_source');
    await expectBad({ event: 'page_view', url: '/', client_id: 'anna@example.ru' }, 'client_id');
    await expectBad({ event: 'page_view', url: '/', client_id: '+79160000000' }, 'client_id');
    await expectBad({ event: 'page_view', url: '/', visit_id: 'v'.repeat(65) }, 'visit_id');
    await expectBad({ event: 'page_view', url: '/', ip: '10.0.0.1' }, 'ip');
    const twice = await t.app.inject({ url: `${URL_}?event=page_view&event=two_pages&url=/` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('event');
    expect((await stored()).length).toBe(before);
  });

  it('accepts a crawler, a client without a user agent and a HEAD, and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await send({ event: 'page_view', url: '/' }, { 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: `${URL_}?event=page_view&url=/`, headers: { 'user-agent': '' } });
    expect(anonymous.statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: `${URL_}?event=page_view&url=/`, headers: { 'user-agent': BROWSER } });
    expect(head.statusCode).toBe(204);
    expect((await stored()).length).toBe(before);
  });

  it('takes a beacon: POST of JSON or text/plain, checked for its origin only', async () => {
    const body = { event: 'visit_over_3min', url: '/en/contacts', client_id: CLIENT_ID, utm_campaign: CAMPAIGN };
    const post = (payload: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: URL_, payload, headers: { 'user-agent': BROWSER, origin: 'http://localhost:3000', ...headers } });
    const text = await post(JSON.stringify(body), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(text.statusCode, text.body).toBe(204);
    expect(text.headers['cache-control']).toBe('no-store');
    expect(await last()).toMatchObject({ event: 'visit_over_3min', pageType: 'contacts', locale: 'en', clientId: CLIENT_ID, utmCampaign: CAMPAIGN });
    const query = await post(new URLSearchParams({ ...body, event: 'visit_3min' }).toString(), { 'content-type': 'text/plain' });
    expect(query.statusCode, query.body).toBe(204);
    expect((await last()).event).toBe('visit_3min');
    const json = await post(JSON.stringify({ ...body, event: 'two_pages' }), { 'content-type': 'application/json' });
    expect(json.statusCode, json.body).toBe(204);
    expect((await last()).event).toBe('two_pages');

    const before = (await stored()).length;
    const foreign = await post(JSON.stringify(body), { 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toMatch(/Origin checking failed/);
    const bad = await post(JSON.stringify({ ...body, event: 'nope' }), { 'content-type': 'text/plain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('event');
    const broken = await post('{"event":', { 'content-type': 'text/plain' });
    expect(broken.statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('limits each client like the other write calls', async () => {
    const headers = { 'user-agent': BROWSER };
    let status = 0;
    for (let i = 0; i < 121 && status !== 429; i++) {
      status = (await t.app.inject({ url: `${URL_}?event=page_view&url=/`, headers, remoteAddress: '10.99.0.1' })).statusCode;
    }
    expect(status).toBe(429);
    const other = await t.app.inject({ url: `${URL_}?event=page_view&url=/`, headers, remoteAddress: '10.99.0.2' });
    expect(other.statusCode).toBe(204);
  });

  it('declares both methods in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const path = doc.paths['/api/tracking_data/save/'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(path.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['event', 'url', 'referrer', 'utm_source', 'client_id', 'visit_id']),
    );
    expect(Object.keys(path.get.responses)).toEqual(expect.arrayContaining(['204', '400', '429']));
    expect(path.post.requestBody.content).toHaveProperty('application/json');
  });

  it('writes neither the client id nor the UTM tags to any log line, a failing insert included', async () => {
    await t.services.database.db.execute(sql`alter table tracking_events add constraint tracking_fault check (false) not valid`);
    try {
      const res = await send({ event: 'page_view', url: '/', client_id: CLIENT_ID, visit_id: VISIT_ID, utm_campaign: CAMPAIGN, utm_source: 'newsletter-77' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.services.database.db.execute(sql`alter table tracking_events drop constraint tracking_fault`);
    }
    const text = lines.join('\n');
    expect(text).toContain('tracking_data/save');
    for (const value of [CLIENT_ID, VISIT_ID, CAMPAIGN, 'newsletter-77', 'yandex.ru/search']) expect(text, value).not.toContain(value);
  });
});
