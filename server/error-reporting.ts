import type * as SentryNode from '@sentry/node';
import { scrubEvent, scrubSpan, type ErrorReporter } from '#core/errors/sentry.ts';
import { hideDealToken } from '#core/privacy.ts';
import type { Config } from './config.ts';

let sdk: typeof SentryNode | null = null;

/**
 * The default integrations kept: error plumbing, context, breadcrumbs and the process-wide handlers. Left out:
 * the frameworks' and databases' (our own handlers report, with the request scrubbed), local variables (the
 * inspector), sessions, AI and cloud ones.
 */
const KEPT_DEFAULTS = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'RequestData',
  'NodeSystemError',
  'Console',
  'NodeFetch',
  'OnUncaughtException',
  'ContextLines',
  'Context',
]);

/**
 * Requests not worth a trace: static files, images, probes, metrics, the deploy poll, and the flags' event
 * streams (`/sub/{key}`: a sampled span would stay open for the stream's whole life).
 */
export const UNTRACED = /^\/(assets\/|img\/|favicon|healthz|readyz|metrics|builds\/|sub\/)/;

/**
 * Starts the Sentry Node SDK once per process when `SENTRY_DSN` is set (ADR 017): a plain `init`, no `--import`
 * preloading or module patching; Node's diagnostics channels still give requests their scope and spans. Returns
 * whether reporting is on.
 */
export async function initErrorReporting(config: Config, release?: string): Promise<boolean> {
  if (!config.SENTRY_DSN) return false;
  // Imported only with a DSN: the SDK is heavy in memory and load time (ADR 017).
  sdk ??= await import('@sentry/node');
  const Sentry = sdk;
  if (Sentry.isInitialized()) return true;
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    ...(release ? { release } : {}),
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
    // What the SDK collects by itself: no user, cookies, bodies or query strings (lead forms carry personal data).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpBodies: [],
      httpHeaders: { request: { allow: ['user-agent', 'accept-language', 'content-type'] }, response: false },
      urlQueryParams: false,
    },
    enableRuntimeChannelInjection: false,
    // Lead forms post personal data: no request body is ever read into an event.
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEPT_DEFAULTS.has(integration.name)),
      Sentry.httpIntegration({
        maxRequestBodySize: 'none',
        ignoreIncomingRequests: (path) => UNTRACED.test(path),
      }),
      // Node's default: an unhandled rejection ends the process (reported first).
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    beforeSend: (event) => scrubEvent(event, { dropQuery: true }),
    beforeSendSpan: (span) => scrubSpan(span, { dropQuery: true }),
  });
  return true;
}

/**
 * The reporter the API error handler and React Router's `handleError` call: the error with the request's method
 * and path (never its query, body or cookies). Starts the SDK if the boot did not (tests build the app directly).
 */
export async function createErrorReporter(config: Config): Promise<ErrorReporter | null> {
  if (!(await initErrorReporting(config)) || !sdk) return null;
  const Sentry = sdk;
  return {
    captureException(error, context = {}) {
      Sentry.withScope((scope) => {
        if (context.tags) scope.setTags(context.tags);
        const request = context.request;
        if (request) {
          scope.addEventProcessor((event) => ({ ...event, request: { ...event.request, url: request.url, method: request.method } }));
          if (request.method && request.url) scope.setTransactionName(`${request.method} ${hideDealToken(request.url.split('?')[0]!)}`);
        }
        Sentry.captureException(error);
      });
    },
  };
}

/** Sends what is queued, within the graceful shutdown (at most `timeoutMs`). */
export async function closeErrorReporting(timeoutMs = 2000): Promise<void> {
  if (sdk?.isInitialized()) await sdk.close(timeoutMs);
}

/** A failed start: reported (when reporting is on) and sent before the process exits. */
export async function reportFatal(error: unknown): Promise<void> {
  if (!sdk?.isInitialized()) return;
  sdk.captureException(error, { level: 'fatal' });
  await sdk.close(2000);
}
