import type { BrowserReportingConfig } from '#core/errors/sentry.ts';
import { afterLoadIdle } from './idle.ts';
import type { HttpFailure, SentryBridge } from './sentry.client.ts';

/**
 * The browser's error reporting (ADR 017), in two halves. This one is in the entry chunk and costs a few
 * hundred bytes: from the first script it keeps uncaught errors and rejections, failed API calls and render
 * errors in a queue. The Sentry SDK (`sentry.client.ts`, its own chunk) is imported only when a DSN is
 * configured, once the page has loaded and the browser is idle; it then receives the queue and takes over.
 */

type Pending =
  | { kind: 'uncaught'; error: unknown; mechanism: 'onerror' | 'onunhandledrejection'; url: string }
  | { kind: 'exception'; error: unknown; tags?: Record<string, string> }
  | { kind: 'http'; failure: HttpFailure };

/** Enough to see what went wrong before the SDK came; a page throwing in a loop does not fill memory. */
const QUEUE_LIMIT = 50;

let queue: Pending[] | null = [];
let bridge: SentryBridge | null = null;
let started = false;

function push(item: Pending): void {
  if (bridge) deliver(bridge, item);
  else if (queue && queue.length < QUEUE_LIMIT) queue.push(item);
}

function deliver(sdk: SentryBridge, item: Pending): void {
  if (item.kind === 'uncaught') sdk.captureUncaught(item.error, item.mechanism, item.url);
  else if (item.kind === 'exception') sdk.captureException(item.error, item.tags);
  else sdk.captureHttpError(item.failure);
}

const onError = (event: ErrorEvent) => push({ kind: 'uncaught', error: event.error ?? event.message, mechanism: 'onerror', url: location.href });
const onRejection = (event: PromiseRejectionEvent) => push({ kind: 'uncaught', error: event.reason, mechanism: 'onunhandledrejection', url: location.href });

type EarlyErrors = { queue: { mechanism: 'onerror' | 'onunhandledrejection'; error: unknown; url: string }[]; handler: (event: Event) => void };

/**
 * The first moments, before any module ran (React Router imports the entry chunk asynchronously): an inline
 * script in the page's head (root.tsx, with the CSP nonce, only when a DSN is configured) keeps what is thrown
 * until `captureEarlyErrors` takes it over.
 */
export const EARLY_ERRORS_SCRIPT = `(function(){var q=[],h=function(e){if(q.length<${QUEUE_LIMIT})q.push(e.type==="error"?{mechanism:"onerror",error:e.error||e.message,url:location.href}:{mechanism:"onunhandledrejection",error:e.reason,url:location.href})};addEventListener("error",h);addEventListener("unhandledrejection",h);window.__earlyErrors={queue:q,handler:h}})()`;

/** Called first thing in entry.client: nothing thrown from then on is lost, whether or not the SDK comes. */
export function captureEarlyErrors(): void {
  const early = (window as unknown as { __earlyErrors?: EarlyErrors }).__earlyErrors;
  if (early) {
    window.removeEventListener('error', early.handler);
    window.removeEventListener('unhandledrejection', early.handler);
    for (const item of early.queue) push({ kind: 'uncaught', ...item });
    early.queue.length = 0;
  }
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

function stopEarlyCapture(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
}

/**
 * From the root route once hydrated, with the root loader's configuration: without a DSN the queue is dropped
 * and nothing more is kept; with one, the SDK is loaded lazily and takes over the queue.
 */
export function startErrorReporting(config: BrowserReportingConfig | null): void {
  if (started) return;
  started = true;
  if (!config) {
    stopEarlyCapture();
    queue = null;
    return;
  }
  afterLoadIdle(() => {
    import('./sentry.client.ts')
      .then(({ initSentry }) => {
        const sdk = initSentry(config);
        // The SDK's own global handlers see everything from now on.
        stopEarlyCapture();
        bridge = sdk;
        const pending = queue ?? [];
        queue = null;
        for (const item of pending) deliver(sdk, item);
        document.documentElement.dataset.errorReporting = 'ready';
      })
      .catch((error: unknown) => {
        // Reporting never breaks the page (an ad blocker, a deploy that removed the chunk).
        console.info('error reporting unavailable', error);
        stopEarlyCapture();
        queue = null;
      });
  });
}

/** Spec §8: a failed HTTP response, with request, status, message and method (404 and 403 as warnings). */
export function reportHttpError(failure: HttpFailure): void {
  push({ kind: 'http', failure });
}

/** An error the app caught itself (a render error caught by an error boundary, a chunk that failed to load). */
export function reportError(error: unknown, tags?: Record<string, string>): void {
  push({ kind: 'exception', error, tags });
}
