import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * amoCRM's REST API v4 on 127.0.0.1, for the tests and the reliability run: the documented subset the adapter uses
 * (server/modules/crm/amocrm/client.ts), with amoCRM's answer shapes: `_embedded` lists, 204 for a search that found
 * nothing or a lead that is not there, problem objects `{title, type, status, detail, validation-errors}`, 401 for a
 * token that is not (or no longer) the account's, 429 with Retry-After. What it keeps: leads (deals) with their custom
 * fields and status, contacts with PHONE/EMAIL, companies, notes. Its webhook sender posts a status change as amoCRM
 * does (`application/x-www-form-urlencoded`, `leads[status][0][id]=…`).
 *
 * Faults: `failNext` queues the next calls' failures; `failureRate` fails that share of calls at random (the
 * reliability run). A `reset` does the work and cuts the connection at once (a lost answer: the retry must find the
 * lead; the client sees a failed request at once, so no test waits for its timeout), a `timeout_before` never answers
 * and does nothing (the client's own timeout ends it: the reliability run only, never an assertion), `429`/`503`/`500`
 * do nothing.
 */

export type FakeAmoFailure = 'timeout_before' | '429' | '503' | '500' | 'reset';
type FieldValue = { field_id: number; field_name: string; field_code: string | null; field_type: string; values: { value: unknown; enum_code?: string }[] };
export type FakeAmoLead = {
  id: number;
  name: string;
  price: number;
  status_id: number;
  pipeline_id: number;
  created_at: number;
  updated_at: number;
  is_deleted: false;
  account_id: number;
  custom_fields_values: FieldValue[] | null;
  contactId: number | null;
  companyId: number | null;
  tags: string[];
};
export type FakeAmoContact = { id: number; name: string; custom_fields_values: FieldValue[] | null };
export type FakeAmoNote = { id: number; entity_id: number; note_type: string; params: { text: string }; created_at: number };
export type FakeAmoRequest = { method: string; path: string; status: number | null; authorized: boolean };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The predefined lead fields of an account's statistics tab (`tracking_data`), by code. */
export const TRACKING_CODES = ['UTM_SOURCE', 'UTM_MEDIUM', 'UTM_CAMPAIGN', 'UTM_CONTENT', 'UTM_TERM', 'UTM_REFERRER', 'REFERRER', '_YM_UID', 'GCLIENTID'];
const PHONE_FIELD = 100_001;
const EMAIL_FIELD = 100_002;
const CLOSED_WON = 142;
const CLOSED_LOST = 143;

const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { title, type: `https://httpstatus.es/${status}`, status, detail, ...extra },
});
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const now = () => Math.floor(Date.now() / 1000);
const digits = (text: string) => text.replace(/\D+/g, '');

/** A tiny seeded generator (mulberry32): a run's faults are the same each time for the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type FakeAmoOptions = {
  token: string;
  subdomain?: string;
  accountId?: number;
  pipelineId?: number;
  /** The pipeline's open statuses, first is where a lead without status_id lands. */
  statusIds?: number[];
  /** The account's own lead fields (text), by id: where the site's lead id and the mapped facts go. */
  leadFieldIds?: number[];
  /** A share (0–1) of API calls that fail at random, with these kinds (the reliability run). */
  failureRate?: number;
  failureKinds?: FakeAmoFailure[];
  seed?: number;
  /** Retry-After of a 429, in seconds (amoCRM sends none; a test may ask for one, or later `setRetryAfter`). */
  retryAfterS?: number;
};

