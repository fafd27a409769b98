import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/admin/roles.ts';
import { safeText } from '#core/schemas/text.ts';
import { StaffInputError, type StaffUserRow } from './service.ts';
import { apiError } from '../../http/api/schemas.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';

const userRow = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
const idParams = z.object({ id: safeText().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a staff member id.') });
const createBody = z.strictObject({
  email: z.email('Enter a valid e-mail.').max(254),
  name: safeText().trim().max(200).default(''),
  role: z.enum(STAFF_ROLES, { error: `Expected one of ${STAFF_ROLES.join(', ')}` }),
  password: z.string().min(12, 'At least 12 characters.').max(256),
});
const updateBody = z
  .strictObject({
    role: z.enum(STAFF_ROLES, { error: `Expected one of ${STAFF_ROLES.join(', ')}` }).optional(),
    disabled: z.boolean().optional(),
    name: safeText().trim().max(200).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one of role, disabled, name.' });
const tags = ['Back office'];

const toRow = (row: StaffUserRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Staff accounts, for administrators (ADR 025, 038): list, create, change role or name, disable, reset the second factor, unlock sign-in, end sessions. */
export default async function staffUsersApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { staff } = opts;
  const adminOnly = requireStaff(staff, 'users');
  const inputError = (error: unknown) =>
    error instanceof StaffInputError ? { detail: `Invalid body: ${error.field}`, errors: { [error.field]: [error.message] } } : null;

  app.get(
    '/users/',
    { onRequest: adminOnly, schema: { hide: true, summary: 'Staff accounts', tags, response: { 200: z.array(userRow), 403: apiError, 404: apiError } } },
    async (_request, reply) => noStore(reply).send((await staff.list()).map(toRow)),
  );

  app.post(
    '/users/',
    {
      onRequest: adminOnly,
      schema: {
        hide: true,
        summary: 'Create a staff account',
        tags,
        body: createBody,
        response: { 201: userRow, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      try {
        return noStore(reply)
          .code(201)
          .send(toRow(await staff.create(request.staff!, request.body)));
      } catch (error) {
        const body = inputError(error);
        if (body) return noStore(reply).code(400).send(body);
        throw error;
      }
    },
  );

  app.patch(
    '/users/:id/',
    {
      onRequest: adminOnly,
      schema: {
        hide: true,
        summary: 'Change a staff account (role, name, disabled)',
        description: 'Disabling or changing the role ends the member’s sessions.',
        tags,
        params: idParams,
        body: updateBody,
        response: { 200: userRow, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      try {
        const row = await staff.update(request.staff!, request.params.id, request.body);
        return row ? noStore(reply).send(toRow(row)) : sendNotFound(noStore(reply), 'No staff member with this id.');
      } catch (error) {
        const body = inputError(error);
        if (body) return noStore(reply).code(400).send(body);
        throw error;
      }
    },
  );

  app.post(
    '/users/:id/unlock/',
    {
      onRequest: adminOnly,
      schema: {
        hide: true,
        summary: 'Lift every wait on a member’s sign-in',
        description: 'Forgets the member’s failed passwords and codes from every address (ADR 038); in the audit trail. `cleared`: how many.',
        tags,
        params: idParams,
        response: { 200: z.strictObject({ user: userRow, cleared: z.number().int() }), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const done = await staff.unlock(request.staff!, request.params.id);
      return done ? noStore(reply).send({ user: toRow(done.user), cleared: done.cleared }) : sendNotFound(noStore(reply), 'No staff member with this id.');
    },
  );

  app.post(
    '/users/:id/revoke-sessions/',
    {
      onRequest: adminOnly,
      schema: {
        hide: true,
        summary: 'End every session of a member',
        description:
          'The member’s next request is signed out, wherever it comes from (your own sessions too, if it is you); in the audit trail. `revoked`: how many.',
        tags,
        params: idParams,
        response: { 200: z.strictObject({ user: userRow, revoked: z.number().int() }), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const done = await staff.revokeSessions(request.staff!, request.params.id);
      return done ? noStore(reply).send({ user: toRow(done.user), revoked: done.revoked }) : sendNotFound(noStore(reply), 'No staff member with this id.');
    },
  );

  app.post(
    '/users/:id/reset-totp/',
    {
      onRequest: adminOnly,
      schema: {
        hide: true,
        summary: 'Remove a member’s TOTP second factor',
        tags,
        params: idParams,
        response: { 200: userRow, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const row = await staff.resetTotp(request.staff!, request.params.id);
      return row ? noStore(reply).send(toRow(row)) : sendNotFound(noStore(reply), 'No staff member with this id.');
    },
  );
}
