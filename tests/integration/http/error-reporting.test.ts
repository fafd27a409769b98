import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { buildApp } from '#server/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { closeErrorReporting } from '#server/error-reporting.ts';
import { freshDatabase } from '#tests/support/db.ts';
import { startSentryReceiver, type SentryReceiver } from '#tests/support/sentry-receiver.ts';

type ErrorPayload = {
  level: string;
  platform: string;
  environment: string;
  release?: string;
  request?: { url?: string; method?: string; query_string?: unknown; cookies?: unknown; data?: unknown; headers?: Record<string, string> };
  exception?: { values: { type: string; value: string; stacktrace?: { frames: { filename?: string; function?: string; lineno?: number }[] } }[] };
};

/** The Sentry Node SDK against a local receiver (ADR 017): what reaches it, and what never does. */
describe('server error reporting (Sentry SDK)', () => {
  let receiver: SentryReceiver;
  let app: FastifyInstance;
  let services: Services;
  let dispose: () => Promise<void>;

  const events = () => receiver.items('event').map(({ item }) => item.payload as ErrorPayload);

  beforeAll(async () => {
    receiver = await startSentryReceiver();
    const db = await freshDatabase('pglite');
    dispose = db.dispose;
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SITE_URL: 'http://localhost:3000',
        LOAD_MAX_IN_FLIGHT: '0',
        LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        SENTRY_DSN: receiver.dsn,
        SENTRY_ENVIRONMENT: 'ci',
        // Every request a trace, so what is never traced is seen not to be (the streams).
        SENTRY_TRACES_SAMPLE_RATE: '1',
      },
      '1.0.0-test',
    );
    services = createServices(db.database, { warn: () => {} });
    // The production page build, so React Router's handleError is the one reporting page errors.
    app = await buildApp({ config, services, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await closeErrorReporting(2000);
    await dispose?.();
    await receiver?.close();
  });

  it('reports an unexpected API failure with its stack and request (method, path), and answers a plain 500', async () => {
    const before = events().length;
    services.menus.header = async () => {
      throw new Error('menu store is down');
    };
    const phone = String(79990000000 + 1234);
    const res = await app.inject({ url: `/api/menu/header/?lang=en&phone=%2B${phone}`, headers: { cookie: `vid=visitor-${phone}` } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error.' });
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(before + 1);
    const { envelope } = receiver.items('event').at(-1)!;
    expect(envelope.url).toMatch(/^\/api\/5\/envelope\//);
    expect(envelope.header).toMatchObject({ event_id: expect.any(String), sdk: { name: 'sentry.javascript.node' } });
    const event = events().at(-1)!;
    expect(event).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'ci',
      request: { url: '/api/menu/header/', method: 'GET' },
      exception: { values: [{ type: 'Error', value: 'menu store is down' }] },
    });
    const frames = event.exception!.values[0]!.stacktrace!.frames;
    expect(frames.length).toBeGreaterThan(2);
    expect(frames.some((frame) => frame.filename?.endsWith('error-reporting.test.ts'))).toBe(true);
    // Never the query (it may carry what a visitor typed), cookies or a body.
    expect(JSON.stringify(event)).not.toContain(phone);
    expect(event.request?.query_string).toBeUndefined();
  });

  it('reports a page loader failure through React Router’s handleError', async () => {
    const before = events().length;
    services.offices.list = async () => {
      throw new Error('offices store is down');
    };
    // Built at run time: the SDK sends the source lines around each frame, and this file's are among them.
    const visitor = ['Iv', 'an'].join('');
    const res = await app.inject({ url: `/en/contacts?name=${visitor}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(500);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBeGreaterThan(before);
    const event = events().find((e) => e.exception?.values[0]?.value === 'offices store is down');
    expect(event).toMatchObject({ level: 'error', request: { url: '/en/contacts', method: 'GET' } });
    expect(JSON.stringify(event)).not.toContain(visitor);
  });

  it('reports a database error without the values it was about: no parameters, quoted values, names, phones or e-mails', async () => {
    const before = events().length;
    // Built at run time: the SDK sends the source lines around each frame, and this file's are among them.
    const name = ['Иван', 'Петров'].join(' ');
    const phone = `+7${9161234000 + 567}`;
    const email = ['ivan', 'mail.ru'].join('@');
    services.menus.header = async () => {
      // drizzle's error: "Failed query: select $1::int\nparams: <the values>", caused by the database's, which quotes them.
      await services.database.db.execute(sql`select ${`${name} ${phone} ${email}`}::int as n`);
      throw new Error('unreachable: the query fails');
    };
    const res = await app.inject({ url: '/api/menu/header/?lang=en' });
    expect(res.statusCode).toBe(500);
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(before + 1);
    const event = events().at(-1)!;
    const values = event.exception!.values.map((v) => v.value);
    expect(values.some((v) => v.startsWith('Failed query: select $1::int as n'))).toBe(true);
    expect(values.some((v) => v === 'invalid input syntax for type integer: "[redacted]"')).toBe(true);
    // What was sent, as bytes: the exceptions, breadcrumbs and the source lines around each frame (this file's among them).
    const { envelope } = receiver.items('event').at(-1)!;
    const sent = envelope.items.map((item) => item.raw.toString('utf8')).join('\n');
    for (const value of [name, phone, phone.slice(2), email, `params: ${name}`]) expect(sent, value).not.toContain(value);
  });

  it('never traces the flags’ event stream (/sub/{key}: its span would stay open for the stream’s life), while other requests are', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = typeof address === 'string' ? address : `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    type Span = { name: string; attributes?: Record<string, { value: unknown }> };
    // The paths of the server's request spans received (the SDK streams spans: `span` items of `{items: [...]}`).
    const served = () =>
      receiver
        .items('span')
        .flatMap(({ item }) => (item.payload as { items?: Span[] }).items ?? [])
        .filter((span) => span.attributes?.['sentry.op']?.value === 'http.server')
        .map((span) => String(span.attributes?.['url.path']?.value ?? span.attributes?.['url.full']?.value ?? span.name));
    const stream = new AbortController();
    const res = await fetch(`${base}/sub/sdk-severnaya-demo`, { signal: stream.signal, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    stream.abort();
    await reader.cancel().catch(() => {});
    // A request after the stream closed is traced and sent: by then a span of the stream would have been too.
    expect((await fetch(`${base}/api/openapi.json`)).status).toBe(200);
    await expect.poll(() => served().some((path) => path.includes('/api/openapi.json')), { timeout: 15_000 }).toBe(true);
    expect(served().filter((path) => path.includes('/sub/'))).toEqual([]);
  });

  it('does not report client errors (4xx) nor pages not found', async () => {
    const before = events().length;
    expect((await app.inject('/api/menu/abc/submenu/')).statusCode).toBe(400);
    expect((await app.inject('/api/no-such-endpoint/')).statusCode).toBe(404);
    expect((await app.inject({ url: '/en/no-such-page', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // A later error arrives alone: nothing was queued for the 4xx.
    services.menus.footer = async () => {
      throw new Error('marker');
    };
    await app.inject('/api/menu/footer/?lang=en');
    await expect.poll(() => events().length, { timeout: 10_000 }).toBe(before + 1);
    expect(events().at(-1)!.exception!.values[0]!.value).toBe('marker');
  });

  it('allows the browser to send reports to the DSN host (CSP connect-src) and Replay its worker file', async () => {
    const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${receiver.origin}`);
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
  });
});

describe('server error reporting without a DSN', () => {
  it('admits no reporting host in the CSP', async () => {
    const db = await freshDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000' }, '1.0.0-test');
    const app = await buildApp({ config, services: createServices(db.database, { warn: () => {} }), build: 'none', logger: false });
    const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;| https:\/\/[^;]*yandex)/);
    await app.close();
    await db.dispose();
  });
});
