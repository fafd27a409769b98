import type { FastifyInstance } from 'fastify';
import { experimentRecordSchema } from '#core/schemas/tracking.ts';
import type { Services } from '../services/index.ts';
import { sendValidationError } from './errors.ts';

/** `POST /api/clickhouse/store_data/`: one experiment exposure (spec §7), JSON body of the §3 fields. */
export default async function trackingApi(app: FastifyInstance, opts: { services: Services }) {
  app.post('/clickhouse/store_data/', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } }, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const body = experimentRecordSchema.safeParse(request.body ?? {});
    if (!body.success) return sendValidationError(reply, body.error, 'body');
    await opts.services.tracking.storeExperiment(body.data);
    return reply.code(201).send({ status: 'ok' });
  });
}
