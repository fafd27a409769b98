/**
 * `node scripts/fuzz.ts [--count N] [--seed S] [--engine pglite|postgres] [--pages]`: sends N generated malformed
 * requests (default 2000) to every route of the real app on a fresh database with the demo catalogue, and
 * prints what broke the API's promises (docs/api.md). The routes are read from the app itself
 * (`printRoutes`, each checked with `hasRoute`), so a new route is fuzzed without a change here.
 *
 * Inputs (fast-check, reproducible by seed): wrong types, huge numbers, NUL and lone surrogates, long
 * strings, bad JSON, wrong content types, odd and repeated query parameters, junk path parameters, wrong
 * methods and unknown /api paths. Most requests carry valid CSRF and anti-bot headers and a nearly valid
 * lead, so the checks behind them and the database are reached; some carry none.
 *
 * A finding is: any answer ≥ 500; an /api answer that is not JSON `{detail}`; a 400 whose `errors` does not
 * name a field (only an unreadable body or address may answer a bare `{detail}`); a 405 without `Allow`; a
 * 429 without `Retry-After`. tests/integration/http/fuzz.test.ts runs it bounded on each database in `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { antibotHeaders } from '#core/http/antibot.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '#core/http/csrf.ts';
import type { Config } from '#server/config.ts';
import { caseArbitrary, type Route } from './lib/fuzz-cases.ts';
import { judge } from './lib/fuzz-judge.ts';

export type { Route } from './lib/fuzz-cases.ts';

/**
 * Every route of `app` as `{method, url}` (url as registered: `/api/project/:id/`), from Fastify's route
 * tree. Each is checked with `hasRoute`, so a change in the tree's print format fails loudly instead of
 * fuzzing fewer routes.
 */
export function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const [, segment = '', methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2]!) ?? [];
    stack.length = depth;
    stack.push(segment);
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods.split(', ')) {
      if (!app.hasRoute({ method: method as HTTPMethods, url })) throw new Error(`fuzz: could not read the route list (${method} ${url})`);
      routes.push({ method, url });
    }
  }
  if (!routes.length) throw new Error('fuzz: no routes found');
  return routes;
}

export type Finding = { route: string; method: string; status: number; problem: string; example: { url: string; body?: string; contentType?: string } };
export type FuzzReport = { seed: number; requests: number; routes: number; statuses: Record<string, number>; findings: Finding[] };

/** Runs `count` cases on `app` (in-process `inject`); one finding per route, status and problem. */
export async function fuzzApp(app: FastifyInstance, config: Config, opts: { count: number; seed: number; deadlineMs?: number }): Promise<FuzzReport> {
  const routes = listRoutes(app);
  const cases = fc.sample(caseArbitrary(routes), { numRuns: opts.count, seed: opts.seed });
  const statuses: Record<string, number> = {};
  const found = new Map<string, Finding>();
  const csrf = randomBytes(32).toString('base64url');
  const stopAt = Date.now() + (opts.deadlineMs ?? Number.POSITIVE_INFINITY);
  let requests = 0;
  for (const c of cases) {
    if (Date.now() > stopAt) break;
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (c.contentType) headers['content-type'] = c.contentType;
    if (c.signed) {
      Object.assign(headers, { origin: config.siteOrigin, cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf });
      Object.assign(headers, antibotHeaders(config.ANTIBOT_SALT, config.clientVersion, c.url));
    }
    const res = await app.inject({
      method: c.method as HTTPMethods,
      url: c.url,
      headers,
      remoteAddress: c.remoteAddress,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    requests++;
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const problem = judge(c, { status: res.statusCode, headers: res.headers, body: res.body });
    if (problem) {
      const key = `${c.method} ${c.route} ${res.statusCode} ${problem.slice(0, 40)}`;
      if (!found.has(key))
        found.set(key, {
          route: c.route,
          method: c.method,
          status: res.statusCode,
          problem,
          example: {
            url: c.url.slice(0, 300),
            ...(c.payload !== undefined ? { body: c.payload.slice(0, 300) } : {}),
            ...(c.contentType ? { contentType: c.contentType } : {}),
          },
        });
    }
  }
  return { seed: opts.seed, requests, routes: routes.length, statuses, findings: [...found.values()] };
}

/** `--pages`: the app with the production page build (run `npm run build` first), so pages and form actions are fuzzed too. */
async function appWithPages(engine: 'pglite' | 'postgres') {
  const [{ freshDatabase }, { loadConfig }, { createServices }, { buildApp }, { seedCatalogue }] = await Promise.all([
    import('#tests/support/db.ts'),
    import('#server/config.ts'),
    import('#server/services.ts'),
    import('#server/app.ts'),
    import('#server/modules/catalogue/ingest/write.ts'),
  ]);
  const { database, dispose } = await freshDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', ...FUZZ_ENV }, '1.0.0-fuzz');
  const services = createServices(database, { warn: () => {} });
  await seedCatalogue(database);
  await services.catalogue.refresh();
  const app = await buildApp({ config, services, logger: false });
  await app.ready();
  return { app, config, dispose: async () => (await app.close(), await dispose()) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '2000' },
      seed: { type: 'string' },
      engine: { type: 'string', default: 'pglite' },
      pages: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
  const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed))
    throw new Error('usage: node scripts/fuzz.ts [--count N] [--seed S] [--engine pglite|postgres]');
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('--engine postgres needs TEST_DATABASE_URL');
  const t = values.pages ? await appWithPages(engine) : await (await import('#tests/support/app.ts')).testAppWithCatalogue(engine, FUZZ_ENV);
  try {
    const started = Date.now();
    const report = await fuzzApp(t.app, t.config, { count, seed });
    console.info(JSON.stringify({ ...report, engine, seconds: (Date.now() - started) / 1000 }, null, 2));
    console.info(`fuzz: ${report.requests} requests to ${report.routes} routes (seed ${seed}), ${report.findings.length} findings`);
    process.exitCode = report.findings.length ? 1 : 0;
  } finally {
    await t.dispose();
  }
}

/**
 * Limits high enough that the fuzz reaches validation and the database rather than only 429s; load
 * shedding by event-loop delay off (the embedded database blocks the loop now and then; this is no load test).
 */
// An SMTP address, so the alert forms are offered and their API reads what it is sent (without one it answers 503 to
// everything); no job runs here, so nothing is ever sent to it.
export const FUZZ_ENV = {
  LEADS_IP_LIMIT: '1000000',
  LEADS_PHONE_LIMIT: '1000000',
  LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

if (import.meta.main) await main();
