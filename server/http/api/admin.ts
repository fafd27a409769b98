import type { FastifyInstance } from 'fastify';
import type { StaffApiOptions } from './guard.ts';
import auditApi from '../../modules/staff/routes-audit.ts';
import contentApi from '../../modules/content/editor/routes.ts';
import mediaApi from '../../modules/content/editor/routes-media.ts';
import staffAuthApi from '../../modules/staff/routes-auth.ts';
import staffUsersApi from '../../modules/staff/routes-users.ts';
import leadsDeskApi from '../../modules/leads/routes-admin.ts';
import dealsDeskApi from '../../modules/reservations/routes-deals-admin.ts';
import staffOpenApi from '../../modules/staff/openapi.ts';

/**
 * The back office's API under `/api/admin/` (ADR 025). Every route declares its zod schemas (validation as
 * everywhere) with `hide: true`: it is not in the public OpenAPI document, which must not tell visitors the back
 * office exists; the staff-only document at `/api/admin/openapi.json` lists them. Every route but the sign-in steps has
 * `onRequest: requireStaff(staff, area)`.
 */
export default async function staffApi(app: FastifyInstance, { services, config, staff }: StaffApiOptions) {
  const opts = { services, config, staff };
  app.decorateRequest('staff', null);
  await app.register(staffAuthApi, opts);
  await app.register(staffUsersApi, opts);
  await app.register(auditApi, opts);
  await app.register(leadsDeskApi, opts);
  await app.register(dealsDeskApi, opts);
  await app.register(contentApi, opts);
  await app.register(mediaApi, opts);
  await app.register(staffOpenApi, opts);
}
