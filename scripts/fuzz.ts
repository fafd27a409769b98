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
import { LOT_FILTER_KEYS } from '#core/catalogue/filter.ts';
import { leadSchemas } from '#core/schemas/lead.ts';
import { trackingDataSchema } from '#core/schemas/tracking.ts';
import { eventRecordFields } from '#core/experiments/events.ts';
import type { Config } from '#server/config.ts';

export type Route = { method: string; url: string };

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

// ---------------------------------------------------------------------------------------------------------
// Inputs

/** Strings that broke or could break a parser, a database or a regex. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD83D',
  'x\uDE00y',
  '\uDE00\uD83D',
  '😀',
  'Ивaн',
  '%',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table leads; --",
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '9'.repeat(400),
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\r\n',
  '\t',
  '\u202e',
  '\uFEFF',
];

/** Any UTF-16 units: NUL, lone surrogates and controls come up often. */
const units = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 24 });
const junkString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: units },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'я', '😀', '\u0000', '9'), fc.integer({ min: 200, max: 70_000 })).map(([c, n]) => c.repeat(n)) },
);
const junkNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0, 1, 2, 2 ** 31));
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'name', '__proto__', '0'), junkString, { maxKeys: 2 }) },
);

/**
 * Field names the API reads, taken from the schemas themselves (every lead form, the experiment record, the page event), plus
 * the envelope fields of a lead (kind, idempotency key, proof of work, honeypot): a new field is fuzzed as
 * soon as a schema has it.
 */
const FIELDS = [
  ...new Set([
    ...Object.values(leadSchemas).flatMap((schema) => Object.keys(schema.shape)),
    ...Object.keys(eventRecordFields.shape),
    ...Object.keys(trackingDataSchema.shape),
    'type',
    'channel',
    'idempotency_key',
    'altcha',
    'website',
  ]),
];
/** Query parameters: the lot filter's own keys, and those of the other lists. */
const PARAMS = [
  ...new Set([
    ...LOT_FILTER_KEYS,
    'lang',
    'district',
    'facets',
    'shared',
    'type_of_advertisement',
    'slug',
    'url',
    'year',
    'realty_types',
    'office',
    'date',
    ...Object.keys(trackingDataSchema.shape),
  ]),
];

/** A lead that passes every field rule, so one junk field at a time reaches the code behind validation. */
function nearlyValidLead(n: number): Record<string, unknown> {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  return {
    name: 'Anna',
    phone: `+7916${String(1_000_000 + (n % 8_999_999)).padStart(7, '0')}`,
    email: 'anna@example.com',
    consent: true,
    comment: 'Call me, please',
    page_url: '/projects/1',
    utm_source: 'fuzz',
    project: 1,
    office: 1,
    date: day,
    slot: '12:00',
    agency: 'Agency',
    company: 'Company',
    topic: 'agency',
    landing: 'en',
    language: 'en',
    idempotency_key: `fuzz${String(n).padStart(12, '0')}${randomBytes(4).toString('hex')}`,
  };
}

type BodyKind = 'none' | 'json' | 'json-array' | 'json-scalar' | 'bad-json' | 'empty-json' | 'form' | 'bad-form' | 'multipart' | 'text' | 'xml';
/** Bodies and addresses that cannot be read at all: the only 400s that may come without `errors`. */
const UNREADABLE: ReadonlySet<BodyKind> = new Set(['bad-json', 'empty-json', 'bad-form', 'multipart']);

/** Bodies that are no object at all: `non_field_errors` is the field they may be refused under. */
const NOT_AN_OBJECT: ReadonlySet<BodyKind> = new Set(['json-array', 'json-scalar', 'text']);

/**
 * A "bad" JSON body that a parser may still read, as no object: `"\ud800"` is a string with a lone surrogate, which
 * a strict parser refuses (400 without `errors`) and JSON.parse reads as a string (refused as not an object).
 */
function parsesToNonObject(fuzzCase: FuzzCase): boolean {
  if (fuzzCase.body !== 'bad-json' || fuzzCase.payload === undefined) return false;
  try {
    const value: unknown = JSON.parse(fuzzCase.payload);
    return typeof value !== 'object' || value === null || Array.isArray(value);
  } catch {
    return false;
  }
}

export type FuzzCase = {
  method: string;
  route: string;
  url: string;
  body: BodyKind;
  payload?: string;
  contentType?: string;
  /** CSRF and anti-bot headers of a legitimate browser call. */
  signed: boolean;
  /** The path was made not to be valid percent-encoding. */
  badUrl: boolean;
  remoteAddress: string;
};

