import { GrowthBook } from '@growthbook/growthbook';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_HERO_CTA, HOME_STORIES, type FeaturesPayload } from '#core/flags/features.ts';
import { buildApp } from '#server/app.ts';
import { DEMO_GROWTHBOOK_CLIENT_KEY, loadConfig } from '#server/config.ts';
import { featureFlags } from '#server/db/schema/index.ts';
import { createServices, type Services } from '#server/services.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

const KEY = DEMO_GROWTHBOOK_CLIENT_KEY;
const OPERATOR_TOKEN = 'operator-token-of-this-test-0123456789';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** Reads a server-sent event stream frame by frame (a frame ends with a blank line). */
function frames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 5_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return frame;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms (buffered: ${JSON.stringify(buffer)})`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stream read timed out')), left)),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('the stream did not end');
        const chunk = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stream did not end')), left))]);
        if (chunk.done) return;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

describe.each(ENGINES)('feature flags and experiments on %s', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let base: string;
  let dispose: () => Promise<void>;
  let tokenless: FastifyInstance;
  let tokenlessBase: string;
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;

  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    dispose = fresh.dispose;
    // One slot for requests in progress: open streams must not take it.
    const config = loadConfig({ ...env, LOAD_MAX_IN_FLIGHT: '1', FLAGS_TOKEN: OPERATOR_TOKEN }, '1.0.0-test');
    services = createServices(fresh.database, { warn: () => {} });
    app = await buildApp({ config, services, build: 'none', logger: false, streamPingMs: 300 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // The same site with no operator token at all (what buildApp gets when nothing made one).
    tokenless = await buildApp({ config: loadConfig(env, '1.0.0-test'), services, build: 'none', logger: false });
    tokenlessBase = await tokenless.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // The test's fetch pool may hold a connection it opened and never used, which Node's server.close() leaves
    // until its headers timeout (60 s); shutting down with streams open has its own test below.
    for (const each of [app, tokenless]) {
      each?.server.closeAllConnections();
      await each?.close();
    }
    await dispose?.();
  });

  it('answers the SDK payload with the seeded flag and experiment, and says it can stream', async () => {
    const res = await fetch(`${base}/api/features/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sse-support')).toBe('enabled');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-sse-support/i);
    const body = (await res.json()) as FeaturesPayload;
    expect(body.status).toBe(200);
    expect(Number.isNaN(Date.parse(body.dateUpdated))).toBe(false);
    expect(body.features[HOME_STORIES]).toEqual({ defaultValue: true, rules: [] });
    const cta = body.features[HOME_HERO_CTA]!;
    expect(cta.defaultValue).toBe('find');
    expect(cta.rules[0]).toMatchObject({ key: HOME_HERO_CTA, variations: ['find', 'project'], weights: [0.5, 0.5], hashAttribute: 'id', hashVersion: 2 });

    // Revalidation: the same payload is a 304.
    const again = await fetch(`${base}/api/features/${KEY}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers an unknown client key with a JSON 404 no cache keeps (it may carry a fresh CSRF cookie), on the payload and on the stream', async () => {
    for (const path of ['/api/features/sdk-unknown', '/sub/sdk-unknown']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.json()).toEqual({ detail: 'Unknown client key.' });
    }
  });

  it('declares the payload call in the public OpenAPI document, and the operator calls only in the staff one', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/features/{clientKey}');
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin/flags/'))).toEqual([]);
  });

  it('streams: retry, the payload, features-updated on a change, pings; uncompressed and outside the load limit', async () => {
    const res = await fetch(`${base}/sub/${KEY}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const stream = frames(res.body!);
    expect(await stream.next()).toBe('retry: 10000');
    const first = await stream.next();
    expect(first.startsWith('event: features\ndata: ')).toBe(true);
    expect(JSON.parse(first.slice('event: features\ndata: '.length))).toEqual(await (await fetch(`${base}/api/features/${KEY}`)).json());

    // Two more streams open while LOAD_MAX_IN_FLIGHT is 1: other requests are still answered.
    const others = await Promise.all([1, 2].map(() => fetch(`${base}/sub/${KEY}`)));
    expect((await fetch(`${base}/api/menu/header/`)).status).toBe(200);
    for (const other of others) await other.body!.cancel();

    // A change (what `flags:set` does through the admin API) reaches the open stream.
    await services.features.set(HOME_STORIES, { defaultValue: false, rules: [] });
    let frame = await stream.next();
    while (frame === 'data: ') frame = await stream.next();
    expect(frame).toBe('event: features-updated\ndata: ');
    const payload = (await (await fetch(`${base}/api/features/${KEY}`)).json()) as FeaturesPayload;
    expect(payload.features[HOME_STORIES]!.defaultValue).toBe(false);

    // A change written by another process is noticed by the version check (the poll), then broadcast.
    await services.database.db
      .update(featureFlags)
      .set({ defaultValue: true, updatedAt: sql`clock_timestamp()` })
      .where(sql`${featureFlags.key} = ${HOME_STORIES}`);
    await services.features.check();
    frame = await stream.next();
    while (frame === 'data: ') frame = await stream.next();
    expect(frame).toBe('event: features-updated\ndata: ');
    expect(((await (await fetch(`${base}/api/features/${KEY}`)).json()) as FeaturesPayload).features[HOME_STORIES]!.defaultValue).toBe(true);

    // The ping: an empty data line (every 30 s in production, shortened here).
    expect(await stream.next()).toBe('data: ');
    await stream.cancel();
  });

  it('lets an operator with the token change a flag, checking the definition; refuses a call without it or from another site', async () => {
    const url = `/api/admin/flags/${HOME_STORIES}/`;
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: operator,
      payload: { defaultValue: true, rules: [{ variations: ['a', 'b'], weights: [0.7, 0.7] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['rules.0.weights']);

    const noDefault = await app.inject({ method: 'PUT', url, headers: operator, payload: { rules: [] } });
    expect(noDefault.statusCode).toBe(400);

    // From this machine, not proxied, but without the token (what a same-host proxy that adds no header looks like).
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const plain = await app.inject({
        method,
        url: method === 'GET' ? '/api/admin/flags/' : url,
        payload: method === 'PUT' ? { defaultValue: false } : undefined,
      });
      expect(plain.statusCode, method).toBe(403);
    }
    const wrong = await app.inject({ method: 'PUT', url, headers: { authorization: 'Bearer not-the-operator-token-0123' }, payload: { defaultValue: false } });
    expect(wrong.statusCode).toBe(403);
    const proxied = await app.inject({ method: 'PUT', url, headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { defaultValue: false } });
    expect(proxied.statusCode).toBe(403);
    const crossSite = await app.inject({ method: 'PUT', url, headers: { ...operator, origin: 'https://evil.example' }, payload: { defaultValue: false } });
    expect(crossSite.statusCode).toBe(403);

    const ok = await app.inject({ method: 'PUT', url, headers: operator, payload: { defaultValue: false, description: 'Stories on phones' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ key: HOME_STORIES, defaultValue: false, rules: [], description: 'Stories on phones' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/flags/', headers: operator });
    expect(list.json<{ key: string }[]>().map((f) => f.key)).toEqual([HOME_HERO_CTA, HOME_STORIES]);

    await app.inject({ method: 'PUT', url: '/api/admin/flags/scratch/', headers: operator, payload: { defaultValue: 1 } });
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/flags/scratch/', headers: operator })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/flags/scratch/', headers: operator })).statusCode).toBe(404);
    await services.features.set(HOME_STORIES, { defaultValue: true, rules: [] });
  });

  it('without any operator token refuses every operator call, even from a loopback socket with no forwarding header', async () => {
    const url = `${tokenlessBase}/api/admin/flags/${HOME_STORIES}/`;
    const calls = [
      fetch(`${tokenlessBase}/api/admin/flags/`),
      fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"defaultValue":false}' }),
      fetch(url, { method: 'DELETE' }),
      // A token is no use to a server that has none.
      fetch(url, { method: 'DELETE', headers: operator }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/operator token/);
    }
    expect((await services.features.payload()).features[HOME_STORIES]!.defaultValue).toBe(true);
  });

  it('refuses NUL and lone surrogates anywhere in a definition with a 400 naming the place, not a 500', async () => {
    const put = (body: string) =>
      app.inject({ method: 'PUT', url: '/api/admin/flags/scratch/', headers: { ...operator, 'content-type': 'application/json' }, payload: body });
    // JSON text as a client may send it: escapes for NUL and half a surrogate pair.
    const cases: [body: string, field: string][] = [
      ['{"defaultValue":"a\\u0000b"}', 'defaultValue'],
      ['{"defaultValue":"\\ud800"}', 'defaultValue'],
      ['{"defaultValue":{"a":[1,{"b":"\\udc00x"}]}}', 'defaultValue.a.1.b'],
      ['{"defaultValue":{"k\\u0000":1}}', 'defaultValue'],
      ['{"defaultValue":1,"description":"x\\u0000"}', 'description'],
      ['{"defaultValue":1,"rules":[{"force":2,"condition":{"country\\ud800":"RU"}}]}', 'rules.0.condition'],
      ['{"defaultValue":1,"rules":[{"force":2,"condition":{"country":{"$in":["R\\u0000U"]}}}]}', 'rules.0.condition.country.$in.0'],
      ['{"defaultValue":1,"rules":[{"variations":["a","\\ud83d"],"key":"e"}]}', 'rules.0.variations.1'],
      ['{"defaultValue":1,"rules":[{"force":1,"extra":{"\\u0000":"x"}}]}', 'rules.0.extra'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, body).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), body).toEqual([field]);
    }
    // A whole pair (an emoji) is text like any other.
    const emoji = await put('{"defaultValue":"\\ud83d\\ude00","description":"ok"}');
    expect(emoji.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/flags/scratch/', headers: operator })).statusCode).toBe(204);
  });
});

