import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { loadProductionBuild } from '#server/http/ssr.ts';
import { payloadUrl, prerender, prerenderPaths, writePrerendered, type Prerendered } from '#server/http/prerender.ts';
import { createServices, type Services } from '#server/services.ts';
import { ENGINES, freshDatabase, type Engine } from '#tests/support/db.ts';

/**
 * Static pages prerendered at build (server/http/prerender.ts, ADR 028): what `npm run build` writes is answered by a
 * server from its first request (no render), with its payload file; a change of the data it was made from, or a
 * file made from another database, makes the page render on request again.
 */
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DOCUMENT = {
  'user-agent': CHROME,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  cookie: 'vid=AAAAAAAAAAAAAAAAAAAAAA',
};

describe.each(ENGINES)('prerendered pages on %s', (engine: Engine) => {
  let database: Database;
  let services: Services;
  let dispose: () => Promise<void>;
  let dir: string;
  let buildId: string;
  const apps: FastifyInstance[] = [];
  const config = (env: Record<string, string> = {}) =>
    loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_MAX_IN_FLIGHT: '0', ...env },
      '1.0.0-test',
    );
  const start = async (file: string) => {
    const app = await buildApp({ config: config({ PRERENDER_FILE: file }), services, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    services = createServices(database, { warn: () => {} });
    await services.catalogue.init();
    await services.versions.start(60_000);
    await services.features.payload();
    dir = mkdtempSync(join(tmpdir(), 'prerender-'));
    buildId = (await loadProductionBuild()).assets.version;
  }, 180_000);
  afterAll(async () => {
    services?.versions.stop();
    for (const app of apps) await app.close();
    await services?.events.close();
    await dispose?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prerenders the policy pages in every language, not the pages with forms or live figures', async () => {
    const paths = await prerenderPaths(services, config());
    expect(paths).toEqual(expect.arrayContaining(['/privacy', '/en/privacy', '/zh/privacy', '/en/legal', '/en/disclosure']));
    expect(paths.some((path) => /agents|partners|purchase/.test(path))).toBe(false);
  });

  it('answers the first request from the build, its payload file too, and renders again once its data moves', async () => {
    const file = join(dir, 'pages.json');
    const builder = await start(join(dir, 'none.json'));
    const made = await prerender(builder, services, builder.pageCache!, ['/en/privacy', '/zh/privacy'], buildId, config());
    writePrerendered(file, made);
    const rendered = await builder.inject({ url: '/en/privacy', headers: DOCUMENT });

    const app = await start(file);
    const meta = await app.inject({ url: `/builds/meta/${buildId}.json` });
    expect(meta.json()).toMatchObject({ id: buildId, prerendered: ['/en/privacy', '/zh/privacy'] });
    expect(meta.headers['cache-control']).toContain('immutable');

    const first = await app.inject({ url: '/en/privacy', headers: { ...DOCUMENT, 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('HIT');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe(rendered.headers.etag);
    expect(first.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
    const plain = await app.inject({ url: '/en/privacy', headers: DOCUMENT });
    expect(plain.body).toBe(rendered.body);
    expect(plain.body).toContain('<h1');

    // What a click to the page loads: the router's data for it, kept from the build as the page is.
    const payload = await app.inject({ url: payloadUrl('/en/privacy', buildId), headers: { ...DOCUMENT, accept: '*/*' } });
    expect(payload.statusCode).toBe(200);
    expect(payload.headers['x-cache']).toBe('HIT');
    expect(payload.headers['content-type']).toContain('text/x-script');
    expect(payload.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const data = await app.inject({ url: '/en/privacy.data', headers: { ...DOCUMENT, accept: '*/*' } });
    expect(payload.body).toBe(data.body);

    // An edit in the back office (here SQL) moves `content`: the page and its payload are rendered anew.
    await database.db.execute(sql`UPDATE pages SET title = jsonb_set(title, '{en}', '"Privacy, edited"') WHERE slug = 'privacy'`);
    await services.versions.check();
    const edited = await app.inject({ url: '/en/privacy', headers: DOCUMENT });
    expect(edited.headers['x-cache']).toBe('MISS');
    expect(edited.body).toContain('Privacy, edited');
    const newPayload = await app.inject({ url: payloadUrl('/en/privacy', buildId), headers: { ...DOCUMENT, accept: '*/*' } });
    expect(newPayload.headers['x-cache']).toBe('MISS');
    expect(newPayload.body).toContain('Privacy, edited');
  });

  it('takes nothing from a file made from another database or for another build', async () => {
    const builder = await start(join(dir, 'none.json'));
    const made = await prerender(builder, services, builder.pageCache!, ['/en/legal'], buildId, config());
    const other: Prerendered = {
      ...made,
      stamps: Object.fromEntries(Object.entries(made.stamps).map(([kind, stamp]) => [kind, stamp.replace(/@.*/, '@2020-01-01T00:00:00.000Z')])),
    };
    const otherFile = join(dir, 'other-database.json');
    writePrerendered(otherFile, other);
    const fromOther = await start(otherFile);
    expect((await fromOther.inject({ url: '/en/legal', headers: DOCUMENT })).headers['x-cache']).toBe('MISS');

    const oldFile = join(dir, 'other-build.json');
    writeFileSync(oldFile, JSON.stringify({ ...made, id: 'older' }));
    const fromOld = await start(oldFile);
    expect((await fromOld.inject({ url: `/builds/meta/${buildId}.json` })).json()).toMatchObject({ prerendered: [] });
    expect((await fromOld.inject({ url: '/en/legal', headers: DOCUMENT })).headers['x-cache']).toBe('MISS');
    expect(JSON.parse(readFileSync(otherFile, 'utf8'))).toMatchObject({ id: buildId });
  });
});
