import { createErrorReporter, type ErrorReporter } from '#core/errors/reporter.ts';

let reporter: ErrorReporter | null = null;

/** The browser's reporter, or null when error reporting is off (no DSN configured). */
export function getReporter(): ErrorReporter | null {
  return reporter;
}

/**
 * Reports uncaught errors and rejections, and (sampled at 0.2) the page load as a performance
 * transaction. Installed once, after hydration, from the root loader's public config.
 */
export function installErrorReporting(config: { dsn: string; environment: string; release: string }): void {
  if (reporter) return;
  const active = createErrorReporter({ ...config, platform: 'javascript' });
  reporter = active;
  window.addEventListener('error', (event) => {
    void active.captureException(event.error ?? event.message, { request: { url: window.location.pathname } });
  });
  window.addEventListener('unhandledrejection', (event) => {
    void active.captureException(event.reason, { request: { url: window.location.pathname } });
  });
  const reportLoad = () => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!nav) return;
    void active.captureTransaction(window.location.pathname, performance.timeOrigin, performance.timeOrigin + nav.loadEventEnd, {
      ttfb: Math.round(nav.responseStart),
      domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
      load: Math.round(nav.loadEventEnd),
    });
  };
  if (document.readyState === 'complete') setTimeout(reportLoad, 0);
  else window.addEventListener('load', () => setTimeout(reportLoad, 0), { once: true });
}
