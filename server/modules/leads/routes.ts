import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializeLotFilter } from '#core/catalogue/filter.ts';
import { idNumber } from '#core/schemas/id.ts';
import { leadSchemas, SUBSCRIPTION_TOPICS, type LeadKind } from '#core/schemas/lead.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import { leadSettingsFromConfig } from './settings.ts';
import type { BookingKind } from './schedule.ts';
import type { Services } from '../../services.ts';
import { acceptFormBodies, submitHandler } from '../../http/api/forms.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { codecReads } from '../../http/api/openapi.ts';
import * as R from './responses.ts';
import { apiError, lang, langQuery, page, reads } from '../../http/api/schemas.ts';

const id = idNumber('A valid integer is required.', { coerce: true });
const date = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .describe('YYYY-MM-DD');
const officeFacetsQuery = z.object({ office: id.optional(), date: date.optional(), lang });
const projectFacetsQuery = z.object({ project: id.optional(), date: date.optional(), lang });
const partnerListQuery = officeFacetsQuery.extend({
  limit: z.coerce.number().int().min(1, 'Ensure this value is at least 1.').max(100, 'Ensure this value is at most 100.').default(20),
  offset: z.coerce.number().int().min(0, 'Ensure this value is at least 0.').default(0),
});
const subscriptionQuery = z.object({
  url: safeText({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(2048, 'Ensure this field has no more than 2048 characters.')
    .describe('The address of the page that shows the block.'),
  lang,
});
const topicParams = z.object({ topic: z.enum(SUBSCRIPTION_TOPICS, { error: 'Unknown subscription topic.' }) });
const idempotency = z.looseObject({
  'idempotency-key': z.string().optional().describe('Repeat the same key to retry a submit safely: the same lead answers again.'),
});

/**
 * The body of a lead submit as documented: the form's own schema (core/schemas/lead.ts), JSON or a form
 * body. The lead service validates it (messages in the visitor's language), so the route only describes it.
 */
function submitSchema(kind: LeadKind, summary: string, extra: Record<string, unknown> = {}) {
  return {
    schema: { summary, tags: ['Leads'], body: leadSchemas[kind], headers: idempotency, response: R.leadSubmitAnswers, ...extra },
    validatorCompiler: codecReads('body'),
  };
}

/**
 * Lead endpoints (spec §7): requests, subscriptions, meetings, broker tours, partner meetings, presale
 * interest and landing leads, with their specs and facets; `/api/captcha_bypass/`. ADR 006.
 */
export default async function leadsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;
  services.leads.configure(leadSettingsFromConfig(config));
  acceptFormBodies(app);

  // A coarse flood guard per route and IP; the service keeps the real per-IP and per-phone budgets.
  const submit = { config: { rateLimit: { max: Math.max(30, config.LEADS_IP_LIMIT), timeWindow: '1 minute' } }, bodyLimit: 64 * 1024 };
  const read = { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const tags = ['Leads'];

  app.get(
    '/captcha_bypass/',
    {
      ...read,
      schema: { summary: 'Whether this client must solve a proof of work before its next lead, and the challenge', tags, response: { 200: R.captchaStatus } },
    },
    async (request, reply) => noStore(reply).send(await services.leads.captchaStatus(request.ip)),
  );

  app.get(
    '/subscription_forms/',
    {
      ...read,
      schema: {
        summary: 'The subscription block a page shows: topic, texts and where to post',
        tags,
        querystring: subscriptionQuery,
        response: reads(R.subscriptionForm),
      },
    },
    async (request, reply) => {
      // A saved filter page (/filter/mashino-mesta) is about what its saved query selects.
      const seo = new Map((await services.catalogue.seoFilters('ru')).map((page) => [page.slug, serializeLotFilter(page.filter).toString()]));
      const headings = await services.subscriptionHeadings.headings(apiLocale(request));
      const form = services.leads.subscriptionForm(request.query.url, headings, (slug) => seo.get(slug));
      return reply.header('cache-control', 'public, max-age=300').send(form);
    },
  );
  app.post(
    '/subscription_forms/:topic/submit/',
    { ...submit, ...submitSchema('subscription', 'Subscribe to a topic', { params: topicParams }) },
    async (request, reply) => submitHandler(services, 'subscription', () => ({ topic: (request.params as { topic: string }).topic }))(request, reply),
  );

  app.get(
    '/request/specs/',
    { ...read, schema: { summary: 'The choices of the request form', tags, querystring: langQuery, response: reads(z.array(R.formSpec)) } },
    async (request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(services.leads.requestSpecs(apiLocale(request)) as z.input<typeof R.formSpec>[]),
  );
  app.post('/request/', { ...submit, ...submitSchema('request', 'Ask to be called back, or ask a question') }, submitHandler(services, 'request'));

  /** Specs and facets of a booking kind; facets say what is free right now, so they are never cached. */
  function bookingReads(prefix: string, kind: BookingKind, what: string, guard?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) {
    const facetsQuery = kind === 'broker_tour' ? projectFacetsQuery : officeFacetsQuery;
    const guarded = guard ? { 401: apiError } : {};
    app.get(
      `${prefix}/specs/`,
      {
        ...read,
        schema: {
          summary: `The choices of the ${what} form: places, dates and slots`,
          tags,
          querystring: langQuery,
          response: { ...reads(z.array(R.formSpec)), ...guarded },
        },
      },
      async (request, reply) => {
        if (guard?.(request, reply)) return reply;
        return reply
          .header('cache-control', 'public, max-age=60')
          .send((await services.leads.bookingSpecs(kind, apiLocale(request))) as z.input<typeof R.formSpec>[]);
      },
    );
    app.get(
      `${prefix}/facets/`,
      {
        ...read,
        schema: { summary: `What is free for a ${what} now, with counts`, tags, querystring: facetsQuery, response: { ...reads(R.bookingFacets), ...guarded } },
      },
      async (request, reply) => {
        if (guard?.(request, reply)) return reply;
        const q = request.query as { office?: number; project?: number; date?: string };
        return noStore(reply).send(await services.leads.bookingFacets(kind, { resource: q.office ?? q.project, date: q.date }));
      },
    );
  }

  bookingReads('/meeting', 'meeting', 'meeting');
  app.post('/meeting/', { ...submit, ...submitSchema('meeting', 'Book a meeting at a sales office') }, submitHandler(services, 'meeting'));

  bookingReads('/broker_tour', 'broker_tour', 'broker tour');
  app.post(
    '/broker_tour/create_meeting/',
    { ...submit, ...submitSchema('broker_tour', 'Book a broker tour of a project') },
    submitHandler(services, 'broker_tour'),
  );

  /** Partner endpoints ask for basic auth when PARTNER_BASIC_AUTH is set (spec §6). */
  const partnerGuard = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if (services.leads.checkPartnerAuth(request.headers.authorization)) return null;
    return reply
      .code(401)
      .header('www-authenticate', 'Basic realm="partners", charset="UTF-8"')
      .send({ detail: 'Authentication credentials were not provided.' });
  };
  bookingReads('/partner_meeting', 'partner_meeting', 'partner meeting', partnerGuard);
  app.get(
    '/partner_meeting/',
    {
      ...read,
      schema: {
        summary: 'Free partner-meeting slots (basic auth when set)',
        tags,
        querystring: partnerListQuery,
        response: { ...reads(page(R.partnerSlot)), 401: apiError },
      },
    },
    async (request, reply) => {
      if (partnerGuard(request, reply)) return reply;
      const { limit, offset, office, date: day } = request.query;
      const found = await services.leads.partnerMeetingList({ office, date: day, limit, offset }, apiLocale(request));
      const link = (o: number) => {
        const params = new URLSearchParams({ limit: String(limit), offset: String(o) });
        if (office) params.set('office', String(office));
        if (day) params.set('date', day);
        return `/api/partner_meeting/?${params}`;
      };
      return noStore(reply).send({
        count: found.count,
        next: offset + limit < found.count ? link(offset + limit) : null,
        previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
        results: found.results,
      });
    },
  );
  app.post(
    '/partner_meeting/',
    {
      ...submit,
      ...submitSchema('partner_meeting', 'Book a partner meeting (basic auth when set)'),
      preHandler: async (request, reply) => {
        if (partnerGuard(request, reply)) return reply;
      },
    },
    submitHandler(services, 'partner_meeting'),
  );

  app.post(
    '/presale_interest/',
    { ...submit, ...submitSchema('presale_interest', 'Join the waiting list of a project not yet on sale') },
    submitHandler(services, 'presale_interest'),
  );
  app.post(
    '/multilingual_landing/send_lead/',
    { ...submit, ...submitSchema('landing', 'A lead from a foreign-language landing page') },
    submitHandler(services, 'landing'),
  );
}
