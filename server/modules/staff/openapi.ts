import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../http/api/schemas.ts';
import { STAFF_OPENAPI_PATH } from '../../http/api/openapi.ts';
import { STAFF_API_PREFIX, noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';

/**
 * The back office's OpenAPI document (ADR 025), written by @fastify/swagger from the same zod route schemas as the
 * public one (server/http/api/openapi.ts), for any signed-in member of staff: a visitor gets the API's 404, as for every
 * back-office address. Never kept by a cache.
 */
export default async function staffOpenApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    STAFF_OPENAPI_PATH.slice(STAFF_API_PREFIX.length - 1),
    {
      onRequest: requireStaff(opts.staff, 'any'),
      schema: {
        hide: true,
        summary: "The back office's OpenAPI document",
        tags: ['Back office'],
        response: { 200: z.record(z.string(), z.unknown()), 404: apiError },
      },
    },
    async (_request, reply) => noStore(reply).send(app.staffSwagger() as unknown as Record<string, unknown>),
  );
}
