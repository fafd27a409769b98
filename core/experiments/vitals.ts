/** The web vitals the browser reports (the `web-vitals` library's names); without zod, for the page (issue #17). */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The user-timing mark a page load sets once it observes its web vitals (app/lib/vitals.ts; sent when the page is hidden). */
export const VITALS_OBSERVING_MARK = 'web-vitals:observing';
