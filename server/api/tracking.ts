import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { experimentRecordSchema } from '#core/schemas/tracking.ts';
import type { Services } from '../services/index.ts';
import { apiError } from './schemas.ts';

/** `POST /api/clickhouse/store_data/`: one experiment exposure (spec §7), JSON body of the §3 fields. */
export default async function trackingApi(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/clickhouse/store_data/',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      bodyLimit: 16 * 1024,
      // A post without a body is read as an empty record, so the 400 names each missing field (not "expected object").
      preValidation: async (request) => {
        if (request.body === null || request.body === undefined) (request as { body: unknown }).body = {};
      },
      schema: {
        summary: 'Record one experiment exposure',
        tags: ['Analytics'],
        body: experimentRecordSchema,
        response: { 201: z.strictObject({ status: z.literal('ok') }), 400: apiError, 403: apiError, 413: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      await opts.services.tracking.storeExperiment(request.body);
      return reply.code(201).send({ status: 'ok' });
    },
  );
}
