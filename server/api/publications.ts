import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { PROMO_ID_PATTERN, PUBLICATION_KINDS, PUBLICATION_SLUG_PATTERN, type PublicationKind } from '#core/content/publications.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Services } from '../services/index.ts';
import { choiceList, envelope, lang, limit, offset, sendBadRequest } from './catalogue-query.ts';
import { sendNotFound } from './errors.ts';
import { apiLocale } from './locale.ts';

/** Years a list may be filtered by: from 2000 to next year (read per request: a server outlives New Year). */
const years = () => Array.from({ length: new Date().getFullYear() - 2000 + 2 }, (_, i) => String(2000 + i));
const keyParam = (kind: PublicationKind) =>
  z.object({
    key: safeText().refine(
      (key) => (kind === 'promo' ? PROMO_ID_PATTERN.test(key) || PUBLICATION_SLUG_PATTERN.test(key) : PUBLICATION_SLUG_PATTERN.test(key)),
      kind === 'promo' ? 'Expected a promotion number or slug.' : 'Expected a slug of a-z, 0-9 and -.',
    ),
  });

/**
 * Promotions, news and press mentions (spec §7 "/api/promo/, /api/news/, /api/massmedia/ each with specs/,
 * facets/ and single items by path"): lists as `{count,next,previous,results}` filtered by `project`,
 * `realty_types` and `year` (comma lists), the filter's specs and facets, and one item by number or slug.
 */
export default async function publicationsApi(app: FastifyInstance, opts: { services: Services; config: { siteOrigin: string } }) {
  const { publications, catalogue } = opts.services;
  const origin = opts.config.siteOrigin;
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

  async function filterQuery(request: FastifyRequest, reply: FastifyReply, withPage: boolean) {
    const { ids } = await catalogue.projectChoices();
    const schema = z.object({
      lang,
      project: choiceList(() => ids),
      realty_types: choiceList(() => LOT_TYPES),
      year: choiceList(years),
      ...(withPage ? { limit: limit(20), offset } : {}),
    });
    const q = schema.safeParse(request.query ?? {});
    if (!q.success) {
      sendBadRequest(reply, q.error);
      return null;
    }
    const { project = [], realty_types = [], year = [] } = q.data;
    return { query: { project, realty_types: realty_types as (typeof LOT_TYPES)[number][], year }, page: q.data as { limit: number; offset: number } };
  }

  for (const kind of PUBLICATION_KINDS) {
    app.get(`/${kind}/`, async (request, reply) => {
      const q = await filterQuery(request, reply, true);
      if (!q) return reply;
      return cached(reply).send(envelope(origin, request, await publications.list(kind, apiLocale(request), q.query), q.page));
    });

    app.get(`/${kind}/specs/`, async (request, reply) => {
      const q = z.object({ lang }).safeParse(request.query ?? {});
      if (!q.success) return sendBadRequest(reply, q.error);
      const specs = await publications.specs(kind, apiLocale(request));
      return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
    });

    app.get(`/${kind}/facets/`, async (request, reply) => {
      const q = await filterQuery(request, reply, false);
      if (!q) return reply;
      return cached(reply).send(await publications.facets(kind, q.query));
    });

    app.get(`/${kind}/:key/`, async (request, reply) => {
      const params = keyParam(kind).safeParse(request.params);
      if (!params.success) return sendBadRequest(reply, params.error, 'path parameters');
      const q = z.object({ lang }).safeParse(request.query ?? {});
      if (!q.success) return sendBadRequest(reply, q.error);
      const item = await publications.item(kind, params.data.key, apiLocale(request));
      return item
        ? cached(reply).send(item)
        : sendNotFound(reply, `No ${kind === 'massmedia' ? 'press item' : kind === 'promo' ? 'promotion' : 'news item'} at this address.`);
    });
  }
}
