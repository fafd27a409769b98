import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { ErrorReporter } from '#core/errors/sentry.ts';
import type { z } from 'zod';
import type { ApiErrorBody } from './schemas.ts';

export type { ApiErrorBody };

/** Where a bad value was: the words of the 400's `detail`. */
export type RequestPart = 'querystring' | 'params' | 'body' | 'headers';
const PART_WORDS: Record<RequestPart, string> = {
  querystring: 'query parameters',
  params: 'path parameters',
  body: 'body',
  headers: 'headers',
};

/** One issue, as zod reports it and as Fastify passes zod's issues on (`instancePath` `/a/b`, `params.keys`). */
type Issue = { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] };

/**
 * Field → messages, the one way the API names a bad field: the dotted path (`utm.source`), and each unknown
 * field of a strict object by its own name (not lumped under `non_field_errors`).
 */
export function fieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  // A Map, not an object: a field named `constructor` or `__proto__` would otherwise find Object.prototype's.
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = out.get(key);
    if (list) list.push(message);
    else out.set(key, [message]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add([...issue.path, key].map(String).join('.'), 'Unknown field.');
      continue;
    }
    add(issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors', issue.message);
  }
  return Object.fromEntries(out);
}

/** Fastify's validation errors (zod's issues, passed on by fastify-type-provider-zod) as issues. */
function validationIssues(validation: readonly FastifySchemaValidationError[]): Issue[] {
  return validation.map((v) => {
    const params = v.params as { keys?: unknown } | undefined;
    return {
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value.',
      code: v.keyword,
      ...(Array.isArray(params?.keys) ? { keys: params.keys.map(String) } : {}),
    };
  });
}

/**
 * A request with no body at all, to a route whose body is an object: judged as `{}`, so the 400 names each
 * required field (`code: Required`) instead of one `non_field_errors` about `null`.
 */
function missingBodyErrors(request: FastifyRequest): Record<string, string[]> | null {
  if (request.body !== null && request.body !== undefined) return null;
  const schema = request.routeOptions.schema?.body as { safeParse?: (v: unknown) => { success: boolean; error?: z.ZodError } } | undefined;
  const result = typeof schema?.safeParse === 'function' ? schema.safeParse({}) : null;
  if (!result || result.success || !result.error) return null;
  const errors = fieldErrors(result.error.issues as Issue[]);
  return Object.keys(errors).length ? errors : null;
}

/** 400 naming each bad field of `part`, from zod's error or from a codec's own field → messages. */
export function sendBadRequest(reply: FastifyReply, part: RequestPart, error: z.ZodError | Record<string, string[]>): FastifyReply {
  const errors = 'issues' in error && Array.isArray(error.issues) ? fieldErrors(error.issues as Issue[]) : (error as Record<string, string[]>);
  return reply.code(400).send({ detail: `Invalid ${PART_WORDS[part]}: ${Object.keys(errors).join(', ')}`, errors } satisfies ApiErrorBody);
}

export function sendNotFound(reply: FastifyReply, detail = 'Not found.'): FastifyReply {
  return reply.code(404).send({ detail } satisfies ApiErrorBody);
}

/**
 * The error handler of every JSON route (/api and the legacy form endpoints): a request that fails its route's
 * schema gets the 400 naming each bad field; a client's other 4xx keeps its status and message as `{detail}`
 * (413, 415, bad JSON…); anything else is a logged, reported 500 that tells the client nothing.
 */
export function jsonErrorHandler(reporter: ErrorReporter | null) {
  return (raw: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const error = (raw instanceof Error ? raw : new Error(String(raw))) as FastifyError;
    if (error.validation && error.validationContext) {
      const part = error.validationContext as RequestPart;
      return sendBadRequest(reply, part, (part === 'body' && missingBodyErrors(request)) || fieldErrors(validationIssues(error.validation)));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'API error');
      reporter?.captureException(error, { request: { url: request.url.split('?')[0], method: request.method } });
    }
    return reply.code(status).send({ detail: status >= 500 ? 'Internal server error.' : error.message } satisfies ApiErrorBody);
  };
}
