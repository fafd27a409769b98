/**
 * Bodies, memory and load (issue 10) against the real production server: an oversized body is refused
 * (413) before it is read, whether it announces its length or streams chunked, on page actions and API
 * routes alike, and the server's memory stays flat meanwhile; beyond capacity, pages and the API get a quick
 * 503 with Retry-After while the health probes keep answering.
 */
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { PAGE_BODY_LIMIT_BYTES } from '#server/http/ssr.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { tempPostgresDatabase } from '#tests/support/throwaway-db.ts';

const MB = 1024 * 1024;
const HUGE = 200 * MB;
const BROWSER = { 'user-agent': 'Mozilla/5.0 Chrome/156', 'accept-language': 'ru' };
const TOKEN = 'b'.repeat(43);

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** Samples a process's RSS every 10 ms until stopped; gives the highest value seen. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Sends `bytes` bytes from a generator (one 64 KiB chunk, sent again and again: nothing big is allocated
 * here), announced by Content-Length or chunked, and stops sending as soon as the answer comes. The server
 * closing the connection after its answer is expected; failing before any answer is an error.
 */
function postBytes(
  base: string,
  path: string,
  opts: { bytes: number; chunked: boolean; contentType: string; headers?: Record<string, string> },
): Promise<Answer> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${base}${path}`, {
      method: 'POST',
      headers: {
        ...BROWSER,
        origin: base,
        'content-type': opts.contentType,
        ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(opts.bytes) }),
        ...opts.headers,
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      const finish = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    // One chunk at a time, with a turn of the event loop between two: an answer that comes while sending is
    // read before the next write (which the server, having closed, would refuse).
    let sent = 0;
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent >= opts.bytes) return void req.end();
      const piece = opts.bytes - sent >= chunk.length ? chunk : chunk.subarray(0, opts.bytes - sent);
      sent += piece.length;
      req.write(piece, () => setImmediate(pump));
    };
    pump();
  });
}

/**
 * Starts a form post whose chunked body does not end until `finish`: it holds its place in the server.
 * `admitted` resolves on the server's `100 Continue`, sent in the same turn of its event loop as the
 * request's admission, so any request made after it arrives later.
 */
function holdRequest(base: string, path: string): { admitted: Promise<void>; answer: Promise<Answer>; finish: (rest: string) => void } {
  const req = request(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...BROWSER,
      origin: base,
      cookie: `${CSRF_COOKIE}=${TOKEN}`,
      'content-type': 'application/x-www-form-urlencoded',
      'transfer-encoding': 'chunked',
      expect: '100-continue',
    },
  });
  const admitted = new Promise<void>((resolve) =>
    req.once('continue', () => {
      req.write(`${CSRF_FORM_FIELD}=${TOKEN}&`);
      resolve();
    }),
  );
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { admitted, answer, finish: (rest) => req.end(rest) };
}

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { ...BROWSER, ...headers }, redirect: 'manual' });

describe('oversized bodies', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Load shedding off here (it has its own tests): a busy machine must not turn a 413 into a 503.
    server = await startServer({ LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' });
  }, 120_000);
  afterAll(() => server?.stop());

  const targets = [
    { path: '/forms/callback', kind: 'page', contentType: 'application/x-www-form-urlencoded', lang: 'ru' },
    { path: '/en/selection', kind: 'page', contentType: 'multipart/form-data; boundary=x', lang: 'en' },
    { path: '/api/request/', kind: 'api', contentType: 'application/json' },
    { path: '/old/subscribe/', kind: 'legacy', contentType: 'application/x-www-form-urlencoded' },
  ] as const;

  for (const target of targets) {
    for (const chunked of [false, true]) {
      it(`POST 200 MB to ${target.path} (${chunked ? 'chunked' : 'Content-Length'}): 413 and the server's memory stays flat`, async () => {
        const pid = server.process.pid!;
        const before = rssMb(pid);
        const { result: answer, peak } = await peakRssDuring(pid, () =>
          postBytes(server.url, target.path, { bytes: HUGE, chunked, contentType: target.contentType }),
        );
        expect(answer.status).toBe(413);
        if (target.kind === 'page') {
          expect(answer.headers['content-type']).toMatch(/^text\/html/);
          expect(answer.body).toContain(`<html lang="${target.lang}">`);
          expect(answer.body).toContain(target.lang === 'en' ? 'Too much data' : 'Слишком много данных');
        } else {
          expect(answer.headers['content-type']).toMatch(/^application\/json/);
          expect(JSON.parse(answer.body)).toHaveProperty('detail');
        }
        expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`).toBeLessThan(50);
      }, 60_000);
    }
  }

  it('refuses one byte over the page limit, and still takes a form just under it (urlencoded and multipart)', async () => {
    const over = await postBytes(server.url, '/selection', {
      bytes: PAGE_BODY_LIMIT_BYTES + 1,
      chunked: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(over.status).toBe(413);

    const padding = 'x'.repeat(PAGE_BODY_LIMIT_BYTES - 1024);
    const form = new URLSearchParams({ [CSRF_FORM_FIELD]: TOKEN, intent: 'add', id: '101', redirectTo: '/selection', padding });
    const headers = { ...BROWSER, origin: server.url, cookie: `${CSRF_COOKIE}=${TOKEN}` };
    const urlencoded = await fetch(`${server.url}/selection`, { method: 'POST', body: form, headers, redirect: 'manual' });
    expect(urlencoded.status).toBe(302);
    expect(urlencoded.headers.get('set-cookie')).toContain('selection=101');

    const multipart = new FormData();
    for (const [key, value] of form) multipart.set(key, value);
    multipart.set('id', '102');
    const answer = await fetch(`${server.url}/selection`, { method: 'POST', body: multipart, headers, redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('set-cookie')).toContain('selection=102');
  });

  it('refuses a cross-site post before reading its body', async () => {
    const answer = await postBytes(server.url, '/forms/callback', {
      bytes: HUGE,
      chunked: true,
      contentType: 'application/x-www-form-urlencoded',
      headers: { origin: 'https://attacker.example' },
    });
    expect(answer.status).toBe(403);
  }, 60_000);
});

describe.each(ENGINES)('body limits and load shedding in the app (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap ceiling no process can stay under: once sampled (every second), everything but probes is shed.
    t = await testApp(engine, { LOAD_MAX_HEAP_MB: '1', LOAD_RETRY_AFTER_S: '7' });
  });
  afterAll(() => t?.dispose());

  it('no route takes more than a form by default', () => {
    expect(t.app.initialConfig.bodyLimit).toBe(PAGE_BODY_LIMIT_BYTES);
  });

  it('under memory pressure answers the API 503 with Retry-After and JSON, and the probes 200', async () => {
    let res = await t.app.inject({ url: '/api/filter/' });
    for (let attempt = 0; res.statusCode !== 503 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the next sample
      res = await t.app.inject({ url: '/api/filter/' });
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().detail).toMatch(/\S/);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('overload', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // One request in progress, one waiting (as long as need be): the third is beyond capacity.
    // (The event-loop check is off: only the bound on requests in progress decides here.)
    server = await startServer({
      LOAD_MAX_IN_FLIGHT: '1',
      LOAD_MAX_QUEUE: '1',
      LOAD_MAX_QUEUE_WAIT_MS: '60000',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_RETRY_AFTER_S: '3',
    });
  }, 120_000);
  afterAll(() => server?.stop());

  it('answers pages and the API 503 with Retry-After at once, keeps the probes answering, and recovers', async () => {
    // Pages no cache keeps and API calls, all at once: one is in progress, one waits, the rest are shed at once.
    const answers = Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const response = await get(server.url, i % 2 ? `/en/filter?burst=${i}` : `/api/filter/?rooms=${i % 4}`, { 'accept-language': 'en' });
        return {
          api: i % 2 === 0,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          type: response.headers.get('content-type'),
          body: await response.text(),
        };
      }),
    );
    // The probes answer in the middle of it.
    for (const probe of ['/healthz', '/readyz']) expect((await get(server.url, probe)).status, probe).toBe(200);
    const burst = await answers;
    const shedPage = burst.find((answer) => !answer.api && answer.status === 503);
    expect(shedPage).toBeDefined();
    expect(shedPage!.retryAfter).toBe('3');
    expect(shedPage!.type).toMatch(/^text\/html/);
    expect(shedPage!.body).toContain('<html lang="en">');
    expect(shedPage!.body).toContain('The site is busy');
    const shedApi = burst.find((answer) => answer.api && answer.status === 503);
    expect(shedApi).toBeDefined();
    expect(shedApi!.retryAfter).toBe('3');
    expect(JSON.parse(shedApi!.body) as unknown).toEqual({ detail: expect.stringContaining('busy') });
    // Every answer is the page or the call, or a 503: nothing else.
    expect(burst.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);

    // Once the burst is over, pages are answered again.
    expect((await get(server.url, '/en/contacts')).status).toBe(200);
    // The operator sees it: the 503s counted by reason (a full queue here), the slots and the queue as they are now.
    const metrics = await (await get(server.url, '/metrics')).text();
    expect(Number(/^load_shed_total\{reason="queue_full"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(metrics).toMatch(/^load_in_flight_limit 1$/m);
    expect(metrics).toMatch(/^load_queue_waiting 0$/m);
  }, 60_000);

  it('gives no slot to a body still arriving: a slow upload holds nobody back, and is answered once its body is in', async () => {
    // The only slot and the only place in the queue would both be taken if uploads counted before their bodies.
    const uploads = [holdRequest(server.url, '/en/selection'), holdRequest(server.url, '/en/selection')];
    await Promise.all(uploads.map((upload) => upload.admitted));
    expect((await get(server.url, '/en/contacts?slow-upload=1')).status).toBe(200);
    expect((await get(server.url, '/api/filter/')).status).toBe(200);
    // Each is answered once its body is in (one after the other: the one slot and the one place in the queue).
    for (const upload of uploads) {
      upload.finish('intent=add&id=7&redirectTo=/en/selection');
      const answer = await upload.answer;
      expect(answer.status, answer.body).toBe(302);
    }
  }, 60_000);
});

/**
 * On PostgreSQL: a render waits for its queries, so requests come in while another is in progress and the queue fills
 * (PGlite answers within the same turn of the event loop, and one process renders its requests one after another).
 */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG_ADMIN_URL)(`a queue that stands${PG_ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is unset)'}`, () => {
  let own: Awaited<ReturnType<typeof tempPostgresDatabase>> | undefined;
  let server: RunningServer;
  beforeAll(async () => {
    own = await tempPostgresDatabase('site_standing_queue');
    // One request in progress and room for everyone else to wait a minute; a waiter past 1 ms is late once the queue
    // has not emptied for 100 ms (overload, not a burst).
    server = await startServer({
      DATABASE_URL: own.url,
      LOAD_MAX_IN_FLIGHT: '1',
      LOAD_TARGET_EVENT_LOOP_DELAY_MS: '0',
      LOAD_MAX_QUEUE: '100',
      LOAD_MAX_QUEUE_WAIT_MS: '60000',
      LOAD_QUEUE_TARGET_MS: '1',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_RETRY_AFTER_S: '3',
    });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await own?.dispose();
  }, 60_000);

  it('sheds the late waiters at once instead of keeping them to the end of their wait, and answers the others', async () => {
    // Forty renders no cache keeps, asked at once: one at a time they take well over the queue's 100 ms.
    const burst = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await get(server.url, `/en/filter?standing=${i}`, { 'accept-language': 'en' });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
      }),
    );
    const shed = burst.filter((answer) => answer.status === 503);
    // Shed with the busy page long before their minute in the queue could run out (the test's own bound).
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((answer) => answer.retryAfter === '3' && answer.body.includes('The site is busy'))).toBe(true);
    expect(burst.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(burst.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    // Once it is over, pages are answered again.
    expect((await get(server.url, '/en/contacts')).status).toBe(200);
  }, 30_000);
});
