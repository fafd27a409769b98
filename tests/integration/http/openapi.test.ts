import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedRoutes } from '#server/http/api/openapi.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { testAppWithCatalogue, type TestApp } from '../../support/app.ts';

const OPERATOR_TOKEN = 'operator-token-of-the-openapi-test-01';

type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

/** `/api/project/:id/` → `/api/project/{id}/`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the API declares itself (OpenAPI)', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    // The operator's calls (the flag admin API) are read with the operator token like the others.
    t = await testAppWithCatalogue('pglite', { FLAGS_TOKEN: OPERATOR_TOKEN });
    // The demo's auctions: `/api/auction/1/` answers.
    await seedDemoAuctions(t.services.database.db);
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('documents every route the server registers under /api, and no other', () => {
    const registered = documentedRoutes(t.app).map((r) => `${r.method} ${openApiPath(r.url)}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(doc.openapi).toBe('3.1.0');
    expect(registered.length).toBeGreaterThan(50);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('gives every operation its answer schema (or says it answers without content) and the one error shape for 400', () => {
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const ok = op.responses['200'] ?? op.responses['201'];
        if (ok || !op.responses['204']) expect(ok?.content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
        else expect(op.responses['204'].content, `${method} ${path} 204`).toBeUndefined();
        const bad = op.responses['400']?.content?.['application/json']?.schema;
        if (Object.keys(op.parameters ?? []).length || method === 'post')
          expect(bad, `${method} ${path} 400`).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
  });

  it('answers every read as its document says (checked by an independent JSON Schema validator)', async () => {
    // Real ids of the demo catalogue and content, so each read answers 200.
    const get = async (url: string) => (await t.app.inject(url)).json();
    const premises = (await get('/api/filter/?type=commercial&limit=1')).results[0];
    const values: Record<string, string> = {
      id: '1',
      slug: (await get('/api/seo_filter/')).results[0].slug,
      topic: 'default',
      clientKey: t.config.GROWTHBOOK_CLIENT_KEY,
    };
    const byPath: Record<string, Record<string, string>> = {
      '/api/building/{id}/commercial/': { id: premises.buildingId },
      '/api/building/{id}/commercial_old/': { id: premises.buildingId },
      '/api/floor/{id}/commercial/': { id: premises.floorId },
      '/api/commercial/{id}/': { id: premises.id },
      '/api/promo/{key}/': { key: (await get('/api/promo/')).results[0].id },
      '/api/news/{key}/': { key: (await get('/api/news/')).results[0].slug },
      '/api/massmedia/{key}/': { key: (await get('/api/massmedia/')).results[0].slug },
      '/api/menu/{id}/submenu/': { id: String((await get('/api/menu/header/')).menu_header.elements[0].id) },
      '/api/custom_collect/{slug}/': { slug: (await get('/api/custom_collect/')).results[0].slug },
      '/api/multilingual_landing/{slug}/': { slug: 'buy-in-moscow' },
    };
    const required: Record<string, string> = { url: '/', event: 'page_view', project: '1', q: 'двушка до 15 млн' };

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const reference = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'));
    ajv.addSchema({ $id: 'components', $defs: reference(doc.components.schemas) });

    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op) continue;
      const params = { ...values, ...byPath[path] };
      const url = path.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
      const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(required[p.name]!)}`);
      const res = await t.app.inject({ url: query.length ? `${url}?${query.join('&')}` : url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
      // A write by GET (`/api/tracking_data/save/`) answers 204 with nothing to check.
      if (!op.responses['200'] && op.responses['204']) {
        expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(204);
        expect(res.body).toBe('');
        continue;
      }
      expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const validate = ajv.compile(reference(op.responses['200']!.content!['application/json']!.schema));
      expect(validate(res.json()), `GET ${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(35);
  });

  it('names the bad field in one shape whichever call is asked', async () => {
    for (const url of ['/api/project/x/', '/api/filter/?rooms=9', '/api/promo/?year=1900', '/api/menu/0/submenu/', '/api/settings/?lang=de']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort(), url).toEqual(['detail', 'errors']);
      expect(Object.keys(body.errors).length, url).toBe(1);
      expect(body.detail, url).toMatch(/^Invalid (query|path) parameters: /);
    }
  });

  it('serves a viewer of the document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
    const bare = await t.app.inject('/api/docs');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
  });

  it("answers a missing or forbidden file of the viewer with the API's JSON error", async () => {
    for (const url of ['/api/docs/static/missing.js', `/api/docs/static/${'a'.repeat(300)}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ detail: expect.any(String) });
    }
  });
});