describe('a server with open streams', () => {
  it('shuts down at once, ending its streams', async () => {
    const fresh = await freshDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }, '1.0.0-test');
    const app = await buildApp({ config, services: createServices(fresh.database, { warn: () => {} }), build: 'none', logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const open = await Promise.all([1, 2, 3].map(() => fetch(`${base}/sub/${KEY}`)));
      const streams = open.map((res) => frames(res.body!));
      for (const stream of streams) expect(await stream.next()).toBe('retry: 10000');
      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(2_000);
      for (const stream of streams) await stream.ended();
    } finally {
      await app.close();
      await fresh.dispose();
    }
  }, 120_000);
});

describe('the bounds of the flag stream', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', TRUST_PROXY: 'true' };
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let services: Services;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    fresh = await freshDatabase('pglite');
    services = createServices(fresh.database, { warn: () => {} });
  });
  afterAll(async () => {
    for (const app of apps) {
      app.server.closeAllConnections();
      await app.close();
    }
    await fresh?.dispose();
  });
  async function serve(env: Record<string, string>): Promise<string> {
    const app = await buildApp({ config: loadConfig({ ...base, ...env }, '1.0.0-test'), services, build: 'none', logger: false });
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }
  /** A stream opened by the client at `ip` (the proxy's X-Forwarded-For, believed with TRUST_PROXY). */
  const open = (url: string, ip: string) => fetch(`${url}/sub/${KEY}`, { headers: { 'x-forwarded-for': ip } });
  const metric = async (url: string, name: string): Promise<number> => {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`no ${name} in /metrics`);
    return Number(line.slice(name.length + 1));
  };

  it('caps the streams per client address and in all (503, Retry-After, JSON), shows them in /metrics, and limits how fast a client opens them', async () => {
    const url = await serve({ FLAGS_STREAMS_PER_CLIENT: '2', FLAGS_STREAMS_MAX: '3', FLAGS_STREAMS_PER_MINUTE: '5' });
    const a = [await open(url, '198.51.100.1'), await open(url, '198.51.100.1')];
    for (const res of a) expect(res.status).toBe(200);
    expect(await metric(url, 'flag_streams_open')).toBe(2);

    const third = await open(url, '198.51.100.1');
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await third.json()) as { detail: string }).detail).toMatch(/from this address/);
    // Its socket is not kept for it.
    expect(third.headers.get('connection')).toBe('close');

    // Another client still gets one, up to the server's cap.
    const b = await open(url, '198.51.100.2');
    expect(b.status).toBe(200);
    const c = await open(url, '198.51.100.3');
    expect(c.status).toBe(503);
    expect(c.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await c.json()) as { detail: string }).detail).toMatch(/on this server/);
    expect(await metric(url, 'flag_streams_open')).toBe(3);
    expect(await metric(url, 'flag_streams_refused_total{reason="client_full"}')).toBe(1);
    expect(await metric(url, 'flag_streams_refused_total{reason="server_full"}')).toBe(1);

    // A closed stream frees its places.
    await a[0]!.body!.cancel();
    await expect.poll(() => metric(url, 'flag_streams_open')).toBe(2);
    const again = await open(url, '198.51.100.1');
    expect(again.status).toBe(200);
    for (const res of [a[1]!, b, again]) await res.body!.cancel();
    await expect.poll(() => metric(url, 'flag_streams_open')).toBe(0);

    // Opening and closing at once is still opening: the sixth within a minute is refused.
    for (let i = 0; i < 5; i++) {
      const res = await open(url, '198.51.100.4');
      expect(res.status).toBe(200);
      await res.body!.cancel();
    }
    const tooFast = await open(url, '198.51.100.4');
    expect(tooFast.status).toBe(429);
    expect(tooFast.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await tooFast.json()).toMatchObject({ detail: expect.stringMatching(/Rate limit/) });
    expect(await metric(url, 'flag_streams_refused_total{reason="rate"}')).toBe(1);
  });

  it('ends each stream within its lifetime, so the SDK reconnects and no socket is held for ever', async () => {
    const url = await serve({ FLAGS_STREAM_MAX_AGE_MS: '400' });
    const started = Date.now();
    const res = await open(url, '198.51.100.9');
    expect(res.status).toBe(200);
    const stream = frames(res.body!);
    expect(await stream.next()).toBe('retry: 10000');
    expect((await stream.next()).startsWith('event: features\n')).toBe(true);
    await stream.ended(3_000);
    const lived = Date.now() - started;
    // Between 75 % and 100 % of the lifetime (jitter), give or take the test's own timing.
    expect(lived).toBeGreaterThanOrEqual(290);
    expect(lived).toBeLessThan(2_000);
    await expect.poll(() => metric(url, 'flag_streams_open')).toBe(0);
    expect(await metric(url, 'flag_streams_ended_total{reason="lifetime"}')).toBe(1);
  });
});

