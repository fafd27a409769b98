import type { FastifyInstance } from 'fastify';
import { LEAD_CLIENT_IP_HEADER } from '#core/validation/lead-forms.ts';
import type { Config } from '../../config.ts';
import { apiGuard } from '../../http/security.ts';
import type { Services } from '../../services.ts';
import { leadSchemas } from '#core/schemas/lead.ts';
import { acceptFormBodies, submitHandler } from '../../http/api/forms.ts';
import { codecReads, useZodValidation } from '../../http/api/openapi.ts';
import { leadSubmitAnswers } from './responses.ts';

/**
 * Lead routes outside `/api` (registered on the root instance by server/app.ts): the spec's legacy
 * `POST /old/subscribe/` and the client-address header for page form actions.
 */
export async function registerLeadRoutes(
  app: FastifyInstance,
  opts: { services: Services; config: Config; onError: Parameters<FastifyInstance['setErrorHandler']>[0]; checkResponses: boolean },
): Promise<void> {
  const { services, config } = opts;

  app.addHook('onRequest', async (request) => {
    request.headers[LEAD_CLIENT_IP_HEADER] = request.ip;
  });

  await app.register(async (legacy) => {
    legacy.setErrorHandler(opts.onError);
    legacy.addHook('preValidation', apiGuard(config));
    useZodValidation(legacy, { checkResponses: opts.checkResponses });
    acceptFormBodies(legacy);
    legacy.post(
      '/old/subscribe/',
      {
        config: { rateLimit: { max: Math.max(30, config.LEADS_IP_LIMIT), timeWindow: '1 minute' } },
        bodyLimit: 64 * 1024,
        schema: { summary: "Subscribe (the first version's address)", tags: ['Leads'], body: leadSchemas.subscription, response: leadSubmitAnswers },
        validatorCompiler: codecReads('body'),
      },
      submitHandler(services, 'subscription'),
    );
  });
}
