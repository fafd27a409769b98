import type { FastifyInstance } from 'fastify';
import { isAdminPath } from '#core/admin/roles.ts';
import { isStaffApiPath } from './api/guard.ts';

/** What every back-office answer says (ADR 025): never indexed, never kept by any cache. */
export const ADMIN_ROBOTS = 'noindex, nofollow, noarchive';

/**
 * The back office's pages (`/admin…`) and API (`/api/admin/…`): `X-Robots-Tag: noindex` and `Cache-Control:
 * no-store` on every answer, whatever the route set (a 404 to a visitor included, so nothing of it is kept).
 */
export function registerAdminHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!isAdminPath(path) && !isStaffApiPath(path)) return;
    reply.header('x-robots-tag', ADMIN_ROBOTS);
    reply.header('cache-control', 'no-store');
  });
}
