import type { LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import type { Locale } from '#core/i18n/locales.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import type { Services } from '#server/services.ts';
import type { LandingLink } from '#server/modules/content/landings.ts';
import { detectDevice, deviceInputFromHeaders } from '#core/device.ts';
import type { FeatureBootstrap, FeaturesPayload } from '#core/flags/features.ts';
import { appContext, browserMessages } from './context.server.ts';
import { adminLocaleFromCookie, isAdminPath } from '#core/admin/roles.ts';
import { currencyChoice } from '#core/currency/rates.ts';
import type { VisitorCurrency } from './currency.tsx';

/** Logs a failed read and lets the page render without it (the header without a menu beats an error page). */
async function optional<T>(promise: Promise<T>, what: string): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(`root loader: ${what} unavailable`, error);
    return null;
  }
}

const NO_FEATURES: FeaturesPayload = { status: 200, features: {}, dateUpdated: new Date(0).toISOString() };

/**
 * The landings for foreign buyers the footer links: those written in the page's language (English, Chinese), else
 * the English ones (a Russian visitor may send one to a foreign buyer).
 */
async function footerLandings(services: Services, locale: Locale): Promise<LandingLink[]> {
  const own = await services.landings.links(locale);
  return own.length ? own : services.landings.links('en');
}

/**
 * The root route's loader (re-exported by app/root.tsx): what every page needs — language, messages, settings,
 * menus, client configuration, the visitor's device class. Nothing else of the visitor's (ADR 022), so the HTML
 * depends only on the URL, language, device class and data. Its own module, so `root-data.ts` can name its type
 * without importing the root route (no import cycle).
 */
export async function loader({ request, url, pattern, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>) {
  const { services, config } = context.get(appContext);
  // The back office (ADR 025) speaks its member's language (a cookie of its own), and nothing of it is measured.
  const admin = isAdminPath(url.pathname);
  const locale: Locale = admin ? adminLocaleFromCookie(request.headers.get('cookie')) : splitLocalePath(url.pathname).locale;
  const [messages, settings, header, footer, landings, payload, subscriptionHeadings] = await Promise.all([
    // The page's own messages come with the `_site` layout's data, read again on each move (ADR 027).
    browserMessages(context, pattern, locale, 'shell'),
    optional(services.settings.get(locale), 'settings'),
    optional(services.menus.header(locale), 'header menu'),
    optional(services.menus.footer(locale), 'footer menu'),
    optional(footerLandings(services, locale), 'landings'),
    optional(services.features.payload(), 'feature flags'),
    // The subscription block's headings (edited in the back office): many pages show the block, each for its topic.
    admin ? null : optional(services.subscriptionHeadings.headings(locale), 'subscription headings'),
  ]);
  const device = detectDevice(deviceInputFromHeaders(request.headers));
  // The currency prices are also shown in (ADR 037): only a visitor who chose one reads the rates; a page without the
  // cookie is roubles only, the same for everyone. The page cache keeps a chosen currency's pages apart (page-cache.ts).
  const chosenCurrency = admin ? null : currencyChoice(request.headers.get('cookie'));
  const currency: VisitorCurrency = chosenCurrency
    ? { code: chosenCurrency, rate: await optional(services.currency.chosen(chosenCurrency), 'currency rates') }
    : null;
  // The payload the server renders with goes to the browser as it is, so the SDK there evaluates the same
  // features for the same visitor and hydration matches (ADR 015). Without it, every feature's default.
  const features: FeatureBootstrap = {
    clientKey: config.growthbookClientKey,
    payload: payload ?? NO_FEATURES,
  };
  return {
    locale,
    strategy: config.localeStrategy,
    siteOrigin: config.siteOrigin,
    messages,
    settings,
    header,
    footer,
    landings: landings ?? [],
    subscriptionHeadings,
    // No token: the HTML is the same for every visitor (ADR 022). The browser reads the `csrftoken` cookie, or a
    // meta tag of this name if a page carries one.
    csrf: { metaName: config.csrfMetaName },
    client: {
      antibotSalt: config.antibotSalt,
      clientVersion: config.clientVersion,
      webVitalsSampleRate: admin ? 0 : config.webVitalsSampleRate,
      analyticsConsent: config.analyticsConsent,
    },
    errorReporting: config.errorReporting,
    // The notify-me and follow forms are offered only where their e-mail can be sent (ADR 021).
    alertMail: config.alertMail,
    device,
    // Page events, goals and counters (app/lib/analytics.ts): none at all for a crawler.
    analytics: device.crawler || admin ? null : { counters: config.analytics },
    features,
    currency,
  };
}
