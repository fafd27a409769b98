import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OfficeView } from '#core/content/offices.ts';
import { idText } from '#core/schemas/id.ts';
import type { Services } from '../../services.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { contactPage, office } from './responses.ts';
import { idParam, lang, langQuery, page, reads, unknownChoices } from '../../http/api/schemas.ts';

/** Repeated keys arrive as arrays: a single-valued parameter takes the last. */
const single = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);

const officeQuery = z.object({
  lang,
  project: z
    .preprocess((value) => (single(value) === '' ? undefined : single(value)), idText('Expected a project id.').optional())
    .describe('Only the offices serving this catalogue project (its id).'),
});

/**
 * How long an answer holding "open now" stays right: a minute at most, and never past the first office's next
 * change (opening, closing, a break), so a cache never says "open" after closing time.
 */
export function officeMaxAge(offices: OfficeView[], now: number): number {
  const changes = offices.flatMap((o) => (o.status.until ? [Date.parse(o.status.until)] : []));
  const next = changes.length ? Math.min(...changes) : Infinity;
  return Math.max(0, Math.min(60, Math.floor((next - now) / 1000)));
}

/**
 * The sales offices and the contact page (issue #14 "Contacts and offices"): `/api/office/` (every office, or
 * those of a project), `/api/office/{id}/` and `/api/contact_page/` (the company's channels and every office).
 * Each office carries its weekly schedule and whether it is open at the time of the answer, with the instant
 * that changes: the answer is cached until then at most.
 */
export default async function officesApi(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { offices, settings, catalogue } = opts.services;
  const tags = ['Contacts'];
  const cachedUntil = (reply: FastifyReply, shown: OfficeView[], now: Date) => {
    const seconds = officeMaxAge(shown, now.getTime());
    return reply.header('cache-control', seconds > 0 ? `public, max-age=${seconds}` : 'no-cache');
  };

  app.get(
    '/office/',
    {
      schema: {
        summary: 'The sales offices, with their hours (holidays and changed days, each in its time zone) and whether each is open now',
        tags,
        querystring: officeQuery,
        response: reads(page(office)),
      },
    },
    async (request, reply) => {
      const { project } = request.query;
      if (project !== undefined) {
        const { ids } = await catalogue.projectChoices();
        const bad = unknownChoices({ project: [project] }, { project: ids });
        if (bad) return sendBadRequest(reply, 'querystring', bad);
      }
      const now = new Date();
      const results = await offices.list(apiLocale(request), { project: project === undefined ? undefined : Number(project) }, now);
      return cachedUntil(reply, results, now).send({ count: results.length, next: null, previous: null, results });
    },
  );

  app.get(
    '/office/:id/',
    { schema: { summary: 'One sales office', tags, params: idParam, querystring: langQuery, response: reads(office, { notFound: true }) } },
    async (request, reply) => {
      const now = new Date();
      const found = await offices.get(Number(request.params.id), apiLocale(request), now);
      return found ? cachedUntil(reply, [found], now).send(found) : sendNotFound(reply, 'No office with this id.');
    },
  );

  app.get(
    '/contact_page/',
    {
      schema: {
        summary: 'The contact page: the company’s phones, WhatsApp, e-mail and social networks, and every sales office',
        tags,
        querystring: langQuery,
        response: reads(contactPage),
      },
    },
    async (request, reply) => {
      const locale = apiLocale(request);
      const now = new Date();
      const [s, list] = await Promise.all([settings.get(locale), offices.list(locale, {}, now)]);
      return cachedUntil(reply, list, now).send({
        company: { name: s.companyName, legalName: s.legalName, address: s.address, workingHours: s.workingHours },
        phones: s.phones,
        whatsapp: s.whatsapp,
        email: s.email,
        socials: s.socials,
        offices: list,
        now: now.toISOString(),
      });
    },
  );
}
