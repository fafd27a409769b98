import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReporter } from '#core/errors/reporter.ts';
import type { z } from 'zod';

/**
 * The one error shape of the API: `{detail, errors?}` where `errors` maps each bad field to its messages,
 * like Django REST framework's validation errors.
 */
export type ApiErrorBody = { detail: string; errors?: Record<string, string[]> };

/** Field → messages; an unknown field of a strict body is named itself, not lumped under `non_field_errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (out[[...issue.path, key].map(String).join('.')] ??= []).push('Unknown field.');
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function sendValidationError(reply: FastifyReply, error: z.ZodError, what = 'query parameters'): FastifyReply {
  const errors = fieldErrors(error);
  return reply.code(400).send({ detail: `Invalid ${what}: ${Object.keys(errors).join(', ')}`, errors } satisfies ApiErrorBody);
}

export function sendNotFound(reply: FastifyReply, detail = 'Not found.'): FastifyReply {
  return reply.code(404).send({ detail } satisfies ApiErrorBody);
}

/**
 * The error handler of every JSON route (/api and the legacy form endpoints): a client's 4xx keeps its status and
 * message as `{detail}` (413, 415, bad JSON…); anything else is a logged, reported 500 that tells the client nothing.
 */
export function jsonErrorHandler(reporter: ErrorReporter | null) {
  return (raw: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const error = (raw instanceof Error ? raw : new Error(String(raw))) as FastifyError;
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'API error');
      void reporter?.captureException(error, { request: { url: request.url.split('?')[0], method: request.method } });
    }
    return reply.code(status).send({ detail: status >= 500 ? 'Internal server error.' : error.message } satisfies ApiErrorBody);
  };
}
