import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { reservationRequestSchema, type ReservationFieldErrors } from '#core/schemas/reservation.ts';
import { validationMessage } from '#core/validation/messages.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { acceptFormBodies } from '../../http/api/forms.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { codecReads } from '../../http/api/openapi.ts';
import { apiError } from '../../http/api/schemas.ts';
import { isTrustedAddress, notificationSchema } from '../payments/index.ts';
import { cancelByBuyer } from './cancel.ts';
import { reservationCommitted } from './crm.ts';
import { paymentFlowFor, type PaymentFlow } from './flow.ts';
import { handleNotification } from './notify.ts';
import { startReservation } from './payment.ts';
import { lotNamesOf, lotProgrammesOf } from './programmes.ts';

const started = z
  .strictObject({
    id: z.uuid().describe("The reservation's id."),
    confirmationUrl: z.string().describe("The provider's payment page: send the buyer there."),
    holdExpiresAt: z.string().describe('Until when the lot is held for this payment (ISO 8601); unpaid by then, it is free again.'),
    dealUrl: z.string().describe("The buyer's deal page (it carries the deal token: never log it or put it in analytics)."),
  })
  .meta({ id: 'ReservationStarted' });

const canceled = z
  .strictObject({
    id: z.uuid(),
    state: z.literal('canceled'),
    refund: z.enum(['pending', 'succeeded', 'canceled', 'failed']).nullable().describe('Where the refund of the deposit stands.'),
  })
  .meta({ id: 'ReservationCanceled' });

const notified = z
  .strictObject({ status: z.enum(['reserved', 'refunding', 'canceled', 'unchanged', 'ignored', 'refund_recorded']) })
  .meta({ id: 'PaymentNotificationHandled' });

const idParams = z.object({
  id: z.uuid({ error: 'A valid reservation id is required.' }).describe("The reservation's id."),
});
const tokenBody = z
  .object({ token: z.string().max(200, 'Ensure this field has no more than 200 characters.').optional().describe('The deal token (else the header).') })
  .optional();
const tokenHeaders = z.looseObject({ 'x-deal-token': z.string().optional().describe('The deal token (else the body).') });

const notConfigured = (reply: FastifyReply) => sendNotFound(reply, 'Online payments are not configured.');

function invalid(reply: FastifyReply, status: 400 | 409 | 429, errors: ReservationFieldErrors, locale: Locale): FastifyReply {
  const named = Object.fromEntries(Object.entries(errors).map(([field, codes]) => [field, codes.map((code) => validationMessage(code, locale))]));
  return reply.code(status).send({ detail: CATALOGS[locale].forms.error.fix, errors: named });
}

/**
 * Online reservation with a deposit (issue #39, ADR 034): start one, the provider's notifications, the buyer's cancel.
 * Registered whatever the configuration, so the document is one; without YooKassa configured each answers 404.
 */
export default async function reservationPaymentsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;
  const db = services.database.db;
  const flow: PaymentFlow | null = paymentFlowFor(config, {
    db,
    log: app.log,
    programmes: lotProgrammesOf(services),
    lotNames: lotNamesOf(services),
    changed: () => {
      reservationCommitted(db);
      // The lot's state on every page follows at once in this process (the others hear of it by the data versions).
      services.versions.check().catch((error: unknown) => app.log.warn({ err: error }, 'data versions check after a reservation change failed'));
    },
  });
  acceptFormBodies(app);
  const tags = ['Reservations'];
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post(
    '/reservations/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          "Reserve a lot online: hold it and create the deposit's payment (amount and terms from the site's settings); send the buyer to `confirmationUrl`",
        tags,
        body: reservationRequestSchema,
        response: {
          201: started,
          400: apiError,
          404: apiError,
          409: apiError,
          429: apiError.describe(
            '`errors.phone` (or `errors.email`): this phone number (or e-mail) has RESERVATION_HOLDS_PER_CONTACT unpaid holds already; `Retry-After` says when the soonest runs out. (The per-address rate limit answers 429 too, without `errors`.)',
          ),
          502: apiError,
          503: apiError,
        },
      },
      validatorCompiler: codecReads('body'),
    },
    async (request, reply) => {
      noStore(reply);
      if (!flow) return notConfigured(reply);
      const locale = apiLocale(request);
      const outcome = await startReservation(flow, request.body, { locale });
      if (outcome.type === 'invalid') {
        if (outcome.status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil((outcome.retryAt.getTime() - Date.now()) / 1000))));
        return invalid(reply, outcome.status, outcome.errors, locale);
      }
      if (outcome.type === 'payment_failed') {
        if (outcome.unavailable) reply.code(503).header('retry-after', '60');
        else reply.code(502);
        return reply.send({ detail: CATALOGS[locale].forms.error.payment });
      }
      const { type: _type, holdExpiresAt, ...answer } = outcome;
      return reply.code(201).send({ ...answer, holdExpiresAt: holdExpiresAt.toISOString() });
    },
  );

  app.post(
    '/reservations/:id/cancel/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Cancel a paid reservation within its refund window, by its buyer (the deal token proves it): the deposit is refunded',
        tags,
        params: idParams,
        headers: tokenHeaders,
        body: tokenBody,
        response: { 200: canceled, 400: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!flow) return notConfigured(reply);
      const token = request.body?.token ?? request.headers['x-deal-token'];
      if (!token) return sendBadRequest(reply, 'body', { token: ['The deal token is required (the body’s token or the X-Deal-Token header).'] });
      const locale = apiLocale(request);
      const outcome = await cancelByBuyer(flow, request.params.id, token);
      if (outcome.type === 'not_found') return sendNotFound(reply, 'No reservation opens with this id and token.');
      if (outcome.type === 'closed')
        return reply.code(409).send({
          detail: outcome.reason === 'window' ? validationMessage('refundWindowClosed', locale) : 'This reservation is not a paid reservation in force.',
        });
      return reply.send({ id: outcome.id, state: 'canceled', refund: outcome.refund });
    },
  );

  app.post(
    '/payments/yookassa/',
    {
      // The provider's server calls this, not a page: no CSRF or anti-bot token; its address, then the read-back, decide.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' }, providerNotification: true },
      bodyLimit: 32 * 1024,
      schema: {
        summary: "YooKassa's HTTP notification (payment.succeeded, payment.canceled, refund.succeeded): read back from its API, then applied once",
        tags,
        body: notificationSchema,
        response: { 200: notified, 400: apiError, 403: apiError, 404: apiError, 503: apiError },
      },
      // Before the body is judged: a stranger learns nothing from our validation.
      preValidation: async (request, reply) => {
        if (flow?.trustedRanges && !isTrustedAddress(request.ip, flow.trustedRanges))
          return reply.code(403).header('cache-control', 'no-store').send({ detail: 'Notifications are accepted from the payment provider only.' });
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!flow) return notConfigured(reply);
      const answer = await handleNotification(flow, request.ip, request.body);
      if (answer.status === 200) return reply.send(answer.body);
      if (answer.status === 400) return sendBadRequest(reply, 'body', answer.error);
      if (answer.status === 503) reply.header('retry-after', '60');
      return reply.code(answer.status).send({ detail: answer.detail });
    },
  );
}
