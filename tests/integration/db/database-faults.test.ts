import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createServices } from '#server/services.ts';
import { browserHeaders, CSRF } from '#tests/support/app.ts';
import { ENGINES, freshDatabase, type Engine } from '#tests/support/db.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** Pages whose content comes from the database (site settings, menus, page meta, pages, publications, catalogue). */
const PAGES = ['/en/privacy', '/en', '/en/news', '/en/promo', '/en/contacts', '/en/projects/2', '/en/forms/request'];
/** Longer than every read cache's TTL (the longest, redirects, is 5 minutes), well within the max staleness. */
const PAST_EVERY_TTL_MS = 10 * 60_000;
const RETRY_MS = 5_000;

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';

/**
 * Makes the database stop answering the site, and answer again. PostgreSQL: the site's connections are
 * ended by an administrator and new ones refused (`ALLOW_CONNECTIONS false`); PGlite runs in this process,
 * so its client fails every call as a closed instance does.
 */
async function faultSwitch(engine: Engine, database: Database): Promise<{ stop: () => Promise<void>; restore: () => Promise<void> }> {
  if (engine === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const closed = () => Promise.reject(new Error('PGlite is closed'));
    return {
      stop: async () => {
        vi.spyOn(client, 'query').mockImplementation(closed);
        vi.spyOn(client, 'exec').mockImplementation(closed);
        vi.spyOn(client, 'transaction').mockImplementation(closed);
      },
      restore: async () => void vi.restoreAllMocks(),
    };
  }
  const name = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  return {
    stop: async () => {
      await admin(`alter database ${name} allow_connections false`);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    },
    restore: () => admin(`alter database ${name} allow_connections true`),
  };
}

describe.each(ENGINES)('database down on %s', (engine) => {
  let app: FastifyInstance;
  let config: Config;
  let database: Database;
  let dispose: () => Promise<void>;
  let now = Date.now();
  const logged: string[] = [];
  const warm = new Map<string, string>();
  let fault: Awaited<ReturnType<typeof faultSwitch>>;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SITE_URL: 'http://localhost:3000',
        CAPTCHA_MODE: 'off',
        // Building the lot index blocks this process's event loop: load shedding must not answer for the database.
        LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        LEADS_IP_LIMIT: '1000',
        CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm',
      },
      '1.0.0-test',
    );
    const log = {
      warn: (obj: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`),
      info: (obj: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`),
    };
    const services = createServices(database, log, { now: () => now, retryMs: RETRY_MS });
    await services.catalogue.init();
    // The production page build (`npx react-router build`), in this process, so the clock and the fault are ours.
    app = await buildApp({ config, services, logger: false });
    await app.ready();
    fault = await faultSwitch(engine, database);
  }, 180_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await dispose?.();
  });

  const page = (url: string) => app.inject({ url, headers: { 'user-agent': UA, accept: 'text/html' } });
  const lead = (phone: string) => {
    const url = '/api/request/';
    return app.inject({ method: 'POST', url, headers: browserHeaders(config, url), payload: { name: 'Анна', phone, email: 'anna@example.ru', consent: true } });
  };
  const form = (phone: string) =>
    app.inject({
      method: 'POST',
      url: '/en/forms/request',
      headers: {
        'user-agent': UA,
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        cookie: `csrftoken=${CSRF}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ name: 'Anna', phone, email: 'anna@example.ru', consent: 'on', [CSRF_FORM_FIELD]: CSRF }).toString(),
    });

  it('answers every page while the database works, and takes a lead', async () => {
    for (const url of PAGES) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(h1(res.body), url).not.toBe('');
      warm.set(url, h1(res.body));
    }
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await lead('+7 916 100-00-01')).statusCode).toBe(201);
  });

  it('keeps answering pages from the last good copy past their TTL while the database is down', async () => {
    await fault.stop();
    now += PAST_EVERY_TTL_MS;
    // A first visit's page is kept whole (ADR 035): the kept copies answer without asking the database at all.
    for (const url of PAGES) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(h1(res.body), url).toBe(warm.get(url));
    }
    // Rendered anew (the kept pages gone: a restart, memory pressure), each page reads the services' last good copy.
    app.pageCache?.clear();
    for (let round = 0; round < 3; round++) {
      for (const url of PAGES) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(h1(res.body), url).toBe(warm.get(url));
      }
      now += RETRY_MS;
    }
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    // One line for the whole outage, not one per request or per cache.
    expect(logged.filter((line) => line.startsWith('database read failed'))).toHaveLength(1);
    expect(logged.join('\n')).toMatch(/"unavailable":true/);
  });

  // The lead service marks a store failure of an unreachable database (LeadStoreError.unavailable); the API
  // and the form action answer it 503.
  it('answers a lead 503 with its error, and the form its error view', async () => {
    const api = await lead('+7 916 100-00-02');
    expect(api.statusCode).toBe(503);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(api.json().detail).toMatch(/^Произошла техническая ошибка/);
    const res = await form('+7 916 100-00-03');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('A technical error has occurred');
  });

  it('recovers by itself when the database returns', async () => {
    await fault.restore();
    now += RETRY_MS;
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    // Rendered anew, as a page is once its kept copy is gone: the services read the database again.
    app.pageCache?.clear();
    for (const url of PAGES) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(h1(res.body), url).toBe(warm.get(url));
    }
    expect((await lead('+7 916 100-00-04')).statusCode).toBe(201);
    expect(logged.filter((line) => line.startsWith('database available again'))).toHaveLength(1);
  });
});
