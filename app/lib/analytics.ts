import { attributionFields, firstTouch, nextAttribution, readStoredAttribution, type Attribution } from '#core/analytics/attribution.ts';
import { counterScriptUrl, type AnalyticsSettings } from '#core/analytics/counters.ts';
import {
  countPage,
  currentVisit,
  dueGoals,
  markInvolved,
  nextGoalAt,
  parseVisit,
  serializeVisit,
  VISIT_IDLE_MS,
  withGoals,
  type EngagementGoal,
  type Visit,
} from '#core/analytics/visit.ts';
import { COOKIES, readDocumentCookie, writeDocumentCookie } from '#core/http/cookies.ts';
import { sitePath, TRACKING_LIMITS, UTM_FIELDS, type TrackingEvent } from '#core/tracking/events.ts';
import { analyticsClientId } from '#core/tracking/visitor.ts';

/**
 * The browser side of analytics (ADR 014): the visit and its engagement goals, sent to our tracking endpoint and to
 * every configured counter, whose scripts load once the page is idle. Loaded after hydration (ADR 027), never on the
 * server; consent and `nometrics` are in ./consent.ts.
 */

export const TRACKING_URL = '/api/tracking_data/save/';
const ATTRIBUTION_STORAGE = 'sl-attribution';

// --- attribution -------------------------------------------------------------------------------------------

let rememberedOnce = false;

/** Records this page in the visit's attribution: the first page of a visit sets it, later pages keep it alive. */
export function rememberAttribution(): void {
  // This code arrives after hydration: a visitor who moved on meanwhile still landed where the document was loaded.
  const landing = rememberedOnce
    ? location.href
    : ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ?? location.href);
  rememberedOnce = true;
  try {
    const stored = readStoredAttribution(localStorage.getItem(ATTRIBUTION_STORAGE));
    const next = nextAttribution(stored, () => firstTouch(landing, document.referrer, location.origin), Date.now());
    localStorage.setItem(ATTRIBUTION_STORAGE, JSON.stringify(next));
  } catch {
    // storage can be off (private mode): the form then sends the current page's tags only
  }
}

/** The visit's attribution, or null when none is kept (or the visit is over). */
export function visitAttribution(): Attribution | null {
  try {
    const stored = readStoredAttribution(localStorage.getItem(ATTRIBUTION_STORAGE));
    return stored && Date.now() - stored.at <= VISIT_IDLE_MS ? stored : null;
  } catch {
    return null;
  }
}

/**
 * What a lead carries of the visit besides the form (core/schemas/lead.ts): the first page's UTM tags (over the
 * current page's), landing page and external referrer, and the analytics counter's client id. The server adds
 * the visitor id from its cookie.
 */
export function leadAttributionFields(): Record<string, string> {
  // A lead sent before the page's analytics have run (right after hydration) still carries this page's attribution.
  if (!visitAttribution()) rememberAttribution();
  const attribution = visitAttribution();
  const fields = attribution ? attributionFields(attribution) : {};
  const clientId = analyticsClientId(document.cookie);
  if (clientId) fields.analytics_client_id = clientId;
  return fields;
}

// --- counters ----------------------------------------------------------------------------------------------

type Queue = ((...args: unknown[]) => void) & { a?: unknown[]; l?: number; callbacks?: unknown[]; loaded?: boolean; counters?: string[] };
type CounterWindow = Window & { ym?: Queue; dataLayer?: unknown[]; gtag?: Queue; ct?: Queue; CalltouchDataObject?: string };

let counters: AnalyticsSettings | null = null;
/** Goals reached on this page before the counters are allowed (opt-in): told to them once they are. */
const pendingGoals: EngagementGoal[] = [];

