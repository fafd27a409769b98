import type { GrowthBook } from '@growthbook/growthbook';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { consentAllows } from '#core/analytics/consent.ts';
import type { FeatureBootstrap } from '#core/flags/features.ts';
import type { FeatureValues } from '#core/flags/keys.ts';
import { readVisitorId } from '#core/tracking/visitor.ts';
import { readConsent, subscribeConsent } from './consent.ts';
import { afterLoadIdle } from './idle.ts';
import { useRootData } from './root-data.ts';

/**
 * Feature flags and experiments in the page (ADR 015, 027). The server evaluates the features a page reads and the
 * page renders and hydrates with those values, so the first load carries no SDK. Once the page is idle, the browser's
 * SDK (./features-sdk.ts) takes over for a visitor with an id: same payload and id, so same values; it reports
 * exposures and follows the payload's stream.
 */

const isBrowser = typeof window !== 'undefined';

/** Sets `vid` (and a missing `csrftoken`) for a browser the server measures (server/http/api/visitor.ts). */
export const VISITOR_ENDPOINT = '/api/visitor/';

const Features = createContext<{ gb: GrowthBook | null; version: number } | null>(null);
const PageFeatureValues = createContext<FeatureValues | null>(null);

/** The values the page's loader had the server evaluate (`services.features.values`), for the features under it. */
export function PageFeatures({ values, children }: { values: FeatureValues; children: ReactNode }) {
  return <PageFeatureValues.Provider value={values}>{children}</PageFeatureValues.Provider>;
}

/**
 * The visitor id in the browser (cookie `vid`), under the server's rule (server/http/ssr.ts): none for a crawler or a
 * visitor whose consent does not allow measuring them, who get every default.
 */
function browserVisitorId(crawler: boolean, consent: Parameters<typeof consentAllows>[0]): string | null {
  if (crawler || !consentAllows(consent, readConsent())) return null;
  return readVisitorId(document.cookie);
}

export function FeaturesProvider({ bootstrap, children }: { bootstrap: FeatureBootstrap; children: ReactNode }) {
  const root = useRootData();
  const crawler = root?.device.crawler ?? true;
  const consent = root?.client.analyticsConsent ?? 'opt-in';
  // Read when hydrating: the same id the server rendered with, so the same variation, for the page's life (an answer
  // to the cookie notice meanwhile changes nothing on it, as the server's id would not).
  const [visitorId, setVisitorId] = useState(() => (isBrowser ? browserVisitorId(crawler, consent) : null));
  // A first visit gets its id after its first page (ADR 035). A move to another page made once the id is there asked
  // the server with it, so the new page shows the visitor's variation: the SDK starts then, with the same values (the
  // id is read when the move starts, so a page asked without it is not taken for one with it).
  const navigation = useNavigation();
  const moving = useRef<{ id: string | null } | null>(null);
  useEffect(() => {
    if (visitorId) return;
    if (navigation.state !== 'idle') {
      moving.current ??= { id: browserVisitorId(crawler, consent) };
      return;
    }
    const id = moving.current?.id;
    moving.current = null;
    if (id) setVisitorId(id);
  }, [navigation.state, visitorId, crawler, consent]);
  const [gb, setGb] = useState<GrowthBook | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Without an id (a crawler, a visitor not measured, a first visit) the page shows every default, as the server
    // rendered it: nothing to report and no stream to keep, so no SDK. A first visit asks for its id once the page has
    // loaded (pages set no cookie, ADR 035), or once the cookie notice is accepted; its next page load shows its
    // variation, and this one does not change.
    if (!visitorId && root && !crawler) {
      let asked = false;
      const ask = () => {
        if (asked || readVisitorId(document.cookie) || !consentAllows(consent, readConsent())) return;
        asked = true;
        fetch(VISITOR_ENDPOINT, { credentials: 'same-origin' }).catch(() => {});
      };
      const cancel = afterLoadIdle(ask);
      const unsubscribe = subscribeConsent(ask);
      return () => {
        cancel();
        unsubscribe();
      };
    }
    if (!visitorId || !root) return;
    let instance: GrowthBook | null = null;
    let stopFollowing = () => {};
    let cancelled = false;
    const cancel = afterLoadIdle(() => {
      import('./features-sdk.ts').then(
        ({ startFeatures, keepStreamAcrossBackForward }) => {
          if (cancelled) return;
          instance = startFeatures({ bootstrap, visitorId, client: root.client, csrfMetaName: root.csrf.metaName });
          stopFollowing = keepStreamAcrossBackForward(instance);
          // A payload change through the stream renders the features' readers again.
          instance.setRenderer(() => setVersion((v) => v + 1));
          setGb(instance);
        },
        // The chunk did not load (offline, a deploy): the page keeps the values it was rendered with.
        () => {},
      );
    });
    return () => {
      cancelled = true;
      cancel();
      stopFollowing();
      if (instance) {
        instance.destroy();
        setGb(null);
      }
    };
  }, [bootstrap, root, visitorId, crawler, consent]);
  const value = useMemo(() => ({ gb, version }), [gb, version]);
  return <Features.Provider value={value}>{children}</Features.Provider>;
}

const warned = new Set<string>();

/**
 * A feature's value for this visitor (an experiment's variation, a flag): the SDK's once it has loaded in the
 * browser (evaluating an experiment there reports the exposure, so a variation the server rendered is counted), else
 * the value the page's loader had the server evaluate; `fallback` outside a page that evaluated it (an error page),
 * or when the payload has no such feature.
 */
export function useFeatureValue<T extends string | number | boolean>(key: string, fallback: T): T {
  const features = useContext(Features);
  const page = useContext(PageFeatureValues);
  let value: unknown = fallback;
  if (features?.gb) value = features.gb.getFeatureValue(key, fallback);
  else if (page && key in page) value = page[key];
  else if (import.meta.env.DEV && !warned.has(key)) {
    warned.add(key);
    console.warn(`feature "${key}" is read outside a page that evaluated it: add it to the route loader's services.features.values`);
  }
  return typeof value === typeof fallback ? (value as T) : fallback;
}
