import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { useBottomBar } from '#app/lib/bottom-bar.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import appCss from './app.css?url';
import manropeLatin from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import manropeCyrillic from '@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2?url';
import intlWarmupWorker from './lib/intl-warmup.worker.ts?worker&url';
import { IconSprite } from './components/ui/icon.tsx';
import { ErrorPage } from './components/errors/error-page.tsx';
import { DeviceProvider } from './lib/device-context.tsx';
import { markHydrated, useHydrated } from './lib/hydration.ts';
import { chunkFailureStore } from './lib/chunk-reload.ts';
import { EARLY_ERRORS_SCRIPT, startErrorReporting } from './lib/error-reporting.ts';
import { startWebVitals } from './lib/vitals.ts';
import { noMetrics } from './lib/consent.ts';
import { CurrencyProvider } from './lib/currency.tsx';
import { FeaturesProvider } from './lib/features.tsx';
import { I18nProvider } from './lib/i18n.tsx';
import { useNonce } from './lib/nonce.tsx';
import { useRootData } from './lib/root-data.ts';
import { ScrollBehaviour } from './components/layout/scroll-behaviour.tsx';
import { withLaterMessages } from './lib/later-messages.ts';

/** Zod reads its configuration from this global when it loads (a copy of its `config({ jitless: true })`). */
const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';

/**
 * Starts the worker that loads the browser's Intl data off the main thread while the page arrives (ADR 030), named
 * with the page's language. A browser without workers, or one that refuses it, makes the data on first use as before.
 * Both values are the build's own constants (a Vite asset path, a BCP 47 tag of LOCALE_ENTRIES): nothing to escape.
 */
const intlWarmupScript = (iso: string) => `try{new Worker("${intlWarmupWorker}",{name:"${iso}"})}catch(e){}`;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  // The titles' web font (ADR 044) starts with the style sheet, not after it is parsed (it swaps in sooner): its Latin
  // file (figures, Latin words) here, its Cyrillic one in Russian only (`Layout`: English and Chinese titles have none).
  { rel: 'preload', href: manropeLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export { loader } from './lib/root-loader.server.ts';

/** Locale-wide data changes only with the language (or after a form post). */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return splitLocalePath(currentUrl.pathname).locale !== splitLocalePath(nextUrl.pathname).locale;
}

export function Layout({ children }: { children: ReactNode }) {
  // The layout is there whatever the page (its error boundary included): from its first effect on, the page has hydrated.
  useEffect(markHydrated, []);
  const data = useRootData();
  const location = useLocation();
  const nonce = useNonce();
  const locale = data?.locale ?? splitLocalePath(location.pathname).locale;
  const bottomBar = useBottomBar();
  return (
    <html lang={LOCALE_ENTRIES[locale].iso} dir="ltr" data-has-bottom-bar={bottomBar ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#163f39" />
        {/* First in the head: the worker's start is not held behind the style sheet. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: intlWarmupScript(LOCALE_ENTRIES[locale].iso) }} />
        {/* Before any module: zod's schemas (built as their chunk loads) would try `new Function` once to see whether
            they may compile themselves, a violation the CSP reports; its interpreter serves a form's few fields. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        {/* Errors of the first moments, kept for the error reporting SDK that comes later (ADR 017). */}
        {data?.errorReporting ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_ERRORS_SCRIPT }} /> : null}
        <Meta />
        <Links nonce={nonce} />
        {locale === 'ru' ? <link rel="preload" href={manropeCyrillic} as="font" type="font/woff2" crossOrigin="anonymous" /> : null}
      </head>
      <body className="min-h-dvh">
        <IconSprite />
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const errorReporting = loaderData.errorReporting;
  const vitalsRate = loaderData.client.webVitalsSampleRate;
  const consentMode = loaderData.client.analyticsConsent;
  const measured = loaderData.analytics !== null;
  useEffect(() => {
    // A tester's visit is remembered from its first page at once, not when analytics' code arrives.
    if (measured) noMetrics(window.location.search);
    // The Sentry SDK comes later, on idle after load, and only with a DSN (ADR 017).
    startErrorReporting(errorReporting);
    startWebVitals(vitalsRate, consentMode);
  }, [measured, errorReporting, vitalsRate, consentMode]);
  // Lets tests and monitoring know the page is interactive: once the controls that wait for hydration have come (they
  // turn on in one transition with this one, app/lib/hydration.ts), not before.
  const interactive = useHydrated();
  useEffect(() => {
    if (interactive) document.documentElement.dataset.hydrated = 'true';
  }, [interactive]);
  return (
    <I18nProvider value={{ locale: loaderData.locale, strategy: loaderData.strategy, messages: loaderData.messages }}>
      <DeviceProvider value={loaderData.device}>
        <FeaturesProvider bootstrap={loaderData.features}>
          <CurrencyProvider value={loaderData.currency}>
            <ScrollBehaviour />
            <DeployReload />
            <ChunkFailure />
            <Outlet />
          </CurrencyProvider>
        </FeaturesProvider>
        <Analytics settings={loaderData.analytics} />
      </DeviceProvider>
    </I18nProvider>
  );
}

/**
 * A part that renders nothing on the server (analytics and the cookie notice, the deploy watch): its code is fetched
 * once the page has hydrated, not in its first load (ADR 027).
 */
function afterHydration<P extends object>(importer: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Its code failing to arrive (offline, a deploy) leaves the part out; the page it is on stays.
  const Lazy = lazy<ComponentType<P>>(() =>
    withLaterMessages(importer)().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
  return function AfterHydration(props: P) {
    const hydrated = useHydrated();
    return hydrated ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}

const Analytics = afterHydration(() => import('./components/layout/analytics.tsx').then((module) => module.Analytics));
const DeployReload = afterHydration(() => import('./components/layout/deploy-reload.tsx').then((module) => module.DeployReload));

/** A route's code that failed to load twice within 10 s (app/lib/chunk-reload.ts): the error page, not a loop. */
function ChunkFailure() {
  const failure = useSyncExternalStore(chunkFailureStore.subscribe, chunkFailureStore.get, chunkFailureStore.getServer);
  if (failure) throw failure;
  return null;
}

/** Reached only when the root itself fails; page errors are caught by the site layout with header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!data) {
    return (
      <main className="container-page py-24 text-center">
        <h1 className="text-6xl font-bold">{status}</h1>
      </main>
    );
  }
  return (
    <I18nProvider value={{ locale: data.locale, strategy: data.strategy, messages: data.messages }}>
      <ErrorPage error={error} />
    </I18nProvider>
  );
}
