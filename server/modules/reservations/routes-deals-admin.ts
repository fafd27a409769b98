import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLocaleFromCookie } from '#core/admin/roles.ts';
import ruWords from '#core/i18n/catalogs/admin/reservations-ru.ts';
import enWords from '#core/i18n/catalogs/admin/reservations-en.ts';
import { formatMessage as fill } from '#core/i18n/message-format.ts';
import { FINANCE_ID } from '#core/purchase/schemas.ts';
import { safeText } from '#core/schemas/text.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { apiError } from '../../http/api/schemas.ts';
import { noStore, requireStaff, type StaffApiOptions } from '../../http/api/guard.ts';
import { createDealActions, type ActionResult } from './admin-actions.ts';
import { createProgrammeAction } from './admin-programme.ts';
import { fanoutOf } from './deals-stages.ts';
import { createDealReader } from './admin-desk.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB, DOCUMENT_TYPE, isPdf } from './deals-documents.ts';
import { dealMailSender } from './deals-mail.ts';
import { reservationCommitted } from './crm.ts';
import { paymentFlowFor } from './flow.ts';
import { lotProgrammesOf } from './programmes.ts';
import { DEAL_STAGES, RESERVATION_STATES, type ReservationRow } from './schema.ts';

const tags = ['Back office'];
const WORDS = { ru: ruWords, en: enWords } as const;
const wordsOf = (request: FastifyRequest) => WORDS[adminLocaleFromCookie(request.headers.cookie)];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const idParams = z.object({ id: safeText().regex(/^[0-9a-fA-F-]{36}$/, 'Not a reservation id.') });
const version = z.number().int().min(1).describe('The version of the reservation the member saw (a change since: 409).');
const reason = safeText().trim().min(1).max(500).describe('Why (kept in the timeline and the audit trail).');

