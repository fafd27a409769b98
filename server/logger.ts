import type { FastifyServerOptions } from 'fastify';
import { hideDealToken, safeMessage } from '#core/privacy.ts';
import type { Config } from './config.ts';

/** An error as it may appear in a log line: its class, a message without the values it was about, where it came from. */
export type SafeError = {
  type: string;
  message: string;
  code?: string | number;
  statusCode?: number;
  /** Names of the database objects involved (never values): PostgreSQL's error fields. */
  table?: string;
  column?: string;
  constraint?: string;
  stack: string;
  cause?: SafeError;
  errors?: SafeError[];
};

/** The one cleaning of messages, shared with the error reports (core/errors/sentry.ts). */
export { safeMessage };

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 ? safeMessage(value) : undefined;
}

/** The error's class: `DatabaseError` for any driver's server error (PGlite's class names are minified). */
function errorType(error: Error): string {
  const props = error as Error & { severity?: unknown; code?: unknown };
  if (typeof props.severity === 'string' && typeof props.code === 'string') return 'DatabaseError';
  const name = error.constructor?.name ?? '';
  if (name.length > 2 && name !== 'Error') return name;
  return error.name && error.name !== 'error' ? error.name : 'Error';
}

/**
 * The `err` serializer for every log line, whatever the code path: class, a cleaned message, the SQLSTATE and
 * the names of the table/column/constraint, the stack frames and the cause (cleaned the same way). Never the
 * query parameters, a database error's `detail` ("Failing row contains (…)", "Key (phone)=(…)"), `where`,
 * `hint` or `internalQuery`, nor any other property an error happens to carry.
 */
export function safeError(value: unknown, depth = 0): SafeError {
  if (!(value instanceof Error)) {
    return { type: value === null ? 'null' : typeof value, message: typeof value === 'string' ? safeMessage(value) : '[not an Error]', stack: '' };
  }
  const props = value as Error & Record<string, unknown>;
  const type = errorType(value);
  const message = safeMessage(value.message);
  const out: SafeError = { type, message, stack: `${type}: ${message}` };
  if (typeof props.code === 'string' || typeof props.code === 'number') out.code = props.code;
  if (typeof props.statusCode === 'number') out.statusCode = props.statusCode;
  const table = stringField(props.table);
  const column = stringField(props.column);
  const constraint = stringField(props.constraint);
  if (table) out.table = table;
  if (column) out.column = column;
  if (constraint) out.constraint = constraint;
  if (typeof value.stack === 'string') {
    const frames = value.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [out.stack, ...frames.map(safeMessage)].join('\n');
  }
  if (depth < 3) {
    if (value.cause !== undefined) out.cause = safeError(value.cause, depth + 1);
    if (value instanceof AggregateError) out.errors = value.errors.slice(0, 5).map((e) => safeError(e, depth + 1));
  }
  return out;
}

/**
 * A request's path as logs write it: without its query string, and without the buyer's deal token (`/deal/{token}`,
 * `/en/deal/{token}`, its documents: issue #39), which opens a deal to whoever reads it.
 */
export function loggedPath(url: string): string {
  return hideDealToken(url.split('?')[0]!);
}

/**
 * Structured JSON logs (pino). Personal data never reaches them: headers that carry identity are
 * redacted, fields named like personal data are redacted, errors go through `safeError` (no query parameters,
 * no values quoted by the database), and request logs carry the path without its query string (forms never
 * put data in URLs, but tracking links sometimes carry e-mails).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.phone',
        '*.email',
        '*.name',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, path: loggedPath(request.url), id: request.id, ua: request.headers?.['user-agent'] };
      },
      err: (error: unknown) => safeError(error),
      // `error` is not pino's error key, but code logs errors under it too: those are cleaned the same way.
      error: (error: unknown) => (error instanceof Error ? safeError(error) : typeof error === 'string' ? safeMessage(error) : error),
    },
    ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  };
}
