import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SUBSCRIPTION_TOPICS } from '#core/schemas/lead.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../config.ts';
import { leadSettingsFromConfig } from '../services/leads/settings.ts';
import type { BookingKind } from '../services/leads/schedule.ts';
import type { Services } from '../services/index.ts';
import { sendValidationError } from './errors.ts';
import { acceptFormBodies, submitHandler } from './lead-http.ts';
import { apiLocale } from './locale.ts';

const id = z.coerce
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .positive('A valid integer is required.')
  .max(1_000_000);
const date = safeText().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');
const lang = z.enum(['ru', 'en', 'zh']).optional();
const officeFacetsQuery = z.object({ office: id.optional(), date: date.optional(), lang });
const projectFacetsQuery = z.object({ project: id.optional(), date: date.optional(), lang });
const partnerListQuery = officeFacetsQuery.extend({
  limit: z.coerce.number().int().min(1, 'Ensure this value is at least 1.').max(100, 'Ensure this value is at most 100.').default(20),
  offset: z.coerce.number().int().min(0, 'Ensure this value is at least 0.').default(0),
});
const subscriptionQuery = z.object({
  url: safeText({ error: 'This field is required.' }).min(1, 'This field is required.').max(2048, 'Ensure this field has no more than 2048 characters.'),
  lang,
});
const topicParams = z.object({ topic: z.enum(SUBSCRIPTION_TOPICS, { error: 'Unknown subscription topic.' }) });

/**
 * Lead endpoints (spec §7): requests, subscriptions, meetings, broker tours, partner meetings, presale
 * interest and landing leads, with their specs and facets; `/api/captcha_bypass/`. ADR 006.
 */
export default async function leadsApi(app: FastifyInstance, opts: { services: Services; config: Config }) {
  const { services, config } = opts;
  services.leads.configure(leadSettingsFromConfig(config));
  acceptFormBodies(app);

  // A coarse flood guard per route and IP; the service keeps the real per-IP and per-phone budgets.
  const submit = { config: { rateLimit: { max: Math.max(30, config.LEADS_IP_LIMIT), timeWindow: '1 minute' } }, bodyLimit: 64 * 1024 };
  const read = { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/captcha_bypass/', read, async (request, reply) => noStore(reply).send(await services.leads.captchaStatus(request.ip)));

  app.get('/subscription_forms/', read, async (request, reply) => {
    const query = subscriptionQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    return reply.header('cache-control', 'public, max-age=300').send(services.leads.subscriptionForm(query.data.url, apiLocale(request)));
  });
  app.post('/subscription_forms/:topic/submit/', submit, async (request, reply) => {
    const params = topicParams.safeParse(request.params);
    if (!params.success) return sendValidationError(reply, params.error, 'path parameters');
    return submitHandler(services, 'subscription', () => ({ topic: params.data.topic }))(request, reply);
  });

  app.get('/request/specs/', read, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(services.leads.requestSpecs(apiLocale(request))),
  );
  app.post('/request/', submit, submitHandler(services, 'request'));

  /** Specs and facets of a booking kind; facets say what is free right now, so they are never cached. */
  function bookingReads(prefix: string, kind: BookingKind, guard?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) {
    const facetsQuery = kind === 'broker_tour' ? projectFacetsQuery : officeFacetsQuery;
    app.get(`${prefix}/specs/`, read, async (request, reply) => {
      if (guard?.(request, reply)) return reply;
      return reply.header('cache-control', 'public, max-age=60').send(await services.leads.bookingSpecs(kind, apiLocale(request)));
    });
    app.get(`${prefix}/facets/`, read, async (request, reply) => {
      if (guard?.(request, reply)) return reply;
      const query = facetsQuery.safeParse(request.query);
      if (!query.success) return sendValidationError(reply, query.error);
      const resource = 'office' in query.data ? query.data.office : 'project' in query.data ? query.data.project : undefined;
      return noStore(reply).send(await services.leads.bookingFacets(kind, { resource, date: query.data.date }));
    });
  }

  bookingReads('/meeting', 'meeting');
  app.post('/meeting/', submit, submitHandler(services, 'meeting'));

  bookingReads('/broker_tour', 'broker_tour');
  app.post('/broker_tour/create_meeting/', submit, submitHandler(services, 'broker_tour'));

  /** Partner endpoints ask for basic auth when PARTNER_BASIC_AUTH is set (spec §6). */
  const partnerGuard = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if (services.leads.checkPartnerAuth(request.headers.authorization)) return null;
    return reply
      .code(401)
      .header('www-authenticate', 'Basic realm="partners", charset="UTF-8"')
      .send({ detail: 'Authentication credentials were not provided.' });
  };
  bookingReads('/partner_meeting', 'partner_meeting', partnerGuard);
  app.get('/partner_meeting/', read, async (request, reply) => {
    if (partnerGuard(request, reply)) return reply;
    const query = partnerListQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    const { limit, offset, office, date: day } = query.data;
    const page = await services.leads.partnerMeetingList({ office, date: day, limit, offset }, apiLocale(request));
    const link = (o: number) => {
      const params = new URLSearchParams({ limit: String(limit), offset: String(o) });
      if (office) params.set('office', String(office));
      if (day) params.set('date', day);
      return `/api/partner_meeting/?${params}`;
    };
    return noStore(reply).send({
      count: page.count,
      next: offset + limit < page.count ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results: page.results,
    });
  });
  app.post(
    '/partner_meeting/',
    {
      ...submit,
      preHandler: async (request, reply) => {
        if (partnerGuard(request, reply)) return reply;
      },
    },
    submitHandler(services, 'partner_meeting'),
  );

  app.post('/presale_interest/', submit, submitHandler(services, 'presale_interest'));
  app.post('/multilingual_landing/send_lead/', submit, submitHandler(services, 'landing'));
}
