import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import { apiError } from '../../http/api/schemas.ts';
import { noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';

export const auditEntry = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  action: z.string(),
  entityKind: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
const token = safeText().trim().max(100);
export const auditQuery = z.object({
  entity: token
    .regex(/^[a-z_]{1,40}$/, 'An entity kind: lower-case letters and _.')
    .optional()
    .describe('Entity kind (`lead`, `staff_user`, …).'),
  entity_id: token.optional().describe('Entity id.'),
  staff: token
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a staff member id.')
    .optional()
    .describe('Staff member id.'),
  action: token.regex(/^[a-z_]{1,40}$/, 'An action: lower-case letters and _.').optional(),
  before: z.coerce
    .number({ error: 'Expected a whole number' })
    .int('Expected a whole number')
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Entries older than this id (paging).'),
  limit: z.coerce.number({ error: 'Expected a whole number from 1 to 200' }).int().min(1).max(200).default(50),
});

/** The audit trail, for administrators (ADR 025): newest first, by entity and staff member, paged by id. */
export default async function auditApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/audit/',
    {
      onRequest: requireStaff(opts.staff, 'audit'),
      schema: {
        hide: true,
        summary: 'The audit trail',
        tags: ['Back office'],
        querystring: auditQuery,
        response: { 200: z.strictObject({ results: z.array(auditEntry), more: z.boolean() }), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { entries, more } = await opts.staff.audit({
        entityKind: q.entity,
        entityId: q.entity_id,
        staffId: q.staff,
        action: q.action,
        before: q.before,
        limit: q.limit,
      });
      return noStore(reply).send({ results: entries.map((e) => ({ ...e, at: e.at.toISOString() })), more });
    },
  );
}
