import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import { apiError } from '../../http/api/schemas.ts';
import { sendNoEndpoint } from '../../http/api/guard.ts';
import { lotSale } from '../catalogue/index.ts';
import { documentDisposition, documentOf, readDocument } from './deals-documents.ts';
import { reservationCommitted } from './crm.ts';
import { changeStage, fanoutOf } from './deals-stages.ts';
import { reservationByToken } from './deals-token.ts';
import { checkDealSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './deals-webhook.ts';
import { DEAL_STAGES } from './schema.ts';

/** The largest webhook body read: a stage and a note are a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

const stageEvent = z
  .strictObject({
    eventId: safeText()
      .trim()
      .min(1)
      .max(200)
      .describe("The CRM's id of this event, unique per deal: a repeat of an id already applied answers 200 and changes nothing."),
    stage: z
      .enum(DEAL_STAGES)
      .describe('The stage the deal has reached; stages only go forward: reserved → contract_prepared → contract_signed → registered → keys.'),
    at: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date and time with its offset' }).describe('When the deal reached the stage.'),
    note: safeText().trim().max(2000).optional().describe('A note for the timeline (not shown to the buyer).'),
  })
  .meta({ id: 'DealStageEvent' });

const stageAnswer = z
  .strictObject({
    status: z
      .enum(['applied', 'duplicate', 'unchanged'])
      .describe('`duplicate`: this eventId was applied before; `unchanged`: the deal is at this stage already.'),
    stage: z.enum(DEAL_STAGES).nullable().describe("The deal's stage now (null for a duplicate)."),
  })
  .meta({ id: 'DealStageAnswer' });

const raws = new WeakMap<FastifyRequest, Buffer>();

/**
 * `POST /api/deals/{id}/events/`: the CRM tells a deal's stage (docs/guides/reservations.md "Deal tracker"). Signed
 * (deals-webhook.ts: HMAC-SHA256 of `X-Timestamp + "." + deal id + "." + raw body`), checked before the body is judged; the body is
 * read up to 16 KB. Without `DEALS_WEBHOOK_SECRET` every call is the API's 404 (no route offered), so the document
 * declares it whether or not this server has it on.
 */
export default async function dealsApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const secret = opts.config.DEALS_WEBHOOK_SECRET;
  const db = opts.services.database.db;
  const fanout = fanoutOf(opts.config);
  await base.register(async (scope) => {
    // The signature is over the bytes as sent: keep them, then parse.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (request, body, done) => {
      const bytes = body as Buffer;
      raws.set(request, bytes);
      if (!bytes.length) return done(null, undefined);
      try {
        done(null, JSON.parse(bytes.toString('utf8')) as unknown);
      } catch {
        done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/deals/:id/events/',
      {
        // Server to server: no CSRF or anti-bot token (a browser's Origin, if any, must be ours); the HMAC proves the sender.
        config: { rateLimit: { max: 300, timeWindow: '1 minute' }, signedLink: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        onRequest: async (request, reply) => {
          if (!secret) return sendNoEndpoint(request, reply);
        },
        preValidation: async (request, reply) => {
          const check = checkDealSignature(
            secret!,
            { signature: request.headers[SIGNATURE_HEADER], timestamp: request.headers[TIMESTAMP_HEADER] },
            String((request.params as { id?: unknown }).id ?? ''),
            raws.get(request) ?? Buffer.alloc(0),
            Date.now(),
          );
          if (!check.ok) return reply.code(401).header('cache-control', 'no-store').send({ detail: check.reason });
        },
        schema: {
          summary: "The CRM tells a deal's stage (signed webhook)",
          description:
            'Headers: `X-Timestamp` (Unix seconds, within 5 minutes of the server\'s clock) and `X-Signature: sha256=<hex>`, the HMAC-SHA256 under `DEALS_WEBHOOK_SECRET` of the bytes `X-Timestamp + "." + id + "." + body` (the path\'s deal id, the body exactly as sent). Idempotent by `eventId` per deal. Not offered (404) when the server has no `DEALS_WEBHOOK_SECRET`.',
          tags: ['Deals'],
          params: z.object({ id: safeText().max(64).describe("The deal's id (the reservation's UUID).") }),
          body: stageEvent,
          response: {
            200: stageAnswer,
            400: apiError.describe('`errors` names each bad field: eventId, stage, at, note.'),
            401: apiError.describe('X-Signature or X-Timestamp missing, wrong, or the timestamp too far from now.'),
            404: apiError.describe('No deal with this id, or the webhook is not configured.'),
            409: apiError.describe('`errors.stage`: the deal is past this stage already (a completed deal is at keys), or has no stages (not paid).'),
            413: apiError,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { eventId, stage, at, note } = request.body;
        const outcome = await db.transaction((tx) =>
          changeStage(tx, request.params.id, { stage, at: new Date(at), source: 'crm', externalId: eventId, note: note ?? null }, fanout, lotSale),
        );
        // The CRM's outbox delivers the stage now rather than at its next poll.
        if (outcome.status === 'applied') reservationCommitted(db);
        switch (outcome.status) {
          case 'not_found':
            return reply.code(404).send({ detail: 'No deal with this id.' });
          case 'backwards': {
            const message = `The deal is at ${outcome.current} already: a stage never goes back.`;
            return reply.code(409).send({ detail: message, errors: { stage: [message] } });
          }
          case 'not_reserved': {
            const message = `The deal has no stages: its reservation is ${outcome.state}.`;
            return reply.code(409).send({ detail: message, errors: { stage: [message] } });
          }
          case 'duplicate':
            return reply.send({ status: 'duplicate', stage: null });
          case 'unchanged':
            return reply.send({ status: 'unchanged', stage: outcome.row.dealStage });
          default:
            return reply.send({ status: 'applied', stage: outcome.after.dealStage });
        }
      },
    );
  });
}

/**
 * `GET /deal/{token}/documents/{id}`: a deal's document, to whoever holds the deal's token and no one else — never
 * kept by a browser or a proxy (`private, no-store`), offered under its title. A wrong or revoked token, or a
 * document of another deal, is the same 404. The path holds the token: the request log writes `/deal/[token]`.
 */
export function registerDealDocumentRoutes(app: FastifyInstance, { services, config }: { services: Services; config: Config }): void {
  const mediaDir = resolve(config.MEDIA_DIR);
  const db = services.database.db;
  app.get<{ Params: { token: string; id: string } }>(
    '/deal/:token/documents/:id',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      const notFound = () => reply.code(404).type('application/json; charset=utf-8').send({ detail: 'No such document.' });
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : null;
      if (id === null || id > 2_147_483_647) return notFound();
      const reservation = await reservationByToken(db, request.params.token);
      if (!reservation) return notFound();
      const document = await documentOf(db, reservation.id, id);
      if (!document) return notFound();
      const bytes = await readDocument(mediaDir, document.mediaKey);
      if (!bytes) return notFound();
      return reply
        .type('application/pdf')
        .header('content-disposition', documentDisposition(document.title))
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
