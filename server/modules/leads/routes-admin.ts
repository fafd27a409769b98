import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import { DELIVERY_STATES, leadFilterQuery, toLeadFilter } from '#core/admin/leads.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { apiError } from '../../http/api/schemas.ts';
import { noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';

const delivery = z.strictObject({
  id: z.number(),
  leadId: z.string(),
  channel: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lockedUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const deliveryOut = (d: {
  id: number;
  leadId: string;
  channel: string;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}) => ({
  ...d,
  nextAttemptAt: d.nextAttemptAt.toISOString(),
  lockedUntil: iso(d.lockedUntil),
  deliveredAt: iso(d.deliveredAt),
  createdAt: d.createdAt.toISOString(),
});
const idParams = z.object({ id: safeText().regex(/^[0-9a-fA-F-]{36}$/, 'Not a lead id.') });
const tags = ['Back office'];

/** Leads for sales and administrators (ADR 025): list and search, a lead and its deliveries, redelivery, CSV export. */
export default async function leadsDeskApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const desk = opts.services.leadDesk;
  const salesOnly = requireStaff(opts.staff, 'leads');

  app.get(
    '/leads/',
    {
      onRequest: salesOnly,
      schema: {
        hide: true,
        summary: 'Leads, newest first (a view of personal data, audited)',
        tags,
        querystring: leadFilterQuery.extend({ page: z.coerce.number({ error: 'Expected a page number' }).int().min(1).max(100_000).default(1) }),
        response: {
          200: z.strictObject({
            count: z.number(),
            pages: z.number(),
            results: z.array(
              z.strictObject({
                id: z.string(),
                createdAt: z.string(),
                kind: z.string(),
                name: z.string(),
                phone: z.string().nullable(),
                email: z.string().nullable(),
                delivery: z.enum(DELIVERY_STATES),
              }),
            ),
          }),
          400: apiError,
          403: apiError,
          404: apiError,
        },
      },
    },
    async (request, reply) => {
      const { page, ...filter } = request.query;
      const found = await desk.list(request.staff!, toLeadFilter(filter), page);
      return noStore(reply).send({ ...found, results: found.results.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
    },
  );

  app.get(
    '/leads/export/',
    {
      onRequest: salesOnly,
      schema: {
        hide: true,
        summary: 'The leads of a filter as CSV (audited)',
        tags,
        querystring: leadFilterQuery,
        response: { 200: z.string().describe('text/csv'), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const { lines } = await desk.export(request.staff!, toLeadFilter(request.query));
      const stamp = new Date().toISOString().slice(0, 10);
      return noStore(reply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${stamp}.csv"`)
        .serializer((payload: unknown) => payload as string)
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/leads/:id/',
    {
      onRequest: salesOnly,
      schema: {
        hide: true,
        summary: 'A lead with its delivery attempts (a view of personal data, audited)',
        tags,
        params: idParams,
        response: {
          200: z.strictObject({ lead: z.record(z.string(), z.unknown()), deliveries: z.array(delivery), delivery: z.enum(DELIVERY_STATES) }),
          400: apiError,
          403: apiError,
          404: apiError,
        },
      },
    },
    async (request, reply) => {
      const found = await desk.get(request.staff!, request.params.id);
      if (!found) return sendNotFound(noStore(reply), 'No lead with this id.');
      return noStore(reply).send({
        lead: JSON.parse(JSON.stringify(found.lead)) as Record<string, unknown>,
        deliveries: found.deliveries.map(deliveryOut),
        delivery: found.delivery,
      });
    },
  );

  app.post(
    '/leads/:id/redeliver/',
    {
      onRequest: salesOnly,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        summary: 'Queue a lead’s delivery again (the lead itself is not copied or changed)',
        tags,
        params: idParams,
        response: { 200: z.strictObject({ deliveries: z.array(delivery) }), 400: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const result = await desk.redeliver(request.staff!, request.params.id);
      if (result === null) return sendNotFound(noStore(reply), 'No lead with this id.');
      if (!result.length)
        return noStore(reply).code(409).send({ detail: 'Nothing to deliver again: the lead has no delivery channel, or it is being delivered right now.' });
      return noStore(reply).send({ deliveries: result.map(deliveryOut) });
    },
  );
}
