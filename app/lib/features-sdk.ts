import { configureCache, GrowthBook, onHidden, onVisible, type FeatureApiResponse, type TrackingCallback } from '@growthbook/growthbook';
import type { ConsentMode } from '#core/analytics/counters.ts';
import { createApiClient } from '#core/http/client.ts';
import { HASH_ATTRIBUTE } from '#core/flags/keys.ts';
import type { ExperimentView, FeatureBootstrap } from '#core/flags/features.ts';
import { analyticsClientId } from '#core/tracking/visitor.ts';
import { measurementAllowed } from './consent.ts';
import { readCsrfToken } from './api.ts';
import { ensureCsrfCookie } from './csrf.tsx';

/**
 * The browser's GrowthBook SDK (ADR 015), loaded by ./features.tsx once the page is idle (ADR 027): it takes over
 * from the server's values, reports each exposure once and keeps the payload current through the stream.
 */

// The spec: the product disables the SDK's feature cache (no copy in localStorage, none in memory between fetches).
configureCache({ disableCache: true });

/** Exposures already stored from this browser (`vid|experiment|variation`), so a page view does not repeat them. */
const TRACKED_KEY = 'experiments:tracked';
const TRACKED_MAX = 100;

function tracked(): string[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(TRACKED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function remember(key: string): void {
  try {
    window.localStorage.setItem(TRACKED_KEY, JSON.stringify([...tracked().filter((k) => k !== key), key].slice(-TRACKED_MAX)));
  } catch {
    // Storage off (private mode, a full quota): the SDK still reports once per page.
  }
}

/** The page's exposure record for `/api/clickhouse/store_data/` (spec §3). */
export function experimentView(input: {
  visitorId: string;
  experimentId: string;
  variationId: string;
  location: Location;
  cookie: string;
  now: Date;
}): ExperimentView {
  return {
    user_id: input.visitorId,
    experiment_id: input.experimentId,
    variation_id: input.variationId,
    ga_id: analyticsClientId(input.cookie) ?? '',
    value: '',
    host: input.location.host,
    url: `${input.location.origin}${input.location.pathname}${input.location.search}`,
    timestamp: input.now.toISOString(),
    table_name: 'experiment_views',
  };
}

export type FeaturesStart = {
  bootstrap: FeatureBootstrap;
  /** The id the server rendered with (cookie `vid`); the SDK is loaded only for a visitor who has one. */
  visitorId: string;
  client: { antibotSalt: string; clientVersion: string; analyticsConsent: ConsentMode };
  csrfMetaName: string;
};

/** The SDK instance for this page's life: the payload the page came with, the stream opened, exposures reported. */
export function startFeatures({ bootstrap, visitorId, client, csrfMetaName }: FeaturesStart): GrowthBook {
  const trackingCallback: TrackingCallback = (experiment, result) => {
    // Only a visitor really bucketed by the hash counts (not one forced, outside coverage or filtered out).
    if (!result.inExperiment || !result.hashUsed) return;
    // Nothing in a tester's visit (`nometrics`) or against the visitor's answer to the notice (ADR 014, 015).
    if (!measurementAllowed(client.analyticsConsent)) return;
    const key = `${visitorId}|${experiment.key}|${result.key}`;
    if (tracked().includes(key)) return;
    // The site's API client (CSRF and anti-bot headers); a failure is swallowed (spec §8), not reported.
    const api = createApiClient({
      origin: window.location.origin,
      antibotSalt: client.antibotSalt,
      clientVersion: client.clientVersion,
      csrfToken: () => readCsrfToken(document.cookie, csrfMetaName, document),
      ensureCsrfToken: ensureCsrfCookie,
    });
    const body = experimentView({
      visitorId,
      experimentId: experiment.key,
      variationId: result.key,
      location: window.location,
      cookie: document.cookie,
      now: new Date(),
    });
    api('/api/clickhouse/store_data/', { method: 'POST', body }).then(
      () => remember(key),
      () => {},
    );
  };
  const gb = new GrowthBook({
    apiHost: window.location.origin,
    clientKey: bootstrap.clientKey,
    attributes: { [HASH_ATTRIBUTE]: visitorId },
    features: bootstrap.payload.features as FeatureApiResponse['features'],
    disableCache: true,
    trackingCallback,
  });
  // The stream: the payload on connect, then a fetch after each change.
  gb.initSync({ payload: bootstrap.payload as FeatureApiResponse, streaming: true });
  return gb;
}

/**
 * Pages in the back/forward cache would keep their streams open, and an address gets only FLAGS_STREAMS_PER_CLIENT.
 * So the stream closes when the page is hidden and reopens when it is shown from the cache, with one fetch for
 * changes made meanwhile.
 */
export function keepStreamAcrossBackForward(gb: GrowthBook): () => void {
  const listening = new AbortController();
  window.addEventListener('pagehide', () => onHidden(), { signal: listening.signal });
  window.addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      onVisible();
      gb.refreshFeatures().catch(() => {});
    },
    { signal: listening.signal },
  );
  // Removed with the instance (FeaturesProvider's effect ends it when the page's bootstrap or visitor changes).
  return () => listening.abort();
}
