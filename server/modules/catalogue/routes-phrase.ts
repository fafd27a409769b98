import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IGNORED_REASONS, PHRASE_MAX_LENGTH, parsePhrase } from '#core/catalogue/phrase/index.ts';
import type { Services } from '../../services.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { lang, reads } from '../../http/api/schemas.ts';

type Options = { services: Services };

/** A query's text: present, not blank, at most `PHRASE_MAX_LENGTH` characters. */
const q = z
  .string({ error: 'Expected the query text' })
  .trim()
  .min(1, { error: 'Expected the query text' })
  .max(PHRASE_MAX_LENGTH, { error: `Expected at most ${PHRASE_MAX_LENGTH} characters` })
  .describe(
    `What the buyer typed, in Russian, English or Chinese («двушка до 15 млн», "2BR under $200k", 两居室1500万以下); at most ${PHRASE_MAX_LENGTH} characters.`,
  );

const answer = z
  .object({
    query: z
      .string()
      .describe(
        'The canonical filter query string, without `?`: what /filter and /api/filter/ read (`rooms=2&price_max=15000000`); empty when nothing was understood.',
      ),
    filter: z
      .record(z.string(), z.union([z.array(z.string()), z.number(), z.boolean()]))
      .describe('The same filter as an object: choices as arrays, ranges as `{name}_min`/`{name}_max` numbers, flags as true.'),
    understood: z
      .array(
        z.object({
          text: z.string().describe('The words as the buyer wrote them.'),
          param: z.string().describe('The filter parameters they gave: `rooms=2`, `area_min=60&area_max=80`.'),
        }),
      )
      .describe('Each understood part of the text, in the text’s order.'),
    ignored: z
      .array(
        z.object({
          text: z.string(),
          reason: z
            .enum(IGNORED_REASONS)
            .describe(
              '`unknown`: no rule reads these words; `rates`: an amount in another currency while no Bank of Russia rate of the last three days is known (never guessed); `unsupported`: understood, but the filter has no such criterion (the top floor alone).',
            ),
        }),
      )
      .describe('The words not turned into the filter, in the text’s order: shown to the buyer as such, never dropped.'),
  })
  .meta({ id: 'PhraseParse' });

/**
 * Search as you'd say it (issue #41): `GET /api/filter/parse/?q=…&lang=ru|en|zh` turns a buyer's words into the lot
 * filter (core/catalogue/phrase). Amounts in dollars, euros, yuan or dirhams are converted at the Bank of Russia's
 * latest rate (the currency module), or reported as ignored when no fresh rate is known.
 */
export default async function phraseApi(base: FastifyInstance, opts: Options) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { catalogue, currency } = opts.services;

  app.get(
    '/filter/parse/',
    {
      schema: {
        summary: 'A buyer’s words as the lot filter',
        description:
          'Rooms («двушка», «евро-2», "2BR", 两居室), prices and monthly payments with units and currencies («до 15 млн», «от 300 тыс в месяц», "below $200k", 1500万以下), areas, floors, completion dates, finish, lot types, project and district names, discounts, layout features and views. The answer says what was understood and what was not.',
        tags: ['Lots'],
        querystring: z.object({ q, lang }),
        response: reads(answer),
      },
    },
    async (request, reply) => {
      const [vocabulary, rates] = await Promise.all([catalogue.phraseVocabulary(), currency.current()]);
      const result = parsePhrase(request.query.q, vocabulary, { lang: apiLocale(request), year: new Date().getUTCFullYear(), rates });
      // The same words give the same answer until the catalogue's names or the day's rates change.
      return reply.header('cache-control', 'public, max-age=60').send(result);
    },
  );
}
