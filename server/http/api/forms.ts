import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#core/i18n/locales.ts';
import { formDataToObject, type LeadKind } from '#core/schemas/lead.ts';
import { validationMessage } from '#core/validation/messages.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { LeadStoreError, type SubmitOutcome } from '../../modules/leads/service.ts';
import type { Services } from '../../services.ts';
import { apiLocale } from './locale.ts';

/** Lead endpoints take JSON, and form bodies too (the spec's meeting form posts one). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    async (request: FastifyRequest, body: Buffer) => {
      const type = request.headers['content-type'] ?? 'application/x-www-form-urlencoded';
      try {
        return formDataToObject(await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData());
      } catch {
        throw Object.assign(new Error('Malformed form body.'), { statusCode: 400 });
      }
    },
  );
}

export function sendOutcome(reply: FastifyReply, outcome: SubmitOutcome, locale: Locale): FastifyReply {
  const t = CATALOGS[locale].forms;
  reply.header('cache-control', 'no-store');
  switch (outcome.type) {
    case 'accepted':
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.answer);
    case 'invalid': {
      const errors = Object.fromEntries(
        Object.entries(outcome.errors).map(([field, codes]) => [field, codes.map((code) => validationMessage(code, locale, outcome.params))]),
      );
      return reply.code(outcome.status).send({ detail: t.error.fix, errors });
    }
    case 'conflict':
      return reply.code(422).send({ detail: 'This idempotency key was already used for a different request.' });
    case 'limited':
      return reply.code(429).header('retry-after', String(outcome.retryAfterS)).send({ detail: t.error.limited });
  }
}

/** One submit handler for every lead endpoint: the service decides, this only speaks HTTP. */
export function submitHandler(services: Services, kind: LeadKind, preset: (request: FastifyRequest) => Record<string, unknown> = () => ({})) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = apiLocale(request);
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const key = request.headers['idempotency-key'];
    try {
      const outcome = await services.leads.submit(
        kind,
        { ...body, ...preset(request) },
        { locale, ip: request.ip, idempotencyKey: typeof key === 'string' ? key : null, source: 'api', cookies: request.headers.cookie ?? null },
      );
      return sendOutcome(reply, outcome, locale);
    } catch (error) {
      // Logged without the body: it carries personal data.
      services.leads.metrics.rejected.inc({ reason: 'error' });
      request.log.error({ err: error, kind }, 'lead submit failed');
      // The database is down: 503 and when to come back (the lead service tells; ADR 010).
      if (error instanceof LeadStoreError && error.unavailable) reply.code(503).header('retry-after', '30');
      else reply.code(500);
      return reply.header('cache-control', 'no-store').send({ detail: `${CATALOGS[locale].forms.error.title}. ${CATALOGS[locale].forms.error.text}` });
    }
  };
}
