import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A payment as YooKassa's API answers for it (the documented subset this site reads, and a little more). */
export type FakePayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  income_amount?: { value: string; currency: string };
  confirmation?: { type: 'redirect'; confirmation_url: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Record<string, string>;
  payment_method?: { type: 'bank_card'; id: string; saved: false; title: string };
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  refunded_amount?: { value: string; currency: string };
  cancellation_details?: { party: 'yoo_money' | 'merchant' | 'payment_network'; reason: string };
  test: true;
};
export type FakeRefund = {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
};
export type FakeRequest = { method: string; path: string; idempotenceKey: string | undefined; body: unknown; authorized: boolean; status: number | null };
export type FakeFailure = 'timeout' | '500' | 'reset' | '202';
export type FakeNotification = { url: string; event: string; objectId: string; status: number | null };
type Answer = { status: number; body: unknown };

const kopecks = (value: string) => Math.round(Number(value) * 100);
const amountOf = (k: number, currency = 'RUB') => ({ value: (k / 100).toFixed(2), currency });
const error = (status: number, code: string, description: string, parameter?: string): Answer => ({
  status,
  body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
});
const isAmount = (value: unknown): value is { value: string; currency: string } =>
  typeof value === 'object' &&
  value !== null &&
  'value' in value &&
  typeof value.value === 'string' &&
  /^\d+(\.\d{1,2})?$/.test(value.value) &&
  Number(value.value) > 0 &&
  'currency' in value &&
  value.currency === 'RUB';
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * YooKassa's REST API v3 on 127.0.0.1, for the tests: the documented subset the site uses, faithfully. Basic auth
 * with the shop id and key (401 otherwise); an Idempotence-Key on every POST (400 without), the same key and body
 * answered with the first answer, the same key with another body refused as YooKassa refuses it; payments pending
 * until the buyer pays or cancels on the confirmation page (or a test calls `succeed`/`cancel`), refunds of
 * succeeded payments up to what is left; notifications POSTed as YooKassa sends them. `failNext` makes the next
 * API calls time out (answer never sent, after the work is done, as a lost answer is), reset the connection
 * (likewise), answer 500 (nothing done) or 202 "processing" (nothing done). `requests` records every API call.
 */
