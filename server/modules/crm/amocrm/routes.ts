import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sendNoEndpoint } from '../../../http/api/guard.ts';
import { apiError } from '../../../http/api/schemas.ts';
import type { Services } from '../../../services.ts';
import { fanoutOf } from '../../reservations/index.ts';
import { CrmAuthError, CrmRateLimitError } from '../adapter.ts';
import { applyDealState, DEAL_OUTCOMES, type DealOutcome } from '../inbound.ts';
import { createAmoCrmAdapter, type AmoCrmAdapter } from './adapter.ts';
import { amoSettings } from './config.ts';
import { parseAmoWebhook, secretMatches, stageOfStatus } from './webhook.ts';

/** The largest webhook body read: amoCRM's form for a few deals is a few kilobytes. */
const BODY_LIMIT = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

const answer = z
  .strictObject({
    deals: z
      .array(z.strictObject({ id: z.number().int().describe("amoCRM's deal id."), outcome: z.enum(DEAL_OUTCOMES).describe('What the deal did here.') }))
      .describe(
        "Each deal the call named, read back through amoCRM's API: `applied`/`released` moved the buyer's deal; `duplicate` (this status applied before), `unchanged`, `backwards`, `not_reserved` changed nothing; `unmapped` (a status AMOCRM_STATUSES does not name), `not_ours`, `not_found` had nothing to do.",
      ),
  })
  .meta({ id: 'AmoCrmWebhookAnswer' });

/**
 * `POST /api/crm/amocrm/events/{secret}/`: amoCRM's webhook (docs/guides/crm.md "amoCRM"). The path's secret is
 * compared in constant time before anything else, and a wrong one answers as an unknown address (404: the path is no
 * oracle), as does every call while AMOCRM_WEBHOOK_SECRET or the adapter is unset. The account must be ours
 * (`account[subdomain]`). Each deal is then read back through the API and its status applied (../inbound.ts): the
 * webhook's own fields are never believed. amoCRM posts again what is not answered 2xx, so a deal with nothing to
 * do is 200 too; amoCRM's API failing is 503 (Retry-After), to be posted again.
 */
export default async function amocrmApi(base: FastifyInstance, opts: { services: Services; config: Config; adapter?: AmoCrmAdapter }) {
  const settings = amoSettings(opts.config);
  const secret = settings?.webhookSecret ?? null;
  const db = opts.services.database.db;
  const fanout = fanoutOf(opts.config);
  const adapter = opts.adapter ?? (settings ? createAmoCrmAdapter(settings) : null);
  await base.register(async (scope) => {
    if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/crm/amocrm/events/:secret/',
      {
        // Server to server: no CSRF or anti-bot token (a browser's Origin, if any, must be ours); the path's secret proves the sender.
        config: { rateLimit: { max: 300, timeWindow: '1 minute' }, signedLink: true },
        bodyLimit: BODY_LIMIT,
        onRequest: async (request, reply) => {
          const given = (request.params as { secret?: unknown }).secret;
          if (!secret || !settings || !adapter || typeof given !== 'string' || !secretMatches(given, secret)) return sendNoEndpoint(request, reply);
        },
        schema: {
          summary: "amoCRM tells a deal's status changed (webhook)",
          description:
            "amoCRM's webhook form (`application/x-www-form-urlencoded`): `leads[status][0][id]`, `leads[status][0][status_id]`, `leads[status][0][pipeline_id]` (and `leads[update][…]`), `account[subdomain]`. The path's last segment is AMOCRM_WEBHOOK_SECRET; a wrong secret, or a server without it, answers 404. Only the deal ids are read: each deal is read back through amoCRM's API and its status mapped by AMOCRM_STATUSES. Idempotent: a replay changes nothing.",
          tags: ['CRM'],
          consumes: [FORM],
          params: z.object({ secret: z.string().max(200).describe('AMOCRM_WEBHOOK_SECRET.') }),
          body: z
            .record(z.string().max(200), z.string().max(2_000))
            .describe('The form fields as amoCRM names them: `account[subdomain]` and at least one `leads[status][N][id]` or `leads[update][N][id]`.'),
          response: {
            200: answer,
            400: apiError.describe('`errors` names each bad field: `account[subdomain]`, `leads[status][N][id]`, `leads`.'),
            403: apiError.describe('`errors.account[subdomain]`: the call names another amoCRM account.'),
            404: apiError.describe('Wrong secret, or the webhook is not configured.'),
            413: apiError,
            415: apiError,
            503: apiError.describe("amoCRM's API did not answer the read-back, or refused our token: post again later (Retry-After)."),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = parseAmoWebhook(new URLSearchParams(request.body));
        if (!parsed.ok) return reply.code(400).send({ detail: 'The webhook form is not as amoCRM sends it.', errors: parsed.errors });
        if (parsed.webhook.subdomain !== settings!.subdomain) {
          const message = 'This is not the amoCRM account the site is connected to.';
          return reply.code(403).send({ detail: message, errors: { 'account[subdomain]': [message] } });
        }
        const deals: { id: number; outcome: DealOutcome }[] = [];
        const deps = {
          db,
          channel: 'amocrm' as const,
          fanout,
          stageOf: (code: string) => stageOfStatus(settings!.statuses, code),
          // A deal moved or released here: this instance reads the data versions now, so the lot's pages follow at once.
          changed: () => void opts.services.versions.check().catch(() => {}),
        };
        try {
          for (const id of parsed.webhook.dealIds) deals.push({ id, outcome: await applyDealState(deps, await adapter!.readDeal(String(id))) });
        } catch (error) {
          // Ids only: the deal's contents never reach the log.
          request.log.warn(
            { deals: parsed.webhook.dealIds, errorClass: error instanceof Error ? error.name : typeof error },
            'amoCRM webhook: read-back failed',
          );
          const wait = error instanceof CrmRateLimitError ? Math.ceil(error.retryAfterMs / 1000) : 60;
          const detail =
            error instanceof CrmAuthError
              ? 'amoCRM refused our token: the deal could not be read back.'
              : "amoCRM's API did not answer: the deal could not be read back.";
          return reply.code(503).header('retry-after', String(wait)).send({ detail });
        }
        request.log.info({ deals: deals.map((d) => `${d.id}:${d.outcome}`) }, 'amoCRM webhook applied');
        return reply.send({ deals });
      },
    );
  });
}
