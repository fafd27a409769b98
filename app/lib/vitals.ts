import type { ConsentMode } from '#core/analytics/counters.ts';
import { measurementAllowed } from './consent.ts';
import { afterLoadIdle } from './idle.ts';

let decided = false;

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
  // The observer and web-vitals come after the page has loaded, and only for a sampled load.
  const begin = () => {
    import('./vitals-observe.ts').then(
      ({ observe }) => observe(consent),
      () => {
        // The chunk did not load (offline, a deploy): this page load reports nothing.
      },
    );
  };
  afterLoadIdle(begin);
}
