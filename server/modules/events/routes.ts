import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventRecordSchema, onSite } from '#core/experiments/events.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { sendBadRequest } from '../../http/api/errors.ts';
import { beaconBody } from './routes-tracking.ts';
import { apiError } from '../../http/api/schemas.ts';

const DESCRIPTION = [
  "Spec §3's experiment tracking record into the experiment event store (ClickHouse when configured, else the database).",
  '`table_name` `experiment_views`: an exposure (`experiment_id`, `variation_id` required; `value` usually empty).',
  '`table_name` `web_vitals`: one page-load metric, `metric` (LCP, INP, CLS, FCP, TTFB) and its number in `value`.',
  '`user_id` is the visitor id (cookie `vid`), `ga_id` the analytics client id or empty, `timestamp` ISO 8601 with a zone or Unix seconds/milliseconds.',
  'A JSON body needs the CSRF and anti-bot headers like every unsafe call; a `text/plain` body of the same JSON (`navigator.sendBeacon`) is checked for its origin only.',
  "Answers 204 at once: rows are written in batches, and a storage failure is never the client's (spec §8), it is counted in /metrics.",
  "`host` must be this site's and `url` a path or an address on it; the address is stored as its path and UTM tags only.",
  "An exposure's `value` is empty or a short token (letters, digits and `._:-`, at most 64); a vital's is a number.",
  'Never stores an IP address, a user agent or personal data.',
].join(' ');

/** `POST /api/clickhouse/store_data/` (spec §7): experiment exposures and web vitals (docs/decisions/016-experiment-events.md). */
export default async function experimentEventsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const origins = [opts.config.siteOrigin];
  app.post(
    '/clickhouse/store_data/',
    {
      // One exposure per experiment on a page and five vitals per sampled page load: far under this.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, beacon: 'text-plain' },
      bodyLimit: 8 * 1024,
      // A post without a body is read as an empty record, so the 400 names each missing field; a beacon's text is JSON.
      preValidation: async (request) => {
        (request as { body: unknown }).body = beaconBody(request.body);
      },
      schema: {
        summary: 'Record an experiment exposure or a web vital',
        description: DESCRIPTION,
        tags: ['Analytics'],
        body: eventRecordSchema,
        response: {
          204: z.null().describe('Accepted (written in the next batch).'),
          400: apiError,
          403: apiError,
          413: apiError,
          415: apiError,
          429: apiError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // This site's host and pages only: the configured origin, or the one the request came to (as /api/tracking_data/save/).
      const placed = onSite(request.body, [...origins, `${request.protocol}://${request.host}`]);
      if ('errors' in placed) return sendBadRequest(reply, 'body', placed.errors);
      opts.services.events.record(placed.record);
      return reply.code(204).send(null);
    },
  );
}
