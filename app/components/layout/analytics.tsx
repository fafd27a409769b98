import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsSettings } from '#core/analytics/counters.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { hideDealToken } from '#core/privacy.ts';
import { countersAllowed, isNoMetricsVisit, noMetrics, readConsent, saveConsent, subscribeConsent, type ConsentChoice } from '#app/lib/consent.ts';
import { useBrowserValue } from '#app/lib/hydration.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * The visit, its goals and the counters (app/lib/analytics.ts): loaded once the page has hydrated, not in its first
 * load (ADR 027); each page view and the counters' start wait for it, in order.
 */
const loadAnalytics = () => import('#app/lib/analytics.ts');

/**
 * Analytics on every page (ADR 014): the visit's attribution for leads, the page view and engagement goals, the
 * counters when configured and allowed, and the cookie notice. `settings` is null for a crawler: nothing at all.
 */
export function Analytics({ settings }: { settings: { counters: AnalyticsSettings | null } | null }) {
  const location = useLocation();
  const counters = settings?.counters ?? null;
  // 'unknown' on the server and while hydrating (no notice in the server's HTML), then the cookie's answer;
  // a tester's visit (`nometrics`) is never asked.
  const choice = useBrowserValue(subscribeConsent, consentChoice, 'unknown');
  const tracked = useRef<string | null>(null);

  useEffect(() => {
    // A page is its path and query: a new hash is the same page, and so is a second run of this effect
    // (StrictMode runs effects twice in development).
    const page = `${location.pathname}${location.search}`;
    // A buyer's deal page has its token in the address: it is counted nowhere (issue #39).
    if (!settings || tracked.current === page || isPersonalPage(location.pathname)) return;
    tracked.current = page;
    const clean = noMetrics(location.search);
    loadAnalytics().then(
      (analytics) => {
        analytics.rememberAttribution();
        if (!clean) analytics.trackPage();
      },
      // The chunk did not load (offline, a deploy): this page is not counted.
      () => {},
    );
  }, [settings, location.pathname, location.search]);

  useEffect(() => {
    // The counters report the address they start on: never a deal page's.
    if (!counters || noMetrics(window.location.search) || isPersonalPage(window.location.pathname)) return;
    if (countersAllowed(counters.consent, readConsent())) startCounters(counters);
  }, [counters]);

  if (!counters || choice !== 'none') return null;
  return (
    <CookieNotice
      optIn={counters.consent === 'opt-in'}
      onChoice={(next) => {
        saveConsent(next);
        if (countersAllowed(counters.consent, next) && !isPersonalPage(window.location.pathname)) startCounters(counters);
      }}
    />
  );
}

/** An address that is a secret in itself (a deal's token): no counter or page view ever carries it. */
const isPersonalPage = (path: string): boolean => hideDealToken(path) !== path;

const consentChoice = (): ConsentChoice | 'none' | 'unknown' => (isNoMetricsVisit(window.location.search) ? 'unknown' : (readConsent() ?? 'none'));

function startCounters(counters: AnalyticsSettings): void {
  loadAnalytics().then(
    (analytics) => analytics.enableCounters(counters),
    () => {},
  );
}

/** The CSS variable the notice sets on `<html>` to its height; fixed bottom controls rise by it (app.css). */
export const BOTTOM_INSET_VAR = '--bottom-inset';

/**
 * The cookie notice, fixed to the bottom of the window (it covers, never pushes, the page). While shown it sets
 * `--bottom-inset` to its height so the page's fixed bottom controls move above it (by `translate`: no layout shift).
 */
function CookieNotice({ optIn, onChoice }: { optIn: boolean; onChoice: (choice: ConsentChoice) => void }) {
  const t = useT();
  const lp = useLocalePath();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const notice = ref.current;
    if (!notice) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(BOTTOM_INSET_VAR, `${Math.ceil(notice.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(notice);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_INSET_VAR);
    };
  }, []);
  return (
    <section
      ref={ref}
      aria-label={t('analytics.notice.label')}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-lg backdrop-blur print:hidden"
    >
      <div className="container-page flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink">
          {t(optIn ? 'analytics.notice.optIn' : 'analytics.notice.text')}{' '}
          <a href={lp('/privacy')} className="font-semibold text-brand-800 underline underline-offset-2">
            {t('analytics.notice.policy')}
          </a>
        </p>
        <div className="flex shrink-0 gap-2">
          {optIn ? (
            <>
              <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onChoice('declined')}>
                {t('analytics.notice.decline')}
              </button>
              <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onChoice('accepted')}>
                {t('analytics.notice.accept')}
              </button>
            </>
          ) : (
            <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onChoice('noticed')}>
              {t('analytics.notice.ok')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
