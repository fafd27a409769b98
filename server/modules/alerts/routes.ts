import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessage } from '#core/validation/messages.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Config } from '../../config.ts';
import { alertsByMail } from './config.ts';
import { alertTokens } from './tokens.ts';
import type { Services } from '../../services.ts';
import { acceptFormBodies } from '../../http/api/forms.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { codecReads } from '../../http/api/openapi.ts';
import { apiError, langQuery } from '../../http/api/schemas.ts';

const subscribeBody = z
  .object({
    kind: z.enum(['search', 'lot']).optional().describe('`search` (default): save the filter in `query`; `lot`: follow the lot `lot`'),
    email: z.string().describe('Where the confirmation and the digests go'),
    consent: z.union([z.boolean(), z.string()]).describe('Consent to the processing of personal data: true, "on" or "1"'),
    query: z.string().optional().describe("The filter page's query string (`rooms=1,2&price_max=12000000`), normalised by the filter codec"),
    lot: z.union([z.string(), z.number()]).optional().describe("The lot's id, for `kind=lot`"),
    website: z.string().optional().describe('Honeypot: left empty by people'),
  })
  .meta({ id: 'AlertSubscribe' });

const tokenQuery = z.object({ token: z.string().max(200).describe('The signed token of the link in the e-mail') });
const answer = z.object({ detail: z.string(), status: z.string() }).meta({ id: 'AlertAnswer' });

/**
 * Alerts without an account (issue #16, ADR 021): subscribe (a saved search or a followed lot, double opt-in by
 * e-mail), confirm, and one-click unsubscribe (RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` to the
 * link's URL without cookies, so that route is authorised by its signed token alone).
 */
export default async function alertsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;
  const tokens = alertTokens(config.ALERTS_SECRET);
  const mail = alertsByMail(config);
  acceptFormBodies(app);
  const tags = ['Alerts'];
  const localeOf = (request: FastifyRequest): Locale => apiLocale(request);

  app.post(
    '/alerts/',
    {
      config: { rateLimit: { max: config.ALERTS_IP_LIMIT, timeWindow: '10 minutes' } },
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Subscribe to alerts: new lots and price drops of a saved search, or a followed lot; active after the e-mailed link is opened',
        tags,
        querystring: langQuery,
        body: subscribeBody,
        response: {
          201: answer,
          400: apiError.describe('`errors` names each bad field: email, consent, query, lot, kind.'),
          403: apiError.describe('Cross-site request, or the anti-bot check failed.'),
          413: apiError,
          429: apiError.describe('Too many subscriptions from this client; Retry-After says when to try again.'),
          500: apiError,
          503: apiError.describe('This server sends no e-mail (SMTP_URL is not set): nothing could be confirmed, so nothing is stored.'),
        },
      },
      validatorCompiler: codecReads('body'),
    },
    async (request, reply) => {
      const locale = localeOf(request);
      const t = CATALOGS[locale].alerts;
      reply.header('cache-control', 'no-store');
      if (!mail) return reply.code(503).send({ detail: t.unavailable });
      try {
        const outcome = await services.alerts.subscribe(request.body, locale);
        if (outcome.type === 'invalid') {
          const errors = Object.fromEntries(
            Object.entries(outcome.errors).map(([field, codes]) => [field, codes.map((code) => validationMessage(code, locale))]),
          );
          return reply.code(400).send({ detail: t.fix, errors });
        }
        return reply.code(201).send({ detail: t.sent, status: 'pending' });
      } catch (error) {
        // Logged without the body: it carries the e-mail.
        request.log.error({ err: error }, 'alert subscription failed');
        return reply.code(500).send({ detail: t.error });
      }
    },
  );

  app.post(
    '/alerts/confirm/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: "Confirm a subscription (double opt-in): the token of the e-mail's link",
        tags,
        querystring: langQuery.extend(tokenQuery.shape),
        response: { 200: answer, 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const t = CATALOGS[localeOf(request)].alerts;
      reply.header('cache-control', 'no-store');
      const id = tokens.verify('confirm', request.query.token);
      if (!id) return reply.code(400).send({ detail: t.confirm.invalid, errors: { token: [t.confirm.invalid] } });
      const status = await services.alerts.confirm(id);
      if (status === 'missing') return reply.code(404).send({ detail: t.confirm.invalid });
      const detail = status === 'confirmed' ? t.confirm.done : status === 'already' ? t.confirm.already : t.confirm.ended;
      return reply.send({ detail, status });
    },
  );

  app.post(
    '/alerts/unsubscribe/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, signedLink: true },
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Unsubscribe (RFC 8058 one-click: `List-Unsubscribe=One-Click` posted to the URL of the `List-Unsubscribe` header)',
        tags,
        querystring: langQuery.extend(tokenQuery.shape),
        response: { 200: answer, 400: apiError, 403: apiError, 404: apiError },
      },
      validatorCompiler: codecReads('body'),
    },
    async (request, reply) => {
      const t = CATALOGS[localeOf(request)].alerts;
      reply.header('cache-control', 'no-store');
      const id = tokens.verify('unsubscribe', request.query.token);
      if (!id) return reply.code(400).send({ detail: t.unsubscribe.invalid, errors: { token: [t.unsubscribe.invalid] } });
      const status = await services.alerts.unsubscribe(id);
      if (status === 'missing') return reply.code(404).send({ detail: t.unsubscribe.invalid });
      return reply.send({ detail: t.unsubscribe.done, status: 'unsubscribed' });
    },
  );
}