export async function startFakeAmoCrm(options: FakeAmoOptions) {
  const subdomain = options.subdomain ?? 'test-developer';
  const accountId = options.accountId ?? 31_000_001;
  const pipelineId = options.pipelineId ?? 7_000_001;
  const statusIds = options.statusIds ?? [7_100_001, 7_100_002, 7_100_003, 7_100_004];
  const leadFields = new Set(options.leadFieldIds ?? []);
  const random = seeded(options.seed ?? 43);
  const state = {
    retryAfterS: options.retryAfterS ?? null,
    token: options.token,
    failureRate: options.failureRate ?? 0,
    failureKinds: options.failureKinds ?? (['reset', '429', '500'] as FakeAmoFailure[]),
  };
  const leads = new Map<number, FakeAmoLead>();
  const contacts = new Map<number, FakeAmoContact>();
  const companies = new Map<number, { id: number; name: string }>();
  const notes: FakeAmoNote[] = [];
  const requests: FakeAmoRequest[] = [];
  const failures: { kind: FakeAmoFailure; path: string | undefined }[] = [];
  const held = new Set<ServerResponse>();
  let nextId = 20_000_000;
  const id = () => ++nextId;

  const origin = { value: '' };
  const link = (path: string) => ({ self: { href: `${origin.value}${path}` } });
  const leadJson = (lead: FakeAmoLead) => ({
    id: lead.id,
    name: lead.name,
    price: lead.price,
    responsible_user_id: 9_000_001,
    group_id: 0,
    status_id: lead.status_id,
    pipeline_id: lead.pipeline_id,
    loss_reason_id: null,
    created_by: 0,
    updated_by: 0,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
    closed_at: null,
    closest_task_at: null,
    is_deleted: false,
    custom_fields_values: lead.custom_fields_values,
    score: null,
    account_id: accountId,
    labor_cost: null,
    _links: link(`/api/v4/leads/${lead.id}`),
    _embedded: {
      tags: lead.tags.map((name, i) => ({ id: i + 1, name, color: null })),
      companies: lead.companyId ? [{ id: lead.companyId, _links: link(`/api/v4/companies/${lead.companyId}`) }] : [],
    },
  });
  const contactJson = (contact: FakeAmoContact) => ({
    id: contact.id,
    name: contact.name,
    first_name: '',
    last_name: '',
    responsible_user_id: 9_000_001,
    group_id: 0,
    created_by: 0,
    updated_by: 0,
    created_at: now(),
    updated_at: now(),
    closest_task_at: null,
    is_deleted: false,
    custom_fields_values: contact.custom_fields_values,
    account_id: accountId,
    _links: link(`/api/v4/contacts/${contact.id}`),
    _embedded: { tags: [], companies: [] },
  });
  const list = (path: string, key: string, items: unknown[]): Answer =>
    items.length ? { status: 200, body: { _page: 1, _links: link(path), _embedded: { [key]: items } } } : { status: 204 };

  const holds = (values: FieldValue[] | null, q: string) =>
    (values ?? []).some((field) =>
      field.values.some((v) => {
        const text = String(v.value).toLowerCase();
        return text.includes(q) || (digits(q).length >= 5 && digits(text).includes(digits(q)));
      }),
    );

  /** Reads a request's custom field values as amoCRM does: each by a known id or code, values an array. */
  function fieldValues(
    raw: unknown,
    known: (field: Record<string, unknown>) => { id: number; name: string; code: string | null; type: string } | null,
    at: string,
  ) {
    const errors: { code: string; path: string; detail: string }[] = [];
    const out: FieldValue[] = [];
    if (raw === undefined) return { out: null, errors };
    if (!Array.isArray(raw)) return { out: null, errors: [{ code: 'InvalidType', path: at, detail: 'This value should be of type array.' }] };
    if (raw.length > 40) errors.push({ code: 'TooMany', path: at, detail: 'This collection should contain 40 elements or less.' });
    raw.forEach((entry, i) => {
      const field = record(entry);
      const found = known(field);
      if (!found) {
        errors.push({
          code: 'NotSupportedChoice',
          path: `${at}.${i}.${'field_id' in field ? 'field_id' : 'field_code'}`,
          detail: 'The value you selected is not a valid choice.',
        });
        return;
      }
      if (!Array.isArray(field.values) || field.values.length === 0) {
        errors.push({ code: 'FieldMissing', path: `${at}.${i}.values`, detail: 'This field is missing.' });
        return;
      }
      const values = field.values.map((v) => record(v));
      values.forEach((v, j) => {
        if (!['string', 'number', 'boolean'].includes(typeof v.value))
          errors.push({ code: 'InvalidType', path: `${at}.${i}.values.${j}.value`, detail: 'This value should be of type string.' });
      });
      out.push({
        field_id: found.id,
        field_name: found.name,
        field_code: found.code,
        field_type: found.type,
        values: values.map((v) => ({ value: v.value, ...(typeof v.enum_code === 'string' ? { enum_code: v.enum_code } : {}) })),
      });
    });
    return { out, errors };
  }

  const leadField = (field: Record<string, unknown>) => {
    if (typeof field.field_id === 'number' && leadFields.has(field.field_id))
      return { id: field.field_id, name: `Field ${field.field_id}`, code: null, type: 'text' };
    const code = typeof field.field_code === 'string' ? field.field_code : null;
    if (code && TRACKING_CODES.includes(code)) return { id: 200_000 + TRACKING_CODES.indexOf(code), name: code.toLowerCase(), code, type: 'tracking_data' };
    return null;
  };
  const contactField = (field: Record<string, unknown>) => {
    if (field.field_code === 'PHONE' || field.field_id === PHONE_FIELD) return { id: PHONE_FIELD, name: 'Телефон', code: 'PHONE', type: 'multitext' };
    if (field.field_code === 'EMAIL' || field.field_id === EMAIL_FIELD) return { id: EMAIL_FIELD, name: 'Email', code: 'EMAIL', type: 'multitext' };
    return null;
  };

  function addComplex(body: unknown): Answer {
    if (!Array.isArray(body))
      return problem(400, 'Bad Request', 'Request validation failed', {
        'validation-errors': [{ request_id: '0', errors: [{ code: 'InvalidType', path: '', detail: 'This value should be of type array.' }] }],
      });
    if (body.length === 0 || body.length > 50)
      return problem(400, 'Bad Request', 'Request validation failed', {
        'validation-errors': [{ request_id: '0', errors: [{ code: 'Count', path: '', detail: 'This collection should contain 1 to 50 elements.' }] }],
      });
    const invalid: { request_id: string; errors: { code: string; path: string; detail: string }[] }[] = [];
    const planned = body.map((raw, index) => {
      const lead = record(raw);
      const requestId = typeof lead.request_id === 'string' ? lead.request_id : String(index);
      const errors: { code: string; path: string; detail: string }[] = [];
      if (typeof lead.name !== 'string' || lead.name.length > 255)
        errors.push({ code: 'InvalidType', path: 'name', detail: 'This value should be a string of 255 characters or less.' });
      if (lead.price !== undefined && (typeof lead.price !== 'number' || !Number.isInteger(lead.price) || lead.price < 0))
        errors.push({ code: 'InvalidType', path: 'price', detail: 'This value should be of type int.' });
      if (lead.pipeline_id !== undefined && lead.pipeline_id !== pipelineId)
        errors.push({ code: 'NotSupportedChoice', path: 'pipeline_id', detail: 'Pipeline not found.' });
      if (
        lead.status_id !== undefined &&
        !(typeof lead.status_id === 'number' && (statusIds.includes(lead.status_id) || lead.status_id === CLOSED_WON || lead.status_id === CLOSED_LOST))
      )
        errors.push({ code: 'NotSupportedChoice', path: 'status_id', detail: 'Status not found.' });
      const fields = fieldValues(lead.custom_fields_values, leadField, 'custom_fields_values');
      errors.push(...fields.errors);
      const embedded = record(lead._embedded);
      const contactsIn = Array.isArray(embedded.contacts) ? embedded.contacts.map(record) : [];
      const companiesIn = Array.isArray(embedded.companies) ? embedded.companies.map(record) : [];
      const tagsIn = Array.isArray(embedded.tags) ? embedded.tags.map(record) : [];
      if (contactsIn.length > 1) errors.push({ code: 'Count', path: '_embedded.contacts', detail: 'A lead takes one contact here.' });
      if (companiesIn.length > 1) errors.push({ code: 'Count', path: '_embedded.companies', detail: 'A lead takes one company here.' });
      const contactIn = contactsIn[0];
      let contactFields: FieldValue[] | null = null;
      if (contactIn && contactIn.id === undefined) {
        if (typeof contactIn.name !== 'string' || !contactIn.name)
          errors.push({ code: 'FieldMissing', path: '_embedded.contacts.0.name', detail: 'This field is missing.' });
        const parsed = fieldValues(contactIn.custom_fields_values, contactField, '_embedded.contacts.0.custom_fields_values');
        errors.push(...parsed.errors);
        contactFields = parsed.out;
      } else if (contactIn && !(typeof contactIn.id === 'number' && contacts.has(contactIn.id)))
        errors.push({ code: 'NotFound', path: '_embedded.contacts.0.id', detail: 'Contact not found.' });
      const companyIn = companiesIn[0];
      if (companyIn && companyIn.id === undefined && (typeof companyIn.name !== 'string' || !companyIn.name))
        errors.push({ code: 'FieldMissing', path: '_embedded.companies.0.name', detail: 'This field is missing.' });
      if (errors.length) invalid.push({ request_id: requestId, errors });
      return { lead, requestId, fields: fields.out, contactIn, contactFields, companyIn, tags: tagsIn.map((t) => String(t.name ?? '')) };
    });
    if (invalid.length) return problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': invalid });
    return {
      status: 200,
      headers: { 'content-type': 'application/hal+json' },
      body: planned.map((p) => {
        let contactId: number | null = null;
        if (p.contactIn) {
          if (typeof p.contactIn.id === 'number') contactId = p.contactIn.id;
          else {
            contactId = id();
            contacts.set(contactId, { id: contactId, name: String(p.contactIn.name), custom_fields_values: p.contactFields });
          }
        }
        let companyId: number | null = null;
        if (p.companyIn) {
          if (typeof p.companyIn.id === 'number') companyId = p.companyIn.id;
          else {
            companyId = id();
            companies.set(companyId, { id: companyId, name: String(p.companyIn.name) });
          }
        }
        const leadId = id();
        leads.set(leadId, {
          id: leadId,
          name: String(p.lead.name),
          price: typeof p.lead.price === 'number' ? p.lead.price : 0,
          status_id: typeof p.lead.status_id === 'number' ? p.lead.status_id : statusIds[0]!,
          pipeline_id: pipelineId,
          created_at: now(),
          updated_at: now(),
          is_deleted: false,
          account_id: accountId,
          custom_fields_values: p.fields,
          contactId,
          companyId,
          tags: p.tags,
        });
        // request_id comes back as given and is not kept: amoCRM does not store it.
        return { id: leadId, contact_id: contactId, company_id: companyId, request_id: [p.requestId], merged: false };
      }),
    };
  }

  function addNotes(leadId: number, body: unknown): Answer {
    if (!leads.has(leadId)) return problem(404, 'Not Found', 'Entity not found');
    if (!Array.isArray(body) || body.length === 0)
      return problem(400, 'Bad Request', 'Request validation failed', {
        'validation-errors': [{ request_id: '0', errors: [{ code: 'InvalidType', path: '', detail: 'This value should be of type array.' }] }],
      });
    const errors = body.flatMap((raw, i) => {
      const note = record(raw);
      const text = record(note.params).text;
      return note.note_type === 'common' && typeof text === 'string' && text.length > 0 && text.length <= 65_000
        ? []
        : [{ request_id: String(i), errors: [{ code: 'InvalidType', path: 'params.text', detail: 'This value should not be blank.' }] }];
    });
    if (errors.length) return problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': errors });
    const made = body.map((raw) => {
      const note: FakeAmoNote = {
        id: id(),
        entity_id: leadId,
        note_type: 'common',
        params: { text: String(record(record(raw).params).text) },
        created_at: now(),
      };
      notes.push(note);
      return note;
    });
    return {
      status: 200,
      body: {
        _links: link(`/api/v4/leads/${leadId}/notes`),
        _embedded: { notes: made.map((n) => ({ id: n.id, entity_id: n.entity_id, request_id: '0', _links: link(`/api/v4/leads/${leadId}/notes/${n.id}`) })) },
      },
    };
  }

  function route(method: string, url: URL, body: unknown): Answer {
    const path = url.pathname.replace(/\/+$/, '');
    const q = (url.searchParams.get('query') ?? '').toLowerCase();
    let match: RegExpExecArray | null;
    if (path === '/api/v4/leads' && method === 'GET') {
      const found = [...leads.values()].filter((lead) => !q || lead.name.toLowerCase().includes(q) || holds(lead.custom_fields_values, q));
      return list(path, 'leads', found.slice(0, Number(url.searchParams.get('limit') ?? 50)).map(leadJson));
    }
    if ((match = /^\/api\/v4\/leads\/(\d+)$/.exec(path)) && method === 'GET') {
      const lead = leads.get(Number(match[1]));
      return lead ? { status: 200, headers: { 'content-type': 'application/hal+json' }, body: leadJson(lead) } : { status: 204 };
    }
    if (path === '/api/v4/contacts' && method === 'GET') {
      const found = [...contacts.values()].filter((c) => !q || c.name.toLowerCase().includes(q) || holds(c.custom_fields_values, q));
      return list(path, 'contacts', found.slice(0, 50).map(contactJson));
    }
    if (path === '/api/v4/leads/complex' && method === 'POST') return addComplex(body);
    if ((match = /^\/api\/v4\/leads\/(\d+)\/notes$/.exec(path))) {
      const leadId = Number(match[1]);
      if (method === 'POST') return addNotes(leadId, body);
      if (method === 'GET') {
        const type = url.searchParams.get('filter[note_type]');
        const found = notes.filter((n) => n.entity_id === leadId && (!type || n.note_type === type));
        return list(
          path,
          'notes',
          found.map((n) => ({ ...n, _links: link(`${path}/${n.id}`) })),
        );
      }
    }
    return problem(404, 'Not Found', 'Route not found');
  }

  function send(response: ServerResponse, answer: Answer) {
    if (answer.status === 204) return response.writeHead(204).end();
    response.writeHead(answer.status, { 'content-type': 'application/hal+json', ...answer.headers }).end(JSON.stringify(answer.body));
  }

  function nextFailure(path: string): FakeAmoFailure | undefined {
    const index = failures.findIndex((f) => f.path === undefined || path.startsWith(f.path));
    if (index >= 0) return failures.splice(index, 1)[0]!.kind;
    if (state.failureRate > 0 && random() < state.failureRate) return state.failureKinds[Math.floor(random() * state.failureKinds.length)];
    return undefined;
  }

  function api(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const entry: FakeAmoRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      status: null,
      authorized: request.headers.authorization === `Bearer ${state.token}`,
    };
    requests.push(entry);
    const reply = (answer: Answer) => {
      entry.status = answer.status;
      send(response, answer);
    };
    if (!entry.authorized) return reply(problem(401, 'Unauthorized', 'Invalid token'));
    const failure = nextFailure(url.pathname);
    if (failure === 'timeout_before') return hold(response);
    if (failure === '429')
      return reply({
        ...problem(429, 'Too Many Requests', 'Too many requests'),
        headers: { 'content-type': 'application/problem+json', ...(state.retryAfterS ? { 'retry-after': String(state.retryAfterS) } : {}) },
      });
    if (failure === '503') return reply(problem(503, 'Service Unavailable', 'Service temporarily unavailable'));
    if (failure === '500') return reply(problem(500, 'Internal Server Error', 'Internal server error'));
    let parsed: unknown;
    try {
      parsed = raw ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      return reply(problem(400, 'Bad Request', 'Malformed JSON'));
    }
    const answer = route(entry.method, url, parsed);
    // The work is done; the answer is lost on the way: the connection is cut at once.
    if (failure === 'reset') return request.socket.destroy();
    reply(answer);
  }

  function hold(response: ServerResponse) {
    held.add(response);
    response.on('close', () => held.delete(response));
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => api(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin.value = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** amoCRM's webhook body for a status change of `lead`, as it form-encodes it. */
  function statusWebhookBody(lead: FakeAmoLead, oldStatusId: number, account = subdomain): string {
    const form = new URLSearchParams();
    const at = 'leads[status][0]';
    form.set(`${at}[id]`, String(lead.id));
    form.set(`${at}[status_id]`, String(lead.status_id));
    form.set(`${at}[pipeline_id]`, String(lead.pipeline_id));
    form.set(`${at}[old_status_id]`, String(oldStatusId));
    form.set(`${at}[old_pipeline_id]`, String(lead.pipeline_id));
    form.set(`${at}[name]`, lead.name);
    form.set(`${at}[price]`, String(lead.price));
    form.set(`${at}[updated_at]`, String(lead.updated_at));
    form.set('account[subdomain]', account);
    form.set('account[id]', String(accountId));
    form.set('account[_links][self]', `https://${account}.amocrm.ru`);
    return form.toString();
  }

  /** Our id (the value of `fieldId`) → the amoCRM leads that carry it. */
  function leadsByOurId(fieldId: number): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const lead of leads.values()) {
      const value = lead.custom_fields_values?.find((f) => f.field_id === fieldId)?.values[0]?.value;
      if (typeof value !== 'string') continue;
      out.set(value, [...(out.get(value) ?? []), lead.id]);
    }
    return out;
  }

  return {
    /** AMOCRM_BASE_URL of the stand-in. */
    url: origin.value,
    subdomain,
    accountId,
    pipelineId,
    statusIds,
    PHONE_FIELD,
    EMAIL_FIELD,
    leads,
    contacts,
    companies,
    notes,
    requests,
    /** The calls that reached `path` (a prefix: `/api/v4/leads/complex`), optionally of one method. */
    calls: (path: string, method?: string) => requests.filter((r) => r.path.startsWith(path) && (!method || r.method === method)),
    leadsByOurId,
    /** How many distinct leads carry an id, and the ids carried by more than one lead. */
    count(fieldId: number) {
      const byId = leadsByOurId(fieldId);
      return { distinct: byId.size, duplicated: [...byId].filter(([, ids]) => ids.length > 1).map(([ours]) => ours) };
    },
    /** A contact as a manager would have made it, with this phone and/or e-mail. */
    addContact(name: string, phone: string | null, email: string | null): number {
      const contactId = id();
      const values: FieldValue[] = [];
      if (phone)
        values.push({
          field_id: PHONE_FIELD,
          field_name: 'Телефон',
          field_code: 'PHONE',
          field_type: 'multitext',
          values: [{ value: phone, enum_code: 'WORK' }],
        });
      if (email)
        values.push({
          field_id: EMAIL_FIELD,
          field_name: 'Email',
          field_code: 'EMAIL',
          field_type: 'multitext',
          values: [{ value: email, enum_code: 'WORK' }],
        });
      contacts.set(contactId, { id: contactId, name, custom_fields_values: values.length ? values : null });
      return contactId;
    },
    /** A manager moves the lead to `statusId`; the webhook body amoCRM would post about it. */
    moveLead(leadId: number, statusId: number, account = subdomain): string {
      const lead = leads.get(leadId);
      if (!lead) throw new Error(`no such lead: ${leadId}`);
      const old = lead.status_id;
      lead.status_id = statusId;
      lead.updated_at = now();
      return statusWebhookBody(lead, old, account);
    },
    /** POSTs a webhook body to `url` as amoCRM does; the answer's status. */
    async postWebhook(url: string, body: string): Promise<{ status: number; json: unknown }> {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        json = text;
      }
      return { status: response.status, json };
    },
    /** The next `n` API calls (to paths starting with `path`, when given) fail this way, after any already queued. */
    failNext(kind: FakeAmoFailure, n = 1, path?: string) {
      for (let i = 0; i < n; i++) failures.push({ kind, path });
    },
    /** The Retry-After (seconds) a 429 names from now on; null: none, as amoCRM itself sends. */
    setRetryAfter(seconds: number | null) {
      state.retryAfterS = seconds;
    },
    /** Random faults from now on (0 stops them). */
    setFailureRate(rate: number, kinds?: FakeAmoFailure[]) {
      state.failureRate = rate;
      if (kinds) state.failureKinds = kinds;
    },
    /** The token expires (every call answers 401 until `renewToken`). */
    expireToken() {
      state.token = `expired-${state.token}`;
    },
    renewToken(token = options.token) {
      state.token = token;
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeAmoCrm = Awaited<ReturnType<typeof startFakeAmoCrm>>;
