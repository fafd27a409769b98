import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pages } from '#server/db/schema/index.ts';
import type { Services } from '#server/services.ts';
import { pageApp } from '#tests/support/app.ts';
import { ENGINES, type Engine } from '#tests/support/db.ts';

/**
 * A CDN purged by data kind (server/http/cdn-purge.ts, ADR 029), in the real app with the production page build and a
 * stand-in for Cloudflare's purge API on loopback: kept pages name their kinds in `Cache-Tag`, a new build purges every
 * page once, and a change written in the database (here: SQL, as another process would) purges its kind's tag.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const VISITOR = 'vid=AAAAAAAAAAAAAAAAAAAAAA';
const TOKEN = 'cdn-purge-token-for-tests-0123456789';

type Purge = { authorization: string | undefined; body: { tags: string[] } };

describe.each(ENGINES)('CDN purge on %s', (engine: Engine) => {
  let app: FastifyInstance;
  let database: Database;
  let services: Services;
  let dispose: () => Promise<void>;
  let cdn: http.Server;
  const purges: Purge[] = [];

  beforeAll(async () => {
    cdn = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        purges.push({ authorization: request.headers.authorization, body: JSON.parse(body) as { tags: string[] } });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"errors":[],"result":{"id":"x"}}');
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const { port } = cdn.address() as AddressInfo;
    ({ app, database, services, dispose } = await pageApp(engine, {
      CDN_PURGE: 'cloudflare',
      CDN_PURGE_URL: `http://127.0.0.1:${port}/client/v4/zones/zone1/purge_cache`,
      CDN_PURGE_TOKEN: TOKEN,
      CDN_PURGE_DELAY_MS: '0',
    }));
  }, 180_000);
  afterAll(async () => {
    await dispose?.();
    await new Promise((resolve) => cdn?.close(resolve));
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'user-agent': BROWSER, accept: 'text/html', cookie: VISITOR, ...headers } });

  it('purges every page of the last build once this build starts, with the token', async () => {
    await expect.poll(() => purges.map((purge) => purge.body), { timeout: 10_000 }).toEqual([{ tags: ['pages'] }]);
    expect(purges[0]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('tags a kept page with the kinds of data it was made from, on the whole way and the fast path alike; a private answer has no tags', async () => {
    const first = await get('/en/privacy');
    const second = await get('/en/privacy');
    expect(second.headers['x-cache']).toBe('HIT');
    for (const answer of [first, second]) {
      expect(answer.headers['cache-control']).toMatch(/^public/);
      expect(String(answer.headers['cache-tag']).split(',')).toEqual(expect.arrayContaining(['pages', 'data-content']));
    }
    expect(second.headers['cache-tag']).toBe(first.headers['cache-tag']);
    const lot = String((await get('/en/lipovy/flat/22')).headers['cache-tag']).split(',');
    expect(lot).toEqual(expect.arrayContaining(['pages', 'data-catalogue']));
    // A first visit gets the shared copy, tagged alike (ADR 035); a visitor's own variation of a page with an experiment
    // (the home page, for a visitor with an id) is private and untagged.
    const firstVisit = await app.inject({ url: '/en/privacy', headers: { 'user-agent': BROWSER, accept: 'text/html' } });
    expect(firstVisit.headers['cache-control']).toMatch(/^public/);
    expect(firstVisit.headers['cache-tag']).toBe(first.headers['cache-tag']);
    const own = await get('/en');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers['cache-tag']).toBeUndefined();
  });

  it('purges the tag of the kind a change in the database moved, and nothing else', async () => {
    await expect.poll(() => purges.length, { timeout: 10_000 }).toBe(1);
    await database.db
      .update(pages)
      .set({ title: sql`jsonb_set(${pages.title}, '{en}', '"Privacy, revised"')` })
      .where(eq(pages.slug, 'privacy'));
    await services.versions.check();
    await expect.poll(() => purges.slice(1).map((purge) => purge.body), { timeout: 10_000 }).toEqual([{ tags: ['data-content'] }]);
    // Counted once the CDN's answer is read.
    await expect.poll(async () => (await app.inject({ url: '/metrics' })).body, { timeout: 10_000 }).toContain('cdn_purges_total{result="ok"} 2');
  });
});
