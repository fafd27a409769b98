import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { startJobs } from '#server/jobs/index.ts';
import { createServices, type Services } from '#server/services.ts';
import { seededDataDir, SHARED_TEST_IMAGE_CACHE_DIR, SHARED_TEST_MEDIA_DIR } from './server.ts';
import { throwawayDatabase } from './throwaway-db.ts';

/** The address the in-process site answers for (its SITE_URL): what its canonical links and sitemaps name. */
export const SITE = 'http://localhost:3000';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch` answered by `app.inject()`: the request never leaves the process, yet a test reads a real `Response`
 * (status, headers with every Set-Cookie, body). Redirects are followed unless `redirect: 'manual'`, as fetch does.
 */
export function fetchVia(app: FastifyInstance, origin = SITE): typeof fetch {
  const answer = async (input: string | URL | Request, init: RequestInit = {}, hops = 0): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), origin);
    if (url.origin !== origin) throw new Error(`fetchVia answers ${origin} only, not ${url.href}`);
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string') throw new Error('fetchVia takes a string body');
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host, ...Object.fromEntries(new Headers(init.headers)) },
      ...(typeof body === 'string' ? { payload: body } : {}),
      remoteAddress: '127.0.0.1',
    });
    if (REDIRECTS.has(res.statusCode) && init.redirect !== 'manual' && res.headers.location) {
      if (hops >= 20) throw new Error(`too many redirects from ${url.href}`);
      const keep = res.statusCode === 307 || res.statusCode === 308;
      const next = new URL(String(res.headers.location), url);
      return answer(next.href, keep ? init : { ...init, method: 'GET', body: null }, hops + 1);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD';
    const response = new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
    Object.defineProperty(response, 'url', { value: url.href });
    return response;
  };
  return ((input: string | URL | Request, init?: RequestInit) => answer(input, init)) as typeof fetch;
}

/**
 * The site as the browser tests' servers serve it, in this process: the production page build on a copy of the
 * database a first start leaves (tests/support/server.ts), the demo pictures, and `fetch` answered through
 * `inject()`. For tests that read HTML, JSON or headers and need no browser.
 */
export async function siteApp(
  env: Record<string, string> = {},
  opts: { jobs?: boolean } = {},
): Promise<{ app: FastifyInstance; database: Database; services: Services; fetch: typeof fetch; base: string; dispose: () => Promise<void> }> {
  const data = await throwawayDatabase('pglite', { label: 'site-inject', template: await seededDataDir() });
  const dataDir = data.dataDir;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SITE_URL: SITE,
      DATA_DIR: dataDir,
      MEDIA_DIR: SHARED_TEST_MEDIA_DIR,
      IMAGE_CACHE_DIR: SHARED_TEST_IMAGE_CACHE_DIR,
      CAPTCHA_MODE: 'off',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_MAX_IN_FLIGHT: '0',
      ...env,
    },
    '1.0.0-test',
  );
  const database = await data.open();
  const services = createServices(database, { warn: () => {} });
  await services.catalogue.init();
  await services.versions.start(60_000);
  const app = await buildApp({ config, services, logger: false });
  await app.ready();
  // The server's background work (lead and alert deliveries, schedules), for tests that follow a request to its mail.
  const jobs = opts.jobs ? startJobs({ config, database, services, log: pino({ level: 'silent' }) }) : null;
  return {
    app,
    database,
    services,
    fetch: fetchVia(app),
    base: SITE,
    dispose: async () => {
      await jobs?.stop();
      services.versions.stop();
      await app.close();
      await services.events.close();
      await database.close();
      await data.dispose();
    },
  };
}

/**
 * `siteApp()` for the tests of one file: made before them, disposed of after them. `env` may be a function, read when
 * the app is made (after the file's earlier `beforeAll`, e.g. a fake receiver's address).
 */
export function setupSiteApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  opts: { jobs?: boolean } = {},
): { fetch: typeof fetch; app: () => FastifyInstance; database: () => Database; services: () => Services } {
  let site: Awaited<ReturnType<typeof siteApp>> | undefined;
  beforeAll(async () => {
    site = await siteApp(typeof env === 'function' ? env() : env, opts);
  });
  afterAll(async () => site?.dispose());
  return { fetch: (input, init) => site!.fetch(input, init), app: () => site!.app, database: () => site!.database, services: () => site!.services };
}