export async function startFakeYooKassa(options: { shopId: string; secretKey: string; notifyUrl?: string; retryAfterMs?: number }) {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const returnUrls = new Map<string, string>();
  const captureLater = new Set<string>();
  const idempotence = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: FakeRequest[] = [];
  const notifications: FakeNotification[] = [];
  const failures: FakeFailure[] = [];
  const held = new Set<ServerResponse>();
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const state = { notifyUrl: options.notifyUrl ?? null, origin: '' };

  async function notify(targetUrl: string, event: string, id: string): Promise<number | null> {
    const object = event.startsWith('refund.') ? refunds.get(id) : payments.get(id);
    if (!object) throw new Error(`no such ${event.split('.')[0]}: ${id}`);
    const sent: FakeNotification = { url: targetUrl, event, objectId: id, status: null };
    notifications.push(sent);
    try {
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'notification', event, object }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.body?.cancel();
      sent.status = response.status;
    } catch {
      sent.status = null;
    }
    return sent.status;
  }

  async function notifyConfigured(event: string, id: string) {
    if (state.notifyUrl) await notify(state.notifyUrl, event, id);
  }

  function payment(id: string): FakePayment {
    const found = payments.get(id);
    if (!found) throw new Error(`no such payment: ${id}`);
    return found;
  }

  /** The buyer pays: pending → succeeded (or waiting_for_capture for a two-stage payment). */
  async function succeed(id: string): Promise<FakePayment> {
    const p = payment(id);
    if (p.status !== 'pending') return p;
    const now = new Date().toISOString();
    delete p.confirmation;
    p.paid = true;
    p.payment_method = { type: 'bank_card', id: p.id, saved: false, title: 'Bank card *4444' };
    if (captureLater.has(id)) p.status = 'waiting_for_capture';
    else Object.assign(p, { status: 'succeeded', captured_at: now, refundable: true, income_amount: amountOf(Math.round(kopecks(p.amount.value) * 0.965)) });
    await notifyConfigured(`payment.${p.status}`, id);
    return p;
  }

  /** The payment fails or the buyer gives up: → canceled with YooKassa's reason. */
  async function cancel(id: string, reason = 'expired_on_confirmation', party: 'yoo_money' | 'merchant' = 'yoo_money'): Promise<FakePayment> {
    const p = payment(id);
    if (p.status === 'succeeded' || p.status === 'canceled') return p;
    delete p.confirmation;
    Object.assign(p, { status: 'canceled', paid: false, refundable: false, cancellation_details: { party, reason } });
    await notifyConfigured('payment.canceled', id);
    return p;
  }

  function createPayment(body: Record<string, unknown>): Answer {
    if (!isAmount(body.amount)) return error(400, 'invalid_request', 'Invalid amount', 'amount');
    const confirmation = record(body.confirmation);
    if (confirmation.type !== 'redirect' || typeof confirmation.return_url !== 'string' || !/^https?:\/\//.test(confirmation.return_url))
      return error(400, 'invalid_request', 'Invalid confirmation', 'confirmation');
    if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 128))
      return error(400, 'invalid_request', 'Description is too long', 'description');
    const metadata = record(body.metadata);
    if (Object.keys(metadata).length > 16 || Object.entries(metadata).some(([k, v]) => k.length > 32 || typeof v !== 'string' || v.length > 512))
      return error(400, 'invalid_request', 'Invalid metadata', 'metadata');
    const id = randomUUID();
    const created: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: amountOf(kopecks(body.amount.value)),
      confirmation: { type: 'redirect', confirmation_url: `${state.origin}/checkout/${id}` },
      created_at: new Date().toISOString(),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      metadata: metadata as Record<string, string>,
      recipient: { account_id: options.shopId, gateway_id: '100500' },
      refundable: false,
      test: true,
    };
    payments.set(id, created);
    returnUrls.set(id, confirmation.return_url);
    if (body.capture !== true) captureLater.add(id);
    return { status: 200, body: created };
  }

  function createRefund(body: Record<string, unknown>): Answer {
    const p = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!p) return error(400, 'invalid_request', 'Payment not found', 'payment_id');
    if (!isAmount(body.amount)) return error(400, 'invalid_request', 'Invalid amount', 'amount');
    if (p.status !== 'succeeded') return error(400, 'invalid_request', `Payment has status ${p.status}, refund is impossible`, 'payment_id');
    const refunded = p.refunded_amount ? kopecks(p.refunded_amount.value) : 0;
    const asked = kopecks(body.amount.value);
    if (asked > kopecks(p.amount.value) - refunded) return error(400, 'invalid_request', 'Refund amount exceeds the payment amount left', 'amount.value');
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: p.id,
      status: 'succeeded',
      amount: amountOf(asked),
      created_at: new Date().toISOString(),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
    };
    refunds.set(refund.id, refund);
    p.refunded_amount = amountOf(refunded + asked);
    p.refundable = refunded + asked < kopecks(p.amount.value);
    void notifyConfigured('refund.succeeded', refund.id);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, body: unknown): Answer {
    const fields = record(body);
    let match: RegExpExecArray | null;
    if (path === '/v3/payments' && method === 'POST') return createPayment(fields);
    if (path === '/v3/refunds' && method === 'POST') return createRefund(fields);
    if ((match = /^\/v3\/payments\/([^/]+)$/.exec(path)) && method === 'GET') {
      const found = payments.get(decodeURIComponent(match[1] ?? ''));
      return found ? { status: 200, body: found } : error(404, 'not_found', 'Payment not found');
    }
    if ((match = /^\/v3\/refunds\/([^/]+)$/.exec(path)) && method === 'GET') {
      const found = refunds.get(decodeURIComponent(match[1] ?? ''));
      return found ? { status: 200, body: found } : error(404, 'not_found', 'Refund not found');
    }
    if ((match = /^\/v3\/payments\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      const found = payments.get(decodeURIComponent(match[1] ?? ''));
      if (!found) return error(404, 'not_found', 'Payment not found');
      if (found.status !== 'waiting_for_capture')
        return error(400, 'invalid_request', `Payment has status ${found.status}, cancel is impossible`, 'payment_id');
      delete found.confirmation;
      Object.assign(found, { status: 'canceled', paid: false, cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } });
      void notifyConfigured('payment.canceled', found.id);
      return { status: 200, body: found };
    }
    if (/^\/v3\/(payments|refunds)(\/|$)/.test(path)) return error(405, 'invalid_request', 'Method not allowed');
    return error(404, 'not_found', 'Not found');
  }

  function send(response: ServerResponse, answer: Answer) {
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  }

  function api(request: IncomingMessage, response: ServerResponse, raw: string, path: string) {
    const key = request.headers['idempotence-key'];
    const idempotenceKey = typeof key === 'string' ? key : undefined;
    const parsed = raw ? (JSON.parse(raw) as unknown) : undefined;
    const entry: FakeRequest = {
      method: request.method ?? 'GET',
      path,
      idempotenceKey,
      body: parsed,
      authorized: request.headers.authorization === authorization,
      status: null,
    };
    requests.push(entry);
    const reply = (answer: Answer) => {
      entry.status = answer.status;
      send(response, answer);
    };
    const failure = failures.shift();
    if (failure === '500') return reply(error(500, 'internal_server_error', 'Internal server error'));
    if (failure === '202')
      return reply({ status: 202, body: { type: 'processing', description: 'Request accepted', retry_after: options.retryAfterMs ?? 1800 } });
    if (!entry.authorized) return reply(error(401, 'invalid_credentials', 'Authentication by given credentials failed'));
    let answer: Answer;
    if (entry.method === 'POST') {
      if (!idempotenceKey) answer = error(400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
      else if (idempotenceKey.length > 64) answer = error(400, 'invalid_request', 'Idempotence key is too long', 'Idempotence-Key');
      else {
        const fingerprint = createHash('sha256')
          .update(`${path}\n${JSON.stringify(parsed ?? null)}`)
          .digest('hex');
        const seen = idempotence.get(idempotenceKey);
        if (seen) answer = seen.fingerprint === fingerprint ? seen.answer : error(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        else {
          answer = route(entry.method, path, parsed);
          // An answer is kept with its key (errors too), and the object as it was then, as YooKassa replays it.
          answer = { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) as unknown };
          idempotence.set(idempotenceKey, { fingerprint, answer });
        }
      }
    } else answer = route(entry.method, path, parsed);
    // The work is done; a lost answer: held until the client gives up, or the connection cut.
    if (failure === 'timeout') {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    if (failure === 'reset') return request.socket.destroy();
    reply(answer);
  }

  function checkout(request: IncomingMessage, response: ServerResponse, id: string, action: string | undefined) {
    const p = payments.get(id);
    if (!p) return response.writeHead(404, { 'content-type': 'text/plain' }).end('no such payment');
    if (request.method === 'POST' && (action === 'pay' || action === 'cancel')) {
      void (action === 'pay' ? succeed(id) : cancel(id)).then(() => {
        response.writeHead(303, { location: returnUrls.get(id) ?? '/' }).end();
      });
      return;
    }
    const amount = `${p.amount.value} ${p.amount.currency}`;
    const open = p.status === 'pending';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>YooKassa test checkout</title></head>
<body><main><h1>YooKassa test checkout</h1>
<p>Payment <span data-payment-id>${escapeHtml(p.id)}</span>: <strong>${escapeHtml(amount)}</strong>${p.description ? `, ${escapeHtml(p.description)}` : ''}. Status: ${p.status}.</p>
${open ? `<form method="post" action="/checkout/${p.id}/pay"><button type="submit">Pay</button></form>\n<form method="post" action="/checkout/${p.id}/cancel"><button type="submit">Cancel</button></form>` : `<p><a href="${escapeHtml(returnUrls.get(id) ?? '/')}">Back to the shop</a></p>`}
</main></body></html>`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
      try {
        if (page) checkout(request, response, page[1] ?? '', page[2]);
        else api(request, response, raw, path);
      } catch {
        send(response, error(400, 'invalid_request', 'Malformed request'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    /** The API root to give the client (YOOKASSA_API_URL). */
    url: `${state.origin}/v3`,
    origin: state.origin,
    shopId: options.shopId,
    secretKey: options.secretKey,
    payments,
    refunds,
    requests,
    notifications,
    /** Where `succeed`, `cancel`, the checkout page and refunds send their notifications (null: none sent). */
    get notifyUrl() {
      return state.notifyUrl;
    },
    set notifyUrl(url: string | null) {
      state.notifyUrl = url;
    },
    succeed,
    cancel,
    notify,
    /** The next `n` API calls fail this way (in order after any already queued). */
    failNext(kind: FakeFailure, n = 1) {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    /** The POST requests that carried this key (a retry reuses it). */
    requestsWithKey: (key: string) => requests.filter((entry) => entry.idempotenceKey === key),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeYooKassa = Awaited<ReturnType<typeof startFakeYooKassa>>;
