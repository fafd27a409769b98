import { z } from 'zod';
import { MAX_LIMIT, MAX_OFFSET } from '#core/catalogue/filter.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { idText } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';

/**
 * The API's common parameters and answer shapes, declared once: every route registers them as its Fastify
 * schema (fastify-type-provider-zod), so the same zod schema validates the request, types the handler and
 * writes the OpenAPI document (`/api/openapi.json`, ADR 011).
 */

/** Repeated keys (`?a=1&a=2`) arrive as arrays: read them as one comma list. */
const flat = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

/** `?lang=`: the answer's language (else `Accept-Language`, else Russian). */
export const lang = z
  .preprocess(flat, z.enum(LOCALES, { error: `Expected one of ${LOCALES.join(', ')}` }).optional())
  .describe('Language of the texts in the answer; without it, Accept-Language, else ru.');

export const flag = z.preprocess(
  flat,
  z.enum(['true', 'false', '1', '0'], { error: 'Expected true or false' }).transform((v) => v === 'true' || v === '1'),
);

const wholeNumber = (min: number, max: number) => {
  const message = `Expected a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};
export const limit = (fallback: number, max = MAX_LIMIT) => z.preprocess(flat, wholeNumber(1, max).default(fallback)).describe('Number of results per page.');
export const offset = z.preprocess(flat, wholeNumber(0, MAX_OFFSET).default(0)).describe('Index of the first result to return.');
export const advertisement = z
  .preprocess(flat, z.enum(['sale', 'rent'], { error: 'Expected sale or rent' }).optional())
  .describe('Only premises offered this way.');

/** A comma list of text values (`?project=1,2`, or repeated keys); the values are checked by `choiceList` or the handler. */
const commaList = z.preprocess(
  flat,
  safeText().transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ]),
);

export function unknownValues(bad: string[], known: readonly string[]): string {
  return `Unknown value${bad.length > 1 ? 's' : ''} ${bad.map((v) => JSON.stringify(v.slice(0, 64))).join(', ')}; expected ${known.join(', ')}`;
}

/** A comma list whose every value must be one of `allowed` (a fixed list, documented as such). */
export function choiceList(allowed: () => readonly string[], description?: string) {
  const schema = commaList
    .superRefine((values, ctx) => {
      const known = allowed();
      const bad = values.filter((v) => !known.includes(v));
      if (bad.length) ctx.addIssue({ code: 'custom', message: unknownValues(bad, known) });
    })
    .optional();
  return description ? schema.describe(description) : schema;
}

/** A comma list of ids whose allowed values change with the data (projects): the handler checks them (`checkChoices`). */
export const idList = (description: string) => commaList.optional().describe(`${description} (comma list of ids)`);

/** `/…/{id}/`: a positive integer id. */
export const idParam = z.object({
  id: idText('A valid integer is required.').describe('A positive integer id.'),
});

export const langQuery = z.object({ lang });

/** The one error shape: `{detail, errors?}`, `errors` naming each bad field (Django REST framework's form). */
export const apiError = z
  .object({
    detail: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.output<typeof apiError>;

/** The list envelope of every list call. */
export function page<T extends z.ZodType>(item: T) {
  return z.strictObject({
    count: z.number().int().min(0),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** The answers of a read call: its own, a 400 naming the bad parameter, a 404 where it reads one thing. */
export function reads<T extends z.ZodType>(ok: T, { notFound = false } = {}) {
  return notFound ? { 200: ok, 400: apiError, 404: apiError } : { 200: ok, 400: apiError };
}

/** The fields whose values are not among those allowed now (ids and choices that change with the data), as a 400's errors; null when all are. */
export function unknownChoices(values: Record<string, string[] | undefined>, allowed: Record<string, readonly string[]>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(values)) {
    const known = allowed[field] ?? [];
    const bad = (list ?? []).filter((v) => !known.includes(v));
    if (bad.length) errors[field] = [unknownValues(bad, known)];
  }
  return Object.keys(errors).length ? errors : null;
}