/** Percent-encodes like a browser, and gives lone surrogates as the invalid UTF-8 a broken client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

const VALID_PARAMS: Record<string, readonly string[]> = {
  id: ['1', '2', '3', '999999'],
  key: ['1', '2', 'spring-sale', 'nothing'],
  slug: ['studii', 'nothing-here'],
  topic: ['default', 'project', 'parking'],
  locale: ['ru', 'en', 'zh'],
  kind: ['projects', 'lots'],
  file: ['1.pdf', 'pages.xml', 'lots-1.xml'],
  '*': ['demo/1.jpg', 'rs:fit:300:200/plain/demo/1.jpg'],
};
/** The page handler's catch-all (with the page build): pages and the form actions behind them. */
const PAGE_PATHS = ['', 'forms/request', 'en/forms/callback', 'zh/forms/meeting', 'forms/subscribe', 'selection', 'projects/1', 'filter', 'promo', 'news'];

function pathFor(route: string, values: fc.Arbitrary<string>): fc.Arbitrary<{ url: string; badUrl: boolean }> {
  const names = [...route.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
  const value = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...((route === '/*' ? PAGE_PATHS : VALID_PARAMS[name]) ?? ['1'])).map((v) => ({ v, raw: false })) },
      { weight: 3, arbitrary: values.map((v) => ({ v, raw: false })) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%FF', '%C0%AF').map((v) => ({ v, raw: true })) },
    );
  return fc.tuple(...names.map(value)).map((parts) => {
    let i = 0;
    let bad = false;
    const url = route.replace(/:([A-Za-z_]+)|\*/g, (whole) => {
      const part = parts[i++]!;
      if (part.raw) bad = true;
      // A wildcard keeps its slashes; a parameter is one segment.
      return part.raw ? part.v : whole === '*' ? part.v.split('/').map(encode).join('/') : encode(part.v);
    });
    return { url, badUrl: bad };
  });
}

function queryFor(): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PARAMS) }, { weight: 1, arbitrary: junkString }), junkString);
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'))
    .map((q) => (q ? `?${q}` : ''));
}

type Body = { body: BodyKind; payload?: string; contentType?: string };

/** Fastify refuses a JSON body with a `__proto__` or `constructor` key as invalid JSON (prototype poisoning). */
function jsonBody(value: unknown, kind: BodyKind = 'json'): Body {
  const payload = JSON.stringify(value) ?? 'null';
  return { body: /"(__proto__|constructor)":/.test(payload) ? 'bad-json' : kind, payload, contentType: 'application/json' };
}

