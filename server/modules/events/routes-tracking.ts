import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { trackingDataSchema, type TrackingData } from '#core/schemas/tracking.ts';
import { sitePath, TRACKING_LIMITS } from '#core/tracking/events.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { sendBadRequest } from '../../http/api/errors.ts';
import { apiError } from '../../http/api/schemas.ts';

/** `/api/tracking_data/save/`, the page events and engagement goals (the experiment events: experiment-events.ts). */
export default async function trackingApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  trackingDataApi(app, opts);
}

type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/**
 * A text body of `navigator.sendBeacon`, which sends a string as `text/plain` (no headers can be set): JSON of
 * the fields, or the same fields as a query string. Anything else stays a string, and the schema refuses it.
 */
export function beaconBody(body: unknown): unknown {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text === '') return {};
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return body;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * `/api/tracking_data/save/` (spec §7): one page event or engagement goal with the page it happened on and the
 * visit's attribution. GET with query parameters, or POST of the same fields (JSON or `text/plain` for
 * `navigator.sendBeacon`). 204 either way, never cached; a crawler's event is accepted and not stored.
 */
function trackingDataApi(app: ZodApp, opts: { services: Services; config: Config }) {
  const origins = [opts.config.siteOrigin];
  const common = {
    // Page views of a visitor who clicks through a project: a few a minute; the goals add four per visit.
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  const response = {
    204: z.null().describe('Recorded (or, for a crawler, accepted and not recorded).'),
    400: apiError,
    403: apiError,
    413: apiError,
    415: apiError,
    429: apiError,
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply, data: TrackingData) => {
    reply.header('cache-control', 'no-store');
    const url = sitePath(data.url, [...origins, `${request.protocol}://${request.host}`]);
    if (url === undefined || url.length > TRACKING_LIMITS.url) {
      return sendBadRequest(reply, request.method === 'GET' ? 'querystring' : 'body', {
        url: [url === undefined ? 'Enter a path on this site.' : `Ensure this field has no more than ${TRACKING_LIMITS.url} characters.`],
      });
    }
    // A crawler's (or a client without a user agent, which no browser is) is accepted and not stored; so is a HEAD.
    const agent = request.headers['user-agent'];
    if (agent && !isbot(agent) && request.method !== 'HEAD') await opts.services.tracking.recordPageEvent({ ...data, url });
    return reply.code(204).send();
  };
  app.get(
    '/tracking_data/save/',
    {
      ...common,
      schema: { summary: 'Record a page event', description: DESCRIPTION, tags: ['Analytics'], querystring: trackingDataSchema, response },
    },
    async (request, reply) => handler(request, reply, request.query),
  );
  app.post(
    '/tracking_data/save/',
    {
      config: { ...common.config, beacon: true },
      bodyLimit: 16 * 1024,
      preValidation: async (request) => {
        (request as { body: unknown }).body = beaconBody(request.body);
      },
      schema: {
        summary: 'Record a page event (beacon)',
        description: `${DESCRIPTION} The body is JSON, or the same JSON (or a query string) as \`text/plain\`, which \`navigator.sendBeacon\` sends. Only the origin is checked (a beacon cannot carry the CSRF and anti-bot headers).`,
        tags: ['Analytics'],
        body: trackingDataSchema,
        response,
      },
    },
    async (request, reply) => handler(request, reply, request.body),
  );
}

const DESCRIPTION =
  'Stores the event with the page it happened on (path and query, page type, language, project and lot derived on the server), the referrer (origin and path), the first UTM tags, and the analytics client and visit ids. Never an IP address, a user agent or personal data.';
