import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '#tests/support/app.ts';

describe('error reporting (Sentry convention)', () => {
  const envelopes: { url: string; body: string }[] = [];
  const receiver = Fastify();
  let t: TestApp;

  beforeAll(async () => {
    receiver.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    receiver.post('/api/:project/envelope/', async (request) => {
      envelopes.push({ url: request.url, body: String(request.body) });
      return {};
    });
    await receiver.listen({ port: 0, host: '127.0.0.1' });
    const address = receiver.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await testApp('pglite', { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/5`, SENTRY_ENVIRONMENT: 'ci' });
  });
  afterAll(async () => {
    await t?.dispose();
    await receiver.close();
  });

  it('reports an unexpected API failure with its request and answers a plain 500', async () => {
    t.services.menus.header = async () => {
      throw new Error('menu store is down');
    };
    const res = await t.app.inject('/api/menu/header/?lang=en');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error.' });
    await expect.poll(() => envelopes.length).toBe(1);
    const [header, item, payload] = envelopes[0]!.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(envelopes[0]!.url).toBe('/api/5/envelope/?sentry_key=publickey&sentry_version=7');
    expect(header).toHaveProperty('event_id');
    expect(item).toMatchObject({ type: 'event' });
    expect(payload).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'ci',
      request: { url: '/api/menu/header/', method: 'GET' },
      exception: { values: [{ type: 'Error', value: 'menu store is down' }] },
    });
  });

  it('allows the browser to send reports to the DSN host (CSP connect-src)', async () => {
    const res = await t.app.inject('/healthz');
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+/);
  });

  it('does not report client errors (4xx)', async () => {
    const before = envelopes.length;
    expect((await t.app.inject('/api/menu/abc/submenu/')).statusCode).toBe(400);
    expect(envelopes.length).toBe(before);
  });
});
