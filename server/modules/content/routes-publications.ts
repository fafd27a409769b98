import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOT_TYPES, type LotType } from '#core/catalogue/types.ts';
import { PUBLICATION_KINDS, PUBLICATION_SLUG_PATTERN, type PublicationKind } from '#core/content/publications.ts';
import { isId } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Services } from '../../services.ts';
import { envelope } from '../../http/api/envelope.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { facets, specItem } from '../catalogue/index.ts';
import { publicationCard, publicationDetail } from './responses-publications.ts';
import { choiceList, idList, lang, langQuery, limit, offset, page, reads, unknownChoices } from '../../http/api/schemas.ts';

/** Years a list may be filtered by: from 2000 to next year (read per request: a server outlives New Year). */
const years = () => Array.from({ length: new Date().getFullYear() - 2000 + 2 }, (_, i) => String(2000 + i));
const keyParam = (kind: PublicationKind) =>
  z.object({
    key: safeText()
      .refine(
        (key) => (kind === 'promo' ? isId(key) || PUBLICATION_SLUG_PATTERN.test(key) : PUBLICATION_SLUG_PATTERN.test(key)),
        kind === 'promo' ? 'Expected a promotion number or slug.' : 'Expected a slug of a-z, 0-9 and -.',
      )
      .describe(kind === 'promo' ? "The promotion's number or slug." : 'The slug.'),
  });

const WORDS: Record<PublicationKind, { many: string; one: string; tag: string }> = {
  promo: { many: 'Promotions', one: 'promotion', tag: 'Promotions' },
  news: { many: 'News', one: 'news item', tag: 'News' },
  massmedia: { many: 'Press mentions', one: 'press item', tag: 'Press' },
};

/**
 * Promotions, news and press mentions (spec §7 "/api/promo/, /api/news/, /api/massmedia/ each with specs/,
 * facets/ and single items by path"): lists as `{count,next,previous,results}` filtered by `project`,
 * `realty_types` and `year` (comma lists), the filter's specs and facets, and one item by number or slug.
 */
export default async function publicationsApi(base: FastifyInstance, opts: { services: Services; config: { siteOrigin: string } }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { publications, catalogue } = opts.services;
  const origin = opts.config.siteOrigin;
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

  const filter = z.object({
    lang,
    project: idList('Projects'),
    realty_types: choiceList(() => LOT_TYPES, `Kinds of lot the item is about: ${LOT_TYPES.join(', ')} (comma list)`),
    year: choiceList(years, 'Years of publication (comma list)'),
  });

  /** The query of a list, or null once a 400 naming an unknown project is sent. */
  async function readQuery(q: z.output<typeof filter>, reply: FastifyReply) {
    const { ids } = await catalogue.projectChoices();
    const bad = unknownChoices({ project: q.project }, { project: ids });
    if (bad) {
      sendBadRequest(reply, 'querystring', bad);
      return null;
    }
    return { project: q.project ?? [], realty_types: (q.realty_types ?? []) as LotType[], year: q.year ?? [] };
  }

  for (const kind of PUBLICATION_KINDS) {
    const words = WORDS[kind];
    const tags = [words.tag];
    app.get(
      `/${kind}/`,
      {
        schema: {
          summary: `${words.many}, newest first`,
          tags,
          querystring: filter.extend({ limit: limit(20), offset }),
          response: reads(page(publicationCard)),
        },
      },
      async (request, reply) => {
        const q = await readQuery(request.query, reply);
        if (!q) return reply;
        return cached(reply).send(envelope(origin, request, await publications.list(kind, apiLocale(request), q), request.query));
      },
    );

    app.get(
      `/${kind}/specs/`,
      { schema: { summary: `The filter items of ${words.many.toLowerCase()}`, tags, querystring: langQuery, response: reads(page(specItem)) } },
      async (request, reply) => {
        const specs = await publications.specs(kind, apiLocale(request));
        return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
      },
    );

    app.get(
      `/${kind}/facets/`,
      { schema: { summary: `What the filter of ${words.many.toLowerCase()} still offers, with counts`, tags, querystring: filter, response: reads(facets) } },
      async (request, reply) => {
        const q = await readQuery(request.query, reply);
        if (!q) return reply;
        return cached(reply).send(await publications.facets(kind, q));
      },
    );

    app.get(
      `/${kind}/:key/`,
      {
        schema: {
          summary: `One ${words.one}`,
          tags,
          params: keyParam(kind),
          querystring: langQuery,
          response: reads(publicationDetail, { notFound: true }),
        },
      },
      async (request, reply) => {
        const item = await publications.item(kind, request.params.key, apiLocale(request));
        return item ? cached(reply).send(item) : sendNotFound(reply, `No ${words.one} at this address.`);
      },
    );
  }
}