function bodyFor(): fc.Arbitrary<Body> {
  const lead = fc
    .tuple(
      fc.nat(),
      fc.dictionary(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: junkString }), junkValue, { maxKeys: 3 }),
    )
    .map(([n, junk]) => ({ ...nearlyValidLead(n), ...junk }));
  // One field of an otherwise valid lead replaced by one nasty string: what reaches the database.
  const oneBad = fc
    .tuple(
      fc.nat(),
      fc.constantFrom(...FIELDS),
      fc.oneof(fc.constantFrom('a\u0000b', '\u0000', 'x\uD83D', '\uDE00y', '😀\uDE00'), fc.constantFrom(...NASTY), units),
    )
    .map(([n, field, value]) => ({ ...nearlyValidLead(n), [field]: value }));
  const formOf = (value: Record<string, unknown>) =>
    Object.entries(value)
      .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&');
  return fc.oneof(
    { weight: 4, arbitrary: lead.map((v): Body => jsonBody(v)) },
    { weight: 8, arbitrary: oneBad.map((v): Body => jsonBody(v)) },
    { weight: 2, arbitrary: lead.map((v): Body => ({ body: 'form', payload: formOf(v), contentType: 'application/x-www-form-urlencoded' })) },
    { weight: 1, arbitrary: fc.constant<Body>({ body: 'none' }) },
    { weight: 1, arbitrary: fc.array(junkValue, { maxLength: 3 }).map((v) => jsonBody(v, 'json-array')) },
    { weight: 1, arbitrary: junkValue.map((v) => jsonBody(v, 'json-scalar')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"name":', "{'name': 1}", '{"a":1}}', '\u0000', '[1,]', '{"__proto__": {"x": 1}}', 'NaN', '"\\ud800"')
        .map((payload): Body => ({ body: 'bad-json', payload, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ body: 'empty-json', payload: '', contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant<Body>({ body: 'bad-form', payload: 'a=%&b=%ZZ&name=%00', contentType: 'application/x-www-form-urlencoded' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnna\u0000\r\n--x--\r\n', '--y\r\ngarbage', '')
        .map((payload): Body => ({ body: 'multipart', payload, contentType: 'multipart/form-data; boundary=x' })),
    },
    { weight: 1, arbitrary: junkString.map((payload): Body => ({ body: 'text', payload, contentType: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constant<Body>({ body: 'xml', payload: '<lead><name>Anna</name></lead>', contentType: 'application/xml' }) },
  );
}

const STRAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The generator of one request: a listed route (sometimes with another method), or an unknown /api path. */
export function caseArbitrary(routes: Route[]): fc.Arbitrary<FuzzCase> {
  // A path first, then one of its methods: `/api/*` (every method) weighs as much as any other path.
  const byUrl = new Map<string, Route[]>();
  for (const route of routes) byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route]);
  const listed = fc.constantFrom(...byUrl.values()).chain((same) => fc.constantFrom(...same));
  const target = fc.oneof(
    { weight: 8, arbitrary: listed },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...routes), fc.constantFrom(...STRAY_METHODS)).map(([r, method]) => ({ method, url: r.url })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...STRAY_METHODS), junkString).map(([method, tail]) => ({ method, url: `/api/${encode(tail)}/` })) },
  );
  return target.chain((route) =>
    fc
      .record({
        path: pathFor(route.url, junkString),
        query: queryFor(),
        body: route.method === 'GET' || route.method === 'HEAD' ? fc.constant<Body>({ body: 'none' }) : bodyFor(),
        signed: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        ip: fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 })),
      })
      .map(({ path, query, body, signed, ip }): FuzzCase => ({
        method: route.method,
        route: route.url,
        url: path.url + query,
        ...body,
        signed,
        badUrl: path.badUrl,
        remoteAddress: `10.77.${ip[0]}.${ip[1]}`,
      })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Judging

export type Answer = { status: number; headers: Record<string, string | string[] | number | undefined>; body: string };

/** Whether the path is valid percent-encoded UTF-8 (a lone surrogate or a cut escape is not). */
function decodable(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with `answer` to `fuzzCase`, or null. */
export function judge(fuzzCase: FuzzCase, answer: Answer): string | null {
  const { status } = answer;
  if (status >= 500) return `answered ${status}`;
  // As the router sees it (dot segments resolved, as an in-process request resolves them).
  const api = new URL(fuzzCase.url, 'http://fuzz').pathname.startsWith('/api/');
  if (status < 400 || fuzzCase.method === 'HEAD') return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return api ? `${status} is not JSON (${type || 'no content type'})` : null;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return `${status} body is not valid JSON`;
  }
  if (!api) return null;
  const body = json as { detail?: unknown; errors?: unknown };
  if (typeof body.detail !== 'string' || !body.detail) return `${status} without a "detail" text`;
  if (status === 405 && !answer.headers.allow) return '405 without Allow';
  if (status === 429 && !answer.headers['retry-after']) return '429 without Retry-After';
  if (status === 400 || status === 409) {
    if (body.errors === undefined) {
      return fuzzCase.badUrl || !decodable(fuzzCase.url) || UNREADABLE.has(fuzzCase.body) ? null : `${status} names no field: ${body.detail.slice(0, 120)}`;
    }
    const errors = body.errors as Record<string, unknown>;
    const fields = typeof errors === 'object' && errors !== null ? Object.keys(errors) : [];
    if (!fields.length) return `${status} with an empty "errors"`;
    for (const field of fields) {
      const messages = errors[field];
      if (!Array.isArray(messages) || !messages.length || !messages.every((m) => typeof m === 'string' && m))
        return `errors.${field} is not a list of messages`;
    }
    // A body that is not an object has no field to name; anything else must name one.
    if (fields.every((f) => f === 'non_field_errors') && !NOT_AN_OBJECT.has(fuzzCase.body) && !parsesToNonObject(fuzzCase))
      return `400 names no field: ${JSON.stringify(errors).slice(0, 160)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Running

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
export const FUZZ_ENV = { LEADS_IP_LIMIT: '1000000', LEADS_PHONE_LIMIT: '1000000', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' };

if (import.meta.main) await main();
