import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { libraryPicture } from '#core/image/media.ts';
import type { ImageSigner } from '#core/image/url.ts';
import { shownLogo } from '#core/content/home-blocks.ts';
import { catalogueFormat } from '#core/catalogue/format.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { programmeTerms } from '#core/purchase/terms.ts';
import { MORTGAGE_KINDS, type Bank } from '#core/purchase/types.ts';
import { idText } from '#core/schemas/id.ts';
import { pick } from '#core/schemas/localized.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import { createImageSigner } from '../images/index.ts';
import { createPurchaseCalls, type ListName, type Offer, type OfferScope } from './calls.ts';
import { BANK_LOGO_SIZE } from './logos.ts';
import { MORTGAGE_KIND_WORDS } from './words.ts';
import type { Services } from '../../services.ts';
import { envelope } from '../../http/api/envelope.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { facets, specItem } from '../catalogue/index.ts';
import * as R from './responses.ts';
import { choiceList, flag, lang, langQuery, limit, offset, page, reads } from '../../http/api/schemas.ts';

/** Repeated keys arrive as arrays; a single-valued parameter takes the last, as Django's QueryDict does. */
const single = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const numberIn = (min: number, max: number, { int = false, what = 'a number' } = {}) => {
  const message = `Expected ${what} from ${min} to ${max}`;
  const n = z.coerce.number({ error: message }).min(min, message).max(max, message);
  return z.preprocess(single, (int ? n.int(message) : n).optional());
};
const CATALOGUE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const BANK_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The scope every list, its facets and its initial values read. */
const scopeQuery = {
  lang,
  project: z
    .preprocess(single, safeText().regex(CATALOGUE_ID, 'Expected a project id.').optional())
    .describe('A catalogue project id; an unknown one gives empty results.'),
  realty_type: z
    .preprocess(single, z.enum(LOT_TYPES, { error: `Expected one of ${LOT_TYPES.join(', ')}` }).optional())
    .describe(`Kind of lot: ${LOT_TYPES.join(', ')}.`),
};
const bankQuery = {
  bank: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : v),
      safeText()
        .transform((v) => [
          ...new Set(
            v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ])
        .refine((ids) => ids.every((id) => BANK_ID.test(id)), 'Expected bank ids of a-z, 0-9, _ and -.')
        .optional(),
    )
    .describe('Banks (comma list of ids); an unknown one gives empty results.'),
};
const calculatorQuery = {
  price: numberIn(1, 1e11, { what: 'a price in roubles' }).describe('Roubles; without it, the median price of the lots on sale within the scope.'),
  down_payment: numberIn(0, 100, { what: 'a percentage' }).describe('Down payment, % of the price (default 20; each programme raises it to its minimum).'),
  term: numberIn(1, 600, { int: true, what: 'a whole number of months' }).describe(
    'Term in months (default 360; each programme cuts it to its longest: an instalment plan of 18 months is quoted at 18).',
  ),
};

const loanScope = z.object({
  ...scopeQuery,
  ...bankQuery,
  mortgage_kind: choiceList(() => MORTGAGE_KINDS, `Mortgage kinds: ${MORTGAGE_KINDS.join(', ')} (comma list)`),
});
const specialScope = z.object({ ...scopeQuery, ...bankQuery });
const installmentScope = z.object(scopeQuery);
type AnyScope = {
  project?: string | undefined;
  realty_type?: (typeof LOT_TYPES)[number] | undefined;
  bank?: string[] | undefined;
  mortgage_kind?: string[] | undefined;
  flat?: string | undefined;
};

const scopeOf = (q: AnyScope): OfferScope => ({
  project: q.project,
  realtyType: q.realty_type,
  bank: q.bank,
  mortgageKind: q.mortgage_kind?.filter((k): k is (typeof MORTGAGE_KINDS)[number] => (MORTGAGE_KINDS as readonly string[]).includes(k)),
  flat: q.flat,
});

/**
 * The purchase calls (spec §7): bank mortgage offers (`/api/new/loan_offer/`), the developer's instalment plans
 * (`/api/new/installment/`), special mortgage offers (`/api/special_mortgage_offer/`), each with `specs/`,
 * `facets/` and `initial_params/`, and the informer (`/api/purchase_informer/`). Only programmes in force today
 * (Moscow) appear; each offer is quoted with core/purchase's maths, lowest monthly payment first.
 */
