import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/admin/roles.ts';
import { safeText } from '#core/schemas/text.ts';
import { apiError } from '../../http/api/schemas.ts';
import { noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';
import type { ThrottleReason } from './throttle.ts';

const staffBody = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  twoFactorEnabled: z.boolean(),
});
const signInBody = z.strictObject({
  email: safeText().trim().min(3, 'Enter your e-mail.').max(254).describe('The staff member’s e-mail.'),
  password: z.string().min(1, 'Enter your password.').max(256).describe('The password.'),
});
const codeBody = z.strictObject({
  code: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.')
    .describe('The code the authenticator app shows.'),
});
const waitError = apiError.extend({
  retryAt: z.iso.datetime().optional().describe('When this client (or this account’s code step) may try again (absent on the per-minute request limit).'),
});
const signInAnswer = z.strictObject({ status: z.enum(['signed-in', 'second-factor']), staff: staffBody.nullable() });
const tags = ['Back office'];

/** Answers with the cookies better-auth set (session, second-factor step, or their removal). */
function withCookies(reply: FastifyReply, cookies: string[]): FastifyReply {
  if (cookies.length) reply.header('set-cookie', cookies);
  return noStore(reply);
}

/** What a waiting client is told, by why it waits (ADR 038). */
const WAIT_DETAIL: Record<ThrottleReason, string> = {
  'account-client': 'Too many failed sign-ins to this account from your network',
  client: 'Too many failed sign-ins from your network',
  'account-code': 'Too many wrong codes for this account',
};

/**
 * Signing in and out of the back office (ADR 025). The sign-in calls are the only back-office routes a visitor may
 * reach (the sign-in page needs them); they are rate-limited per client, and past a few failures a client waits a
 * growing delay (the throttle counted in the database, ADR 038) — never a lock of the account.
 */
export default async function staffAuthApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { staff: staffService } = opts;
  /** 429 with `Retry-After` and the moment in `retryAt`; `errors` says `throttled` (the sign-in page words it). */
  const waitReply = (reply: FastifyReply, wait: { until: Date; reason: ThrottleReason }) =>
    noStore(reply)
      .code(429)
      .header('retry-after', String(Math.max(1, Math.ceil((wait.until.getTime() - Date.now()) / 1000))))
      .send({
        detail: `${WAIT_DETAIL[wait.reason]}: try again after ${wait.until.toISOString()}.`,
        errors: { non_field_errors: ['throttled'] },
        retryAt: wait.until.toISOString(),
      });

  app.post(
    '/auth/sign-in/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        summary: 'Sign in to the back office',
        tags,
        body: signInBody,
        response: { 200: signInAnswer, 400: apiError, 401: apiError, 403: apiError, 429: waitError },
      },
    },
    async (request, reply) => {
      const result = await staffService.signIn({ ...request.body, ip: request.ip, headers: request.headers });
      if (result.kind === 'throttled') return waitReply(reply, result);
      if (result.kind === 'invalid') {
        // The failure that starts a wait is answered as the wait at once.
        if (result.wait) return waitReply(reply, result.wait);
        return noStore(reply)
          .code(401)
          .send({ detail: 'Wrong e-mail or password.', errors: { non_field_errors: ['invalid'] } });
      }
      if (result.kind === 'second-factor') return withCookies(reply, result.cookies).send({ status: 'second-factor', staff: null });
      const { sessionId: _session, ...staff } = result.staff;
      return withCookies(reply, result.cookies).send({ status: 'signed-in', staff });
    },
  );

  app.post(
    '/auth/second-factor/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        summary: 'Finish signing in with the TOTP code',
        tags,
        body: codeBody,
        response: { 200: signInAnswer, 400: apiError, 401: apiError, 403: apiError, 429: waitError },
      },
    },
    async (request, reply) => {
      const result = await staffService.verifySignInCode({ code: request.body.code, ip: request.ip, headers: request.headers });
      if (result.kind === 'throttled') return waitReply(reply, result);
      if (result.kind !== 'signed-in') {
        if (result.kind === 'invalid' && result.wait) return waitReply(reply, result.wait);
        return noStore(reply)
          .code(401)
          .send({ detail: 'Wrong or expired code.', errors: { code: ['invalid'] } });
      }
      const { sessionId: _session, ...staff } = result.staff;
      return withCookies(reply, result.cookies).send({ status: 'signed-in', staff });
    },
  );

  app.post(
    '/auth/sign-out/',
    {
      onRequest: requireStaff(staffService, 'any'),
      schema: { hide: true, summary: 'Sign out', tags, response: { 204: z.null(), 403: apiError, 404: apiError } },
    },
    async (request, reply) =>
      withCookies(reply, await staffService.signOut(request.staff!, request.headers))
        .code(204)
        .send(null),
  );

  app.get(
    '/me/',
    {
      onRequest: requireStaff(staffService, 'any'),
      schema: { hide: true, summary: 'The signed-in staff member', tags, response: { 200: staffBody, 404: apiError } },
    },
    async (request, reply) => {
      const { sessionId: _session, ...staff } = request.staff!;
      return noStore(reply).send(staff);
    },
  );

  app.post(
    '/me/totp/',
    {
      onRequest: requireStaff(staffService, 'any'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        summary: 'Start TOTP enrolment',
        description: 'Checks the password and answers the secret, its otpauth URI and a QR code; a code confirms it (POST /api/admin/me/totp/confirm/).',
        tags,
        body: z.strictObject({ password: signInBody.shape.password }),
        response: {
          200: z.strictObject({ secret: z.string(), totpUri: z.string(), qr: z.string() }),
          400: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    async (request, reply) => {
      if (request.staff!.twoFactorEnabled) return noStore(reply).code(409).send({ detail: 'Two-factor sign-in is already on.' });
      const started = await staffService.startTotp(request.headers, request.body.password);
      if (!started)
        return noStore(reply)
          .code(400)
          .send({ detail: 'Invalid body: password', errors: { password: ['Wrong password.'] } });
      return noStore(reply).send(started);
    },
  );

  app.post(
    '/me/totp/confirm/',
    {
      onRequest: requireStaff(staffService, 'any'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        summary: 'Confirm TOTP enrolment with a code',
        tags,
        body: codeBody,
        response: { 204: z.null(), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const result = await staffService.confirmTotp(request.staff!, request.headers, request.body.code);
      if (!result.ok)
        return noStore(reply)
          .code(400)
          .send({ detail: 'Invalid body: code', errors: { code: ['Wrong or expired code.'] } });
      return withCookies(reply, result.cookies).code(204).send(null);
    },
  );
}
