import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadSchemas } from '#core/schemas/lead.ts';
import { validationMessage } from '#core/validation/messages.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Config } from '../../config.ts';
import { LeadStoreError } from '../leads/index.ts';
import type { Services } from '../../services.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { acceptFormBodies, sendOutcome } from '../../http/api/forms.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { codecReads } from '../../http/api/openapi.ts';
import * as R from './responses.ts';
import { idParam, langQuery, reads } from '../../http/api/schemas.ts';

const idempotency = z.looseObject({
  'idempotency-key': z.string().optional().describe('Repeat the same key to retry a bid safely: the same bid answers again.'),
});

/**
 * Auctions (issue #16, ADR 020): the informer (spec §7 `/api/auction_informer/s`, and `/api/auction_informer/`),
 * one auction, and bids. Reads are never cached by intermediaries for long: the best bid changes at any moment.
 */
export default async function auctionsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;
  acceptFormBodies(app);
  const tags = ['Auctions'];
  const read = { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } };

  const informer = {
    ...read,
    schema: {
      summary: 'Live auctions with the best bid, number of bids and end; scheduled ones; recently ended ones with their result (no bidder identity)',
      tags,
      querystring: langQuery,
      response: reads(R.auctionInformer),
    },
  };
  // The spec's path (§7) and the one every other list call has: the same answer.
  for (const path of ['/auction_informer/s', '/auction_informer/']) {
    app.get(path, informer, async (request, reply) => {
      const now = new Date();
      const lists = await services.auctions.lists(apiLocale(request), now);
      return reply.header('cache-control', 'no-cache').send({ now: now.toISOString(), ...lists });
    });
  }

  app.get(
    '/auction/:id/',
    { ...read, schema: { summary: 'One auction', tags, params: idParam, querystring: langQuery, response: reads(R.auctionOne, { notFound: true }) } },
    async (request, reply) => {
      const now = new Date();
      const found = await services.auctions.get(Number(request.params.id), apiLocale(request), now);
      return found
        ? reply.header('cache-control', 'no-cache').send({ now: now.toISOString(), auction: found })
        : sendNotFound(reply, 'No auction with this id.');
    },
  );

  app.post(
    '/auction/:id/bid/',
    {
      config: { rateLimit: { max: Math.max(30, config.LEADS_IP_LIMIT), timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: {
        summary: "Bid on an auction: the lead form's fields (name, phone, consent…) and `amount` in roubles; each accepted bid is a lead to the CRM",
        tags,
        params: idParam,
        headers: idempotency,
        body: leadSchemas.auction_bid.omit({ auction: true }),
        response: R.bidAnswers,
      },
      validatorCompiler: codecReads('body'),
    },
    async (request, reply) => {
      const locale = apiLocale(request);
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const key = request.headers['idempotency-key'];
      try {
        const outcome = await services.auctions.bid(Number(request.params.id), body, {
          locale,
          ip: request.ip,
          idempotencyKey: typeof key === 'string' ? key : null,
          source: 'api',
        });
        if (outcome.type === 'not_found') return sendNotFound(reply, 'No auction with this id.');
        reply.header('cache-control', 'no-store');
        if (outcome.type === 'accepted') {
          if (outcome.replayed) reply.header('idempotent-replayed', 'true');
          return reply.code(201).send({ ...outcome.answer, auction: outcome.auction ?? null });
        }
        if (outcome.type === 'invalid') {
          const errors = Object.fromEntries(
            Object.entries(outcome.errors).map(([field, codes]) => [field, codes.map((code) => validationMessage(code, locale, outcome.params))]),
          );
          // A refusal by the auction (409) carries its state now, so the form can show the new least bid.
          return reply
            .code(outcome.status)
            .send({ detail: CATALOGS[locale].forms.error.fix, errors, ...(outcome.status === 409 ? { auction: outcome.auction ?? null } : {}) });
        }
        return sendOutcome(reply, outcome, locale);
      } catch (error) {
        // Logged without the body: it carries personal data.
        services.leads.metrics.rejected.inc({ reason: 'error' });
        request.log.error({ err: error, kind: 'auction_bid' }, 'bid failed');
        if (error instanceof LeadStoreError && error.unavailable) reply.code(503).header('retry-after', '30');
        else reply.code(500);
        return reply.header('cache-control', 'no-store').send({ detail: `${CATALOGS[locale].forms.error.title}. ${CATALOGS[locale].forms.error.text}` });
      }
    },
  );
}
