import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * How one call may fail: `lost` (the work is done, then the connection is cut at once: the answer is lost as a
 * client's timeout would lose it, without any test waiting for one), 500, QUERY_LIMIT_EXCEEDED (503), 429, and
 * `denied`: 403 ACCESS_DENIED, Bitrix24's word for one entity the webhook's user may not touch (nothing done).
 */
export type Bitrix24Failure = 'lost' | '500' | 'rate' | '429' | 'denied';

type Entity = Record<string, unknown> & { ID: number };
type Comment = { ID: number; ENTITY_ID: number; ENTITY_TYPE: string; COMMENT: string; CREATED: string };
export type Bitrix24Call = { method: string; status: number };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const error = (status: number, code: string, description: string): Answer => ({ status, body: { error: code, error_description: description } });
const ok = (result: unknown): Answer => ({ status: 200, body: { result, time: { start: Date.now() / 1000 } } });
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const multi = (value: unknown): string[] => (Array.isArray(value) ? value.map((v) => String(record(v).VALUE ?? '')).filter(Boolean) : []);
const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * Bitrix24's REST API through an inbound webhook on 127.0.0.1, for the tests and the reliability run: the documented
 * subset the adapter uses — crm.lead.add/list, crm.deal.add/list/get/update, crm.contact.add,
 * crm.duplicate.findbycomm, crm.timeline.comment.add/list — with Bitrix24's answers (`{ result, time }`, or
 * `{ error, error_description }`: 401 NO_AUTH_FOUND for a wrong webhook code, 401 expired_token once `expire()` is
 * called, 503 QUERY_LIMIT_EXCEEDED, 400 "Not found"). `failNext(n, kind)` makes the next calls fail; `failureRate`
 * (0..1, with `random`) fails that share of calls at random (lost answers, 500s, rate limits in turn). Filters of the list
 * calls match field values exactly. `ourIds(field)` counts the leads and deals by our id, for "0 lost, 0 duplicated".
 * `setDealStage` moves a deal as a manager would and, with `outgoing` set, posts ONCRMDEALUPDATE to the site.
 */