const dealOut = z.strictObject({
  id: z.string(),
  state: z.enum(RESERVATION_STATES),
  dealStage: z.enum(DEAL_STAGES),
  endsAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refundStatus: z.string().nullable(),
  tokenRevokedAt: z.string().nullable(),
  programmeId: z.string().nullable(),
  version: z.number(),
});
const dealOf = (row: ReservationRow): z.infer<typeof dealOut> => ({
  id: row.id,
  state: row.state,
  dealStage: row.dealStage,
  endsAt: iso(row.endsAt),
  canceledAt: iso(row.canceledAt),
  refundStatus: row.refundStatus,
  tokenRevokedAt: iso(row.tokenRevokedAt),
  programmeId: row.programmeId,
  version: row.version,
});
const listItem = z.strictObject({
  id: z.string(),
  lotId: z.number(),
  lotNumber: z.string().nullable(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  state: z.enum(RESERVATION_STATES),
  stage: z.enum(DEAL_STAGES),
  amountKopecks: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  holdExpiresAt: z.string(),
});
const errors = { 400: apiError, 403: apiError, 404: apiError, 409: apiError };

/**
 * The back office's reservations (issue #39, docs/guides/reservations.md "Deal tracker"): any member reads the list and
 * a deal (its buyer's contact for sales and administrators only, audited); sales and administrators act on it —
 * extend, cancel (with or without the refund), set a stage or the finance programme, attach a PDF, revoke and reissue
 * the buyer's link — each CSRF-checked like every unsafe API call and recorded in the audit trail (admin-actions.ts,
 * admin-programme.ts).
 */
export default async function dealsDeskApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services, config } = opts;
  const db = services.database.db;
  const changed = () => {
    reservationCommitted(db);
    services.versions.check().catch((error: unknown) => app.log.warn({ err: error }, 'data versions check after a reservation change failed'));
  };
  const reader = createDealReader(db);
  const actions = createDealActions({
    db,
    fanout: fanoutOf(config),
    mediaDir: resolve(config.MEDIA_DIR),
    flow: paymentFlowFor(config, { db, log: app.log, changed }),
    mail: {
      db,
      sender: dealMailSender(config),
      site: { origin: config.siteOrigin, strategy: config.LOCALE_STRATEGY },
      secret: config.ADMIN_SECRET,
      log: app.log,
    },
    changed,
  });
  const setProgramme = createProgrammeAction({ db, fanout: fanoutOf(config), programmes: lotProgrammesOf(services), changed });
  const anyMember = requireStaff(opts.staff, 'any');
  const salesOnly = requireStaff(opts.staff, 'leads');

  /** An action's answer: the deal, a refusal in the member's words naming its field, or the 404. */
  function answer<T>(request: FastifyRequest, reply: FastifyReply, result: ActionResult<T>, ok: (value: T) => unknown) {
    noStore(reply);
    if (result.ok) return reply.send(ok(result.value));
    if (!result.refusal) return sendNotFound(reply, 'No reservation with this id.');
    const message = fill(wordsOf(request).errors[result.refusal.code], {});
    return reply.code(result.refusal.status).send({ detail: message, errors: { [result.refusal.field]: [message] } });
  }

  app.get(
    '/reservations/',
    {
      onRequest: anyMember,
      schema: {
        hide: true,
        summary: 'Reservations, newest first (no personal data)',
        tags,
        querystring: z.object({
          state: z.enum(RESERVATION_STATES).optional(),
          project: z.coerce.number({ error: 'Expected a project id' }).int().min(1).max(2_147_483_647).optional(),
          page: z.coerce.number({ error: 'Expected a page number' }).int().min(1).max(100_000).default(1),
        }),
        response: { 200: z.strictObject({ count: z.number(), pages: z.number(), results: z.array(listItem) }), ...errors },
      },
    },
    async (request, reply) => {
      const { page, ...filter } = request.query;
      const found = await reader.list(filter, page);
      return noStore(reply).send({
        ...found,
        results: found.results.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          paidAt: iso(r.paidAt),
          endsAt: iso(r.endsAt),
          holdExpiresAt: r.holdExpiresAt.toISOString(),
        })),
      });
    },
  );

  app.get(
    '/reservations/:id/',
    {
      onRequest: anyMember,
      schema: {
        hide: true,
        summary: "A reservation with its timeline and documents (the buyer's contact for sales and admin, audited)",
        tags,
        params: idParams,
        response: {
          200: z.strictObject({
            reservation: z.record(z.string(), z.unknown()),
            buyer: z.strictObject({ name: z.string(), phone: z.string(), email: z.string() }).nullable(),
            events: z.array(z.record(z.string(), z.unknown())),
            documents: z.array(z.strictObject({ id: z.number(), title: z.string(), bytes: z.number(), createdAt: z.string() })),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const found = await reader.get(request.staff!, request.params.id);
      if (!found) return sendNotFound(noStore(reply), 'No reservation with this id.');
      return noStore(reply).send({
        reservation: JSON.parse(JSON.stringify(found.reservation)) as Record<string, unknown>,
        buyer: found.buyer,
        events: JSON.parse(JSON.stringify(found.events)) as Record<string, unknown>[],
        documents: found.documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
      });
    },
  );

  const write = { onRequest: salesOnly, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  app.post(
    '/reservations/:id/extend/',
    {
      ...write,
      schema: {
        hide: true,
        summary: 'Extend a paid reservation to a later end (audited)',
        tags,
        params: idParams,
        body: z.strictObject({ endsAt: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date and time' }), reason, version }),
        response: { 200: dealOut, ...errors },
      },
    },
    async (request, reply) => {
      const { endsAt, ...rest } = request.body;
      const result = await actions.extend(request.staff!, request.params.id, { ...rest, endsAt: new Date(endsAt) });
      return answer(request, reply, result, dealOf);
    },
  );

  app.post(
    '/reservations/:id/cancel/',
    {
      ...write,
      schema: {
        hide: true,
        summary: "Cancel a reservation, with or without the deposit's refund (audited)",
        tags,
        params: idParams,
        body: z.strictObject({ reason, refund: z.boolean(), version }),
        response: { 200: dealOut, ...errors },
      },
    },
    async (request, reply) => answer(request, reply, await actions.cancel(request.staff!, request.params.id, request.body), dealOf),
  );

  app.post(
    '/reservations/:id/stage/',
    {
      ...write,
      schema: {
        hide: true,
        summary: "Set a deal's stage (forward only; audited)",
        tags,
        params: idParams,
        body: z.strictObject({ stage: z.enum(DEAL_STAGES), version }),
        response: { 200: dealOut, ...errors },
      },
    },
    async (request, reply) => answer(request, reply, await actions.setStage(request.staff!, request.params.id, request.body), dealOf),
  );

  app.post(
    '/reservations/:id/programme/',
    {
      ...write,
      schema: {
        hide: true,
        summary: "Set the finance programme whose payment schedule the buyer's deal page shows, or none (audited)",
        tags,
        params: idParams,
        body: z.strictObject({
          programmeId: safeText()
            .regex(FINANCE_ID, 'Expected a finance programme id.')
            .nullable()
            .describe("A programme offered for the lot (the lot page's), or null: paid in full, or not decided."),
          version,
        }),
        response: { 200: dealOut, ...errors },
      },
    },
    async (request, reply) => {
      const result = await setProgramme(request.staff!, request.params.id, request.body);
      noStore(reply);
      if (result.ok) return reply.send(dealOf(result.value));
      if (!result.refusal) return sendNotFound(reply, 'No reservation with this id.');
      const message = fill(wordsOf(request).errors[result.refusal.code], {});
      return reply.code(result.refusal.status).send({ detail: message, errors: { [result.refusal.field]: [message] } });
    },
  );

  app.post(
    '/reservations/:id/link/revoke/',
    { ...write, schema: { hide: true, summary: "Revoke the buyer's link (audited)", tags, params: idParams, response: { 200: dealOut, ...errors } } },
    async (request, reply) => answer(request, reply, await actions.revokeLink(request.staff!, request.params.id), dealOf),
  );

  app.post(
    '/reservations/:id/link/reissue/',
    {
      ...write,
      schema: {
        hide: true,
        summary: 'Issue the buyer a new link, e-mailed when the server sends mail (audited; the link is answered once)',
        tags,
        params: idParams,
        response: {
          200: z.strictObject({ reservation: dealOut, url: z.string(), mailed: z.enum(['sent', 'no_mail', 'already', 'unknown', 'token_unknown', 'failed']) }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      answer(request, reply, await actions.reissueLink(request.staff!, request.params.id), (v) => ({
        reservation: dealOf(v.row),
        url: v.url,
        mailed: v.mailed,
      })),
  );

  // A document comes as the request body itself (`Content-Type: application/pdf`): its type and declared size are
  // judged before a byte is read (415, 413), its bytes by the PDF header.
  await app.register(async (scope) => {
    scope.addContentTypeParser(DOCUMENT_TYPE, { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES }, (_request, body, done) => done(null, body));
    const refuse = (reply: FastifyReply, status: number, message: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({ detail: message, errors: { file: [message] } });
    const judgeUpload: onRequestAsyncHookHandler = async (request, reply) => {
      const words = wordsOf(request).errors;
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== DOCUMENT_TYPE) return refuse(reply, 415, words.pdfType);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length > DOCUMENT_MAX_BYTES)
        return refuse(reply.header('connection', 'close'), 413, fill(words.pdfSize, { mb: DOCUMENT_MAX_MB }));
    };
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/reservations/:id/documents/',
      {
        onRequest: [salesOnly, judgeUpload],
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        errorHandler: (error, request, reply) => {
          // A body that outgrew the limit while arriving (no Content-Length): the same 413 naming the field.
          if ((error as { statusCode?: number }).statusCode === 413) return refuse(reply, 413, fill(wordsOf(request).errors.pdfSize, { mb: DOCUMENT_MAX_MB }));
          throw error;
        },
        schema: {
          hide: true,
          summary: "Attach a PDF to a deal, shown to its buyer through the deal's link (audited)",
          description: `The PDF as the body, \`Content-Type: application/pdf\`, at most ${DOCUMENT_MAX_MB} MB; its title in \`?title=\`.`,
          tags,
          params: idParams,
          querystring: z.object({ title: safeText().trim().min(1, 'Give the document a title.').max(200) }),
          response: {
            201: z.strictObject({ id: z.number(), title: z.string(), bytes: z.number(), createdAt: z.string() }),
            ...errors,
            413: apiError,
            415: apiError,
          },
        },
      },
      async (request, reply) => {
        const words = wordsOf(request).errors;
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) return refuse(reply, 400, words.pdfMissing);
        if (!isPdf(body)) return refuse(reply, 415, words.pdfType);
        const result = await actions.attachDocument(request.staff!, request.params.id, { title: request.query.title, body });
        if (!result.ok) return sendNotFound(noStore(reply), 'No reservation with this id.');
        const d = result.value;
        return noStore(reply).code(201).send({ id: d.id, title: d.title, bytes: d.bytes, createdAt: d.createdAt.toISOString() });
      },
    );
  });
}
