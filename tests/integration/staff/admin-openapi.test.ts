import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_KINDS } from '#core/admin/kinds.ts';
import { documentedStaffRoutes } from '#server/http/api/openapi.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';

type Operation = { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; parameters?: { in: string; name: string }[] };
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const DOC = '/api/admin/openapi.json';

/**
 * The back office's own OpenAPI document (ADR 025): made from the same route schemas as the public one, shown to
 * signed-in staff only (a visitor gets the API's 404), never kept; the public document shows none of its routes,
 * nor the operators' flag calls beside them.
 */
describe.each(ENGINES)('the back office’s OpenAPI document on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp(engine);
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('is a 404 to a visitor, as every back-office address', async () => {
    const res = await t.app.inject(DOC);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `No API endpoint GET ${DOC}` });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists every back-office route with its schemas to any member of staff, and the public document none', async () => {
    const sales = await signedInStaff(t, 'sales');
    const res = await t.app.inject({ url: DOC, headers: sales.headers(DOC) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    const doc = res.json() as Document;
    expect(doc.openapi).toBe('3.1.0');

    const registered = documentedStaffRoutes(t.app).map((r) => `${r.method} ${openApiPath(r.url)}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(registered.length).toBeGreaterThan(CONTENT_KINDS.length * 3);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
    for (const name of CONTENT_KINDS) expect(doc.paths[`/api/admin/content/${name}/`]?.get, name).toBeDefined();

    // A change's body is the kind's own schema: its fields, the version it was loaded at.
    const put = doc.paths['/api/admin/content/offices/{id}/']!.put!;
    const body = put.requestBody!.content['application/json']!.schema as { properties: { version: unknown; values: { properties: Record<string, unknown> } } };
    expect(body.properties.version).toMatchObject({ type: 'string' });
    expect(Object.keys(body.properties.values.properties)).toEqual(expect.arrayContaining(['name', 'schedule', 'projectIds']));
    expect(doc.paths['/api/admin/audit/']!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['entity', 'staff', 'before']));

    // The operators' flag calls (bearer token, ADR 015) are staff-only too: here, and not in the public document.
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/flags/', '/api/admin/flags/{key}/']));
    expect(Object.keys(doc.paths['/api/admin/flags/{key}/']!).sort()).toEqual(['delete', 'put']);

    const pub = (await t.app.inject('/api/openapi.json')).json() as Document;
    const leaked = Object.keys(pub.paths).filter((path) => path.startsWith('/api/admin/'));
    expect(leaked).toEqual([]);
    expect(Object.keys(pub.paths).length).toBeGreaterThan(20);
  });
});
