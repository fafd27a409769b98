import type { Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { VITALS_OBSERVING_MARK, type VitalMetric } from '#core/experiments/vitals.ts';
import type { ConsentMode } from '#core/analytics/counters.ts';
import { analyticsClientId, readVisitorId } from '#core/tracking/visitor.ts';
import { measurementAllowed } from './consent.ts';

/** Where the vitals go: the experiment event store (docs/api.md, ADR 016), table `web_vitals`. */
export const VITALS_ENDPOINT = '/api/clickhouse/store_data/';

let decided = false;
let mode: ConsentMode = 'opt-in';

/**
 * Web vitals of a sample of page loads (spec §9; the experiments report reads them per variation, ADR 016). Decided
 * once per load: unsampled loads never import `web-vitals`. Each metric goes as one beacon when the page is hidden.
 * Nothing without the visitor id (the join key to experiments), in a tester's visit, or without consent — checked at
 * load and again for each beacon.
 */
export function startWebVitals(sampleRate: number, consent: ConsentMode, random: () => number = Math.random): void {
  if (decided) return;
  decided = true;
  if (!(random() < sampleRate) || typeof navigator.sendBeacon !== 'function' || !measurementAllowed(consent)) return;
  mode = consent;
  const begin = () => {
    import('web-vitals').then(observe, () => {
      // The chunk did not load (offline, a deploy): this page load reports nothing.
    });
  };
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(begin, { timeout: 5000 }) : setTimeout(begin, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

type Library = { onLCP: typeof onLCP; onINP: typeof onINP; onCLS: typeof onCLS; onFCP: typeof onFCP; onTTFB: typeof onTTFB };

function observe(vitals: Library): void {
  const queue: Metric[] = [];
  const flush = () => {
    for (const metric of queue.splice(0)) send(metric);
  };
  const report = (metric: Metric) => {
    queue.push(metric);
    if (document.visibilityState === 'hidden') flush();
  };
  vitals.onLCP(report);
  vitals.onINP(report);
  vitals.onCLS(report);
  vitals.onFCP(report);
  vitals.onTTFB(report);
  // On window, so it runs after the library's own listeners on document (which report LCP, CLS and INP at hide).
  window.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  // A user-timing mark: monitoring (and the browser tests) can tell this page load reports its vitals.
  performance.mark(VITALS_OBSERVING_MARK);
}

function send(metric: Metric): void {
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
