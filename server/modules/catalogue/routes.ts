import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_LIMIT } from '#core/catalogue/filter.ts';
import type { ProjectDetail } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import type { ProjectNode } from './snapshot.ts';
import { envelope } from '../../http/api/envelope.ts';
import catalogueLotsApi from './routes-lots.ts';
import phraseApi from './routes-phrase.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import * as R from './responses.ts';
import * as S from './responses-screens.ts';
import { advertisement, flag, idList, idParam, lang, langQuery, limit, offset, page, reads, unknownChoices } from '../../http/api/schemas.ts';

type Options = { services: Services; config: Config };

/**
 * The catalogue's projects (spec §7): `/api/project/{id}/` and its sub-resources, the project filter,
 * construction progress, SEO filter pages and the mobile app's recommendations. Lots, the lot filter and
 * commercial premises are in catalogue-lots.ts.
 */
export default async function catalogueApi(base: FastifyInstance, opts: Options) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const catalogue = opts.services.catalogue;
  const origin = opts.config.siteOrigin;
  app.addHook('onClose', async () => catalogue.stop());
  await app.register(catalogueLotsApi, opts);
  await app.register(phraseApi, opts);

  const listQuery = z.object({ lang, limit: limit(MAX_LIMIT), offset });
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=30');
  const tags = ['Projects'];

  /** GET `path` for one project; `answer` gets the project node, the language and the parsed query. */
  function projectRoute<Q extends z.ZodObject, A extends z.ZodType>(
    paths: string[],
    summary: string,
    query: Q,
    answerSchema: A,
    answer: (p: ProjectNode, locale: Locale, q: z.output<Q>, request: FastifyRequest) => Promise<z.input<A> | null>,
  ): void {
    for (const path of paths) {
      app.get(
        path,
        { schema: { summary, tags, params: idParam, querystring: query, response: reads(answerSchema, { notFound: true }) } },
        async (request, reply) => {
          const shared = (request.query as { shared?: boolean }).shared;
          const project = await catalogue.projectNode(request.params.id, shared ? { shared } : undefined);
          if (!project) return sendNotFound(reply, 'No project with this id.');
          const body = await answer(project, apiLocale(request), request.query as z.output<Q>, request);
          return body === null ? sendNotFound(reply, 'No project with this id.') : cached(reply).send(body);
        },
      );
    }
  }

  // The project page as a whole; `shared=true` is how /shared-projects/{id} asks (only shared projects answer).
  projectRoute(
    ['/project/:id/'],
    'A project with everything its page shows',
    z.object({ lang, shared: flag.optional().describe('Only a shared project answers (the /shared-projects pages).') }),
    R.projectDetail,
    (p, locale, q) => catalogue.project(String(p.id), locale, q.shared ? { shared: true } : undefined),
  );

  projectRoute(
    ['/project/:id/price_per_m2/'],
    "A project's average price per m² of flats on sale by month and kind of flat",
    z.object({}),
    R.projectPriceByMonth,
    async (p) => catalogue.projectPriceByMonth(String(p.id)),
  );

  projectRoute(['/project/:id/about/'], "A project's description, advantages and key indicators", langQuery, R.projectAbout, async (p, locale) => {
    const detail = await catalogue.project(String(p.id), locale);
    return (
      detail && {
        id: detail.id,
        name: detail.name,
        tagline: detail.tagline,
        description: detail.description,
        about: detail.about,
        // The project page's benefits section, from the benefits table (/api/benefits_project_page/ gives them whole).
        advantages: (await opts.services.stories.benefits(locale, p.id, 'page')).map((b) => ({ title: b.title, description: b.text })),
        indicators: detail.indicators,
        renderVsPhoto: detail.renderVsPhoto,
        presentationUrl: detail.presentationUrl,
      }
    );
  });

  const listOf =
    <T>(part: (detail: ProjectDetail) => T[]) =>
    async (p: ProjectNode, locale: Locale, q: { limit: number; offset: number }, request: FastifyRequest) => {
      const detail = await catalogue.project(String(p.id), locale);
      return detail && envelope(origin, request, part(detail), q);
    };
  projectRoute(
    ['/project/:id/infra/'],
    'Places near a project',
    listQuery,
    page(R.infrastructureItem),
    listOf((d) => d.infrastructure),
  );
  // The spec writes `gallery` without a slash: both forms answer.
  projectRoute(
    ['/project/:id/gallery/', '/project/:id/gallery'],
    "A project's pictures",
    listQuery,
    page(R.picture),
    listOf((d) => d.gallery),
  );
  projectRoute(
    ['/project/:id/offices/'],
    'The sales offices of a project',
    listQuery,
    page(R.office),
    listOf((d) => d.offices),
  );
  projectRoute(
    ['/project/:id/purchase_info/'],
    "How a project's lots can be bought, and the lowest mortgage rate",
    listQuery,
    page(R.purchaseInfoItem).extend({ min_mortgage_rate: z.number() }),
    async (p, locale, q, request) => {
      const list = await listOf((d) => d.purchaseInfo)(p, locale, q, request);
      const rate = (await opts.services.settings.get(locale)).minMortgageRate ?? 0;
      return list && { ...list, min_mortgage_rate: rate };
    },
  );

  // type_of_advertisement=sale|rent keeps only buildings with premises offered that way (the commercial screens' list).
  projectRoute(
    ['/project/:id/buildings/'],
    "A project's buildings",
    listQuery.extend({ type_of_advertisement: advertisement }),
    page(S.buildingCard),
    async (p, locale, q, request) => {
      const cards = await catalogue.buildings(String(p.id), locale, q.type_of_advertisement);
      return cards && envelope(origin, request, cards, q);
    },
  );

  projectRoute(['/project/:id/state/'], 'Construction state and lots left of a project', langQuery, S.projectState, (p, locale) =>
    catalogue.projectState(String(p.id), locale),
  );
  projectRoute(['/project/:id/progress/'], 'Monthly construction reports of a project', listQuery, page(R.progressEntry), async (p, locale, q, request) =>
    envelope(origin, request, await catalogue.progress([String(p.id)], locale), q),
  );
  projectRoute(['/project/:id/progress3d/'], 'Floors built per building and month (the 3D progress view)', langQuery, S.progress3d, (p, locale) =>
    catalogue.progress3d(String(p.id), locale),
  );
  projectRoute(['/project/:id/info_mobile/'], 'A project for the mobile app', langQuery, S.infoMobile, (p, locale) =>
    catalogue.infoMobile(String(p.id), locale),
  );

  app.get(
    '/progress/',
    {
      schema: {
        summary: 'Monthly construction reports of all or some projects',
        tags,
        querystring: listQuery.extend({ project: idList('Projects') }),
        response: reads(page(R.progressEntry)),
      },
    },
    async (request, reply) => {
      const { ids } = await catalogue.projectChoices();
      const bad = unknownChoices({ project: request.query.project }, { project: ids });
      if (bad) return sendBadRequest(reply, 'querystring', bad);
      return cached(reply).send(envelope(origin, request, await catalogue.progress(request.query.project, apiLocale(request)), request.query));
    },
  );

  // The project filter. The spec writes these three without a trailing slash: both forms answer.
  const projectFilter = z.object({
    lang,
    status: idList('Project statuses'),
    district: idList('Districts'),
    completion: idList('Completion quarters'),
  });
  async function projectQuery(query: z.output<typeof projectFilter>, reply: FastifyReply) {
    const choices = await catalogue.projectChoices();
    const bad = unknownChoices(
      { status: query.status, district: query.district, completion: query.completion },
      { status: choices.status, district: choices.district, completion: choices.completion },
    );
    if (bad) sendBadRequest(reply, 'querystring', bad);
    return bad ? null : { status: query.status, district: query.district, completion: query.completion };
  }
  for (const path of ['/project/filter', '/project/filter/']) {
    app.get(
      path,
      {
        schema: {
          summary: 'Projects matching the project filter',
          tags,
          querystring: projectFilter.extend({ limit: limit(MAX_LIMIT), offset }),
          response: reads(page(R.projectCard)),
        },
      },
      async (request, reply) => {
        const q = await projectQuery(request.query, reply);
        if (!q) return reply;
        return cached(reply).send(envelope(origin, request, await catalogue.projects(apiLocale(request), q), request.query));
      },
    );
  }
  for (const path of ['/project/filter_specs', '/project/filter_specs/']) {
    app.get(
      path,
      { schema: { summary: 'The items of the project filter', tags, querystring: langQuery, response: reads(page(S.specItem)) } },
      async (request, reply) => {
        const specs = await catalogue.projectSpecs(apiLocale(request));
        return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
      },
    );
  }
  for (const path of ['/project/filter_facets', '/project/filter_facets/']) {
    app.get(
      path,
      { schema: { summary: 'What the project filter still offers, with counts', tags, querystring: projectFilter, response: reads(S.facets) } },
      async (request, reply) => {
        const q = await projectQuery(request.query, reply);
        if (!q) return reply;
        return cached(reply).send(await catalogue.projectFacets(q));
      },
    );
  }

  // SEO filter pages: the list, or one by ?slug= or by path.
  const seoSlug = safeText().regex(/^[a-z0-9-]{1,100}$/, 'Expected a slug of a-z, 0-9 and -');
  const seoTags = ['SEO filter pages'];
  app.get(
    '/seo_filter/',
    {
      schema: {
        summary: 'SEO filter pages (landing pages of saved filters)',
        tags: seoTags,
        querystring: listQuery.extend({ slug: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), seoSlug.optional()) }),
        response: reads(page(S.seoFilterPage)),
      },
    },
    async (request, reply) => {
      const pages = await catalogue.seoFilters(apiLocale(request));
      const slug = request.query.slug;
      return cached(reply).send(envelope(origin, request, slug ? pages.filter((p) => p.slug === slug) : pages, request.query));
    },
  );
  app.get(
    '/seo_filter/:slug/',
    {
      schema: {
        summary: 'One SEO filter page',
        tags: seoTags,
        params: z.object({ slug: seoSlug }),
        querystring: langQuery,
        response: reads(S.seoFilterPage, { notFound: true }),
      },
    },
    async (request, reply) => {
      const found = await catalogue.seoFilter(request.params.slug, apiLocale(request));
      return found ? cached(reply).send(found) : sendNotFound(reply, 'No SEO filter page with this slug.');
    },
  );

  app.get(
    '/recommendation_mobile/',
    {
      schema: {
        summary: 'Lots recommended to the mobile app',
        tags: ['Lots'],
        querystring: z.object({ lang, project: idList('Projects'), limit: limit(10) }),
        response: reads(page(R.lotCard)),
      },
    },
    async (request, reply) => {
      const { ids } = await catalogue.projectChoices();
      const bad = unknownChoices({ project: request.query.project }, { project: ids });
      if (bad) return sendBadRequest(reply, 'querystring', bad);
      const lots = await catalogue.recommendations(apiLocale(request), { project: request.query.project, limit: request.query.limit });
      return cached(reply).send({ count: lots.length, next: null, previous: null, results: lots });
    },
  );
}
