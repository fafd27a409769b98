import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newVisitorId, visitorCookie } from '#core/tracking/visitor.ts';
import type { Config } from '../../config.ts';
import { visitorAudience } from '../page-cache.ts';

/**
 * `GET /api/visitor/`: the cookies a page no longer sets (ADR 035). A page's answer is the same for every visitor
 * without an id and sets no cookie, so a shared cache may keep it; once the page has loaded, a browser without `vid`
 * asks here. The visitor id (`vid`, ADR 015) is given under the pages' rule (`visitorAudience`): none to a crawler
 * or to a visitor whose consent does not allow measuring them, and an id already held is kept. The security hooks
 * (server/http/security.ts) set a missing `csrftoken` on this `no-store` answer, as on `GET /api/csrf/`.
 */
export default async function visitorApi(base: FastifyInstance, opts: { config: Pick<Config, 'ANALYTICS_CONSENT'> }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/visitor/',
    {
      schema: {
        summary: "Set the visitor's cookies",
        description:
          'Answers 204 `no-store` with `Set-Cookie: vid=…` for a measured visitor who has no id yet (none for a crawler, none without the consent the site asks for, none when the id is there) and `Set-Cookie: csrftoken=…` when that cookie is missing. Pages set neither, so that a shared cache may keep them.',
        tags: ['Site'],
        response: { 204: z.null().describe('The cookies are set (or were already).') },
      },
    },
    async (request, reply) => {
      const { audience, knownVisitor } = visitorAudience(request.headers, opts.config.ANALYTICS_CONSENT);
      if (audience === 'visitor' && !knownVisitor) reply.header('set-cookie', visitorCookie(newVisitorId(), request.protocol === 'https'));
      return reply.header('cache-control', 'no-store').code(204).send(null);
    },
  );
}
