import { z } from 'zod';
import { CALL_TRACKING_PROVIDERS, CONSENT_MODES, counterCsp, MAX_COUNTER_HOSTS, type AnalyticsSettings } from '#core/analytics/counters.ts';
import { envMeta, httpUrl } from '../lib/env.ts';

/** The Yandex Maps script of the contact page: the page and its CSP (server/http/ssr.ts, server/app.ts). */
export const mapsConfigSchema = z
  .object({
    YANDEX_MAPS_KEY: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a Yandex Maps API key (letters, digits and dashes)')
      .optional()
      .describe(
        "The Yandex Maps JavaScript API key (a browser key, public by design: restrict it to the site's addresses in the Yandex developer console). With it /contacts shows the offices on a map, loaded when the map scrolls into view, and the CSP allows the maps hosts; without it no map script is loaded and each office has a route link instead.",
      ),
  })
  .meta({ title: 'Maps' })
  .describe("The offices' map on the contact page (server/http/ssr.ts: the page's settings and its CSP).");

/** Analytics counters and call tracking (core/analytics/counters.ts, ADR 014): none configured, none loaded. */
export const analyticsConfigSchema = z
  .object({
    ANALYTICS_CONSENT: z
      .enum(CONSENT_MODES)
      .default('notice')
      .describe(
        'notice: counters load and a cookie notice says so once (OK); opt-in: nothing loads before the visitor accepts, and no visitor id (vid) is set before it either, so experiments show their defaults and record nothing (ADR 015).',
      ),
    YANDEX_METRIKA_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be a Yandex Metrica counter id (digits)')
      .optional()
      .describe('Yandex Metrica counter id (digits); its hosts are in the CSP only when set.'),
    GA4_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/, 'must be a GA4 measurement id like G-ABC123DEF4')
      .optional()
      .describe('Google Analytics 4 measurement id, G-XXXXXXX; its hosts are in the CSP only when set.'),
    CALLTRACKING_PROVIDER: z
      .enum(CALL_TRACKING_PROVIDERS)
      .optional()
      .describe('Call tracking: calltouch or comagic, with CALLTRACKING_SITE_ID (both or neither).'),
    CALLTRACKING_SITE_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the site id the provider gave (letters, digits, - and _)')
      .optional()
      .describe("The site id the call-tracking provider gave (Calltouch's id, CoMagic's k of the script address), with CALLTRACKING_PROVIDER."),
    YANDEX_METRIKA_SCRIPT_URL: httpUrl()
      .optional()
      .meta(envMeta({ defaultText: "the vendor's" }))
      .describe(
        "Another address of Metrica's script (a first-party proxy; the tests' stand-in): the CSP then admits that origin instead of the vendor's hosts.",
      ),
    GA4_SCRIPT_URL: httpUrl()
      .optional()
      .meta(envMeta({ defaultText: "the vendor's" }))
      .describe("Another address of the GA4 script (a first-party proxy; the tests' stand-in): the CSP then admits that origin instead of the vendor's hosts."),
    CALLTRACKING_SCRIPT_URL: httpUrl()
      .optional()
      .meta(envMeta({ defaultText: "the vendor's" }))
      .describe(
        "Another address of the call-tracking script (a first-party proxy; the tests' stand-in): the CSP then admits that origin instead of the vendor's hosts.",
      ),
  })
  .meta({ title: 'Analytics counters and call tracking' })
  .describe(
    'None set: no counter script, the CSP unchanged. Each loads once the page is idle after its load, never for crawlers, never in a visit whose address had `nometrics` (core/analytics/counters.ts, ADR 014).',
  );

type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/** Analytics settings that parse one by one but not together: half a call-tracking setup, too many hosts. */
export function analyticsProblems(config: AnalyticsConfig, analytics: AnalyticsSettings | null): string[] {
  const problems: string[] = [];
  if (config.CALLTRACKING_PROVIDER && !config.CALLTRACKING_SITE_ID) problems.push('CALLTRACKING_SITE_ID: is required with CALLTRACKING_PROVIDER');
  if (config.CALLTRACKING_SITE_ID && !config.CALLTRACKING_PROVIDER) problems.push('CALLTRACKING_PROVIDER: is required with CALLTRACKING_SITE_ID');
  const hosts = counterCsp(analytics).hosts;
  if (hosts.length > MAX_COUNTER_HOSTS)
    problems.push(
      `YANDEX_METRIKA_ID, GA4_MEASUREMENT_ID, CALLTRACKING_PROVIDER: the counters need ${hosts.length} hosts (${hosts.join(', ')}); at most ${MAX_COUNTER_HOSTS}`,
    );
  return problems;
}
