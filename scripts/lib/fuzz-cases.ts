import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { LOT_FILTER_KEYS } from '#core/catalogue/filter.ts';
import { leadSchemas } from '#core/schemas/lead.ts';
import { trackingDataSchema } from '#core/schemas/tracking.ts';
import { eventRecordFields } from '#core/experiments/events.ts';

/**
 * The fuzzer's requests (scripts/fuzz.ts), as fast-check arbitraries: junk strings and numbers, nearly valid leads,
 * path and query parameters, bodies of every kind, the route and method to send them to.
 */

/** A route of the app as registered (`/api/project/:id/`): what scripts/fuzz.ts lists. */
export type Route = { method: string; url: string };

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

export type BodyKind = 'none' | 'json' | 'json-array' | 'json-scalar' | 'bad-json' | 'empty-json' | 'form' | 'bad-form' | 'multipart' | 'text' | 'xml';
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