export default async function purchaseApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { finance, catalogue } = opts.services;
  const { config } = opts;
  const calls = createPurchaseCalls(finance, catalogue);
  const sign: ImageSigner | undefined =
    config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=30');
  const tags = ['Purchase'];

  /** A bank's logo as the home page's partners show it: the media library's crop, focus point and alt text (issue #42). */
  function logoOf(b: Bank, locale: Locale): z.input<typeof R.bankLogo> | null {
    if (!b.logo) return null;
    const logo = libraryPicture({ src: b.logo, ...BANK_LOGO_SIZE }, b.logoLook, locale, pick(b.name, locale));
    return { src: b.logo, ...shownLogo(logo, sign) };
  }

  async function answerOf(offers: Offer[], locale: Locale): Promise<z.input<typeof R.financeOffer>[]> {
    const banks = await calls.banks();
    const t = translatorOf(locale);
    const money = catalogueFormat(locale, t).money;
    return offers.map(({ programme: p, payment, schedule }) => {
      const b = p.bankId ? banks.get(p.bankId) : undefined;
      return {
        id: p.id,
        kind: p.kind,
        name: pick(p.name, locale),
        conditions: pick(p.conditions, locale),
        terms: programmeTerms(p, t, locale, money),
        untilCompletion: p.untilCompletion,
        bank: b ? { id: b.id, name: pick(b.name, locale), logo: logoOf(b, locale) } : null,
        mortgageKind: p.mortgageKind,
        mortgageKindLabel: p.mortgageKind ? MORTGAGE_KIND_WORDS[p.mortgageKind][locale] : null,
        rate: p.rate,
        markup: p.markup,
        minDownPayment: p.minDownPayment,
        maxTermMonths: p.maxTermMonths,
        maxLoan: p.maxLoan,
        projects: p.projects,
        realtyTypes: p.lotTypes,
        namedLots: p.lots.length > 0,
        validFrom: p.validFrom,
        validTo: p.validTo,
        payment,
        ...(schedule ? { schedule } : {}),
      };
    });
  }

  const LISTS: { list: ListName; path: string; title: string; scope: z.ZodObject }[] = [
    { list: 'loan', path: '/new/loan_offer', title: 'Bank mortgage offers (programmes and special offers)', scope: loanScope },
    { list: 'installment', path: '/new/installment', title: "The developer's instalment plans", scope: installmentScope },
    { list: 'special', path: '/special_mortgage_offer', title: 'Special mortgage offers', scope: specialScope },
  ];

  for (const { list, path, title, scope } of LISTS) {
    const listQuery = scope.extend({
      ...calculatorQuery,
      flat: z
        .preprocess(single, safeText().regex(CATALOGUE_ID, 'Expected a lot id.').optional())
        .describe(
          'A lot id: only the programmes that finance it, each as offered for it (a plan until completion runs no longer than the months its building has left), quoted at its price unless `price` is given; an unknown lot gives none.',
        ),
      ...(list === 'installment' ? { schedule: flag.optional().describe('With `true`, each plan carries its month-by-month schedule.') } : {}),
      limit: limit(50),
      offset,
    });
    app.get(
      `${path}/`,
      {
        schema: {
          summary: `${title} that apply, each with its monthly payment, lowest first`,
          tags,
          querystring: listQuery,
          response: reads(page(R.financeOffer).extend({ quoted_at: R.quotedAt })),
        },
      },
      async (request, reply) => {
        const q = request.query as AnyScope & { price?: number; down_payment?: number; term?: number; schedule?: boolean; limit: number; offset: number };
        const { offers, quotedAt } = await calls.list(
          list,
          scopeOf(q),
          { price: q.price, downPayment: q.down_payment, term: q.term },
          { schedule: q.schedule === true },
        );
        const body = envelope(opts.config.siteOrigin, request, await answerOf(offers, apiLocale(request)), q);
        return cached(reply).send({ ...body, quoted_at: quotedAt });
      },
    );

    app.get(
      `${path}/specs/`,
      { schema: { summary: `The filter items of ${title.toLowerCase()}`, tags, querystring: langQuery, response: reads(page(specItem)) } },
      async (request, reply) => {
        const specs = await calls.specs(list, apiLocale(request));
        return cached(reply).send({ count: specs.length, next: null, previous: null, results: specs });
      },
    );

    app.get(
      `${path}/facets/`,
      {
        schema: {
          summary: `What the list of ${title.toLowerCase()} still offers, with counts, and the ranges of rate and monthly payment`,
          tags,
          querystring: scope.extend(calculatorQuery),
          response: reads(facets),
        },
      },
      async (request, reply) => {
        const q = request.query as AnyScope & { price?: number; down_payment?: number; term?: number };
        return cached(reply).send(await calls.facets(list, scopeOf(q), { price: q.price, downPayment: q.down_payment, term: q.term }));
      },
    );

    if (list === 'special') {
      app.get(
        `${path}/initial_params/`,
        {
          schema: {
            summary: "The special offers calculator's starting values: for one lot (`flat`), or for a project and kind",
            tags,
            querystring: scope.extend({
              flat: z
                .preprocess(single, idText('Expected a lot id.').optional())
                .describe('A lot id: the special offers that apply to it, at its price. An unknown lot gets none.'),
            }),
            response: reads(R.specialInitialParams),
          },
        },
        async (request, reply) => {
          const q = request.query as AnyScope & { flat?: string };
          const locale = apiLocale(request);
          if (q.flat) {
            const found = await calls.specialForLot(q.flat);
            return cached(reply).send({ ...found, offers: await answerOf(found.offers, locale) });
          }
          const found = await calls.initialParams(list, scopeOf(q));
          const { offers } = found.count ? await calls.list(list, scopeOf(q), {}) : { offers: [] };
          return cached(reply).send({ ...found, params: { ...found.params, flat: null }, offers: await answerOf(offers, locale) });
        },
      );
    } else {
      app.get(
        `${path}/initial_params/`,
        {
          schema: {
            summary: `The calculator's starting values (price, down payment, term) and bounds for a project and kind`,
            tags,
            querystring: scope,
            response: reads(R.initialParams),
          },
        },
        async (request, reply) => cached(reply).send(await calls.initialParams(list, scopeOf(request.query as AnyScope))),
      );
    }
  }

  app.get(
    '/purchase_informer/',
    {
      schema: {
        summary: 'The short informer a page shows: lowest rate, banks, lowest monthly payment',
        tags,
        querystring: installmentScope.extend({
          purchase_type: z
            .preprocess(single, z.enum(['mortgage', 'installment'], { error: 'Expected mortgage or installment' }).default('mortgage'))
            .describe('mortgage (bank programmes and special offers; the default) or installment.'),
        }),
        response: reads(R.purchaseInformer),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return cached(reply).send(await calls.informer(q.purchase_type, scopeOf(q), apiLocale(request)));
    },
  );
}
