import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pages } from '#server/db/schema/index.ts';
import type { Services } from '#server/services.ts';
import { DATA_KINDS, type DataKind } from '#server/db/versions.ts';
import { pageApp } from '#tests/support/app.ts';
import { ENGINES, type Engine } from '#tests/support/db.ts';

/**
 * The page cache (server/http/page-cache.ts, ADR 023) in the real app with the production page build: pages are
 * answered from a kept copy (ETag, 304, `public` for a shared cache), their CSP names their inline scripts' hashes,
 * and a change of data reaches exactly the pages made from it, whoever wrote it (here: SQL on the database).
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
const VISITOR = 'vid=AAAAAAAAAAAAAAAAAAAAAA';

describe.each(ENGINES)('page cache on %s', (engine: Engine) => {
  let app: FastifyInstance;
  let database: Database;
  let services: Services;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, services, dispose } = await pageApp(engine));
  }, 180_000);
  afterAll(async () => {
    await dispose?.();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'user-agent': BROWSER, accept: 'text/html', cookie: VISITOR, ...headers } });
  /**
   * The kinds whose data version moved since `before` (a `snapshot()`), once the process has read the versions (what
   * the poll does every DATA_VERSIONS_POLL_MS; on PostgreSQL the commit's notification may have read them already),
   * and the lot index after a change.
   */
  const snapshot = () => new Map(DATA_KINDS.map((kind) => [kind, services.versions.get(kind)]));
  const learn = async (before: Map<DataKind, number>) => {
    await services.versions.check();
    const kinds = DATA_KINDS.filter((kind) => services.versions.get(kind) !== before.get(kind));
    if (kinds.includes('catalogue')) await services.catalogue.refresh();
    return kinds;
  };

  it('answers a page a second time from its kept copy, with its ETag, and 304 to a browser that has it', async () => {
    const first = await get('/en/privacy');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await get('/en/privacy');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Answered before the request's hooks (page-fast-path.ts), with the very headers the whole way answered with.
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'x-cache'].includes(name)));
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers['set-cookie']).toBeUndefined();
    const again = await get('/en/privacy', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('names each inline script of the page by its hash in the CSP, and no nonce', async () => {
    for (const path of ['/en', '/en/filter', '/en/lipovy/flat/22']) {
      const response = await get(path);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).not.toMatch(/'nonce-/);
      expect(response.body).not.toMatch(/\snonce="[^"]/);
      const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src'))!;
      const inline = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/src=|application\/ld\+json/.test(m[1]!));
      expect(inline.length).toBeGreaterThan(0);
      for (const match of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`);
    }
  });

  it('gives a first visit the shared copy without cookies, as a crawler (its id comes from GET /api/visitor/, ADR 035)', async () => {
    for (const pass of ['MISS', 'HIT']) {
      const first = await app.inject({ url: '/en/news', headers: { 'user-agent': BROWSER, accept: 'text/html' } });
      expect(first.headers['cache-control'], pass).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(first.headers['set-cookie'], pass).toBeUndefined();
    }
    const crawler = await app.inject({ url: '/en/news', headers: { 'user-agent': CRAWLER, accept: 'text/html' } });
    expect(crawler.headers['cache-control']).toMatch(/^public/);
    expect(crawler.headers['set-cookie']).toBeUndefined();
    const id = await app.inject({ url: '/api/visitor/', headers: { 'user-agent': BROWSER } });
    expect(String(id.headers['set-cookie'])).toMatch(/vid=/);
  });

  it('the root’s language detection stores nothing when the visitor stays, and varies on Accept-Language and Cookie', async () => {
    for (let i = 0; i < 2; i++) {
      // A first visit (no cookie): the home page runs an experiment, whose copy for a visitor with an id is private.
      const response = await app.inject({ url: '/', headers: { 'user-agent': BROWSER, accept: 'text/html', 'accept-language': 'ru-RU,ru;q=0.9' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toMatch(/^public/);
      expect(response.headers.vary).toMatch(/Accept-Language/);
      expect(response.headers.vary).toMatch(/Cookie/);
    }
    // A detection that leads elsewhere remembers the language on its redirect, as before.
    const redirect = await app.inject({ url: '/', headers: { 'user-agent': BROWSER, 'accept-language': 'en-US,en;q=0.9' } });
    expect(redirect.statusCode).toBe(302);
    expect(String(redirect.headers['set-cookie'])).toMatch(/i18n_redirected=en/);
  });

  it('never lets a shared cache keep an answer that sets a cookie (a language chosen by a plain link)', async () => {
    const response = await get('/en/privacy', { referer: 'http://localhost:3000/privacy', host: 'localhost:3000' });
    expect(String(response.headers['set-cookie'])).toMatch(/i18n_redirected=en/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('follows a change of content made in the database: the pages made from it, not the others', async () => {
    await get('/en/privacy');
    await get('/en/lipovy/flat/22');
    const lot = await get('/en/lipovy/flat/22');
    expect(lot.headers['x-cache']).toBe('HIT');
    const versions = snapshot();
    await database.db
      .update(pages)
      .set({ title: sql`jsonb_set(${pages.title}, '{en}', '"Privacy, revised"')` })
      .where(eq(pages.slug, 'privacy'));
    expect(await learn(versions)).toEqual(['content']);
    const changed = await get('/en/privacy');
    expect(changed.headers['x-cache']).toBe('MISS');
    expect(changed.body).toContain('Privacy, revised');
    expect((await get('/en/privacy')).headers['x-cache']).toBe('HIT');
  });

  it('follows a change of prices: lot pages are made again, a page without lots is kept', async () => {
    const before = await get('/en/lipovy/flat/22');
    await get('/en/privacy');
    expect((await get('/en/privacy')).headers['x-cache']).toBe('HIT');
    const versions = snapshot();
    await database.db.execute(sql`update lots set price = price + 1000000 where number = '22'`);
    await database.db.execute(sql`update catalogue_state set version = version + 1`);
    expect(await learn(versions)).toContain('catalogue');
    const after = await get('/en/lipovy/flat/22');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).not.toBe(before.body);
    expect((await get('/en/privacy')).headers['x-cache']).toBe('HIT');
  });

  it('keeps a page with an experiment once per variation, private to its visitors', async () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 12; i++) {
      const cookie = `vid=visitor${String(i).padStart(15, '0')}`;
      const first = await get('/en', { cookie });
      const second = await get('/en', { cookie });
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe('private, no-cache');
      seen.set(String(second.headers.etag), cookie);
    }
    // Two variations of the hero's button, each kept once.
    expect(seen.size).toBe(2);
  });
});
