import type { FastifyInstance } from 'fastify';
import { antibotHeaders } from '#core/http/antibot.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { batchOptions, eventSinkFor } from '#server/modules/events/sinks.ts';
import { createServices, type Services } from '#server/services.ts';
import type { Database } from '#server/db/client.ts';
import { freshDatabase, type Engine } from './db.ts';

export type TestApp = { app: FastifyInstance; config: Config; services: Services; dispose: () => Promise<void> };

/**
 * The real Fastify app (API, security, page hooks) on a fresh seeded database, without the page build.
 * Load shedding is off unless a test asks for it: the test process builds lot indexes and databases on the
 * same event loop, and a 503 from that would not be the behaviour under test (tests/integration/http/limits.test.ts
 * tests shedding itself).
 */
export async function testApp(engine: Engine, env: Record<string, string> = {}, opts: { catalogue?: boolean } = {}): Promise<TestApp> {
  const { database, dispose } = await freshDatabase(engine, opts);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
    '1.0.0-test',
  );
  // The experiment event store as the server makes it: ClickHouse when the env names one, else the database.
  const services = createServices(database, { warn: () => {} }, {}, { sink: eventSinkFor(config, database.db), batch: batchOptions(config) });
  const app = await buildApp({ config, services, build: 'none', logger: false });
  await app.ready();
  return {
    app,
    config,
    services,
    dispose: async () => {
      await app.close();
      await services.events.close();
      await dispose();
    },
  };
}

/**
 * The app with the production page build (the page cache on) on a fresh database with the demo catalogue, its data
 * versions read (their poll slowed to a minute: a test reads them with `services.versions.check()`).
 */
export async function pageApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp & { database: Database }> {
  const { database, dispose } = await freshDatabase(engine, { catalogue: true });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_MAX_IN_FLIGHT: '0', ...env },
    '1.0.0-test',
  );
  const services = createServices(database, { warn: () => {} });
  await services.catalogue.init();
  await services.versions.start(60_000);
  const app = await buildApp({ config, services, logger: false });
  await app.ready();
  return {
    app,
    config,
    services,
    database,
    dispose: async () => {
      services.versions.stop();
      await app.close();
      await services.events.close();
      await dispose();
    },
  };
}

/** The app on a database with the demo catalogue, loaded into the lot index. */
export async function testAppWithCatalogue(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await testApp(engine, env, { catalogue: true });
  await t.services.catalogue.refresh();
  return t;
}

export const CSRF = 'a'.repeat(43);

/** Headers of a legitimate browser call: same origin, CSRF cookie + header, anti-bot token for `url`. */
export function browserHeaders(config: Config, url: string): Record<string, string> {
  return {
    origin: 'http://localhost:3000',
    cookie: `csrftoken=${CSRF}`,
    'x-csrftoken': CSRF,
    ...antibotHeaders(config.ANTIBOT_SALT, config.clientVersion, url),
  };
}
