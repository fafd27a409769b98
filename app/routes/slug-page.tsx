import { redirect } from 'react-router';
import type { Route } from './+types/slug-page';
import { DEFAULT_LIMIT, PAGE_RULES } from '#core/catalogue/filter.ts';
import { PAGE_SLUG } from '#core/content/pages.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { isPurchasePage, PURCHASE_PAGES } from '#core/purchase/calculator.ts';
import { RichText } from '#app/components/content/rich-text.tsx';
import { PreviewBanner } from '#app/components/content/preview-banner.tsx';
import { CollectionPage } from '#app/components/collections/collection-page.tsx';
import { BookingForm } from '#app/components/forms/booking-form.tsx';
import { LandingPage } from '#app/components/landings/landing-page.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { PaymentCalculator } from '#app/components/purchase/calculator.tsx';
import { PurchaseRequest } from '#app/components/purchase/request.tsx';
import { CalculatorScope } from '#app/components/purchase/scope.tsx';
import { CALCULATOR_ID, useCalculatorContext } from '#app/components/purchase/use-calculator.ts';
import { appContext } from '#app/lib/context.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { previewRow } from '#app/lib/preview.server.ts';
import { bookingData, partnerHeaders } from '#app/loaders/booking.server.ts';
import { calculatorModel } from '#app/loaders/purchase.server.ts';
import { withReserveLinks } from '#app/loaders/reservation-offers.server.ts';
import { useFormatters, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta(args: Route.MetaArgs) {
  const found = args.loaderData;
  if (found?.kind === 'collection') return pageMeta(args, { title: found.collection.title, description: found.collection.description });
  if (found?.kind === 'landing') return pageMeta(args, { title: found.landing.title, description: found.landing.description, locales: found.landing.locales });
  return pageMeta(args, { title: found?.page.title, description: found?.page.description, noindex: Boolean(found?.preview) });
}

/** `?offset=` of a collection's page: a whole number within the filter's bounds, else the first page. */
function pageOffset(url: URL): number {
  const raw = url.searchParams.get('offset') ?? '';
  const value = Number(raw);
  return /^\d+$/.test(raw) && value <= PAGE_RULES.offset.max ? value : 0;
}

/**
 * The catch-all `/{slug(.*)*}` decides what a slug is: a page from the database, a collection of lots, a landing
 * for foreign buyers, or 404 'Page not found'. A purchase page adds the live programmes of its kind, with the
 * calculator and a request that carries the calculation; the agents' and partners' pages carry their booking form
 * (the partners' behind basic auth when configured). A landing asked for in a language it is not written in sends
 * the visitor to its version in English (else its first).
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const slug = (params['*'] ?? `${params.slugHead}/${params.slugTail}`).replace(/\/+$/, '');
  if (!PAGE_SLUG.test(slug)) pageNotFound();
  const locale = splitLocalePath(url.pathname).locale;
  // A member of staff's preview of a page's draft (issue #42): this page, made from the draft (server/http/preview.ts).
  const preview = await previewRow(context, request, ['pages']);
  const page = preview ? services.pages.preview(preview.row, locale) : await services.pages.bySlug(slug, locale);
  if (page) {
    const calculator = isPurchasePage(slug) ? await calculatorModel(context, url, locale, { shows: PURCHASE_PAGES[slug] }) : null;
    const form = page.template === 'agents' ? 'broker-tour' : page.template === 'partners' ? 'partner-meeting' : null;
    const authorization = form ? partnerHeaders(services, form, request) : null;
    const chosen = {
      resource: url.searchParams.get(form === 'broker-tour' ? 'project' : 'office') ?? undefined,
      date: url.searchParams.get('date') ?? undefined,
    };
    const booking = form ? await bookingData(services, form === 'broker-tour' ? 'broker_tour' : 'partner_meeting', locale, chosen) : null;
    return { kind: 'page' as const, page, calculator, booking, authorization, preview: preview?.banner ?? null };
  }
  const offset = pageOffset(url);
  const collection = await services.collections.bySlug(slug, locale, { limit: DEFAULT_LIMIT, offset });
  if (collection) {
    const sign = pictureSigner(context, request);
    // The lots whose page offers online reservation carry their card's link (issue #39): the lot page's own rule.
    const listed = await withReserveLinks(context, collection.lots.results, locale);
    const lots = { ...collection.lots, results: listed.map((lot) => ({ ...lot, plan: sign(lot.plan, 'lotCard', 'lotRow') })) };
    return { kind: 'collection' as const, collection: { ...collection, lots }, limit: DEFAULT_LIMIT, offset };
  }
  const landing = await services.landings.best(slug, locale);
  if (landing && landing.locale !== locale) throw redirect(`/${landing.locale}${landing.url}`);
  if (landing) return { kind: 'landing' as const, landing };
  pageNotFound();
}

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'collection') return <CollectionPage collection={loaderData.collection} limit={loaderData.limit} offset={loaderData.offset} />;
  if (loaderData.kind === 'landing') return <LandingPage landing={loaderData.landing} />;
  return <ContentPage data={loaderData} />;
}

/** A page from the database: its text, then what its template adds (the calculator and request, a booking form). */
function ContentPage({ data }: { data: Extract<Route.ComponentProps['loaderData'], { kind: 'page' }> }) {
  const { page, calculator, booking, authorization, preview } = data;
  const t = useT();
  const format = useFormatters();
  return (
    <>
      {preview ? <PreviewBanner banner={preview} /> : null}
      <article className="container-page py-8 sm:py-12">
        <Breadcrumbs items={[{ label: page.title }]} />
        <div className="mt-6 max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{page.title}</h1>
          <p className="mt-4 text-lg text-muted">{page.description}</p>
          <p className="mt-2 text-sm text-muted">
            <time dateTime={page.updatedAt}>{t('page.updated', { date: format.date(page.updatedAt) })}</time>
          </p>
          <div className={`mt-8 ${page.template === 'disclosure' ? 'rounded-3xl border border-line bg-white p-6 sm:p-10' : ''}`}>
            <RichText html={page.body} />
          </div>
        </div>
        {booking ? (
          <section aria-labelledby="booking-title" className="mt-12 max-w-3xl scroll-mt-32 sm:mt-16 lg:scroll-mt-36" id="booking">
            <h2 id="booking-title" className="text-2xl font-extrabold tracking-tight sm:text-4xl">
              {t(booking.kind === 'broker_tour' ? 'cooperation.brokerTour' : 'cooperation.partnerMeeting')}
            </h2>
            <div className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
              <BookingForm data={booking} headers={authorization ?? undefined} />
            </div>
          </section>
        ) : null}
        <CalculatorScope key={page.slug} model={calculator}>
          <PurchaseCalculator />
        </CalculatorScope>
      </article>
    </>
  );
}

/** A purchase page's programmes in force, with the calculator, then the request that carries its calculation. */
function PurchaseCalculator() {
  const t = useT();
  const calc = useCalculatorContext();
  if (!calc) return null;
  return (
    <>
      <section id={CALCULATOR_ID} aria-labelledby={`${CALCULATOR_ID}-title`} className="mt-12 scroll-mt-32 sm:mt-16 lg:scroll-mt-36">
        <h2 id={`${CALCULATOR_ID}-title`} className="text-2xl font-extrabold tracking-tight sm:text-4xl">
          {t('purchase.calculator.title')}
        </h2>
        <p className="mt-3 mb-6 max-w-2xl text-lg text-muted">{t('purchase.calculator.lead')}</p>
        <PaymentCalculator calc={calc} />
      </section>
      <section aria-labelledby="purchase-request-title" className="mt-12 max-w-3xl sm:mt-16">
        <PurchaseRequest calc={calc} />
      </section>
    </>
  );
}
