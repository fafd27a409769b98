/**
 * Error reporting in the Sentry convention (REFERENCE "Error reporting"): a DSN
 * `proto://key@host[:port]/[path/]projectId` posts envelopes (newline-delimited JSON: header line, then
 * item header and payload pairs) to `proto://host[:port][/path]/api/{projectId}/envelope/`. Isomorphic:
 * the browser and the server use the same reporter with their own `fetch`.
 */
export type Dsn = { publicKey: string; envelopeUrl: string; dsn: string };

/** Spec §9: traces 0.2, replays 0.01. */
export const TRACES_SAMPLE_RATE = 0.2;
export const REPLAYS_SESSION_SAMPLE_RATE = 0.01;
/** Spec §8: failed responses with these statuses are warnings, not errors. */
export const WARNING_STATUSES = new Set([403, 404]);

export function parseDsn(dsn: string): Dsn {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error(`Invalid DSN: ${dsn}`);
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) throw new Error(`Invalid DSN (needs a public key and a numeric project id): ${dsn}`);
  const path = segments.length ? `/${segments.join('/')}` : '';
  const base = `${url.protocol}//${url.host}${path}`;
  return { publicKey: url.username, dsn, envelopeUrl: `${base}/api/${projectId}/envelope/?sentry_key=${url.username}&sentry_version=7` };
}

export type Level = 'fatal' | 'error' | 'warning' | 'info';
export type ReportEvent = {
  event_id: string;
  timestamp: number;
  platform: 'javascript' | 'node';
  level: Level;
  release?: string;
  environment?: string;
  message?: { formatted: string };
  exception?: {
    values: { type: string; value: string; stacktrace?: { frames: { filename?: string; function?: string; lineno?: number; colno?: number }[] } }[];
  };
  request?: { url?: string; method?: string };
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
};

export function eventId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** One envelope with one item (an event, or a transaction for performance tracing). */
export function buildEnvelope(
  dsn: Dsn,
  item: { type: 'event' | 'transaction'; payload: Record<string, unknown> & { event_id: string } },
  now = new Date(),
): string {
  const header = { event_id: item.payload.event_id, sent_at: now.toISOString(), dsn: dsn.dsn, sdk: { name: 'severnaya.site', version: '1' } };
  const payload = JSON.stringify(item.payload);
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: item.type, length: new TextEncoder().encode(payload).length })}\n${payload}\n`;
}

/** V8 stack lines `at fn (file:line:col)` → frames, innermost last as Sentry expects. */
export function stackFrames(stack: string | undefined): { filename?: string; function?: string; lineno?: number; colno?: number }[] {
  if (!stack) return [];
  const frames = stack
    .split('\n')
    .map((line) => /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line))
    .filter((match): match is RegExpExecArray => Boolean(match))
    .map((m) => ({ function: m[1] ?? '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) }));
  return frames.reverse();
}

export type ReporterOptions = {
  dsn: string;
  platform: 'javascript' | 'node';
  release?: string;
  environment?: string;
  fetch?: typeof fetch;
  /** Never let reporting break the page or the server: failures go to this (console by default). */
  onSendError?: (error: unknown) => void;
  random?: () => number;
};

export type ErrorReporter = {
  captureException(
    error: unknown,
    context?: { request?: { url?: string; method?: string }; tags?: Record<string, string>; extra?: Record<string, unknown> },
  ): Promise<void>;
  /** Spec §8: a failed HTTP response, with request, status, message, method; 404/403 as warnings. */
  captureHttpError(input: { url: string; method: string; status: number | null; message: string }): Promise<void>;
  /** Performance tracing: a sampled (0.2) transaction, e.g. a page load with its timings in ms. */
  captureTransaction(name: string, startMs: number, endMs: number, data?: Record<string, unknown>): Promise<void>;
};

export function createErrorReporter(options: ReporterOptions): ErrorReporter {
  const dsn = parseDsn(options.dsn);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const random = options.random ?? Math.random;
  const onSendError = options.onSendError ?? ((error: unknown) => console.warn('error report not sent', error));
  const base = { platform: options.platform, release: options.release, environment: options.environment };

  async function send(type: 'event' | 'transaction', payload: Record<string, unknown> & { event_id: string }): Promise<void> {
    try {
      const response = await doFetch(dsn.envelopeUrl, {
        method: 'POST',
        body: buildEnvelope(dsn, { type, payload }),
        headers: { 'content-type': 'application/x-sentry-envelope' },
        keepalive: true,
      });
      if (!response.ok) throw new Error(`envelope answered ${response.status}`);
    } catch (error) {
      onSendError(error);
    }
  }

  return {
    captureException(error, context = {}) {
      const err = error instanceof Error ? error : new Error(String(error));
      const event: ReportEvent = {
        ...base,
        event_id: eventId(),
        timestamp: Date.now() / 1000,
        level: 'error',
        exception: { values: [{ type: err.name, value: err.message, stacktrace: { frames: stackFrames(err.stack) } }] },
        ...(context.request ? { request: context.request } : {}),
        ...(context.tags ? { tags: context.tags } : {}),
        ...(context.extra ? { extra: context.extra } : {}),
      };
      return send('event', event);
    },
    captureHttpError({ url, method, status, message }) {
      const event: ReportEvent = {
        ...base,
        event_id: eventId(),
        timestamp: Date.now() / 1000,
        level: status !== null && WARNING_STATUSES.has(status) ? 'warning' : 'error',
        message: { formatted: message },
        request: { url, method },
        tags: { status: status === null ? 'network' : String(status), method },
      };
      return send('event', event);
    },
    async captureTransaction(name, startMs, endMs, data = {}) {
      if (random() >= TRACES_SAMPLE_RATE) return;
      const traceId = eventId();
      await send('transaction', {
        ...base,
        type: 'transaction',
        event_id: eventId(),
        transaction: name,
        start_timestamp: startMs / 1000,
        timestamp: endMs / 1000,
        contexts: { trace: { trace_id: traceId, span_id: traceId.slice(0, 16), op: 'pageload' } },
        extra: data,
      });
    },
  };
}
