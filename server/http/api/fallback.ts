import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from './errors.ts';
import { isStaffApiPath } from './guard.ts';

/** Methods an API path may have; `Allow` lists those that answer. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods `path` really has: routes other than this catch-all (which matches with a `*` parameter). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in route.params);
  });
}

function answer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  const allowed = allowedMethods(app, path);
  reply.header('cache-control', 'no-store');
  // The back office's addresses do not tell a visitor which methods they have (ADR 025).
  if (allowed.length && !isStaffApiPath(path)) {
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({ detail: `Method "${request.method}" not allowed.` } satisfies ApiErrorBody);
  }
  return reply.code(404).send({ detail: `No API endpoint ${request.method} ${path}` } satisfies ApiErrorBody);
}

/**
 * `/api/*` for addresses no API route has (registered by server/app.ts with the `/api` prefix, beside the
 * API rather than inside it): 404 `{detail}`, or 405 `{detail}` with `Allow` when the path exists for other
 * methods, as docs/api.md promises. Without it the page handler's catch-all (`/*`) would render an HTML
 * page for an API address. It answers before the body is read (a wrong address costs no upload, no parse
 * error) and before the API's CSRF check (there is nothing to protect).
 */
export default async function apiFallback(app: FastifyInstance) {
  app.all('/*', { preParsing: async (request, reply) => answer(app, request, reply) }, async (request, reply) => answer(app, request, reply));
}

/**
 * Fastify's own refusals before any route runs (an address that is not valid percent-encoding, a path
 * parameter over 100 characters), in the API's error shape instead of Fastify's `{error, code, message}`.
 */
export function apiFrameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ detail: error.message } satisfies ApiErrorBody);
}
