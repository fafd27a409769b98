import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_LIMIT, MAX_OFFSET } from '#core/catalogue/filter.ts';
import type { Page } from '#core/catalogue/types.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { safeText } from '#core/schemas/text.ts';
import type { ApiErrorBody } from './errors.ts';

/** Query and path parsing shared by the catalogue endpoints: one 400 shape naming each bad field. */

/** Repeated keys (`?a=1&a=2`) arrive as arrays: read them as one comma list. */
const flat = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

export const lang = z.preprocess(flat, z.enum(LOCALES, { error: `Expected one of ${LOCALES.join(', ')}` }).optional());
export const flag = z.preprocess(
  flat,
  z.enum(['true', 'false', '1', '0'], { error: 'Expected true or false' }).transform((v) => v === 'true' || v === '1'),
);
export const limit = (fallback: number) =>
  z.preprocess(
    flat,
    z.coerce
      .number({ error: `Expected a whole number from 1 to ${MAX_LIMIT}` })
      .int(`Expected a whole number from 1 to ${MAX_LIMIT}`)
      .min(1, `Expected a whole number from 1 to ${MAX_LIMIT}`)
      .max(MAX_LIMIT, `Expected a whole number from 1 to ${MAX_LIMIT}`)
      .default(fallback),
  );
export const offset = z.preprocess(
  flat,
  z.coerce
    .number({ error: `Expected a whole number from 0 to ${MAX_OFFSET}` })
    .int(`Expected a whole number from 0 to ${MAX_OFFSET}`)
    .min(0, `Expected a whole number from 0 to ${MAX_OFFSET}`)
    .max(MAX_OFFSET, `Expected a whole number from 0 to ${MAX_OFFSET}`)
    .default(0),
);
export const advertisement = z.preprocess(flat, z.enum(['sale', 'rent'], { error: 'Expected sale or rent' }).optional());

/** A comma list whose every value must be one of `allowed()` (read at request time: projects come and go). */
export function choiceList(allowed: () => readonly string[]) {
  return z.preprocess(
    flat,
    safeText()
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ])
      .superRefine((values, ctx) => {
        const known = allowed();
        const bad = values.filter((v) => !known.includes(v));
        if (bad.length)
          ctx.addIssue({
            code: 'custom',
            message: `Unknown value${bad.length > 1 ? 's' : ''} ${bad.map((v) => JSON.stringify(v.slice(0, 64))).join(', ')}; expected ${known.join(', ')}`,
          });
      })
      .optional(),
  );
}

export const idParam = z.object({
  id: safeText().regex(/^[1-9]\d{0,8}$/, 'A valid integer is required.'),
});

/** The first path segment names the field: `status`, not `status.0`. */
export function sendBadRequest(reply: FastifyReply, error: z.ZodError | Record<string, string[]>, what = 'query parameters'): FastifyReply {
  let errors: Record<string, string[]>;
  if (error instanceof z.ZodError) {
    errors = {};
    for (const issue of error.issues) (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
  } else errors = error;
  return reply.code(400).send({ detail: `Invalid ${what}: ${Object.keys(errors).join(', ')}`, errors } satisfies ApiErrorBody);
}

/** An absolute URL of this endpoint with `params` replacing the request's query. */
export function selfUrl(origin: string, request: FastifyRequest, params: URLSearchParams): string {
  const path = request.url.split('?')[0]!;
  const query = params.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

/** A slice of `items` in the list envelope, with links to the neighbouring slices. */
export function envelope<T>(origin: string, request: FastifyRequest, items: T[], page: { limit: number; offset: number }): Page<T> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const at = (o: number) => {
    const params = new URLSearchParams(query);
    params.set('limit', String(page.limit));
    if (o > 0) params.set('offset', String(o));
    else params.delete('offset');
    return selfUrl(origin, request, params);
  };
  return {
    count: items.length,
    next: page.offset + page.limit < items.length ? at(page.offset + page.limit) : null,
    previous: page.offset > 0 ? at(Math.max(0, page.offset - page.limit)) : null,
    results: items.slice(page.offset, page.offset + page.limit),
  };
}
