import { browserTracingIntegration, captureException, captureMessage, init, replayIntegration, withScope, type ErrorEvent } from '@sentry/browser';
// Replay's compression worker as a file of our own origin (CSP `worker-src 'self'`, no `blob:`); the SDK's
// inline copy is left out of the bundle (`__SENTRY_EXCLUDE_REPLAY_WORKER__` in vite.config.ts).
import replayWorkerUrl from '@sentry/replay/worker-bundler?url';
import { PERSONAL_QUERY_KEYS, httpFailureLevel, scrubEvent, scrubSpan, type BrowserReportingConfig } from '#core/errors/sentry.ts';

/** A failed API call as the site's client reports it (spec §8). */
export type HttpFailure = { url: string; method: string; status: number | null; message: string };

/** What the entry chunk's queue hands to the SDK (app/lib/error-reporting.ts). */
export type SentryBridge = {
  captureUncaught(error: unknown, mechanism: 'onerror' | 'onunhandledrejection', url: string): void;
  captureException(error: unknown, tags?: Record<string, string>): void;
  captureHttpError(failure: HttpFailure): void;
};

/**
 * The Sentry browser SDK (ADR 017), in a chunk of its own loaded after the page is interactive: errors and
 * rejections, sampled page loads and navigations (traces), session replay with every text, input and medium
 * masked, and the API client's failed calls. No event leaves with form values, cookies or request bodies.
 */
export function initSentry(config: BrowserReportingConfig): SentryBridge {
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    // What the SDK collects by itself: no user, cookies or bodies; headers and queries without personal values.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpBodies: [],
      httpHeaders: { request: { allow: ['user-agent', 'accept-language', 'content-type'] }, response: { allow: ['content-type'] } },
      urlQueryParams: { deny: PERSONAL_QUERY_KEYS },
    },
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    // Our own API only: the trace headers never go to a third party.
    tracePropagationTargets: [/^\/(?!\/)/, window.location.origin],
    integrations: [
      browserTracingIntegration(),
      replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        workerUrl: replayWorkerUrl,
        // Request and response bodies are never recorded (no networkDetailAllowUrls).
      }),
    ],
    beforeSend: (event: ErrorEvent) => scrubEvent(event),
    beforeSendSpan: (span) => scrubSpan(span),
    beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'console' && breadcrumb.level !== 'error' && breadcrumb.level !== 'warning' ? null : breadcrumb),
  });

  return {
    captureUncaught(error, mechanism, url) {
      withScope((scope) => {
        scope.setTag('queued', 'true');
        scope.addEventProcessor((event) => ({ ...event, request: { ...event.request, url } }));
        captureException(error, { mechanism: { type: `auto.browser.global_handlers.${mechanism}`, handled: false } });
      });
    },
    captureException(error, tags) {
      withScope((scope) => {
        if (tags) scope.setTags(tags);
        captureException(error, { mechanism: { type: 'auto.browser.react_router', handled: true } });
      });
    },
    captureHttpError({ url, method, status, message }) {
      const absolute = new URL(url, window.location.href).href;
      withScope((scope) => {
        scope.setLevel(httpFailureLevel(status));
        scope.setTags({ 'http.method': method, 'http.status_code': status === null ? 'network' : String(status) });
        scope.setContext('response', { status_code: status });
        // One issue per endpoint and status, whatever the query.
        scope.setFingerprint(['http-failure', method, absolute.split('?')[0]!, String(status)]);
        scope.addEventProcessor((event) => ({ ...event, request: { ...event.request, url: absolute, method } }));
        captureMessage(message);
      });
    },
  };
}
