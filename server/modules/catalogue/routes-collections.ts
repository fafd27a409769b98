import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LIMIT, ORDERINGS } from '#core/catalogue/filter.ts';
import { COLLECTION_SLUG } from '#core/content/collections.ts';
import { LANDING_SLUG } from '#core/content/landings.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { envelope, selfUrl } from '../../http/api/envelope.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { collectionDetail, collectionSummary, landing } from './responses-collections.ts';
import { lang, langQuery, limit, offset, page, reads } from '../../http/api/schemas.ts';

const SLUG_MESSAGE = 'Expected a slug of a-z, 0-9 and - (up to 64 characters)';
const slugParam = (pattern: RegExp, description: string) => z.object({ slug: safeText().regex(pattern, SLUG_MESSAGE).describe(description) });
const single = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);

/**
 * Curated collections (`/api/custom_collect/`, `/api/custom_collect/{slug}/`: their lots live from the catalogue's
 * index, in the lot filter's card shape) and the multilingual landings (`/api/multilingual_landing/{slug}/`; their
 * leads go to `POST /api/multilingual_landing/send_lead/`, server/modules/leads/routes.ts).
 */
export default async function collectionsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { collections, landings } = opts.services;
  const origin = opts.config.siteOrigin;
  const cached = (reply: FastifyReply, seconds = 30) => reply.header('cache-control', `public, max-age=${seconds}`);

  app.get(
    '/custom_collect/',
    {
      schema: {
        summary: 'Curated lot collections, each with the number of its lots on offer now',
        tags: ['Collections'],
        querystring: z.object({ lang, limit: limit(100, 100), offset }),
        response: reads(page(collectionSummary)),
      },
    },
    async (request, reply) => {
      const all = await collections.list(apiLocale(request));
      return cached(reply).send(envelope(origin, request, all, request.query));
    },
  );

  app.get(
    '/custom_collect/:slug/',
    {
      schema: {
        summary: 'One collection with a page of its lots',
        tags: ['Collections'],
        params: slugParam(COLLECTION_SLUG, 'The collection’s slug (its page is `/{slug}`).'),
        querystring: z.object({
          lang,
          limit: limit(DEFAULT_LIMIT),
          offset,
          ordering: z
            .preprocess(single, z.enum(ORDERINGS, { error: `Expected one of ${ORDERINGS.join(', ')}` }).optional())
            .describe('The lots’ order, as the lot filter takes it (default: the collection’s own, else recommended).'),
        }),
        response: reads(collectionDetail, { notFound: true }),
      },
    },
    async (request, reply) => {
      const { limit: size, offset: from, ordering } = request.query;
      const found = await collections.bySlug(request.params.slug, apiLocale(request), { limit: size, offset: from, ordering });
      if (!found) return sendNotFound(reply, 'No collection with this slug.');
      const link = (query: string | null) => {
        if (query === null) return null;
        const params = new URLSearchParams(request.url.split('?')[1] ?? '');
        for (const [key, value] of new URLSearchParams(query.slice(1))) params.set(key, value);
        if (!query.includes('offset=')) params.delete('offset');
        return selfUrl(origin, request, params);
      };
      return cached(reply).send({ ...found, lots: { ...found.lots, next: link(found.lots.next), previous: link(found.lots.previous) } });
    },
  );

  app.get(
    '/multilingual_landing/:slug/',
    {
      schema: {
        summary: 'A landing for foreign buyers, in the language asked for (else English)',
        tags: ['Multilingual landings'],
        params: slugParam(LANDING_SLUG, 'The landing’s slug (its page is `/{locale}/{slug}`).'),
        querystring: langQuery,
        response: reads(landing, { notFound: true }),
      },
    },
    async (request, reply) => {
      const found = await landings.best(request.params.slug, apiLocale(request));
      return found ? cached(reply, 60).send(found) : sendNotFound(reply, 'No landing with this slug.');
    },
  );
}
