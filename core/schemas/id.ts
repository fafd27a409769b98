import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * A row's number — a project's, a lot's, an auction's, an office's, a promotion's, a menu item's — the one rule for
 * the API, the back office and the site's pages. The columns are PostgreSQL `integer` (a `serial`, or the sales
 * team's own numbers for the catalogue and the offices), so an id is 1 to 2,147,483,647: anything else could name no
 * row, and a larger number would fail the query instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647;

/** An id's text: digits without a sign or a leading zero (`isId` adds the range). */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** True for the text of an id (a path segment, a query value, a form field). */
export function isId(text: string): boolean {
  return ID_PATTERN.test(text) && Number(text) <= MAX_ID;
}

/**
 * An id as text, for a path, a query or a form; `message` is the caller's word for a bad one (the API's and the forms'
 * differ), `required` for none at all. The pattern is what the OpenAPI document shows; a number past `MAX_ID` gets
 * the same message.
 */
export function idText(message?: string, opts: { required?: string } = {}) {
  return safeText(opts.required ? { error: opts.required } : undefined)
    .regex(ID_PATTERN, { message, abort: true })
    .refine((text) => Number(text) <= MAX_ID, { message });
}

/**
 * An id as a number (a JSON body's, or a query's with `coerce`); `message` for what is not a positive whole number.
 * A number past `MAX_ID` gets zod's own "Too big" words, which name the limit.
 */
export function idNumber(message?: string, opts: { coerce?: boolean } = {}) {
  const number = opts.coerce ? z.coerce.number({ error: message }) : z.number({ error: message });
  return number.int(message).positive(message).max(MAX_ID);
}
