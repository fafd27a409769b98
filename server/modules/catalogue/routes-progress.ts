import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import type { ProgressQuery } from './progress.ts';
import { envelope } from '../../http/api/envelope.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { progressEntry, progressReport } from './responses.ts';
import { facets, specItem } from './responses-screens.ts';
import { choiceList, idList, idParam, lang, langQuery, limit, offset, page, reads, unknownChoices } from '../../http/api/schemas.ts';

/** Years a report may be filtered by: from 2000 to next year (read per request: a server outlives New Year). */
const years = () => Array.from({ length: new Date().getFullYear() - 2000 + 2 }, (_, i) => String(2000 + i));

/**
 * Construction progress (spec §7 "/api/dynamic/, /api/dynamic/specs/, /api/dynamic/facets/, /api/dynamic/{id}/"):
 * the monthly reports of every project, filtered by project, building and year, newest first; the filter's
 * choices and live counts; one report with its photographs, its buildings' progress and its neighbours. The same
 * rows and the same entries as `/api/progress/` and `/api/project/{id}/progress/`.
 */
export default async function dynamicApi(base: FastifyInstance, opts: { services: Services; config: { siteOrigin: string } }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = opts.services;
  const origin = opts.config.siteOrigin;
  const tags = ['Construction progress'];
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

  const filter = z.object({
    lang,
    project: idList('Projects'),
    building: idList('Buildings: reports that cover any of them'),
    year: choiceList(years, 'Years of the reports (comma list)'),
  });

  /** The query, or null once a 400 naming an unknown project or building is sent. */
  async function readQuery(q: z.output<typeof filter>, reply: FastifyReply): Promise<ProgressQuery | null> {
    const [{ ids }, buildingIds] = await Promise.all([catalogue.projectChoices(), catalogue.buildingIds()]);
    const bad = unknownChoices({ project: q.project, building: q.building }, { project: ids, building: buildingIds });
    if (bad) {
      sendBadRequest(reply, 'querystring', bad);
      return null;
    }
    return { project: q.project ?? [], building: q.building ?? [], year: q.year ?? [] };
  }

  app.get(
    '/dynamic/',
    {
      schema: {
        summary: 'Monthly construction reports, newest first, by project, building and year',
        tags,
        querystring: filter.extend({ limit: limit(50), offset }),
        response: reads(page(progressEntry)),
      },
    },
    async (request, reply) => {
      const q = await readQuery(request.query, reply);
      if (!q) return reply;
      return cached(reply).send(envelope(origin, request, await catalogue.progressList(q, apiLocale(request)), request.query));
    },
  );

  app.get(
    '/dynamic/specs/',
    {
      schema: {
        summary: "The report filter's choices: projects with reports, the chosen projects' buildings, years with reports",
        tags,
        querystring: langQuery.extend({ project: idList('Projects whose buildings to offer') }),
        response: reads(page(specItem)),
      },
    },
    async (request, reply) => {
      const { ids } = await catalogue.projectChoices();
      const bad = unknownChoices({ project: request.query.project }, { project: ids });
      if (bad) return sendBadRequest(reply, 'querystring', bad);
      const specs = await catalogue.progressSpecs({ project: request.query.project ?? [] }, apiLocale(request));
      return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
    },
  );

  app.get(
    '/dynamic/facets/',
    {
      schema: { summary: 'How many reports the filter gives, and per choice with the other items applied', tags, querystring: filter, response: reads(facets) },
    },
    async (request, reply) => {
      const q = await readQuery(request.query, reply);
      if (!q) return reply;
      return cached(reply).send(await catalogue.progressFacets(q));
    },
  );

  app.get(
    '/dynamic/:id/',
    {
      schema: {
        summary: 'One construction report: text, photographs, progress of each building, the previous and next reports',
        tags,
        params: idParam,
        querystring: langQuery,
        response: reads(progressReport, { notFound: true }),
      },
    },
    async (request, reply) => {
      const report = await catalogue.progressReport(request.params.id, apiLocale(request));
      return report ? cached(reply).send(report) : sendNotFound(reply, 'No construction report with this id.');
    },
  );
}
