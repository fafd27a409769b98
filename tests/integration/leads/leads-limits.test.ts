import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { leads } from '#server/db/schema/index.ts';
import { solveChallenge, type Challenge } from '#server/modules/leads/captcha.ts';
import { CLIENT_KEY_RETENTION_MS } from '#server/modules/leads/service.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { createServices } from '#server/services.ts';
import { browserHeaders } from '#tests/support/app.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

/**
 * The per-phone and per-client budgets under concurrency, counted by the database inside the insert's
 * transaction: on PostgreSQL the submits go to two app instances (two connection pools, two processes'
 * worth of memory) sharing one database, so nothing held in one process can make the numbers come out right.
 */
const URL_ = '/api/request/';
const person = (phone: string, over: Record<string, unknown> = {}) => ({ name: 'Анна', phone, email: 'anna@example.ru', consent: true, ...over });

describe.each(ENGINES)('lead budgets under concurrency on %s', (engine) => {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SITE_URL: 'http://localhost:3000',
      // Load shedding off: these tests send bursts on purpose, on a machine that may be busy with other tests.
      LOAD_MAX_IN_FLIGHT: '0',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      CAPTCHA_MODE: 'auto',
      CAPTCHA_AUTO_AFTER: '3',
      CAPTCHA_COMPLEXITY: '2000',
    },
    '1.0.0-test',
  );
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  let dispose: () => Promise<void>;
  let database: Database;

  async function instance(db: Database): Promise<FastifyInstance> {
    const app = await buildApp({ config, services: createServices(db, { warn: () => {} }), build: 'none', logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine));
    await instance(database);
    if (engine === 'postgres') {
      // A second instance: its own pool to the same database, its own services and memory.
      const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
      const [{ name }] = rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const second = await openDatabase({ url: url.toString(), dataDir: '', maxConnections: 5 });
      databases.push(second);
      await instance(second);
    }
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of databases) await db.close();
    await dispose?.();
  });

  /** Submit number `i` goes to instance `i mod n`. */
  const post = (i: number, payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) =>
    apps[i % apps.length]!.inject({ method: 'POST', url: URL_, remoteAddress, headers: { ...browserHeaders(config, URL_), ...headers }, payload });
  const statuses = (answers: { statusCode: number }[]) =>
    answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});

  it('accepts exactly LEADS_PHONE_LIMIT (5) of 20 concurrent leads with one phone; the rest get 429 and the form message', async () => {
    const phone = '+7 916 321-00-01';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i, person(phone), `10.20.0.${i + 1}`)));
    expect(statuses(answers)).toEqual({ 201: 5, 429: 15 });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({ detail: CATALOGS.ru.forms.error.limited });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await database.db.select({ id: leads.id }).from(leads).where(eq(leads.phone, '+79163210001'))).toHaveLength(5);
  });

  it('asks 12 concurrent submits from one address for proof of work after the third', async () => {
    const ip = '10.30.0.7';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i, person(`+7 916 322-00-${String(10 + i)}`), ip)));
    expect(statuses(answers)).toEqual({ 201: 3, 400: 9 });
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(Object.keys(refused.json().errors)).toEqual(['altcha']);
    // Every instance now asks this address for a challenge, and a solved one lets the next lead through.
    for (const app of apps) {
      const status = (await app.inject({ url: '/api/captcha_bypass/', remoteAddress: ip })).json() as { bypass: boolean; challenge?: Challenge };
      expect(status.bypass).toBe(false);
      const solved = await app.inject({
        method: 'POST',
        url: URL_,
        remoteAddress: ip,
        headers: browserHeaders(config, URL_),
        payload: person(`+7 916 322-01-${String(10 + apps.indexOf(app))}`, { altcha: solveChallenge(status.challenge!) }),
      });
      expect(solved.statusCode).toBe(201);
    }
    // Another address is not affected.
    expect((await apps[0]!.inject({ url: '/api/captcha_bypass/', remoteAddress: '10.30.0.8' })).json()).toEqual({ bypass: true });
  });

  it('keeps the idempotency key: concurrent retries of one key, on every instance, are one lead and never a 500', async () => {
    const key = randomUUID();
    const payload = person('+7 916 323-00-01');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i, payload, `10.40.0.${i + 1}`, { 'idempotency-key': key })));
    expect(statuses(answers)).toEqual({ 201: 10 });
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await database.db.select({ id: leads.id }).from(leads).where(eq(leads.idempotencyKey, key))).toHaveLength(1);
    // A retry after the phone's budget is spent is still the same lead, not a refusal.
    for (let i = 0; i < 4; i++) expect((await post(i, person('+7 916 323-00-01', { name: `Анна${'а'.repeat(i + 1)}` }), `10.41.0.${i}`)).statusCode).toBe(201);
    expect((await post(0, person('+7 916 323-00-01', { name: 'Борис' }), '10.41.0.9')).statusCode).toBe(429);
    const retry = await post(1, payload, '10.40.0.99', { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('does not store the client address, only a keyed hash of it', async () => {
    const rows = await database.db.select({ clientKey: leads.clientKey }).from(leads);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.clientKey).toMatch(/^[\w-]{32}$/);
    expect(JSON.stringify(rows)).not.toMatch(/10\.\d+\.0\.\d+/);
  });

  it('forgets the client key once no budget counts it any more (a day after the lead), and only then', async () => {
    const leadsService = createServices(database, { warn: () => {} }).leads;
    const keyed = async () => (await database.db.select({ clientKey: leads.clientKey }).from(leads)).filter((row) => row.clientKey !== null).length;
    const before = await keyed();
    expect(before).toBeGreaterThan(0);
    expect(await leadsService.forgetClientKeys(new Date())).toBe(0);
    expect(await leadsService.forgetClientKeys(new Date(Date.now() + CLIENT_KEY_RETENTION_MS - 60_000))).toBe(0);
    expect(await leadsService.forgetClientKeys(new Date(Date.now() + CLIENT_KEY_RETENTION_MS + 60_000))).toBe(before);
    expect(await keyed()).toBe(0);
    // The leads themselves are kept, whole.
    expect((await database.db.select({ id: leads.id }).from(leads)).length).toBeGreaterThanOrEqual(before);
  });
});