export async function startFakeBitrix24(options: { user?: number; code?: string; applicationToken?: string; random?: () => number } = {}) {
  const user = options.user ?? 1;
  const code = options.code ?? 'f4k3c0d3b1tr1x24';
  const applicationToken = options.applicationToken ?? 'b24-outgoing-application-token-0123456789';
  let random = options.random ?? Math.random;
  const tables = { lead: new Map<number, Entity>(), deal: new Map<number, Entity>(), contact: new Map<number, Entity>() };
  const comments: Comment[] = [];
  const calls: Bitrix24Call[] = [];
  const failures: Bitrix24Failure[] = [];
  const state = { expired: false, failureRate: 0, nextId: 1, turn: 0, outgoing: null as string | null, retryAfterS: null as number | null };

  function matches(entity: Entity, filter: Record<string, unknown>): boolean {
    return Object.entries(filter).every(([field, value]) => String(entity[field] ?? '') === String(value));
  }

  function add(kind: keyof typeof tables, fields: Record<string, unknown>): number {
    if (kind !== 'contact' && typeof fields.TITLE !== 'string') throw Object.assign(new Error('TITLE'), { answer: error(400, '', 'Required fields: TITLE') });
    const id = state.nextId++;
    tables[kind].set(id, {
      ...fields,
      ID: id,
      ...(kind === 'deal' ? { STAGE_ID: fields.STAGE_ID ?? (Number(fields.CATEGORY_ID ?? 0) ? `C${Number(fields.CATEGORY_ID)}:NEW` : 'NEW') } : {}),
      DATE_CREATE: new Date().toISOString(),
    });
    return id;
  }

  function run(method: string, params: Record<string, unknown>): Answer {
    const fields = record(params.fields);
    switch (method) {
      case 'crm.lead.add':
        return ok(add('lead', fields));
      case 'crm.deal.add':
        return ok(add('deal', fields));
      case 'crm.contact.add':
        return ok(add('contact', fields));
      case 'crm.lead.list':
      case 'crm.deal.list': {
        const table = tables[method === 'crm.lead.list' ? 'lead' : 'deal'];
        const found = [...table.values()].filter((e) => matches(e, record(params.filter)));
        const select = Array.isArray(params.select) ? (params.select as string[]) : null;
        const result = found.map((e) => (select ? Object.fromEntries(select.map((f) => [f, f === 'ID' ? String(e.ID) : e[f]])) : { ...e, ID: String(e.ID) }));
        return { status: 200, body: { result, total: result.length, time: {} } };
      }
      case 'crm.deal.get': {
        const deal = tables.deal.get(Number(params.id ?? params.ID));
        return deal ? ok({ ...deal, ID: String(deal.ID) }) : error(400, '', 'Not found');
      }
      case 'crm.deal.update': {
        const deal = tables.deal.get(Number(params.id));
        if (!deal) return error(400, '', 'Not found');
        Object.assign(deal, fields);
        return ok(true);
      }
      case 'crm.duplicate.findbycomm': {
        const type = String(params.type ?? '');
        const values = (Array.isArray(params.values) ? params.values : []).map(String);
        if ((type !== 'PHONE' && type !== 'EMAIL') || !values.length) return error(400, 'INVALID_ARG_VALUE', 'Invalid type or values');
        const ids = [...tables.contact.values()]
          .filter((c) => {
            const own = multi(c[type]);
            return type === 'PHONE'
              ? own.some((v) => values.some((w) => digits(v) === digits(w)))
              : own.some((v) => values.some((w) => v.toLowerCase() === w.toLowerCase()));
          })
          .map((c) => c.ID);
        // Bitrix24 answers an empty array when nothing is found, an object by entity type otherwise.
        return ok(ids.length ? { CONTACT: ids } : []);
      }
      case 'crm.timeline.comment.add': {
        if (!tables.deal.has(Number(fields.ENTITY_ID)) || fields.ENTITY_TYPE !== 'deal' || typeof fields.COMMENT !== 'string')
          return error(400, 'ERROR_CORE', 'Entity not found or comment empty');
        const id = state.nextId++;
        comments.push({ ID: id, ENTITY_ID: Number(fields.ENTITY_ID), ENTITY_TYPE: 'deal', COMMENT: fields.COMMENT, CREATED: new Date().toISOString() });
        return ok(id);
      }
      case 'crm.timeline.comment.list': {
        const filter = record(params.filter);
        return ok(comments.filter((c) => c.ENTITY_ID === Number(filter.ENTITY_ID) && c.ENTITY_TYPE === String(filter.ENTITY_TYPE ?? 'deal')));
      }
      default:
        return error(404, 'ERROR_METHOD_NOT_FOUND', 'Method not found!');
    }
  }

  function send(response: ServerResponse, answer: Answer): void {
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  }

  function failureNow(): Bitrix24Failure | null {
    const queued = failures.shift();
    if (queued) return queued;
    if (state.failureRate > 0 && random() < state.failureRate) return (['lost', '500', 'rate'] as const)[state.turn++ % 3]!;
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/rest\/(\d+)\/([^/]+)\/([a-z.]+)\.json$/.exec(url.pathname);
    const method = match?.[3] ?? url.pathname;
    const answer = (a: Answer) => {
      calls.push({ method, status: a.status });
      send(response, a);
    };
    if (!match) return answer(error(404, 'ERROR_METHOD_NOT_FOUND', 'Method not found!'));
    if (Number(match[1]) !== user || match[2] !== code) return answer(error(401, 'NO_AUTH_FOUND', 'Wrong authorization data'));
    if (state.expired) return answer(error(401, 'expired_token', 'The access token provided has expired.'));
    const failure = failureNow();
    if (failure === '500') return answer(error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error'));
    if (failure === 'rate')
      return answer({
        ...error(503, 'QUERY_LIMIT_EXCEEDED', 'Too many requests'),
        ...(state.retryAfterS !== null ? { headers: { 'retry-after': String(state.retryAfterS) } } : {}),
      });
    if (failure === '429')
      return answer({ ...error(429, 'QUERY_LIMIT_EXCEEDED', 'Too many requests'), headers: { 'retry-after': String(state.retryAfterS ?? 1) } });
    if (failure === 'denied') return answer(error(403, 'ACCESS_DENIED', 'Access denied.'));
    let params: Record<string, unknown> = {};
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      params = text ? record(JSON.parse(text)) : Object.fromEntries(url.searchParams);
    } catch {
      return answer(error(400, 'INVALID_REQUEST', 'Invalid JSON'));
    }
    let result: Answer;
    try {
      result = run(method, params);
    } catch (thrown) {
      result = (thrown as { answer?: Answer }).answer ?? error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    }
    if (failure === 'lost') {
      // The work is done; the answer is lost: the connection is cut at once (the client sees a failed request).
      calls.push({ method, status: 0 });
      request.socket.destroy();
      return;
    }
    answer(result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    /** The inbound webhook base, as BITRIX24_WEBHOOK_URL takes it. */
    url: `${origin}/rest/${user}/${code}/`,
    origin,
    applicationToken,
    leads: tables.lead,
    deals: tables.deal,
    contacts: tables.contact,
    comments,
    calls,
    state,
    /** The next `n` calls fail so (after the webhook's code is checked). */
    failNext(n: number, kind: Bitrix24Failure): void {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    /** From now on every call answers 401 expired_token, until `renew()`. */
    expire(): void {
      state.expired = true;
    },
    renew(): void {
      state.expired = false;
    },
    /** A share of calls (0..1) fails at random (`draw`, Math.random by default): a lost answer, a 500 or a QUERY_LIMIT_EXCEEDED in turn. */
    setFailureRate(rate: number, draw?: () => number): void {
      state.failureRate = rate;
      if (draw) random = draw;
    },
    /** How many leads and deals carry each of our ids in `field` (ORIGIN_ID): 1 each is exactly once. */
    ourIds(field = 'ORIGIN_ID'): Map<string, number> {
      const counts = new Map<string, number>();
      for (const entity of [...tables.lead.values(), ...tables.deal.values()]) {
        const value = entity[field];
        if (typeof value === 'string' && value) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return counts;
    },
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /**
     * Moves a deal to `stageId` as a manager would; with `site` (the site's origin) posts the portal's outgoing webhook
     * ONCRMDEALUPDATE there, form-encoded, with `token` (the application token by default). Resolves with the answer.
     */
    async setDealStage(id: number, stageId: string, site?: { origin: string; token?: string }): Promise<{ status: number; body: string } | null> {
      const deal = tables.deal.get(id);
      if (!deal) throw new Error(`no deal ${id}`);
      deal.STAGE_ID = stageId;
      if (!site) return null;
      const form = new URLSearchParams({
        event: 'ONCRMDEALUPDATE',
        'data[FIELDS][ID]': String(id),
        ts: String(Math.floor(Date.now() / 1000)),
        'auth[domain]': `127.0.0.1:${port}`,
        'auth[client_endpoint]': `${origin}/rest/`,
        'auth[member_id]': 'fake-member',
        'auth[application_token]': site.token ?? applicationToken,
      });
      const response = await fetch(`${site.origin}/api/crm/bitrix24/events/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      return { status: response.status, body: await response.text() };
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeBitrix24 = Awaited<ReturnType<typeof startFakeBitrix24>>;
