import type { FastifyReply } from 'fastify';
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
