import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { ConsentMode } from '#core/analytics/counters.ts';
import { VITALS_OBSERVING_MARK, type VitalMetric } from '#core/experiments/vitals.ts';
import { analyticsClientId, readVisitorId } from '#core/tracking/visitor.ts';
import { measurementAllowed } from './consent.ts';

/** Where the vitals go: the experiment event store (docs/api.md, ADR 016), table `web_vitals`. */
export const VITALS_ENDPOINT = '/api/clickhouse/store_data/';

/** Reports this page load's vitals (app/lib/vitals.ts decided it is sampled), one beacon each when the page is hidden. */
export function observe(mode: ConsentMode): void {
  const queue: Metric[] = [];
  const flush = () => {
    for (const metric of queue.splice(0)) send(metric, mode);
  };
  const report = (metric: Metric) => {
    queue.push(metric);
    if (document.visibilityState === 'hidden') flush();
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
  // On window, so it runs after the library's own listeners on document (which report LCP, CLS and INP at hide).
  window.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  // A user-timing mark: monitoring (and the browser tests) can tell this page load reports its vitals.
  performance.mark(VITALS_OBSERVING_MARK);
}

function send(metric: Metric, mode: ConsentMode): void {
  const userId = readVisitorId(document.cookie);
  if (!userId || !measurementAllowed(mode)) return;
  const body = {
    user_id: userId,
    ga_id: analyticsClientId(document.cookie) ?? '',
    value: Math.round(metric.value * 10_000) / 10_000,
    metric: metric.name satisfies VitalMetric,
    host: location.host,
    url: `${location.pathname}${location.search}`,
    timestamp: new Date().toISOString(),
    table_name: 'web_vitals',
  };
  navigator.sendBeacon(VITALS_ENDPOINT, JSON.stringify(body));
}
