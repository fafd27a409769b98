import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sendNoEndpoint } from '../../../http/api/guard.ts';
import { apiError } from '../../../http/api/schemas.ts';
import type { Services } from '../../../services.ts';
import { fanoutOf } from '../../reservations/index.ts';
import { CrmAuthError, CrmRateLimitError } from '../adapter.ts';
import { applyDealState, DEAL_OUTCOMES } from '../inbound.ts';
import { createBitrix24Adapter, type Bitrix24Adapter } from './adapter.ts';
import { bitrix24Settings, stageTargetOf } from './settings.ts';

/** The largest body read: Bitrix24's event form is a few hundred bytes. */
const BODY_LIMIT = 16 * 1024;
const FORM = 'application/x-www-form-urlencoded';
/** The events that say a deal changed; any other is acknowledged and ignored. */
const DEAL_EVENTS = new Set(['ONCRMDEALUPDATE', 'ONCRMDEALADD']);

const answer = z
  .strictObject({
    outcome: z
      .enum([...DEAL_OUTCOMES, 'ignored'])
      .describe(
        "`applied`/`released` moved the buyer's deal; `duplicate` (this stage applied before), `unchanged`, `backwards`, `not_reserved` changed nothing; `unmapped` (a STAGE_ID the stage map does not name), `not_ours`, `not_found` had nothing to do; `ignored`: not a deal event.",
      ),
  })
  .meta({ id: 'Bitrix24EventAnswer' });

/** Whether `given` is the outgoing webhook's token: compared in constant time (digests of equal length). */
export function tokenMatches(given: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `POST /api/crm/bitrix24/events/`: the portal's outgoing webhook (docs/guides/crm.md "Back from Bitrix24"). The form's
 * `auth[application_token]` is compared with BITRIX24_OUTGOING_TOKEN in constant time before anything else is read
 * (401 without it, 403 wrong); then the deal named by `data[FIELDS][ID]` is read back (`crm.deal.get`) and its STAGE_ID
 * mapped by BITRIX24_STAGES and applied (inbound.ts): idempotent by deal and stage. Without the token or the adapter
 * every call is the API's 404.
 */
export default async function bitrix24Api(base: FastifyInstance, opts: { services: Services; config: Config; adapter?: Bitrix24Adapter }) {
  const settings = bitrix24Settings(opts.config);
  const token = settings?.outgoingToken ?? null;
  const adapter = opts.adapter ?? (settings ? createBitrix24Adapter(settings) : null);
  const db = opts.services.database.db;
  const fanout = fanoutOf(opts.config);
  // A deal moved or released here: this instance reads the data versions now, so the lot's pages follow at once.
  const changed = () => void opts.services.versions.check().catch(() => {});
  await base.register(async (scope) => {
    if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/crm/bitrix24/events/',
      {
        // Server to server: no CSRF or anti-bot token; the application token proves the sender.
        config: { rateLimit: { max: 300, timeWindow: '1 minute' }, signedLink: true },
        bodyLimit: BODY_LIMIT,
        onRequest: async (request, reply) => {
          if (!token || !adapter || !settings) return sendNoEndpoint(request, reply);
        },
        preValidation: async (request, reply) => {
          const given = (request.body as Record<string, unknown> | undefined)?.['auth[application_token]'];
          const field = 'auth[application_token]';
          if (typeof given !== 'string' || !given) {
            const message = "The outgoing webhook's application token is missing.";
            return reply
              .code(401)
              .header('cache-control', 'no-store')
              .send({ detail: message, errors: { [field]: [message] } });
          }
          if (!tokenMatches(given, token!)) {
            const message = "The application token is not this site's BITRIX24_OUTGOING_TOKEN.";
            return reply
              .code(403)
              .header('cache-control', 'no-store')
              .send({ detail: message, errors: { [field]: [message] } });
          }
        },
        schema: {
          summary: 'Bitrix24 tells a deal changed (outgoing webhook)',
          description:
            "Bitrix24's outgoing webhook form (`application/x-www-form-urlencoded`): `event=ONCRMDEALUPDATE`, `data[FIELDS][ID]`, `auth[application_token]` (BITRIX24_OUTGOING_TOKEN: 401 without, 403 wrong). Only the deal's id is read: the deal is read back through `crm.deal.get` and its STAGE_ID mapped by BITRIX24_STAGES to the deal tracker's stage or a release. Idempotent by deal and stage. Not offered (404) without BITRIX24_OUTGOING_TOKEN and BITRIX24_WEBHOOK_URL.",
          tags: ['CRM'],
          consumes: [FORM],
          body: z
            .record(z.string().max(200), z.string().max(2_000))
            .describe('The form fields as Bitrix24 names them: `event`, `data[FIELDS][ID]`, `auth[application_token]` (and `ts`, `auth[domain]`…).'),
          response: {
            200: answer,
            400: apiError.describe('`errors` names the bad field: `event` or `data[FIELDS][ID]`.'),
            401: apiError.describe('`errors.auth[application_token]`: missing.'),
            403: apiError.describe("`errors.auth[application_token]`: not this site's token."),
            404: apiError.describe('The webhook is not configured.'),
            413: apiError,
            415: apiError,
            503: apiError.describe("Bitrix24's API did not answer the read-back, or refused our webhook: post again later (Retry-After)."),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const form = request.body;
        const event = form.event;
        if (typeof event !== 'string' || !/^[A-Z_]{1,64}$/.test(event)) {
          const message = "Expected the event's name, such as ONCRMDEALUPDATE.";
          return reply.code(400).send({ detail: message, errors: { event: [message] } });
        }
        if (!DEAL_EVENTS.has(event)) return reply.send({ outcome: 'ignored' });
        const id = form['data[FIELDS][ID]'];
        if (typeof id !== 'string' || !/^[1-9]\d{0,17}$/.test(id)) {
          const message = "Expected the deal's id (digits).";
          return reply.code(400).send({ detail: message, errors: { 'data[FIELDS][ID]': [message] } });
        }
        try {
          const state = await adapter!.readDeal(id);
          const outcome = await applyDealState({ db, channel: 'bitrix24', fanout, stageOf: (code) => stageTargetOf(settings!.stages, code), changed }, state);
          // Ids and codes only: the deal's contents never reach the log.
          request.log.info({ deal: id, stage: state?.stageCode ?? null, outcome }, 'Bitrix24 deal event applied');
          return reply.send({ outcome });
        } catch (error) {
          request.log.warn({ deal: id, errorClass: error instanceof Error ? error.name : typeof error }, 'Bitrix24 deal event: read-back failed');
          const wait = error instanceof CrmRateLimitError ? Math.ceil(error.retryAfterMs / 1000) : 60;
          const detail =
            error instanceof CrmAuthError
              ? 'Bitrix24 refused our webhook: the deal could not be read back.'
              : "Bitrix24's API did not answer: the deal could not be read back.";
          return reply.code(503).header('retry-after', String(wait)).send({ detail });
        }
      },
    );
  });
}
