import { readFile } from 'node:fs/promises';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { STAFF_API_PREFIX } from './guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's own OpenAPI document (staff only: `/api/admin/openapi.json`, server/modules/staff/openapi.ts). */
    staffSwagger: FastifyInstance['swagger'];
  }
}

/** Where the staff-only document is served (itself in neither document). */
export const STAFF_OPENAPI_PATH = '/api/admin/openapi.json';

/**
 * Routes of the staff document only: everything under `/api/admin/` — the back office's API (ADR 025) and the
 * operators' flag API beside it (`/api/admin/flags/`, bearer token, ADR 015) — but the document itself. The public
 * document shows none of them: they would announce what only staff and operators call.
 */
export function inStaffDocument(url: string): boolean {
  return url.startsWith(STAFF_API_PREFIX) && url !== STAFF_OPENAPI_PATH;
}

/**
 * The API declares itself (ADR 011): every route registers its zod schemas (params, query, body, each answer)
 * with Fastify; fastify-type-provider-zod validates requests with them and @fastify/swagger writes the
 * OpenAPI 3.1 document from the same objects, served at `/api/openapi.json` with a viewer at `/api/docs`.
 */

/** Documented: the API and the spec's legacy form endpoint. Not: pages, images, feeds, the API's own 404/405 catch-all and the viewer. */
export function isDocumented(url: string): boolean {
  return (url.startsWith('/api/') && url !== '/api/*' && url !== '/api/openapi.json' && !url.startsWith('/api/docs')) || url === '/old/subscribe/';
}

const registered = new WeakMap<FastifyInstance, { method: string; url: string }[]>();
const registeredStaff = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route of `app` that the document must show (method and URL as registered; HEAD is implied by GET). */
export function documentedRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return registered.get(app) ?? [];
}

/** Every route of `app` that the back office's document must show: its API's, but the document itself. */
export function documentedStaffRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return registeredStaff.get(app) ?? [];
}

/** Registered on the root instance before any route, so it sees them all. */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { version: string; siteOrigin: string; onError: Parameters<FastifyInstance['setErrorHandler']>[0] },
): Promise<void> {
  const routes: { method: string; url: string }[] = [];
  const staffRoutes: { method: string; url: string }[] = [];
  registered.set(app, routes);
  registeredStaff.set(app, staffRoutes);
  app.addHook('onRoute', (route) => {
    if (inStaffDocument(route.url)) for (const method of [route.method].flat()) if (method !== 'HEAD') staffRoutes.push({ method, url: route.url });
    // Hidden routes (the back office's and the operators', ADR 025) are not in the public document.
    if (!isDocumented(route.url) || route.url.startsWith(STAFF_API_PREFIX) || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Site API',
        version: opts.version,
        description:
          'The public API of the developer site: catalogue, filter, leads, content and site settings. Conventions, authentication and webhooks: docs/api.md.',
      },
      servers: [{ url: opts.siteOrigin }],
    },
    transform: (document) => {
      // The back office's and the operators' routes are hidden by their own `hide: true`, and by their prefix should one forget it.
      if (!isDocumented(document.url) || document.url.startsWith(STAFF_API_PREFIX)) return { schema: { ...document.schema, hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    // The schemas named with `.meta({ id })` (LotCard, ApiError…) become components/schemas, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });
  // A second document from the same route schemas (@fastify/swagger's `decorator` option): the back office's API
  // only — the routes the public one hides —, served to signed-in staff (ADR 025).
  await app.register(fastifySwagger, {
    decorator: 'staffSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Site back-office API',
        version: opts.version,
        description:
          'The back office (ADR 025, 026): for signed-in staff only. Calls carry the `staff.session_token` cookie of a sign-in; ' +
          'unsafe methods also the `X-CSRFToken` header equal to the `csrftoken` cookie, a same-origin `Origin` and the anti-bot headers (ADR 022). ' +
          'Without a session every call answers 404; a role that does not open the part, 403. ' +
          "The operators' flag calls (`/api/admin/flags/`, ADR 015) are the exception: they carry the operator token as a bearer token instead (each says so).",
      },
      servers: [{ url: opts.siteOrigin }],
    },
    transform: (document) => {
      const { hide: _hidden, ...schema } = (document.schema ?? {}) as Record<string, unknown>;
      if (!inStaffDocument(document.url)) return { schema: { ...schema, hide: true }, url: document.url };
      return jsonSchemaTransform({ ...document, schema } as Parameters<typeof jsonSchemaTransform>[0]);
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(app.swagger()));
  // The viewer ships its own scripts and styles from this server (no CDN, no online validator); its CSP allows
  // only them, plus the style attributes its renderer writes (the page shows nothing but the document).
  const favicon = await readFile(new URL('../../../public/favicon.svg', import.meta.url));
  // The viewer's own files answer like the rest of the API: an unknown or forbidden file is a JSON error with its
  // `detail`, not the static server's own shape.
  await app.register(
    async (docs) => {
      docs.setErrorHandler(opts.onError);
      docs.setNotFoundHandler((request, reply) => reply.code(404).send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}` }));
      docs.get('', { schema: { hide: true } }, (_request, reply) => reply.redirect('/api/docs/', 301));
      await docs.register(fastifySwaggerUi, {
        routePrefix: '/',
        staticCSP: true,
        transformStaticCSP: () =>
          [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
          ].join('; '),
        logo: { type: 'image/svg+xml', content: favicon, href: '/', target: '_self' },
        theme: { title: 'Site API', favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: favicon }] },
        uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
      });
    },
    { prefix: '/api/docs' },
  );
}

/** Request validation of an API scope: zod's issues become the one 400 naming each bad field (errors.ts). */
export function useZodValidation(scope: FastifyInstance, opts: { checkResponses: boolean }): void {
  scope.setValidatorCompiler(validatorCompiler);
  scope.setSerializerCompiler(responseSerializer(opts.checkResponses));
}

/**
 * Answers are written with JSON.stringify as they are (nothing stripped, nothing transformed). Outside production
 * each answer is first checked against its declared schema and a mismatch is a 500 naming the route, so a test
 * or a developer sees at once when an answer and its documentation part (the schemas are strict objects).
 */
export function responseSerializer(check: boolean): Parameters<FastifyInstance['setSerializerCompiler']>[0] {
  return ({ schema, method, url }) => {
    const zod = schema as z.ZodType;
    return (data: unknown) => {
      if (check) {
        const result = zod.safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return JSON.stringify(data);
    };
  };
}

/**
 * For a route whose `part` is read by a codec of its own (the lot filter's query, a lead form's body): the schema
 * documents that part and the codec decides, so there is one set of rules and one set of messages; the other
 * parts are validated as usual.
 */
export function codecReads(part: 'querystring' | 'body'): FastifySchemaCompiler<unknown> {
  return (route) => (route.httpPart === part ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]));
}
