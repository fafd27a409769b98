import { z } from 'zod';
import { CrmAuthError, CrmRateLimitError } from '../adapter.ts';

/**
 * amoCRM's REST API v4 over fetch (no SDK): a long-lived token (`Authorization: Bearer`), JSON in and out, the
 * documented answer shapes checked. Only the calls the adapter makes (ADR 040, docs/guides/crm.md "amoCRM"):
 * contact and lead search, one lead, the complex add, notes. Errors are sorted for the outbox: 401 (and 403, which
 * amoCRM answers to a blocked integration or IP) → `CrmAuthError`; 429 and 503 → `CrmRateLimitError`; everything
 * else → `AmoCrmError`, whose message names fields and codes, never a value the request carried.
 */

/** The floor of a back-off amoCRM asked for without saying how long (its limit is 7 requests a second per token). */
export const AMO_RATE_LIMIT_FLOOR_MS = 2_000;

export type AmoCrmErrorKind = 'validation' | 'rejected' | 'server' | 'timeout' | 'network' | 'answer';

/** A failed call that is neither an auth failure nor a rate limit. The outbox retries it with its backoff. */
export class AmoCrmError extends Error {
  override name = 'AmoCrmError';
  readonly kind: AmoCrmErrorKind;
  /** The HTTP status, when amoCRM answered; the refused paths of a validation error (never their values). */
  readonly details: { status?: number; fields?: string[] };
  constructor(kind: AmoCrmErrorKind, message: string, details: { status?: number; fields?: string[] } = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.details = details;
  }
}

/** amoCRM's error object (application/problem+json): `validation-errors` lists each refused path of each entity. */
const problemSchema = z.object({
  title: z.string().optional(),
  type: z.string().optional(),
  status: z.number().optional(),
  detail: z.string().optional(),
  'validation-errors': z
    .array(
      z.object({
        request_id: z.union([z.string(), z.number()]).optional(),
        errors: z.array(z.object({ code: z.string().optional(), path: z.string().optional(), detail: z.string().optional() })).default([]),
      }),
    )
    .optional(),
});

const customFieldValue = z.object({
  field_id: z.number(),
  field_code: z.string().nullable().optional(),
  values: z.array(z.object({ value: z.unknown(), enum_code: z.string().nullable().optional() })).nullable(),
});
export type AmoCustomFieldValue = z.infer<typeof customFieldValue>;

export const amoLeadSchema = z.object({
  id: z.number(),
  name: z.string().nullable().optional(),
  price: z.number().nullable().optional(),
  status_id: z.number(),
  pipeline_id: z.number(),
  is_deleted: z.boolean().optional(),
  custom_fields_values: z.array(customFieldValue).nullable().optional(),
});
export type AmoLead = z.infer<typeof amoLeadSchema>;

export const amoContactSchema = z.object({
  id: z.number(),
  name: z.string().nullable().optional(),
  custom_fields_values: z.array(customFieldValue).nullable().optional(),
});
export type AmoContact = z.infer<typeof amoContactSchema>;

const leadList = z.object({ _embedded: z.object({ leads: z.array(amoLeadSchema) }) });
const contactList = z.object({ _embedded: z.object({ contacts: z.array(amoContactSchema) }) });
const noteList = z.object({
  _embedded: z.object({
    notes: z.array(z.object({ id: z.number(), note_type: z.string().optional(), params: z.object({ text: z.string().optional() }).nullable().optional() })),
  }),
});
const complexAnswer = z.array(
  z.object({ id: z.number(), contact_id: z.number().nullable().optional(), company_id: z.number().nullable().optional(), merged: z.boolean().optional() }),
);
export type AmoComplexResult = z.infer<typeof complexAnswer>[number];

/** One lead of `POST /api/v4/leads/complex` (payload.ts builds it). */
export type AmoComplexLead = {
  name: string;
  price?: number;
  pipeline_id?: number;
  status_id?: number;
  request_id?: string;
  custom_fields_values?: AmoFieldValueIn[];
  _embedded: {
    contacts?: ({ id: number } | { name: string; custom_fields_values?: AmoFieldValueIn[] })[];
    companies?: ({ id: number } | { name: string })[];
    tags?: { name: string }[];
  };
};
/** A custom field's value as a request writes it: by the field's id, or by its code (the tracking fields: UTM_SOURCE…). */
export type AmoFieldValueIn = ({ field_id: number } | { field_code: string }) & { values: { value: string | number | boolean; enum_code?: string }[] };

export type AmoClientOptions = {
  /** `https://<account>.amocrm.ru` (AMOCRM_BASE_URL). */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  userAgent?: string;
};

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The paths amoCRM refused, without the request's values: `custom_fields_values.0.field_id`, `_embedded.contacts.0…`.
 * amoCRM's `detail` of a validation error describes the rule ("This value is not valid"), not the value.
 */
export function refusedFields(problem: z.infer<typeof problemSchema> | undefined): string[] {
  const paths = (problem?.['validation-errors'] ?? []).flatMap((entity) => entity.errors.map((e) => `${e.path ?? '?'}${e.code ? ` (${e.code})` : ''}`));
  return [...new Set(paths)].slice(0, 20);
}

