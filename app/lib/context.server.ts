import { createContext, RouterContextProvider } from 'react-router';
import type { BrowserReportingConfig, ErrorReporter } from '#core/errors/sentry.ts';
import type { ImageSigner } from '#core/image/url.ts';
import type { Locale, LocaleStrategy } from '#core/i18n/locales.ts';
import { loadMessages, messagesBeyond, pickMessages, setLaterMessages, type MessageSelector } from '#core/i18n/messages.ts';
import { keptIn } from '#core/memo.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import type { Services } from '#server/services.ts';
import type { StaffService } from '#server/modules/staff/service.ts';
import type { AlertTokens } from '#server/modules/alerts/tokens.ts';
import type { BuyerReservations } from '#server/modules/reservations/buyer-pages.ts';
import type { AnalyticsSettings, ConsentMode } from '#core/analytics/counters.ts';
import type { PreviewRequest } from '#core/content/preview.ts';

/** Settings the pages need, a public subset of the server config. */
export type PublicConfig = {
  siteOrigin: string;
  localeStrategy: LocaleStrategy;
  antibotSalt: string;
  clientVersion: string;
  csrfMetaName: string;
  errorPreview: boolean;
  /** Error reporting for the browser (the DSN is public by design), or null when off. */
  errorReporting: BrowserReportingConfig | null;
  /** The Yandex Maps JavaScript API key (a public browser key), or null: no map script at all. */
  mapsKey: string | null;
  /** Share of page loads that report their web vitals (`WEB_VITALS_SAMPLE_RATE`, app/lib/vitals.ts). */
  webVitalsSampleRate: number;
  /** The analytics counters (ids and script addresses, public by design), or null when none is configured. */
  analytics: AnalyticsSettings | null;
  /** `ANALYTICS_CONSENT`: what the visitor's answer allows, for the counters and for the experiments' events alike. */
  analyticsConsent: ConsentMode;
  /** The GrowthBook client key the browser's SDK asks for (`/api/features/{key}`, `/sub/{key}`). */
  growthbookClientKey: string;
  /** Whether alerts go by e-mail (SMTP_URL is set): without it the notify-me and follow forms are not offered. */
  alertMail: boolean;
};

export type AppLoadValues = {
  services: Services;
  /** The back office's staff service (ADR 025): admin page loaders read the signed-in member with it. */
  staff: StaffService;
  nonce: string;
  csrfToken: string;
  /**
   * The visitor id experiments hash (cookie `vid`, or the one made for a first visit and set on this answer);
   * null for a crawler or a visitor who has not consented (opt-in), who get every feature's default.
   */
  visitorId: string | null;
  config: PublicConfig;
  reporter: ErrorReporter | null;
  /** Signs image proxy URLs when `IMGPROXY_KEY` is set; server-only (loaders use it through `pictureSigner`). */
  imageSigner?: ImageSigner | null;
  /** Verifies the signed links of alert e-mails (ADR 021); server-only, like the image signer. */
  alertTokens?: AlertTokens | null;
  /** Online reservation for the buyer's pages (issue #39); null or absent when online payments are not configured. */
  reservations?: BuyerReservations | null;
  /**
   * The item whose draft this page shows (`?preview=news:12`, issue #42): set by the server only for a member of staff
   * who may edit content, on an answer no cache keeps (server/http/preview.ts); null or absent for everyone else.
   */
  preview?: PreviewRequest | null;
  /**
   * The messages a page's browser code can read, by the route pattern and scope (server/http/message-keys.ts,
   * ADR 027); absent or null: the whole catalog goes to the browser (development, tests without a client build).
   */
  pageMessageKeys?: (pattern: string, scope: 'page' | 'shell', load?: 'all' | 'first') => MessageSelector | null;
  /**
   * Whether this request is for a document (a page's HTML), not the router's data for a move in the page: a document's
   * static parts are rendered by the server only (app/lib/static-part.tsx, ADR 043). Absent: a data request.
   */
  document?: boolean;
  /** What the loaders set aside for this document's render (`staticParts`), read by `<StaticPart>` on the server. */
  staticData?: Map<string, unknown>;
};

export const appContext = createContext<AppLoadValues>();

/** Called by the Fastify server for each page request (exported through entry.server). */
export function createLoadContext(values: AppLoadValues): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, values);
  return context;
}

/**
 * The language's messages the browser needs for this page (ADR 027): `shell` for the root loader, `page` for the
 * layout that declares `handle.pageMessages`; the whole catalog when the build cannot tell (development).
 */
export async function browserMessages(context: Readonly<RouterContextProvider>, pattern: string, locale: Locale, scope: 'page' | 'shell'): Promise<Messages> {
  const catalog = await loadMessages(locale);
  // The server renders the parts whose code the browser loads later too: behind the page's messages, the whole
  // catalog (this module is the app's own, the one its translators read).
  setLaterMessages(locale, catalog);
  const { pageMessageKeys: keysOf, document } = context.get(appContext);
  // A document carries what its first load's code shows; the rest comes with the code that shows it (ADR 043). A move
  // in the page carries all its code can show.
  const load = document ? 'first' : 'all';
  const selector = keysOf?.(pattern, scope, load);
  if (!selector) return catalog;
  const picked = pick(catalog, selector);
  // The page's messages without the shell's, which the root's data already carries (PageMessages puts them together).
  const shell = scope === 'page' ? keysOf?.(pattern, 'shell', load) : null;
  if (!shell) return picked;
  return keptIn(BEYOND, picked, () => messagesBeyond(picked, pick(catalog, shell)));
}

/** Catalogs and selectors live as long as the build: each pick is made once per language and page kind. */
function pick(catalog: Messages, selector: MessageSelector): Messages {
  return keptIn(
    keptIn(PICKED, catalog, () => new WeakMap()),
    selector,
    () => pickMessages(catalog, selector),
  );
}

const BEYOND = new WeakMap<Messages, Messages>();
const PICKED = new WeakMap<Messages, WeakMap<MessageSelector, Messages>>();
