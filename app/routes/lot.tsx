import { Link } from 'react-router';
import type { Route } from './+types/lot';
import type { BottomBarHandle } from '#app/lib/bottom-bar.ts';
import { lotCardView, showsListPrice, type LotDetail } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { catalogueFormat, useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { SelectionLink } from '#app/components/catalogue/selection-button.tsx';
import { LotFigures } from '#app/components/lot/figures.tsx';
import { LotOffer } from '#app/components/lot/offer.tsx';
import { PriceHistoryChart } from '#app/components/lot/price-history.tsx';
import { staticSections } from '#app/lib/static-part.tsx';
import { staticParts } from '#app/lib/static-part.server.ts';
import { FloorPosition } from '#app/components/lot/position.tsx';
import { PhoneActionBar, PrintHeader } from '#app/components/lot/sheet-chrome.tsx';
import { LotAuction } from '#app/components/auctions/auction-panel.tsx';
import { AlertForm } from '#app/components/alerts/alert-form.tsx';
import { alertAction } from '#app/loaders/alerts.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { lotAuction } from '#app/loaders/auctions.server.ts';
import { reservationOffer } from '#app/loaders/reservations.server.ts';
import { withReserveLinks } from '#app/loaders/reservation-offers.server.ts';
import { reservePath } from '#app/components/reservations/reserve-offer.tsx';
import { PaymentCalculator } from '#app/components/purchase/calculator.tsx';
import { CalculatorScope } from '#app/components/purchase/scope.tsx';
import { CALCULATOR_ID, useCalculatorContext } from '#app/components/purchase/use-calculator.ts';
import { calculatorModel } from '#app/loaders/purchase.server.ts';
import { JsonLd, lotListing, useAbsoluteUrl, usePictureUrl } from '#app/components/seo/json-ld.tsx';
import { filterQuery, lotRoute, requestLocale } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { translate, translator, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

/**
 * The description names only the terms that apply to this lot: the rent, or the kind of programme giving its
 * "from N ₽ a month" (a mortgage, or the developer's instalment plan), or none.
 */
function metaDescriptionKey(lot: Pick<LotDetail, 'offer' | 'payment' | 'status'>) {
  // No price once sold or while in an auction: the lot's state says what it costs (its auction's bids).
  if (!showsListPrice(lot)) return 'catalogue.lot.metaDescriptionPlain';
  if (lot.offer === 'rent') return 'catalogue.lot.metaDescriptionRent';
  if (!lot.payment) return 'catalogue.lot.metaDescriptionPlain';
  return lot.payment.kind === 'installment' ? 'catalogue.lot.metaDescriptionInstallment' : 'catalogue.lot.metaDescription';
}

/** Below lg the request bar is fixed to the bottom of the screen (PhoneActionBar). */
export const handle: BottomBarHandle = { bottomBar: true };

export function meta(args: Route.MetaArgs) {
  const lot = args.loaderData?.lot;
  const messages = metaMessages(args.matches);
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { locale?: Locale } | undefined;
  if (!lot || !messages) return pageMeta(args, {});
  const locale = root?.locale ?? 'ru';
  const format = catalogueFormat(locale, translator(messages, locale));
  const title = format.lotTitle(lot);
  return pageMeta(args, {
    title: translate(messages, 'catalogue.lot.metaTitle', {
      title,
      project: lot.projectName,
      price: showsListPrice(lot) ? format.price(lot) : format.lotStatus(lot),
    }),
    description: translate(messages, metaDescriptionKey(lot), {
      title,
      area: format.area(lot.area),
      floor: format.floor(lot.floor),
      project: lot.projectName,
      price: format.price(lot),
    }),
    image: args.loaderData?.shareImage,
  });
}

/** `/{projectShortSlug}/{lotType}/{number}`: one lot, as a buyer decides on it. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { slug, type, number } = lotRoute(url, params);
  const locale = requestLocale(url);
  const lot = await catalogueService(context).lot(slug, type, number, locale);
  if (!lot) pageNotFound();
  const sign = pictureSigner(context, request);
  const { id, projectId, offer, price, status } = lot;
  // Read from the database (the whole history is not in memory): the page does without it when the database is down.
  const priceHistory = await catalogueService(context)
    .priceHistory(lot.id)
    .catch(() => null);
  return {
    // The lot's plan: what the page is shared with (`og:image`).
    shareImage: shareImage(context, lot.plan),
    priceHistory,
    // The sun passport's arcs (issue #41): the sun's path at the project's place, drawn beside the lot's stored minutes,
    // and the norm's zone there. A chart that does nothing in the browser: rendered by the server only (ADR 043).
    ...staticParts(context, 'lot', {
      sun: { lot: { sun: lot.sun, windowViews: lot.windowViews }, chart: await catalogueService(context).lotSunChart(lot.id) },
    }),
    // The chart's right end: the moment the page was made (the browser draws the same line).
    asOf: new Date().toISOString(),
    calculator: await calculatorModel(context, url, locale, { lot: { id, projectId, type: lot.type, offer, price, status, completion: lot.completion } }),
    lot: {
      ...lot,
      plan: sign(lot.plan, 'lotPlan'),
      floorPlan: { ...lot.floorPlan, image: sign(lot.floorPlan.image, 'lotFloorPosition') },
      // The similar lots whose page offers online reservation carry their card's link (issue #39): this page's rule.
      // Only the cards the page shows (SIMILAR_SHOWN), as cards (`lotCardView`).
      similar: (await withReserveLinks(context, lot.similar.slice(0, SIMILAR_SHOWN), locale)).map((similar) => ({
        ...lotCardView(similar),
        plan: sign(similar.plan, 'lotCard'),
      })),
    },
    auction: await lotAuction(context, lot.id, locale),
    // Online reservation's terms, only for a free lot when payments are configured and the project takes them (issue #39).
    reservation: await reservationOffer(context, lot),
  };
}

/** "Follow this lot" posted without JavaScript (ADR 021): the lot is the page's own. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { slug, type, number } = lotRoute(url, params);
  const locale = requestLocale(url);
  const lot = await catalogueService(context).lot(slug, type, number, locale);
  if (!lot) pageNotFound();
  return alertAction(request, locale, context.get(appContext), { kind: 'lot', lot: lot.id });
}

/** One row of four on desktop, two rows of two on tablets. */
const SIMILAR_SHOWN = 4;

/** The sun passport, a chart that does nothing in the browser (ADR 043): the server's HTML kept, its code loaded when rendered. */
const Static = staticSections('lot', () => import('#app/components/lot/static-sections.tsx').then((m) => m.sections));

function floorUrl(lot: Omit<LotDetail, 'similar'>): string {
  return `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}/floor/${lot.floorId}`;
}

export default function LotPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, calculator, priceHistory, asOf } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const title = format.lotTitle(lot);
  const projectUrl = `/projects/${lot.projectId}`;
  const absolute = useAbsoluteUrl();
  const pictureUrl = usePictureUrl();

  return (
    <CalculatorScope key={lot.id} model={calculator}>
      <article data-lot-sheet="" className="pb-16 sm:pb-24">
        <JsonLd data={lotListing(lot, title, absolute(lot.url), absolute(projectUrl), pictureUrl(lot.plan, 'lotPlan'))} />
        <PrintHeader />
        <div className="container-page pt-6 sm:pt-8 print:hidden">
          <Breadcrumbs
            items={[
              { label: t('catalogue.projects.title'), to: '/projects' },
              { label: lot.projectName, to: projectUrl },
              { label: lot.buildingName, to: `${projectUrl}/building/${lot.buildingId}` },
              { label: format.floor(lot.floor), to: floorUrl(lot) },
              { label: title },
            ]}
          />
        </div>

        <div className="container-page mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(22rem,1fr)] lg:items-start lg:gap-10">
          <figure className="rounded-3xl bg-white p-4 ring-1 ring-line sm:p-8">
            <Image picture={lot.plan} usage="lotPlan" alt={lot.plan.alt} priority className="aspect-[88/62] [&_img]:object-contain" />
            <figcaption className="mt-3 text-center text-sm text-muted">{t('catalogue.lot.plan')}</figcaption>
          </figure>

          <LotOffer lot={lot} title={title} reservation={loaderData.reservation} />
        </div>

        <LotAuction data={loaderData.auction} />
        <LotCalculator />
        <LotFigures lot={lot} />
        <Static name="sun" data={loaderData.sun} />

        {priceHistory && lot.offer === 'sale' ? (
          <Section id="price-history" title={t('catalogue.history.title')}>
            <div className="max-w-3xl rounded-3xl bg-white p-5 ring-1 ring-line sm:p-8">
              <PriceHistoryChart history={priceHistory} asOf={asOf} />
            </div>
          </Section>
        ) : null}

        {lot.offer === 'sale' && showsListPrice(lot) ? (
          <div className="container-page print:hidden">
            <AlertForm key={lot.id} kind="lot" lot={lot.id} action={lp(lot.url)} result={actionData?.alert} />
          </div>
        ) : null}

        <Section
          id="position"
          title={t('catalogue.lot.position')}
          action={
            <Link to={lp(floorUrl(lot))} className={buttonClass('secondary', 'md', 'print:hidden')}>
              {t('catalogue.lot.toFloor')}
              <Icon name="arrow-right" className="size-4" />
            </Link>
          }
        >
          <FloorPosition lot={lot} title={title} />
        </Section>

        {lot.similar.length ? (
          <Section
            id="similar"
            title={t('catalogue.lot.similar')}
            className="print:hidden"
            action={
              // The filter lists lots for sale: a unit for rent has no filter of its kind to lead to.
              lot.offer === 'sale' ? (
                <Link to={lp('/filter') + filterQuery({ project: [lot.projectId], type: [lot.type] })} className={buttonClass('ghost', 'md')}>
                  {t('catalogue.lot.toFilter')}
                  <Icon name="arrow-right" className="size-4" />
                </Link>
              ) : undefined
            }
          >
            <ul className="lot-strip">
              {lot.similar.slice(0, SIMILAR_SHOWN).map((similar) => (
                <li key={similar.id}>
                  <LotCard lot={similar} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <div className="container-page mt-4 flex justify-end print:hidden">
          <SelectionLink />
        </div>
        <PhoneActionBar
          label={t('catalogue.lot.request')}
          reserve={loaderData.reservation ? { url: lp(reservePath(lot.url)), label: t('reservations.offer.action') } : undefined}
        />
      </article>
    </CalculatorScope>
  );
}

/** The calculator at the lot's price, with the programmes that finance it; none for a lot nobody finances. */
function LotCalculator() {
  const t = useT();
  const calc = useCalculatorContext();
  if (!calc) return null;
  return (
    <Section id={CALCULATOR_ID} title={t('purchase.calculator.title')} className="print:hidden">
      <p className="section-lead">{t('purchase.calculator.lead')}</p>
      <PaymentCalculator calc={calc} />
    </Section>
  );
}
