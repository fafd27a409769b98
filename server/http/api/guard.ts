import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { mayEnter, type AdminArea, type Staff } from '#core/admin/roles.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import type { StaffService } from '../../modules/staff/service.ts';
import type { ApiErrorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a back-office call (set by `requireStaff`); null elsewhere. */
    staff: Staff | null;
  }
}

/** The prefix of the back office's API (ADR 025); `/api/admin/flags/` is the older operator API (bearer token, ADR 015). */
export const STAFF_API_PREFIX = '/api/admin/';
export const OPERATOR_API_PREFIX = '/api/admin/flags/';
export function isStaffApiPath(path: string): boolean {
  return path.startsWith(STAFF_API_PREFIX) && !path.startsWith(OPERATOR_API_PREFIX);
}

/** What an address without a route answers: the back office must not tell a visitor it exists. */
export function sendNoEndpoint(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}` } satisfies ApiErrorBody);
}

/**
 * The role check of every back-office route (ADR 025), as the route's `onRequest` hook — before the CSRF check, the
 * body and its validation, so a visitor learns nothing of the route: without a valid staff session the answer is
 * the API's own 404 for an unknown address; a member whose role does not open `area` gets 403. `'any'`: any member.
 * The member is `request.staff` in the handler.
 */
export function requireStaff(staffService: StaffService, area: AdminArea | 'any'): onRequestAsyncHookHandler {
  return async function staffOnly(request, reply) {
    const staff = await staffService.fromHeaders(request.headers);
    if (!staff) return sendNoEndpoint(request, reply);
    if (area !== 'any' && !mayEnter(staff.role, area))
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ detail: 'Your role does not allow this.' } satisfies ApiErrorBody);
    request.staff = staff;
  };
}

/** What every back-office API module is registered with. */
export type StaffApiOptions = { services: Services; config: Config; staff: StaffService };

/** Back-office answers are never kept (server/http/admin.ts says it again for every answer under the prefix). */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
