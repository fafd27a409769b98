import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_LIMIT, PAGE_RULES, parseLotFilter, serializeLotFilter, type LotFilterInput } from '#core/catalogue/filter.ts';
import { readSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchText } from '#core/search/query.ts';
import { choiceHint, FILTER_ITEMS, ORDERINGS } from '#core/catalogue/filter-items.ts';
import { filterInRoubles } from '#core/currency/filter.ts';
import { CURRENCIES } from '#core/currency/rates.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { envelope } from '../../http/api/envelope.ts';
import { sendBadRequest, sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { codecReads } from '../../http/api/openapi.ts';
import * as R from './responses.ts';
import * as S from './responses-screens.ts';
import { searchLotPage } from './text-search.ts';
import { advertisement, flag, idParam, lang, langQuery, limit, offset, page, reads } from '../../http/api/schemas.ts';

type Options = { services: Services; config: Config };

/**
 * `?search=`: the site search's lots (the footer's search, spec §7 "footer search limit=200"; core/search/query.ts):
 * a lot's number as its page shows it, with words of its project's name or kind.
 */
const search = searchText
  .optional()
  .describe(
    `The lots the site search finds among the filter's: a lot's number («22», «№ 22»), with words of its project's name or kind («Linden 22»); the same number first, then the numbers that begin with it. ${SEARCH_MIN_LENGTH}–${SEARCH_MAX_LENGTH} characters, or a number. The facets stay the filter's.`,
  );

/**
 * The lot filter's query parameters as the OpenAPI document shows them, written from the filter's items
 * (core/catalogue/filter-items.ts): the codec reads the query (`codecReads`), this only describes it.
 */
function lotFilterQuery() {
  const shape: Record<string, z.ZodType> = { lang, facets: flag.optional().describe('Add the facets of this filter to the page.'), search };
  for (const item of FILTER_ITEMS) {
    if (item.kind === 'choice')
      shape[item.name] = z
        .string()
        .optional()
        .describe(`Comma list: ${choiceHint(item)}`);
    else if (item.kind === 'flag') shape[item.name] = z.enum(['true', 'false', '1', '0']).optional();
    else for (const end of ['min', 'max']) shape[`${item.name}_${end}`] = (item.whole ? z.number().int() : z.number()).min(item.min).max(item.max).optional();
    if ('currencies' in item)
      shape.currency = z
        .enum(CURRENCIES)
        .optional()
        .describe(
          `The currency ${item.name}_min and ${item.name}_max are in (none: roubles), converted at the Bank of Russia's official rate of the day; refused (400) when no rate of the last three days is stored.`,
        );
  }
  shape.ordering = z.enum(ORDERINGS).optional();
  for (const [key, rule] of Object.entries(PAGE_RULES)) shape[key] = z.number().int().min(rule.min).max(rule.max).optional();
  return z.object(shape);
}

/**
 * The lot filter (`/api/filter/`, `specs/`, `facets/`) and commercial premises (spec §7). Filter state is
 * read by the one codec in core/catalogue/filter.ts; `lang` and `facets` are this API's own parameters.
 */
export default async function catalogueLotsApi(base: FastifyInstance, opts: Options) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const catalogue = opts.services.catalogue;
  const origin = opts.config.siteOrigin;
  const extras = z.object({ lang, facets: flag.optional(), search });
  const cached = (reply: FastifyReply, seconds = 30) => reply.header('cache-control', `public, max-age=${seconds}`);
  const filterQuery = lotFilterQuery();
  const tags = ['Lots'];

  async function readFilter(query: unknown, reply: FastifyReply) {
    const q = (query ?? {}) as Record<string, string | string[]>;
    const own = extras.safeParse(q);
    const parsed = parseLotFilter(q as LotFilterInput);
    const errors: Record<string, string[]> = parsed.ok ? {} : { ...parsed.errors };
    if (!own.success) for (const issue of own.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    if (Object.keys(errors).length || !parsed.ok || !own.success) {
      sendBadRequest(reply, 'querystring', errors);
      return null;
    }
    // A search that is not one (too short, nothing but punctuation) is refused naming the field, as a bad filter value is.
    const text = own.data.search === undefined ? null : readSearchQuery(own.data.search);
    if (text && text.state !== 'ready') {
      sendBadRequest(reply, 'querystring', { search: [`Expected a lot number or at least ${SEARCH_MIN_LENGTH} characters`] });
      return null;
    }
    // Price bounds in another currency (ADR 037): converted to roubles at the day's rate, or refused without one.
    const inRoubles = filterInRoubles(parsed.filter, parsed.filter.currency ? await opts.services.currency.current() : null);
    if (inRoubles.unconverted) {
      sendBadRequest(reply, 'querystring', { currency: ['No Bank of Russia rate of the last three days: give the price in roubles'] });
      return null;
    }
    return { filter: inRoubles.filter, asked: parsed.filter, own: own.data, text };
  }

  /** `?facets=true` adds the facets to the page: one request per change of the filter screen. */
  app.get(
    '/filter/',
    {
      schema: {
        summary: 'Lots matching the filter, a page at a time',
        tags,
        querystring: filterQuery,
        response: reads(page(R.lotCard).extend({ facets: S.facets.optional() })),
      },
      validatorCompiler: codecReads('querystring'),
    },
    async (request, reply) => {
      const read = await readFilter(request.query, reply);
      if (!read) return reply;
      const locale = apiLocale(request);
      const searched = read.text ? searchLotPage(await catalogue.state(), read.filter, read.text, locale) : null;
      const { page: filtered, facets } =
        searched && read.own.facets !== true ? { page: searched, facets: null } : await catalogue.search(read.filter, locale, read.own.facets === true);
      const found = searched ?? filtered;
      const link = (query: string | null) => {
        if (query === null) return null;
        let params = new URLSearchParams(query.slice(1));
        // The next page in the currency asked for, as this one was (the page was found with the bounds in roubles).
        if (read.asked.currency) params = serializeLotFilter({ ...read.asked, offset: Number(params.get('offset') ?? 0) || undefined });
        if (read.own.lang) params.set('lang', read.own.lang);
        if (read.own.search !== undefined) params.set('search', read.own.search);
        if (read.own.facets !== undefined) params.set('facets', String(read.own.facets));
        return `${origin}/api/filter/?${params.toString()}`;
      };
      return cached(reply).send({ ...found, next: link(found.next), previous: link(found.previous), ...(facets ? { facets } : {}) });
    },
  );

  app.get(
    '/filter/specs/',
    { schema: { summary: 'The items of the lot filter, with their choices and bounds', tags, querystring: langQuery, response: reads(page(S.specItem)) } },
    async (request, reply) => {
      const specs = await catalogue.specs(apiLocale(request));
      return cached(reply, 60).send({ count: specs.length, next: null, previous: null, results: specs });
    },
  );

  app.get(
    '/filter/facets/',
    {
      schema: { summary: 'What the lot filter still offers, with counts', tags, querystring: filterQuery, response: reads(S.facets) },
      validatorCompiler: codecReads('querystring'),
    },
    async (request, reply) => {
      const read = await readFilter(request.query, reply);
      if (!read) return reply;
      return cached(reply).send(await catalogue.facets(read.filter, apiLocale(request)));
    },
  );

  const listQuery = z.object({ lang, type_of_advertisement: advertisement, limit: limit(MAX_LIMIT), offset });
  const premisesTags = ['Commercial premises'];

  /** Premises of a building still offered; type_of_advertisement=sale|rent narrows them. */
  app.get(
    '/building/:id/commercial/',
    {
      schema: {
        summary: 'Commercial premises of a building still offered',
        tags: premisesTags,
        params: idParam,
        querystring: listQuery,
        response: reads(page(R.commercialCard), { notFound: true }),
      },
    },
    async (request, reply) => {
      const premises = await catalogue.commercialOf({ building: request.params.id }, request.query.type_of_advertisement, apiLocale(request));
      return premises ? cached(reply).send(envelope(origin, request, premises, request.query)) : sendNotFound(reply, 'No building with this id.');
    },
  );

  /** One lot with everything its page shows: its figures, features, plan, similar lots, and its sun and views (issue #41). */
  app.get(
    '/lot/:id/',
    {
      schema: {
        summary: 'One lot with everything its page shows',
        description:
          "Any lot by id (a flat, a parking space, a storage room or premises), in the asked language. `sun` gives the minutes of direct sun on its windows on 21 March, 22 June and 22 December with shading by the project's and the neighbouring buildings, and whether it meets the insolation norm (SanPiN 1.2.3685-21); `windowViews` what each window side looks at.",
        tags,
        params: idParam,
        querystring: langQuery,
        response: reads(R.lotDetail, { notFound: true }),
      },
    },
    async (request, reply) => {
      const lot = await catalogue.lotById(request.params.id, apiLocale(request));
      return lot ? cached(reply).send(lot) : sendNotFound(reply, 'No lot with this id.');
    },
  );

  /** A lot's recorded prices and statuses (ADR 019): what the lot page's chart and table show. */
  app.get(
    '/lot/:id/price_history/',
    {
      schema: {
        summary: "A lot's price and status history",
        description:
          'Every recorded change of the price or the status, oldest first, with the 30-day drop the cards show. A row is recorded when a catalogue change (an import) leaves the lot with another price or status.',
        tags,
        params: idParam,
        response: reads(R.priceHistory, { notFound: true }),
      },
    },
    async (request, reply) => {
      const history = await catalogue.priceHistory(request.params.id);
      return history ? cached(reply).send(history) : sendNotFound(reply, 'No lot with this id.');
    },
  );

  /** The same premises in the first version's shape (a bare array, snake_case), kept for the older mobile app. */
  app.get(
    '/building/:id/commercial_old/',
    {
      schema: {
        summary: "Commercial premises of a building, in the first version's shape (older mobile app)",
        tags: premisesTags,
        params: idParam,
        querystring: z.object({ lang, type_of_advertisement: advertisement }),
        response: reads(R.commercialOld, { notFound: true }),
      },
    },
    async (request, reply) => {
      const premises = await catalogue.commercialOf({ building: request.params.id }, request.query.type_of_advertisement, apiLocale(request));
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
    },
  );

  app.get(
    '/floor/:id/commercial/',
    {
      schema: {
        summary: 'Commercial premises of a floor still offered',
        tags: premisesTags,
        params: idParam,
        querystring: listQuery,
        response: reads(page(R.commercialCard), { notFound: true }),
      },
    },
    async (request, reply) => {
      const premises = await catalogue.commercialOf({ floor: request.params.id }, request.query.type_of_advertisement, apiLocale(request));
      return premises ? cached(reply).send(envelope(origin, request, premises, request.query)) : sendNotFound(reply, 'No floor with this id.');
    },
  );

  app.get(
    '/commercial/:id/',
    {
      schema: {
        summary: 'One commercial premises with everything its page shows',
        tags: premisesTags,
        params: idParam,
        querystring: langQuery,
        response: reads(R.lotDetail, { notFound: true }),
      },
    },
    async (request, reply) => {
      const lot = await catalogue.lotById(request.params.id, apiLocale(request));
      return lot?.commercial ? cached(reply).send(lot) : sendNotFound(reply, 'No commercial premises with this id.');
    },
  );
}
