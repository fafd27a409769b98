import { describe, expect, it, vi } from 'vitest';
import { antibotToken } from './antibot.ts';
import { ApiError, createApiClient, encodeQuery, withTrailingSlash } from './client.ts';

function fakeFetch(responses: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(responses: (Response | Error)[], extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const f = fakeFetch(responses);
  const api = createApiClient({
    origin: 'https://site.test',
    antibotSalt: 'salt',
    clientVersion: '1.2.3',
    csrfToken: () => 'tok'.repeat(11),
    fetch: f.fn,
    retryDelayMs: 1,
    ...extra,
  });
  return { api, calls: f.calls };
}

describe('api client', () => {
  it('adds the trailing slash, encodes queries and signs the URL it sends', async () => {
    const { api, calls } = client([json(200, { ok: 1 })]);
    await expect(api('/api/filter', { query: { rooms: [1, 2], price_max: 9, empty: '' } })).resolves.toEqual({ ok: 1 });
    const { url, init } = calls[0]!;
    expect(url).toBe('https://site.test/api/filter/?rooms=1%2C2&price_max=9');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-client-version']).toBe('1.2.3');
    expect(headers['x-client-token']).toBe(antibotToken('salt', '/api/filter/?rooms=1%2C2&price_max=9', headers['x-client-timestamp']!));
    expect(headers['x-csrftoken']).toBeUndefined();
  });

  it('retries idempotent reads on the listed statuses and on network errors', async () => {
    const { api, calls } = client([json(503, {}), new TypeError('offline'), json(200, [1])]);
    await expect(api('/api/menu/header/')).resolves.toEqual([1]);
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 404 or a 400', async () => {
    const { api, calls } = client([json(404, { detail: 'Not found.' })]);
    await expect(api('/api/x/')).rejects.toMatchObject({ status: 404, message: 'GET /api/x/ → 404 Not found.' });
    expect(calls).toHaveLength(1);
  });

  it('sends the CSRF header on unsafe methods and does not retry them by default', async () => {
    const onError = vi.fn();
    const { api, calls } = client([json(502, {})], { onError });
    await expect(api('/api/request/', { method: 'POST', body: { name: 'A' } })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-csrftoken']).toBe('tok'.repeat(11));
    expect(headers['content-type']).toBe('application/json');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('gets the CSRF cookie first when there is none yet, and only for an unsafe call', async () => {
    let cookie: string | null = null;
    const ensureCsrfToken = vi.fn(async () => {
      cookie = 'fresh'.repeat(8);
    });
    const { api, calls } = client([json(200, {}), json(201, {}), json(201, {})], { csrfToken: () => cookie, ensureCsrfToken });
    await api('/api/menu/header/');
    expect(ensureCsrfToken).not.toHaveBeenCalled();
    await api('/api/request/', { method: 'POST', body: {} });
    expect(ensureCsrfToken).toHaveBeenCalledOnce();
    expect((calls[1]!.init.headers as Record<string, string>)['x-csrftoken']).toBe('fresh'.repeat(8));
    await api('/api/request/', { method: 'POST', body: {} });
    expect(ensureCsrfToken).toHaveBeenCalledOnce();
  });

  it('retries an unsafe call only when asked', async () => {
    const { api, calls } = client([json(503, {}), json(201, { id: 1 })]);
    await expect(api('/api/request/', { method: 'POST', body: {}, retry: 1 })).resolves.toEqual({ id: 1 });
    expect(calls).toHaveLength(2);
  });

  it('retries an unsafe call only on a 503 (nothing taken), never on another failure or a lost answer', async () => {
    for (const failure of [json(500, {}), json(429, {}), json(409, {}), new TypeError('offline')]) {
      const { api, calls } = client([failure, json(201, { id: 1 })]);
      await expect(api('/api/request/', { method: 'POST', body: {}, retry: 3 })).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });

  it('refuses to call another origin', async () => {
    const { api } = client([]);
    await expect(api('https://evil.test/api/')).rejects.toThrow(/site origin/);
  });

  it('helpers', () => {
    expect(withTrailingSlash('/a/b')).toBe('/a/b/');
    expect(withTrailingSlash('/a/b/')).toBe('/a/b/');
    expect(encodeQuery({ a: [], b: null })).toBe('');
  });
});
