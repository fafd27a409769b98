import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureDefinitionSchema, featureKeySchema, featuresPayloadSchema } from '#core/flags/features.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { apiError } from '../../http/api/schemas.ts';

/** Tells the GrowthBook SDK it may open the stream (`/sub/{clientKey}`, server/modules/flags/stream.ts). */
export const SSE_SUPPORT_HEADER = 'x-sse-support';

const clientKeyParams = z.object({ clientKey: z.string().max(128).describe('The GrowthBook client key (GROWTHBOOK_CLIENT_KEY).') });
const flagParams = z.object({ key: featureKeySchema.describe('The feature key.') });
const flagRow = z.strictObject({
  key: z.string(),
  description: z.string(),
  defaultValue: featureDefinitionSchema.shape.defaultValue,
  rules: featureDefinitionSchema.shape.rules,
  updatedAt: z.string(),
});
const flagBody = featureDefinitionSchema.extend({
  description: safeText().max(1000).optional().describe('What the flag is for; kept as it is when left out.'),
});

/**
 * The GrowthBook SDK's payload (ADR 015): `GET /api/features/{clientKey}`, answered from memory, and the
 * operator's calls that change it until the back office exists (`npm run flags:set`, `flags:list`).
 */
export default async function featuresApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;

  app.get(
    '/features/:clientKey',
    {
      schema: {
        summary: 'Feature flags and experiments (the GrowthBook SDK payload)',
        description:
          'Every feature with its default value and rules (an experiment is a rule with variations). The header `x-sse-support: enabled` tells the SDK that `/sub/{clientKey}` streams changes. Another client key is answered 404.',
        tags: ['Experiments'],
        params: clientKeyParams,
        response: { 200: featuresPayloadSchema, 304: z.null().describe('Not modified (If-None-Match).'), 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      // Never kept by a cache (nor the CSRF cookie a first call gets with it): like the API's other 404s.
      if (request.params.clientKey !== config.GROWTHBOOK_CLIENT_KEY) return sendNotFound(reply.header('cache-control', 'no-store'), 'Unknown client key.');
      const payload = await services.features.payload();
      const etag = `"${createHash('sha256')
        .update(await services.features.payloadJson())
        .digest('base64url')
        .slice(0, 22)}"`;
      reply
        .header(SSE_SUPPORT_HEADER, 'enabled')
        .header('access-control-expose-headers', SSE_SUPPORT_HEADER)
        // Asked again after each `features-updated`: a cache may keep it only to revalidate it.
        .header('cache-control', 'no-cache')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.send(payload);
    },
  );

  const admin = { admin: { token: config.FLAGS_TOKEN } };
  // Operators only: in the staff document (`/api/admin/openapi.json`), not the public one (ADR 025).
  const tags = ['Experiments (operators)'];
  const security =
    "Operators only: the operator token as a bearer token (FLAGS_TOKEN; without it, the one the server writes to DATA_DIR/operator-token at boot). Any Origin but the site's is refused.";
  app.get(
    '/admin/flags/',
    {
      config: admin,
      schema: { hide: true, summary: 'List the feature flags', description: security, tags, response: { 200: z.array(flagRow), 403: apiError } },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await services.features.list()),
  );
  app.put(
    '/admin/flags/:key/',
    {
      config: admin,
      bodyLimit: 64 * 1024,
      schema: {
        hide: true,
        summary: 'Create or replace a feature flag',
        description: `${security} Open pages get the change through the stream.`,
        tags,
        params: flagParams,
        body: flagBody,
        response: { 200: flagRow, 400: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const { description, ...definition } = request.body;
      await services.features.set(request.params.key, definition, description);
      const row = (await services.features.list()).find((f) => f.key === request.params.key)!;
      request.log.info({ key: request.params.key }, 'feature flag changed');
      return reply.header('cache-control', 'no-store').send(row);
    },
  );
  app.delete(
    '/admin/flags/:key/',
    {
      config: admin,
      schema: {
        hide: true,
        summary: 'Delete a feature flag',
        description: security,
        tags,
        params: flagParams,
        response: { 204: z.null().describe('Deleted.'), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      if (!(await services.features.remove(request.params.key))) return sendNotFound(reply, 'No feature flag with this key.');
      request.log.info({ key: request.params.key }, 'feature flag deleted');
      return reply.code(204).send(null);
    },
  );
}
