import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_LIMIT } from '#core/catalogue/filter.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import type { ProjectNode } from '../services/catalogue/snapshot.ts';
import { advertisement, choiceList, envelope, flag, idParam, lang, limit, offset, sendBadRequest } from './catalogue-query.ts';
import catalogueLotsApi from './catalogue-lots.ts';
import { sendNotFound } from './errors.ts';
import { apiLocale } from './locale.ts';

type Options = { services: Services; config: Config };

/**
 * The catalogue's projects (spec §7): `/api/project/{id}/` and its sub-resources, the project filter,
 * construction progress, SEO filter pages and the mobile app's recommendations. Lots, the lot filter and
 * commercial premises are in catalogue-lots.ts.
 */
export default async function catalogueApi(app: FastifyInstance, opts: Options) {
  const catalogue = opts.services.catalogue;
  const origin = opts.config.siteOrigin;
  app.addHook('onClose', async () => catalogue.stop());
  await app.register(catalogueLotsApi, opts);

  const listQuery = z.object({ lang, limit: limit(MAX_LIMIT), offset });
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=30');

  /** GET `path` for one project; `answer` gets the project node, the language and the parsed query. */
  function projectRoute<Q extends z.ZodType>(
    paths: string[],
    query: Q,
    answer: (p: ProjectNode, locale: Locale, q: z.infer<Q>, request: FastifyRequest) => Promise<unknown>,
  ): void {
    for (const path of paths) {
      app.get(path, async (request, reply) => {
        const params = idParam.safeParse(request.params);
        if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
        const q = query.safeParse(request.query ?? {});
        if (!q.success) return sendBadRequest(reply, q.error);
        const shared = (q.data as { shared?: boolean }).shared;
        const project = await catalogue.projectNode(params.data.id, shared ? { shared } : undefined);
        if (!project) return sendNotFound(reply, 'No project with this id.');
        const body = await answer(project, apiLocale(request), q.data, request);
        return body === null ? sendNotFound(reply, 'No project with this id.') : cached(reply).send(body);
      });
    }
  }

  // The project page as a whole; `shared=true` is how /shared-projects/{id} asks (only shared projects answer).
  projectRoute(['/project/:id/'], z.object({ lang, shared: flag.optional() }), (p, locale, q) =>
    catalogue.project(String(p.id), locale, q.shared ? { shared: true } : undefined),
  );

  projectRoute(['/project/:id/about/'], z.object({ lang }), async (p, locale) => {
    const detail = await catalogue.project(String(p.id), locale);
    return (
      detail && {
        id: detail.id,
        name: detail.name,
        tagline: detail.tagline,
        description: detail.description,
        about: detail.about,
        advantages: detail.advantages,
        indicators: detail.indicators,
        renderVsPhoto: detail.renderVsPhoto,
        presentationUrl: detail.presentationUrl,
      }
    );
  });

  const listOf =
    <K extends 'infrastructure' | 'gallery' | 'offices' | 'purchaseInfo'>(key: K) =>
    async (p: ProjectNode, locale: Locale, q: { limit: number; offset: number }, request: FastifyRequest) => {
      const detail = await catalogue.project(String(p.id), locale);
      return detail && envelope(origin, request, detail[key] as unknown[], q);
    };
  projectRoute(['/project/:id/infra/'], listQuery, listOf('infrastructure'));
  // The spec writes `gallery` without a slash: both forms answer.
  projectRoute(['/project/:id/gallery/', '/project/:id/gallery'], listQuery, listOf('gallery'));
  projectRoute(['/project/:id/offices/'], listQuery, listOf('offices'));
  projectRoute(['/project/:id/purchase_info/'], listQuery, async (p, locale, q, request) => {
    const list = await listOf('purchaseInfo')(p, locale, q, request);
    const rate = (await opts.services.settings.get(locale)).minMortgageRate ?? 0;
    return list && { ...list, min_mortgage_rate: rate };
  });

  // type_of_advertisement=sale|rent keeps only buildings with premises offered that way (the commercial screens' list).
  projectRoute(['/project/:id/buildings/'], listQuery.extend({ type_of_advertisement: advertisement }), async (p, locale, q, request) => {
    const cards = await catalogue.buildings(String(p.id), locale, q.type_of_advertisement);
    return cards && envelope(origin, request, cards, q);
  });

  projectRoute(['/project/:id/state/'], z.object({ lang }), (p, locale) => catalogue.projectState(String(p.id), locale));
  projectRoute(['/project/:id/progress/'], listQuery, async (p, locale, q, request) =>
    envelope(origin, request, await catalogue.progress([String(p.id)], locale), q),
  );
  projectRoute(['/project/:id/progress3d/'], z.object({ lang }), (p, locale) => catalogue.progress3d(String(p.id), locale));
  projectRoute(['/project/:id/info_mobile/'], z.object({ lang }), (p, locale) => catalogue.infoMobile(String(p.id), locale));

  app.get('/progress/', async (request, reply) => {
    const { ids } = await catalogue.projectChoices();
    const q = listQuery.extend({ project: choiceList(() => ids) }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    return cached(reply).send(envelope(origin, request, await catalogue.progress(q.data.project, apiLocale(request)), q.data));
  });

  // The project filter. The spec writes these three without a trailing slash: both forms answer.
  async function projectQuery(request: FastifyRequest, reply: FastifyReply, withPage: boolean) {
    const choices = await catalogue.projectChoices();
    const schema = z.object({
      lang,
      status: choiceList(() => choices.status),
      district: choiceList(() => choices.district),
      completion: choiceList(() => choices.completion),
      ...(withPage ? { limit: limit(MAX_LIMIT), offset } : {}),
    });
    const q = schema.safeParse(request.query ?? {});
    if (!q.success) {
      sendBadRequest(reply, q.error);
      return null;
    }
    return q.data as z.infer<typeof schema> & { limit: number; offset: number };
  }
  for (const path of ['/project/filter', '/project/filter/']) {
    app.get(path, async (request, reply) => {
      const q = await projectQuery(request, reply, true);
      if (!q) return reply;
      const cards = await catalogue.projects(apiLocale(request), { status: q.status, district: q.district, completion: q.completion });
      return cached(reply).send(envelope(origin, request, cards, q));
    });
  }
  for (const path of ['/project/filter_specs', '/project/filter_specs/']) {
    app.get(path, async (request, reply) => {
      const q = z.object({ lang }).safeParse(request.query ?? {});
      if (!q.success) return sendBadRequest(reply, q.error);
      const specs = await catalogue.projectSpecs(apiLocale(request));
      return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
    });
  }
  for (const path of ['/project/filter_facets', '/project/filter_facets/']) {
    app.get(path, async (request, reply) => {
      const q = await projectQuery(request, reply, false);
      if (!q) return reply;
      return cached(reply).send(await catalogue.projectFacets({ status: q.status, district: q.district, completion: q.completion }));
    });
  }

  // SEO filter pages: the list, or one by ?slug= or by path.
  const seoSlug = safeText().regex(/^[a-z0-9-]{1,100}$/, 'Expected a slug of a-z, 0-9 and -');
  app.get('/seo_filter/', async (request, reply) => {
    const q = listQuery
      .extend({
        slug: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), seoSlug.optional()),
      })
      .safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const pages = await catalogue.seoFilters(apiLocale(request));
    return cached(reply).send(envelope(origin, request, q.data.slug ? pages.filter((p) => p.slug === q.data.slug) : pages, q.data));
  });
  app.get('/seo_filter/:slug/', async (request, reply) => {
    const params = z.object({ slug: seoSlug }).safeParse(request.params);
    if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
    const q = z.object({ lang }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const page = await catalogue.seoFilter(params.data.slug, apiLocale(request));
    return page ? cached(reply).send(page) : sendNotFound(reply, 'No SEO filter page with this slug.');
  });

  app.get('/recommendation_mobile/', async (request, reply) => {
    const { ids } = await catalogue.projectChoices();
    const q = z.object({ lang, project: choiceList(() => ids), limit: limit(10) }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const lots = await catalogue.recommendations(apiLocale(request), { project: q.data.project, limit: q.data.limit });
    return cached(reply).send({ count: lots.length, next: null, previous: null, results: lots });
  });
}