/**
 * REFERENCE's hashing vectors, through the official SDK (its FNV-1a hash is not exported: a filter with the
 * vector's seed and a range just around the expected value lets the visitor in, one just beside it does not),
 * and the 50/50 buckets at coverage 0.5.
 */
describe('assignment hashing in the GrowthBook SDK', () => {
  const vectors: [seed: string, value: string, version: 1 | 2, expected: number][] = [
    ['', 'a', 1, 0.22],
    ['', 'b', 1, 0.077],
    ['b', 'a', 1, 0.946],
    ['seed', 'a', 2, 0.0505],
  ];
  const on = (seed: string, value: string, version: 1 | 2, range: [number, number]) =>
    new GrowthBook({
      attributes: { id: value },
      features: { f: { defaultValue: false, rules: [{ force: true, filters: [{ seed, hashVersion: version, ranges: [range], attribute: 'id' }] }] } },
    }).isOn('f');

  it.each(vectors)('hash(seed %j, value %j, v%i) = %s', (seed, value, version, expected) => {
    const step = version === 1 ? 0.001 : 0.0001;
    expect(on(seed, value, version, [expected, expected + step / 2])).toBe(true);
    expect(on(seed, value, version, [expected + step / 2, expected + step])).toBe(false);
    expect(on(seed, value, version, [expected - step / 2, expected])).toBe(false);
  });

  it('reports the same bucket for an experiment with a seed', () => {
    const gb = new GrowthBook({ attributes: { id: 'a' } });
    expect(gb.run({ key: 'x', seed: 'b', hashVersion: 1, variations: [0, 1] }).bucket).toBe(0.946);
    expect(gb.run({ key: 'x', seed: 'seed', hashVersion: 2, variations: [0, 1] }).bucket).toBe(0.0505);
  });

  it('buckets 50/50 at coverage 0.5 as [[0, .25], [.5, .75]]', () => {
    const gb = new GrowthBook({ attributes: { id: 'a' } });
    // v2('seed', 'a') = 0.0505: in the first variation's range.
    expect(gb.run({ key: 'x', seed: 'seed', hashVersion: 2, coverage: 0.5, variations: [0, 1] })).toMatchObject({ inExperiment: true, variationId: 0 });
    // v1('b', 'a') = 0.946: past 0.75, so outside the experiment (the default, no tracking).
    expect(gb.run({ key: 'x', seed: 'b', hashVersion: 1, coverage: 0.5, variations: [0, 1] })).toMatchObject({ inExperiment: false, hashUsed: false });
  });
});
