/**
 * The third-party counters the site can load (spec §1, §9): Yandex Metrica, Google Analytics 4 and a
 * call-tracking script (Calltouch or CoMagic). Each is configured by environment (server/config.ts); what the
 * page needs of them travels to the browser as `AnalyticsSettings`, and the CSP admits the hosts `counterCsp`
 * names — only those of the counters configured (docs/decisions/014-analytics-counters.md).
 */

export const CONSENT_MODES = ['notice', 'opt-in'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

export const CALL_TRACKING_PROVIDERS = ['calltouch', 'comagic'] as const;
export type CallTrackingProvider = (typeof CALL_TRACKING_PROVIDERS)[number];

/** Spec §9 lists eight third-party analytics and call-tracking hosts: the configured counters may need no more. */
export const MAX_COUNTER_HOSTS = 8;

/** The vendors' own script addresses (their documented snippets). */
export const DEFAULT_SCRIPTS = {
  metrika: 'https://mc.yandex.ru/metrika/tag.js',
  ga4: 'https://www.googletagmanager.com/gtag/js',
  calltouch: 'https://mod.calltouch.ru/init.js',
  comagic: 'https://app.comagic.ru/static/cs.min.js',
} as const;

type Sources = { script: string[]; connect: string[]; img: string[]; frame: string[] };

/**
 * The hosts each vendor's documented CSP rules name for its default script. A counter whose script address is
 * changed (a first-party proxy, or the tests' stand-in) is allowed that origin only.
 */
const VENDOR_CSP: Record<keyof typeof DEFAULT_SCRIPTS, Sources> = {
  // https://yandex.ru/support/metrica/code/install-counter-csp.html (no session replay: no blob: frames).
  metrika: {
    script: ['https://mc.yandex.ru', 'https://yastatic.net'],
    connect: ['https://mc.yandex.ru'],
    img: ['https://mc.yandex.ru'],
    frame: ['https://mc.yandex.ru'],
  },
  // https://developers.google.com/tag-platform/security/guides/csp (Google Analytics 4).
  ga4: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    frame: [],
  },
  calltouch: {
    script: ['https://*.calltouch.ru'],
    connect: ['https://*.calltouch.ru'],
    img: ['https://*.calltouch.ru'],
    frame: [],
  },
  // CoMagic's widget talks to its servers over a web socket too.
  comagic: {
    script: ['https://*.comagic.ru'],
    connect: ['https://*.comagic.ru', 'wss://*.comagic.ru'],
    img: ['https://*.comagic.ru'],
    frame: ['https://*.comagic.ru'],
  },
};

export type AnalyticsSettings = {
  /** `notice`: counters load and a notice says so once; `opt-in`: nothing loads before the visitor accepts. */
  consent: ConsentMode;
  metrika: { id: string; scriptUrl: string } | null;
  ga4: { id: string; scriptUrl: string } | null;
  callTracking: { provider: CallTrackingProvider; siteId: string; scriptUrl: string } | null;
};

export type CounterEnv = {
  ANALYTICS_CONSENT: ConsentMode;
  YANDEX_METRIKA_ID?: string | undefined;
  YANDEX_METRIKA_SCRIPT_URL?: string | undefined;
  GA4_MEASUREMENT_ID?: string | undefined;
  GA4_SCRIPT_URL?: string | undefined;
  CALLTRACKING_PROVIDER?: CallTrackingProvider | undefined;
  CALLTRACKING_SITE_ID?: string | undefined;
  CALLTRACKING_SCRIPT_URL?: string | undefined;
};

/** The counters the environment configures, or null when none is (then nothing loads and the CSP is unchanged). */
export function analyticsSettings(env: CounterEnv): AnalyticsSettings | null {
  const metrika = env.YANDEX_METRIKA_ID ? { id: env.YANDEX_METRIKA_ID, scriptUrl: env.YANDEX_METRIKA_SCRIPT_URL ?? DEFAULT_SCRIPTS.metrika } : null;
  const ga4 = env.GA4_MEASUREMENT_ID ? { id: env.GA4_MEASUREMENT_ID, scriptUrl: env.GA4_SCRIPT_URL ?? DEFAULT_SCRIPTS.ga4 } : null;
  const provider = env.CALLTRACKING_PROVIDER;
  const callTracking =
    provider && env.CALLTRACKING_SITE_ID
      ? { provider, siteId: env.CALLTRACKING_SITE_ID, scriptUrl: env.CALLTRACKING_SCRIPT_URL ?? DEFAULT_SCRIPTS[provider] }
      : null;
  if (!metrika && !ga4 && !callTracking) return null;
  return { consent: env.ANALYTICS_CONSENT, metrika, ga4, callTracking };
}

function sourcesOf(vendor: keyof typeof DEFAULT_SCRIPTS, scriptUrl: string): Sources {
  if (scriptUrl === DEFAULT_SCRIPTS[vendor]) return VENDOR_CSP[vendor];
  const origin = new URL(scriptUrl).origin;
  return { script: [origin], connect: [origin], img: [origin], frame: [] };
}

export type CounterCsp = Sources & { hosts: string[] };

/** The CSP sources the configured counters need, per directive, and every host they name (at most `MAX_COUNTER_HOSTS`). */
export function counterCsp(settings: AnalyticsSettings | null): CounterCsp {
  const parts: Sources[] = [];
  if (settings?.metrika) parts.push(sourcesOf('metrika', settings.metrika.scriptUrl));
  if (settings?.ga4) parts.push(sourcesOf('ga4', settings.ga4.scriptUrl));
  if (settings?.callTracking) parts.push(sourcesOf(settings.callTracking.provider, settings.callTracking.scriptUrl));
  const union = (key: keyof Sources) => [...new Set(parts.flatMap((p) => p[key]))];
  const script = union('script');
  const connect = union('connect');
  const img = union('img');
  const frame = union('frame');
  // A host is what a source names without its scheme: `wss://*.comagic.ru` is the same host as `https://*.comagic.ru`.
  const hosts = [...new Set([...script, ...connect, ...img, ...frame].map((source) => source.replace(/^[a-z]+:\/\//, '')))];
  return { script, connect, img, frame, hosts };
}

/** The script address a counter is loaded from, with the vendor's query (the id, where the vendor wants it there). */
export function counterScriptUrl(kind: 'metrika' | 'ga4' | 'callTracking', settings: AnalyticsSettings): string | null {
  if (kind === 'metrika') return settings.metrika?.scriptUrl ?? null;
  if (kind === 'ga4') return settings.ga4 ? withQuery(settings.ga4.scriptUrl, { id: settings.ga4.id }) : null;
  const ct = settings.callTracking;
  if (!ct) return null;
  return withQuery(ct.scriptUrl, ct.provider === 'calltouch' ? { id: ct.siteId } : { k: ct.siteId });
}

function withQuery(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}
