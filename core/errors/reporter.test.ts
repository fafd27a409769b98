import { describe, expect, it, vi } from 'vitest';
import { buildEnvelope, createErrorReporter, parseDsn, stackFrames } from './reporter.ts';

describe('error reporter (Sentry convention)', () => {
  it('derives the envelope URL from a DSN, with and without a path', () => {
    expect(parseDsn('https://abc@o1.ingest.example.com/42').envelopeUrl).toBe('https://o1.ingest.example.com/api/42/envelope/?sentry_key=abc&sentry_version=7');
    expect(parseDsn('http://k@127.0.0.1:9000/errors/7').envelopeUrl).toBe('http://127.0.0.1:9000/errors/api/7/envelope/?sentry_key=k&sentry_version=7');
    expect(() => parseDsn('https://o1.example.com/42')).toThrow(/public key/);
    expect(() => parseDsn('nonsense')).toThrow(/Invalid DSN/);
  });

  it('builds a newline-delimited envelope: header, item header with the byte length, payload', () => {
    const text = buildEnvelope(
      parseDsn('https://k@h.example/1'),
      { type: 'event', payload: { event_id: 'e1', message: { formatted: 'Ошибка' } } },
      new Date(0),
    );
    const [header, itemHeader, payload] = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toMatchObject({ event_id: 'e1', sent_at: '1970-01-01T00:00:00.000Z', dsn: 'https://k@h.example/1' });
    expect(itemHeader).toEqual({ type: 'event', length: new TextEncoder().encode(JSON.stringify(payload)).length });
    expect(payload).toMatchObject({ message: { formatted: 'Ошибка' } });
  });

  it('reports failed responses with request, status, message and method; 404 and 403 as warnings', async () => {
    const bodies: string[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return new Response(null, { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const reporter = createErrorReporter({ dsn: 'https://k@h.example/1', platform: 'javascript', fetch });
    await reporter.captureHttpError({ url: '/api/x/', method: 'GET', status: 404, message: 'Not found' });
    await reporter.captureHttpError({ url: '/api/y/', method: 'POST', status: 502, message: 'Bad gateway' });
    const events = bodies.map((body) => JSON.parse(body.trimEnd().split('\n')[2]!) as { level: string; request: unknown; tags: unknown; message: unknown });
    expect(events[0]).toMatchObject({
      level: 'warning',
      request: { url: '/api/x/', method: 'GET' },
      tags: { status: '404' },
      message: { formatted: 'Not found' },
    });
    expect(events[1]).toMatchObject({ level: 'error', tags: { status: '502', method: 'POST' } });
  });

  it('samples transactions at 0.2 and never throws when sending fails', async () => {
    const fetch = vi.fn(async () => {
      throw new Error('offline');
    }) as unknown as typeof globalThis.fetch;
    const onSendError = vi.fn();
    let r = 0.1;
    const reporter = createErrorReporter({ dsn: 'https://k@h.example/1', platform: 'javascript', fetch, onSendError, random: () => r });
    await reporter.captureTransaction('/en', 0, 1200);
    expect(fetch).toHaveBeenCalledOnce();
    expect(onSendError).toHaveBeenCalledOnce();
    r = 0.5;
    await reporter.captureTransaction('/en', 0, 1200);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('turns a V8 stack into frames, innermost last', () => {
    const frames = stackFrames('Error: x\n    at inner (http://s/a.js:10:5)\n    at http://s/b.js:20:7');
    expect(frames).toEqual([
      { function: '?', filename: 'http://s/b.js', lineno: 20, colno: 7 },
      { function: 'inner', filename: 'http://s/a.js', lineno: 10, colno: 5 },
    ]);
  });
});
