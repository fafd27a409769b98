import { GrowthBook } from '@growthbook/growthbook';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_HERO_CTA, HOME_STORIES, type FeaturesPayload } from '#core/flags/features.ts';
import { buildApp } from '#server/app.ts';
import { DEMO_GROWTHBOOK_CLIENT_KEY, loadConfig } from '#server/config.ts';
import { featureFlags } from '#server/db/schema/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

const KEY = DEMO_GROWTHBOOK_CLIENT_KEY;

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
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;

  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    dispose = fresh.dispose;
    // One slot for requests in progress: open streams must not take it.
    const config = loadConfig({ ...env, LOAD_MAX_IN_FLIGHT: '1' }, '1.0.0-test');
    services = createServices(fresh.database, { warn: () => {} });
    app = await buildApp({ config, services, build: 'none', logger: false, streamPingMs: 300 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // The test's fetch pool may hold a connection it opened and never used, which Node's server.close() leaves
    // until its headers timeout (60 s); shutting down with streams open has its own test below.
    app?.server.closeAllConnections();
    await app?.close();
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

  it('answers an unknown client key with a JSON 404, on the payload and on the stream', async () => {
    for (const path of ['/api/features/sdk-unknown', '/sub/sdk-unknown']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ detail: 'Unknown client key.' });
    }
  });

  it('declares the payload call in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/features/{clientKey}', '/api/admin/flags/', '/api/admin/flags/{key}/']));
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

  it('lets an operator change a flag from this machine, checking the definition; refuses a proxied or cross-site call', async () => {
    const url = `/api/admin/flags/${HOME_STORIES}/`;
    const bad = await app.inject({ method: 'PUT', url, payload: { defaultValue: true, rules: [{ variations: ['a', 'b'], weights: [0.7, 0.7] }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['rules.0.weights']);

    const noDefault = await app.inject({ method: 'PUT', url, payload: { rules: [] } });
    expect(noDefault.statusCode).toBe(400);

    const proxied = await app.inject({ method: 'PUT', url, headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { defaultValue: false } });
    expect(proxied.statusCode).toBe(403);
    const crossSite = await app.inject({ method: 'PUT', url, headers: { origin: 'https://evil.example' }, payload: { defaultValue: false } });
    expect(crossSite.statusCode).toBe(403);

    const ok = await app.inject({ method: 'PUT', url, payload: { defaultValue: false, description: 'Stories on phones' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ key: HOME_STORIES, defaultValue: false, rules: [], description: 'Stories on phones' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/flags/' });
    expect(list.json<{ key: string }[]>().map((f) => f.key)).toEqual([HOME_HERO_CTA, HOME_STORIES]);

    await app.inject({ method: 'PUT', url: '/api/admin/flags/scratch/', payload: { defaultValue: 1 } });
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/flags/scratch/' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/flags/scratch/' })).statusCode).toBe(404);
    await services.features.set(HOME_STORIES, { defaultValue: true, rules: [] });
  });
});

describe('a server with open streams', () => {
  it('shuts down at once, ending its streams', async () => {
    const fresh = await freshDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000' }, '1.0.0-test');
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
