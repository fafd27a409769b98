import { Writable } from 'node:stream';
import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { pino, type LoggerOptions } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { startJobs } from '#server/jobs/index.ts';
import { loggerOptions, safeError } from '#server/logger.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { createServices, type Services } from '#server/services.ts';
import { browserHeaders } from '#tests/support/app.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

/**
 * No name, phone or e-mail in any log line, errors included (issue 10). Leads are sent while the database
 * refuses them — first a constraint that fails every insert (the database's own error then quotes the whole
 * row, and drizzle's error lists the query parameters), then an outage (PGlite closed; PostgreSQL's backends
 * terminated and new connections refused) — and every line the process writes is captured: the server's pino
 * stream, the services' logger and the console. The values sent appear nowhere.
 */
const NAME = 'Зинаида';
const PHONE_TYPED = '+7 916 765-43-21';
const PHONE_DIGITS = ['+79167654321', '9167654321', '765-43-21'];
const EMAIL = 'zinaida.fault@example.ru';
const URL_ = '/api/request/';

describe.each(ENGINES)('personal data in the logs during a database fault on %s', (engine) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      SITE_URL: 'http://localhost:3000',
      // Load shedding off: these tests send bursts on purpose, on a machine that may be busy with other tests.
      LOAD_MAX_IN_FLIGHT: '0',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      CAPTCHA_MODE: 'off',
      CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm',
      LEADS_POLL_MS: '50',
      LEADS_RETRY_BASE_MS: '50',
    },
    '1.0.0-test',
  );
  let database: Database;
  let dispose: () => Promise<void>;
  let services: Services;
  let app: FastifyInstance;
  let jobs: ReturnType<typeof startJobs>;

  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(`console.${method}: ${format(...args)}`));
    }
    ({ database, dispose } = await freshDatabase(engine));
    // Closing twice (the outage below, then the cleanup) is a no-op the second time.
    const close = database.close;
    let closed = false;
    database.close = async () => {
      if (closed) return;
      closed = true;
      await close();
    };
    const log = pino(loggerOptions(config) as LoggerOptions, stream);
    services = createServices(database, log);
    const options = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
    app = await buildApp({ config, services, build: 'none', logger: options });
    await app.ready();
    jobs = startJobs({ config, database, services, log });
  }, 180_000);
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await dispose?.();
    vi.restoreAllMocks();
  });

  const submit = (i: number) =>
    app.inject({
      method: 'POST',
      url: URL_,
      remoteAddress: `10.50.0.${i + 1}`,
      headers: { ...browserHeaders(config, URL_), 'idempotency-key': `log-test-key-${engine}-${i}` },
      payload: { name: NAME, phone: PHONE_TYPED, email: EMAIL, comment: `Позвоните ${NAME}, ${PHONE_TYPED}, ${EMAIL}`, consent: true },
    });

  function expectNoPersonalData() {
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const value of [NAME, EMAIL, PHONE_TYPED, ...PHONE_DIGITS]) expect(text, `"${value}" in the log`).not.toContain(value);
  }

  it('logs the lead id and the error class, never the values, when every insert fails', async () => {
    await database.db.execute(sql`alter table leads add constraint leads_fault check (false) not valid`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(i)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(500);
      expect(answer.json().detail).toBe(`${CATALOGS.ru.forms.error.title}. ${CATALOGS.ru.forms.error.text}`);
    }
    // The retry of a failed key is answered the same way (not 500 for another reason, not a second lead).
    expect((await submit(0)).statusCode).toBe(500);
    const failures = lines.filter((line) => line.includes('lead not stored'));
    expect(failures).toHaveLength(11);
    expect(JSON.parse(failures[0]!)).toMatchObject({
      lead: expect.stringMatching(/^[0-9a-f-]{36}$/),
      errorClass: expect.stringMatching(/DrizzleQueryError\/(DatabaseError|Error)/),
      sqlState: '23514',
    });
    expectNoPersonalData();
    await database.db.execute(sql`alter table leads drop constraint leads_fault`);
    expect((await submit(20)).statusCode).toBe(201);
  });

  it('logs nothing personal while the database is down, and answers 503', async () => {
    const before = lines.length;
    if (engine === 'postgres') {
      const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
      const [{ name }] = rows;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
    } else {
      await database.close();
    }
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(30 + i)));
    for (const answer of answers) {
      // The database cannot be reached: 503 and when to come back, with the form's message.
      expect(answer.statusCode).toBe(503);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().detail).toBe(`${CATALOGS.ru.forms.error.title}. ${CATALOGS.ru.forms.error.text}`);
    }
    // The outbox loop keeps failing in the background too; its lines are part of what is checked.
    await expect.poll(() => lines.slice(before).filter((line) => line.includes('lead not stored')).length).toBe(10);
    expectNoPersonalData();
  });
});

describe('safeError', () => {
  it('keeps the class, the SQLSTATE and the names of the objects, and drops every value', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "anna@example.ru"'), {
      code: '22P02',
      detail: 'Failing row contains (Анна, +79161234567).',
      table: 'leads',
      params: ['Анна'],
    });
    class DrizzleQueryError extends Error {}
    const error = new DrizzleQueryError('Failed query: insert into "leads" ("name") values ($1)\nparams: Анна,+79161234567', { cause });
    const safe = safeError(error);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "leads" ("name") values ($1)',
      cause: { type: 'Error', code: '22P02', table: 'leads', message: 'invalid input syntax for type uuid: "[redacted]"' },
    });
    expect(JSON.stringify(safe)).not.toMatch(/Анна|79161234567|anna@example/);
    expect(safeError(new Error('mail to ivan@example.com or +7 916 000-00-00 failed')).message).toBe('mail to [email] or [phone] failed');
  });
});