export type AmoClient = ReturnType<typeof createAmoClient>;

export function createAmoClient(options: AmoClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = {
    authorization: `Bearer ${options.token}`,
    accept: 'application/hal+json, application/json',
    'user-agent': options.userAgent ?? 'severnaya-liniya-crm/1',
  };

  /**
   * One call. 204 (amoCRM's answer to a search that found nothing, or a lead that is not there) is null. The path is
   * ours and carries no personal data except a search's query, which no message repeats.
   */
  async function call(method: 'GET' | 'POST', path: string, what: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new AmoCrmError('timeout', `amoCRM ${what}: no answer in ${options.timeoutMs} ms`, {}, { cause: error });
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const code = typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string' ? ` (${cause.code})` : '';
      throw new AmoCrmError('network', `amoCRM ${what}: connection failed${code}`, {}, { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new AmoCrmError('network', `amoCRM ${what}: the answer broke off`, { status: response.status }, { cause: error });
    }
    const status = response.status;
    if (status === 204) return null;
    if (status >= 200 && status < 300) {
      const json = parseJson(text);
      if (json === undefined) throw new AmoCrmError('answer', `amoCRM ${what}: the answer is not JSON`, { status });
      return json;
    }
    const problem = problemSchema.safeParse(parseJson(text)).data;
    const title = problem?.title ? ` ${problem.title}` : '';
    if (status === 401 || status === 403)
      throw new CrmAuthError(
        `amoCRM ${what}: ${status}${title}: the token (AMOCRM_TOKEN) is expired, revoked or lacks the rights, or the account blocked the integration; make a new long-lived token in amoCRM and restart`,
      );
    if (status === 429 || status === 503) {
      const wait = Math.max(retryAfterMs(response.headers.get('retry-after')) ?? AMO_RATE_LIMIT_FLOOR_MS, AMO_RATE_LIMIT_FLOOR_MS);
      throw new CrmRateLimitError(`amoCRM ${what}: ${status}${title}: slowing down for ${wait} ms`, wait);
    }
    if (status === 400 || status === 422) {
      const fields = refusedFields(problem);
      throw new AmoCrmError(
        'validation',
        `amoCRM ${what}: ${status}${title}: refused ${fields.length ? fields.join(', ') : '(no field named)'}; check AMOCRM_FIELD_MAP and the account's fields`,
        { status, fields },
      );
    }
    if (status === 404 && method === 'GET') return null;
    throw new AmoCrmError(status >= 500 ? 'server' : 'rejected', `amoCRM ${what}: ${status}${title}`, { status });
  }

  function parsed<T>(what: string, schema: z.ZodType<T>, json: unknown): T {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    throw new AmoCrmError('answer', `amoCRM ${what}: the answer is not as documented (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }

  const query = (q: string) => `query=${encodeURIComponent(q)}`;

  return {
    /** `GET /api/v4/leads?query=…`: the leads whose filled fields hold `q` (amoCRM's search); [] when none. */
    async findLeads(q: string): Promise<AmoLead[]> {
      const json = await call('GET', `/api/v4/leads?${query(q)}&limit=50`, 'lead search');
      return json === null ? [] : parsed('lead search', leadList, json)._embedded.leads;
    },
    /** `GET /api/v4/leads/{id}`; null when there is no such lead. */
    async getLead(id: number): Promise<AmoLead | null> {
      const json = await call('GET', `/api/v4/leads/${id}`, 'lead read');
      return json === null ? null : parsed('lead read', amoLeadSchema, json);
    },
    /** `GET /api/v4/contacts?query=…`: the contacts whose phone, e-mail or name holds `q`; [] when none. */
    async findContacts(q: string): Promise<AmoContact[]> {
      const json = await call('GET', `/api/v4/contacts?${query(q)}&limit=50`, 'contact search');
      return json === null ? [] : parsed('contact search', contactList, json)._embedded.contacts;
    },
    /** `POST /api/v4/leads/complex`: leads with their contact and company in one call. */
    async addComplex(leads: AmoComplexLead[]): Promise<AmoComplexResult[]> {
      return parsed('complex add', complexAnswer, await call('POST', '/api/v4/leads/complex', 'complex add', leads));
    },
    /** `GET /api/v4/leads/{id}/notes?filter[note_type]=common`: the lead's plain notes (the first 250). */
    async commonNotes(leadId: number): Promise<{ id: number; text: string }[]> {
      const json = await call('GET', `/api/v4/leads/${leadId}/notes?filter%5Bnote_type%5D=common&limit=250`, 'note list');
      if (json === null) return [];
      return parsed('note list', noteList, json)._embedded.notes.map((n) => ({ id: n.id, text: n.params?.text ?? '' }));
    },
    /** `POST /api/v4/leads/{id}/notes`: one plain note (`note_type: common`). */
    async addNote(leadId: number, text: string): Promise<number> {
      const json = await call('POST', `/api/v4/leads/${leadId}/notes`, 'note add', [{ note_type: 'common', params: { text } }]);
      const notes = parsed('note add', noteList, json)._embedded.notes;
      if (!notes[0]) throw new AmoCrmError('answer', 'amoCRM note add: the answer lists no note');
      return notes[0].id;
    },
  };
}
