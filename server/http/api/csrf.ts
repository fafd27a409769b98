import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * `GET /api/csrf/`: sets the `csrftoken` cookie for a visitor who has none (ADR 022). Pages carry no token and a
 * shareable page sets no cookie, so the browser asks here before its first unsafe call. The security hooks
 * (server/http/security.ts) set the cookie on this `no-store` answer.
 */
export default async function csrfApi(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/csrf/',
    {
      schema: {
        summary: 'Set the CSRF cookie',
        description:
          "Answers 204 with `Set-Cookie: csrftoken=…` when the visitor has no valid `csrftoken` cookie (none when it has one), never cached. Send the cookie's value as `X-CSRFToken` with unsafe calls.",
        tags: ['Site'],
        response: { 204: z.null().describe('The cookie is set (or was already).') },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').code(204).send(null),
  );
}
