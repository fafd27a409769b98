import type { BodyKind, FuzzCase } from './fuzz-cases.ts';

/** What the fuzzer (scripts/fuzz.ts) holds an answer to: the API's promises of docs/api.md. */

/** Bodies and addresses that cannot be read at all: the only 400s that may come without `errors`. */
const UNREADABLE: ReadonlySet<BodyKind> = new Set(['bad-json', 'empty-json', 'bad-form', 'multipart']);

/** Bodies that are no object at all: `non_field_errors` is the field they may be refused under. */
const NOT_AN_OBJECT: ReadonlySet<BodyKind> = new Set(['json-array', 'json-scalar', 'text']);

/**
 * A "bad" JSON body that a parser may still read, as no object: `"\ud800"` is a string with a lone surrogate, which
 * a strict parser refuses (400 without `errors`) and JSON.parse reads as a string (refused as not an object).
 */
function parsesToNonObject(fuzzCase: FuzzCase): boolean {
  if (fuzzCase.body !== 'bad-json' || fuzzCase.payload === undefined) return false;
  try {
    const value: unknown = JSON.parse(fuzzCase.payload);
    return typeof value !== 'object' || value === null || Array.isArray(value);
  } catch {
    return false;
  }
}

export type Answer = { status: number; headers: Record<string, string | string[] | number | undefined>; body: string };

/** Whether the path is valid percent-encoded UTF-8 (a lone surrogate or a cut escape is not). */
function decodable(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with `answer` to `fuzzCase`, or null. */
export function judge(fuzzCase: FuzzCase, answer: Answer): string | null {
  const { status } = answer;
  if (status >= 500) return `answered ${status}`;
  // As the router sees it (dot segments resolved, as an in-process request resolves them).
  const api = new URL(fuzzCase.url, 'http://fuzz').pathname.startsWith('/api/');
  if (status < 400 || fuzzCase.method === 'HEAD') return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return api ? `${status} is not JSON (${type || 'no content type'})` : null;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return `${status} body is not valid JSON`;
  }
  if (!api) return null;
  const body = json as { detail?: unknown; errors?: unknown };
  if (typeof body.detail !== 'string' || !body.detail) return `${status} without a "detail" text`;
  if (status === 405 && !answer.headers.allow) return '405 without Allow';
  if (status === 429 && !answer.headers['retry-after']) return '429 without Retry-After';
  if (status === 400 || status === 409) {
    if (body.errors === undefined) {
      return fuzzCase.badUrl || !decodable(fuzzCase.url) || UNREADABLE.has(fuzzCase.body) ? null : `${status} names no field: ${body.detail.slice(0, 120)}`;
    }
    const errors = body.errors as Record<string, unknown>;
    const fields = typeof errors === 'object' && errors !== null ? Object.keys(errors) : [];
    if (!fields.length) return `${status} with an empty "errors"`;
    for (const field of fields) {
      const messages = errors[field];
      if (!Array.isArray(messages) || !messages.length || !messages.every((m) => typeof m === 'string' && m))
        return `errors.${field} is not a list of messages`;
    }
    // A body that is not an object has no field to name; anything else must name one.
    if (fields.every((f) => f === 'non_field_errors') && !NOT_AN_OBJECT.has(fuzzCase.body) && !parsesToNonObject(fuzzCase))
      return `400 names no field: ${JSON.stringify(errors).slice(0, 160)}`;
  }
  return null;
}
