import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_LIMIT, parseLotFilter, type LotFilterInput } from '#core/catalogue/filter.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import { advertisement, envelope, flag, idParam, lang, limit, offset, sendBadRequest } from './catalogue-query.ts';
import { sendNotFound } from './errors.ts';
import { apiLocale } from './locale.ts';

type Options = { services: Services; config: Config };

/**
 * The lot filter (`/api/filter/`, `specs/`, `facets/`) and commercial premises (spec §7). Filter state is
 * read by the one codec in core/catalogue/filter.ts; `lang` and `facets` are this API's own parameters.
 */
export default async function catalogueLotsApi(app: FastifyInstance, opts: Options) {
  const catalogue = opts.services.catalogue;
  const origin = opts.config.siteOrigin;
  const extras = z.object({ lang, facets: flag.optional() });
  const cached = (reply: FastifyReply, seconds = 30) => reply.header('cache-control', `public, max-age=${seconds}`);

  function readFilter(query: unknown, reply: FastifyReply) {
    const q = (query ?? {}) as Record<string, string | string[]>;
    const own = extras.safeParse(q);
    const parsed = parseLotFilter(q as LotFilterInput);
    const errors: Record<string, string[]> = parsed.ok ? {} : { ...parsed.errors };
    if (!own.success) for (const issue of own.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    if (Object.keys(errors).length || !parsed.ok || !own.success) {
      sendBadRequest(reply, errors);
      return null;
    }
    return { filter: parsed.filter, own: own.data };
  }

  /** `?facets=true` adds the facets to the page: one request per change of the filter screen. */
  app.get('/filter/', async (request, reply) => {
    const read = readFilter(request.query, reply);
    if (!read) return reply;
    const locale = apiLocale(request);
    const { page, facets } = await catalogue.search(read.filter, locale, read.own.facets === true);
    const link = (query: string | null) => {
      if (query === null) return null;
      const params = new URLSearchParams(query.slice(1));
      if (read.own.lang) params.set('lang', read.own.lang);
      if (read.own.facets !== undefined) params.set('facets', String(read.own.facets));
      return `${origin}/api/filter/?${params.toString()}`;
    };
    return cached(reply).send({ ...page, next: link(page.next), previous: link(page.previous), ...(facets ? { facets } : {}) });
  });

  app.get('/filter/specs/', async (request, reply) => {
    const q = z.object({ lang }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const specs = await catalogue.specs(apiLocale(request));
    return cached(reply, 60).send({ count: specs.length, next: null, previous: null, results: specs });
  });

  app.get('/filter/facets/', async (request, reply) => {
    const read = readFilter(request.query, reply);
    if (!read) return reply;
    return cached(reply).send(await catalogue.facets(read.filter, apiLocale(request)));
  });

  const listQuery = z.object({ lang, type_of_advertisement: advertisement, limit: limit(MAX_LIMIT), offset });

  /** Premises of a building still offered; type_of_advertisement=sale|rent narrows them. */
  app.get('/building/:id/commercial/', async (request, reply) => {
    const params = idParam.safeParse(request.params);
    if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
    const q = listQuery.safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const premises = await catalogue.commercialOf({ building: params.data.id }, q.data.type_of_advertisement, apiLocale(request));
    return premises ? cached(reply).send(envelope(origin, request, premises, q.data)) : sendNotFound(reply, 'No building with this id.');
  });

  /** The same premises in the first version's shape (a bare array, snake_case), kept for the older mobile app. */
  app.get('/building/:id/commercial_old/', async (request, reply) => {
    const params = idParam.safeParse(request.params);
    if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
    const q = z.object({ lang, type_of_advertisement: advertisement }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const premises = await catalogue.commercialOf({ building: params.data.id }, q.data.type_of_advertisement, apiLocale(request));
    if (!premises) return sendNotFound(reply, 'No building with this id.');
    return cached(reply).send(
      premises.map((p) => ({
        id: Number(p.id),
        number: p.number,
        floor: p.floor,
        area: p.area,
        price: p.price,
        price_per_m2: p.pricePerM2,
        status: p.status,
        purpose: p.commercial.purposeLabel,
        type_of_advertisement: p.commercial.advertisement,
        plan: p.plan.src,
        url: p.url,
      })),
    );
  });

  app.get('/floor/:id/commercial/', async (request, reply) => {
    const params = idParam.safeParse(request.params);
    if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
    const q = listQuery.safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const premises = await catalogue.commercialOf({ floor: params.data.id }, q.data.type_of_advertisement, apiLocale(request));
    return premises ? cached(reply).send(envelope(origin, request, premises, q.data)) : sendNotFound(reply, 'No floor with this id.');
  });

  app.get('/commercial/:id/', async (request, reply) => {
    const params = idParam.safeParse(request.params);
    if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
    const q = z.object({ lang }).safeParse(request.query ?? {});
    if (!q.success) return sendBadRequest(reply, q.error);
    const lot = await catalogue.lotById(params.data.id, apiLocale(request));
    return lot?.commercial ? cached(reply).send(lot) : sendNotFound(reply, 'No commercial premises with this id.');
  });
}