/** The page's CSP nonce (the browser hides the attribute, not the property). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/** After the page's load, when the browser is idle: the counters cost the first screen nothing. */
function whenIdle(run: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function addScript(src: string, nonce: string): void {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}

/**
 * Turns the configured counters on for this page (once): their command queues at once, as the vendors' snippets
 * make them, so calls made before the scripts arrive are kept; the scripts after the page's load, when idle.
 */
export function enableCounters(settings: AnalyticsSettings): void {
  if (counters) return;
  counters = settings;
  const w = window as CounterWindow;
  // The vendors' queues keep each call's `arguments` object, which their scripts read (gtag.js requires it).
  /* eslint-disable prefer-rest-params */
  if (settings.metrika) {
    w.ym ??= Object.assign(
      function ym() {
        (w.ym!.a ??= []).push(arguments);
      },
      { l: Date.now() },
    );
    w.ym(Number(settings.metrika.id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
  }
  if (settings.ga4) {
    w.dataLayer ??= [];
    w.gtag ??= function gtag() {
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    // Page views are sent by us, for the first page and each navigation in the page alike.
    w.gtag('config', settings.ga4.id, { send_page_view: false });
    w.gtag('event', 'page_view', { page_location: location.href, page_referrer: document.referrer });
  }
  const ct = settings.callTracking;
  if (ct?.provider === 'calltouch') {
    w.CalltouchDataObject = 'ct';
    w.ct ??= Object.assign(
      function ct() {
        w.ct!.callbacks!.push(arguments);
      },
      { callbacks: [] as unknown[], loaded: false, counters: [ct.siteId] },
    );
  }
  /* eslint-enable prefer-rest-params */
  const nonce = pageNonce();
  whenIdle(() => {
    for (const kind of ['metrika', 'ga4', 'callTracking'] as const) {
      const src = counterScriptUrl(kind, settings);
      if (src) addScript(src, nonce);
    }
  });
  for (const goal of pendingGoals.splice(0)) reachCounterGoal(goal);
}

/** A goal to every configured counter: Metrica's reachGoal, a GA4 event, Calltouch's goal (CoMagic has no goal call). */
function reachCounterGoal(goal: EngagementGoal): void {
  if (!counters) {
    pendingGoals.push(goal);
    return;
  }
  const w = window as CounterWindow;
  if (counters.metrika) w.ym?.(Number(counters.metrika.id), 'reachGoal', goal);
  if (counters.ga4) w.gtag?.('event', goal);
  if (counters.callTracking?.provider === 'calltouch') w.ct?.('goal', goal);
}

/** A navigation inside the page, to the counters that count pages (the first page is counted as they start). */
function counterPageView(previousUrl: string): void {
  if (!counters) return;
  const w = window as CounterWindow;
  if (counters.metrika) w.ym?.(Number(counters.metrika.id), 'hit', location.href, { referer: previousUrl });
  if (counters.ga4) w.gtag?.('event', 'page_view', { page_location: location.href, page_referrer: previousUrl });
}

// --- the visit ---------------------------------------------------------------------------------------------

function readVisit(): Visit | null {
  return parseVisit(readDocumentCookie(COOKIES.visit));
}

function saveVisit(visit: Visit): void {
  writeDocumentCookie(COOKIES.visit, serializeVisit(visit));
}

/** One event to `/api/tracking_data/save/` with the page and the visit's attribution, by beacon (it survives leaving). */
function sendEvent(event: TrackingEvent, visit: Visit): void {
  // The page as the server keeps it (its path and UTM tags): nothing else of the address leaves the browser.
  const url = sitePath(location.href, [location.origin]) ?? location.pathname;
  const body: Record<string, string> = { event, url: url.slice(0, TRACKING_LIMITS.url), visit_id: visit.id };
  const attribution = visitAttribution();
  if (attribution?.referrer) body.referrer = attribution.referrer;
  for (const field of UTM_FIELDS) {
    const value = attribution?.[field];
    if (value) body[field] = value;
  }
  const clientId = analyticsClientId(document.cookie);
  if (clientId) body.client_id = clientId;
  const text = JSON.stringify(body);
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(TRACKING_URL, text)) return;
  void fetch(TRACKING_URL, { method: 'POST', body: text, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain' } }).catch(
    () => {},
  );
}

let timer: ReturnType<typeof setTimeout> | undefined;
let lastActivityWrite = 0;
let previousUrl = '';
let listening = false;

function fire(goals: EngagementGoal[], visit: Visit): void {
  for (const goal of goals) {
    sendEvent(goal, visit);
    reachCounterGoal(goal);
  }
}

/** Fires what is due (each goal once per visit: the cookie says which have) and sets the timer for what is next. */
function check(visit: Visit, now: number): void {
  const due = dueGoals(visit, now);
  const next = due.length ? withGoals(visit, due) : visit;
  if (due.length) {
    saveVisit(next);
    fire(due, next);
  }
  clearTimeout(timer);
  const at = nextGoalAt(next);
  // The time read again: a clock that runs on (a browser's, or a test's) has moved since `now`.
  if (at !== null) timer = setTimeout(onTimer, Math.max(0, at - Date.now()));
}

function onTimer(): void {
  const now = Date.now();
  const { visit, fresh } = currentVisit(readVisit(), now);
  // The visit ended meanwhile (30 minutes without activity): the next page or interaction starts another.
  if (!fresh) check(visit, now);
}

function startVisitHere(now: number): Visit {
  const visit = countPage(currentVisit(readVisit(), now).visit, now);
  saveVisit(visit);
  sendEvent('page_view', visit);
  return visit;
}

/** A scroll, click or key: the visit is involved, and alive (written at most every 10 seconds once involved). */
function onActivity(): void {
  const now = Date.now();
  const { visit, fresh } = currentVisit(readVisit(), now);
  if (fresh) {
    // Back at an open page after the visit ended: a new visit begins on this page.
    check(markInvolved(startVisitHere(now), now), now);
    return;
  }
  if (visit.involved && now - lastActivityWrite < 10_000) return;
  lastActivityWrite = now;
  const involved = markInvolved(visit, now);
  saveVisit(involved);
  check(involved, now);
}

/**
 * A page of the visit: the first load or a navigation in the page. Counts it, sends `page_view`, fires the
 * goals due and sets the timer for the next.
 */
export function trackPage(): void {
  const now = Date.now();
  const visit = startVisitHere(now);
  if (previousUrl) counterPageView(previousUrl);
  previousUrl = location.href;
  if (!listening) {
    listening = true;
    for (const type of ['scroll', 'pointerdown', 'keydown'] as const) window.addEventListener(type, onActivity, { passive: true });
  }
  check(visit, now);
}
