import { configureCache, GrowthBook, type FeatureApiResponse, type TrackingCallback } from '@growthbook/growthbook';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { consentAllows } from '#core/analytics/consent.ts';
import { createApiClient } from '#core/http/client.ts';
import { featureUsed } from '#core/flags/usage.ts';
import { HASH_ATTRIBUTE } from '#core/flags/keys.ts';
import type { ExperimentView, FeatureBootstrap } from '#core/flags/features.ts';
import { analyticsClientId, readVisitorId } from '#core/tracking/visitor.ts';
import { measurementAllowed, readConsent } from './analytics.ts';
import { readCsrfToken } from './api.ts';
import { ensureCsrfCookie } from './csrf.tsx';
import { useRootData } from './root-data.ts';

/**
 * Feature flags and experiments in the page (ADR 015): the official GrowthBook SDK evaluates the payload the
 * root loader brought, for the visitor id the server rendered with, so the server's HTML and the hydrated page
 * show the same variation. In the browser the SDK then keeps the payload current through the stream
 * (`/sub/{clientKey}`) and reports each exposure once.
 */

const isBrowser = typeof window !== 'undefined';
// The spec: the product disables the SDK's feature cache (no copy in localStorage, none in memory between fetches).
if (isBrowser) configureCache({ disableCache: true });

const started = new WeakSet<GrowthBook>();

const Features = createContext<{ gb: GrowthBook; version: number } | null>(null);

/**
 * The visitor id the server renders with (app/entry.server.tsx puts it here from the load context): not in the
 * root data, which goes into the HTML (ADR 022).
 */
const ServerVisitor = createContext<string | null>(null);
export const ServerVisitorProvider = ServerVisitor.Provider;

/**
 * The visitor id in the browser: cookie `vid`, which the server hashed (the one the visitor had, or the one set on
 * the answer of a first visit), under the server's rule: none for a crawler or a visitor whose consent does not allow
 * measuring them (server/http/ssr.ts), who get every default.
 */
function browserVisitorId(crawler: boolean, consent: Parameters<typeof consentAllows>[0]): string | null {
  if (crawler || !consentAllows(consent, readConsent())) return null;
  return readVisitorId(document.cookie);
}

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

export function FeaturesProvider({ bootstrap, children }: { bootstrap: FeatureBootstrap; children: ReactNode }) {
  const root = useRootData();
  const serverVisitor = useContext(ServerVisitor);
  const [version, setVersion] = useState(0);
  const crawler = root?.device.crawler ?? true;
  const consent = root?.client.analyticsConsent ?? 'opt-in';
  // Read once, when hydrating: the same id the server rendered with, so the same variation, for the page's life (an
  // answer to the cookie notice meanwhile changes nothing until the next page load, as the server's id would not).
  const [visitorId] = useState(() => (isBrowser ? browserVisitorId(crawler, consent) : serverVisitor));
  // One instance per bootstrap and visitor: the root loader's data changes only with the language.
  const gb = useMemo(() => {
    const trackingCallback: TrackingCallback | undefined =
      isBrowser && visitorId && root
        ? (experiment, result) => {
            // Only a visitor really bucketed by the hash counts (not one forced, outside coverage or filtered out).
            if (!result.inExperiment || !result.hashUsed) return;
            // Nothing in a tester's visit (`nometrics`) or against the visitor's answer to the notice (ADR 014, 015).
            if (!measurementAllowed(root.client.analyticsConsent)) return;
            const key = `${visitorId}|${experiment.key}|${result.key}`;
            if (tracked().includes(key)) return;
            // The site's API client (CSRF and anti-bot headers); a failure is swallowed (spec §8), not reported.
            const api = createApiClient({
              origin: window.location.origin,
              antibotSalt: root.client.antibotSalt,
              clientVersion: root.client.clientVersion,
              csrfToken: () => readCsrfToken(document.cookie, root.csrf.metaName, document),
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
          }
        : undefined;
    return new GrowthBook({
      apiHost: isBrowser ? window.location.origin : '',
      clientKey: bootstrap.clientKey,
      // A crawler, or a visitor who has not consented (opt-in), has no id: no experiment can hash it, so it gets every default.
      attributes: visitorId ? { [HASH_ATTRIBUTE]: visitorId } : {},
      features: bootstrap.payload.features as FeatureApiResponse['features'],
      disableCache: true,
      ...(trackingCallback ? { trackingCallback } : {}),
    });
  }, [bootstrap, root, visitorId]);
  useEffect(() => {
    gb.setRenderer(() => setVersion((v) => v + 1));
    // The stream: the payload on connect, then a fetch after each change. A page without a visitor id (a crawler's,
    // or before consent in opt-in mode: every default anyway) does not keep one open.
    // Once per instance (StrictMode runs effects twice in development); the SDK keeps one stream per client key.
    if (!started.has(gb)) {
      started.add(gb);
      gb.initSync({ payload: bootstrap.payload as FeatureApiResponse, streaming: visitorId !== null });
    }
    return () => gb.setRenderer(null);
  }, [gb, bootstrap, visitorId]);
  const value = useMemo(() => ({ gb, version }), [gb, version]);
  return <Features.Provider value={value}>{children}</Features.Provider>;
}

/**
 * A feature's value for this visitor (an experiment's variation, a flag), or `fallback` outside the provider
 * (an error page) or when the payload has no such feature. Evaluating an experiment in the browser reports the
 * exposure, so a variation the server rendered is counted once the page hydrates.
 */
export function useFeatureValue<T extends string | number | boolean>(key: string, fallback: T): T {
  const features = useContext(Features);
  if (!features) return fallback;
  featureUsed(key);
  const value: unknown = features.gb.getFeatureValue(key, fallback);
  return typeof value === typeof fallback ? (value as T) : fallback;
}
