import { Link, useLocation } from 'react-router';
import type { Route } from './+types/lot';
import { lotTerms } from '#core/catalogue/offer.ts';
import type { LotDetail, LotType, OfferKind } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { completionText } from '#app/components/catalogue/completion.ts';
import { catalogueFormat, useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { lotFigureRows } from '#core/catalogue/lot-figures.ts';
import { MortgageEstimate } from '#app/components/catalogue/mortgage-estimate.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { JsonLd, lotListing, useAbsoluteUrl, usePictureUrl } from '#app/components/seo/json-ld.tsx';
import { filterQuery, lotRoute, requestLocale, requestSelection } from '#app/loaders/route-params.ts';
import { SelectionButton, SelectionLink } from '#app/components/catalogue/selection-button.tsx';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { STATUS_BADGE } from '#app/components/catalogue/status.ts';
import { useHydrated } from '#app/components/catalogue/use-hydrated.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

/** The description names only the terms that apply to this lot (`lotTerms`): a mortgage, an instalment plan, or the rent. */
function metaDescriptionKey(lot: { type: LotType; offer: OfferKind }) {
  if (lot.offer === 'rent') return 'catalogue.lot.metaDescriptionRent';
  const { programmes } = lotTerms(lot);
  if (programmes.includes('mortgage')) return 'catalogue.lot.metaDescription';
  if (programmes.includes('installment')) return 'catalogue.lot.metaDescriptionInstallment';
  return 'catalogue.lot.metaDescriptionPlain';
}

export function meta(args: Route.MetaArgs) {
  const lot = args.loaderData?.lot;
  const messages = metaMessages(args.matches);
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { locale?: Locale } | undefined;
  if (!lot || !messages) return pageMeta(args, {});
  const format = catalogueFormat(root?.locale ?? 'ru', (key, params) => translate(messages, key, params));
  const title = format.lotTitle(lot);
  return pageMeta(args, {
    title: translate(messages, 'catalogue.lot.metaTitle', { title, project: lot.projectName, price: format.price(lot) }),
    description: translate(messages, metaDescriptionKey(lot), {
      title,
      area: format.area(lot.area),
      floor: format.floor(lot.floor),
      project: lot.projectName,
      price: format.price(lot),
    }),
  });
}

/** `/{projectShortSlug}/{lotType}/{number}`: one lot, as a buyer decides on it. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { slug, type, number } = lotRoute(url, params);
  const lot = await catalogueService(context).lot(slug, type, number, requestLocale(url));
  if (!lot) pageNotFound();
  const sign = pictureSigner(context, request);
  return {
    lot: {
      ...lot,
      plan: sign(lot.plan, 'lotPlan'),
      floorPlan: { ...lot.floorPlan, image: sign(lot.floorPlan.image, 'lotFloorPosition') },
      similar: lot.similar.map((similar) => ({ ...similar, plan: sign(similar.plan, 'lotCard') })),
    },
    selectionIds: requestSelection(request),
  };
}

/** One row of four on desktop, two rows of two on tablets. */
const SIMILAR_SHOWN = 4;

function floorUrl(lot: LotDetail): string {
  return `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}/floor/${lot.floorId}`;
}

export default function LotPage({ loaderData }: Route.ComponentProps) {
  const { lot } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const title = format.lotTitle(lot);
  const projectUrl = `/projects/${lot.projectId}`;
  const absolute = useAbsoluteUrl();
  const pictureUrl = usePictureUrl();
  const terms = lotTerms(lot);

  return (
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

        <aside className="lg:sticky lg:top-24" aria-labelledby="lot-title">
          <div className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
            <p className="flex flex-wrap gap-2 text-xs font-semibold">
              <span className={`rounded-full px-2.5 py-1 ring-1 ${STATUS_BADGE[lot.status]}`}>{format.lotStatus(lot)}</span>
              {terms.finish ? <span className="rounded-full bg-paper px-2.5 py-1 text-muted">{t(`catalogue.finish.${lot.finish}`)}</span> : null}
              {lot.oldPrice !== null ? <span className="rounded-full bg-accent-800 px-2.5 py-1 text-white">{t('catalogue.lot.discount')}</span> : null}
            </p>
            <h1 id="lot-title" className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              {title}
            </h1>
            <p className="mt-2 text-muted">
              <Link to={lp(projectUrl)} className="font-semibold text-ink hover:text-brand-800 hover:underline">
                {lot.projectName}
              </Link>{' '}
              · {lot.buildingName} · {t('catalogue.common.section', { number: lot.sectionNumber })} · {format.floor(lot.floor)}
            </p>
            <dl className="mt-5 grid grid-cols-3 gap-3 border-y border-line py-4 text-center">
              <KeyFigure label={t('catalogue.lot.area')} value={format.area(lot.area)} />
              <KeyFigure label={t('catalogue.lot.floor')} value={String(lot.floor)} />
              <KeyFigure label={t('catalogue.lot.completion')} value={completionText(lot.completion, t)} />
            </dl>
            {lot.status === 'sold' ? (
              <p className="mt-5 rounded-2xl bg-paper p-4 text-muted">{t(lot.offer === 'rent' ? 'catalogue.lot.letNotice' : 'catalogue.lot.soldNotice')}</p>
            ) : (
              <>
                <div className="mt-5">
                  {lot.oldPrice !== null ? (
                    <p className="text-muted tabular-nums">
                      <span className="sr-only">{t('catalogue.lot.oldPrice')}: </span>
                      <s>{format.money(lot.oldPrice)}</s>
                    </p>
                  ) : null}
                  <p className="text-3xl font-extrabold tracking-tight tabular-nums sm:text-4xl">
                    <span className="sr-only">{t(lot.offer === 'rent' ? 'catalogue.lot.rent' : 'catalogue.lot.price')}: </span>
                    {format.price(lot)}
                  </p>
                  <p className="mt-1 text-muted tabular-nums">{format.lotPerM2(lot)}</p>
                </div>
                {lot.status === 'booked' ? (
                  <p className="mt-4 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">{t('catalogue.lot.bookedNotice')}</p>
                ) : null}
                {lot.offer === 'rent' ? <p className="mt-4 rounded-2xl bg-paper p-4 text-sm text-muted">{t('catalogue.lot.rentNotice')}</p> : null}
                {lot.monthlyPayment ? (
                  <div className="mt-5">
                    <MortgageEstimate price={lot.price} estimate={lot.monthlyPayment} />
                  </div>
                ) : null}
                <Programmes lot={lot} />
              </>
            )}
            <div className="mt-6 flex flex-col gap-3 print:hidden">
              <RequestButton className="w-full" projectId={lot.projectId} lotId={lot.id} dialogId={LOT_REQUEST_DIALOG_ID} title={format.requestTitle(lot)}>
                {t('catalogue.lot.request')}
              </RequestButton>
              <div className="flex flex-wrap gap-3 [&>*]:flex-1 [&>*]:basis-44">
                <SelectionButton lotId={lot.id} lotName={title} variant="full" className="[&_button]:w-full" />
                <SheetButton lot={lot} />
              </div>
              <p className="text-sm text-muted">{t('catalogue.lot.requestHint')}</p>
            </div>
          </div>
        </aside>
      </div>

      <Section id="figures" title={t('catalogue.lot.figures')}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(22rem,1fr)] lg:gap-10">
          <Figures lot={lot} />
          {lot.features.length ? (
            <div className="rounded-3xl bg-white p-6 ring-1 ring-line">
              <h3 className="text-lg font-bold">{t('catalogue.lot.features')}</h3>
              <ul className="mt-4 space-y-2.5">
                {lot.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </Section>

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
          <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4">
            {lot.similar.slice(0, SIMILAR_SHOWN).map((similar) => (
              <li key={similar.id} className="w-[80%] shrink-0 snap-start sm:w-auto">
                <LotCard lot={similar} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <div className="container-page mt-4 flex justify-end print:hidden">
        <SelectionLink />
      </div>
      <PhoneActionBar label={t('catalogue.lot.request')} />
    </article>
  );
}

const LOT_REQUEST_DIALOG_ID = 'lot-request';

/**
 * Below lg the side panel with the request button scrolls away: a bar fixed to the bottom of the screen keeps the
 * call and the request (the same form as the panel's button) in reach. It is in the server's HTML from the start
 * (nothing shifts), the page's end is kept clear of it (app.css, data-bottom-bar), and from lg the panel is sticky.
 */
function PhoneActionBar({ label }: { label: string }) {
  const t = useT();
  const root = useRootData();
  const phone = root?.settings?.phones[0]?.number;
  return (
    <div
      data-bottom-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden print:hidden"
    >
      <div className="container-page flex items-center gap-3 py-3">
        {phone ? (
          <a
            href={telHref(phone)}
            aria-label={t('header.callUs', { phone: formatPhone(phone) })}
            title={formatPhone(phone)}
            className="inline-flex size-13 shrink-0 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 active:bg-brand-100"
          >
            <Icon name="phone" className="size-5" />
          </a>
        ) : null}
        <button {...dialogOpener(LOT_REQUEST_DIALOG_ID)} className={buttonClass('primary', 'lg', 'min-w-0 flex-1')}>
          {label}
        </button>
      </div>
    </div>
  );
}

/** The printed sheet says whose it is and how to reach the sales office: the site's header is not printed. */
function PrintHeader() {
  const root = useRootData();
  const location = useLocation();
  const settings = root?.settings;
  if (!settings) return null;
  const phone = settings.phones[0]?.number ?? settings.supportPhone;
  return (
    <div className="container-page hidden items-baseline justify-between border-b border-line pt-4 pb-3 text-sm print:flex">
      <span className="text-lg font-bold">{settings.companyName}</span>
      <span>
        {formatPhone(phone)} · {settings.email} · {(root?.siteOrigin ?? '') + location.pathname}
      </span>
    </div>
  );
}

function KeyFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** The lot's PDF: the sheet the server makes when there is one, else the browser's print-to-PDF of this page. */
function SheetButton({ lot }: { lot: LotDetail }) {
  const t = useT();
  const hydrated = useHydrated();
  const look = buttonClass('secondary', 'md', 'w-full');
  if (lot.sheetUrl) {
    return (
      <a href={lot.sheetUrl} download className={look}>
        <Icon name="download" className="size-5 shrink-0" />
        {t('catalogue.lot.sheet')}
      </a>
    );
  }
  if (!hydrated) return null;
  return (
    <button type="button" onClick={() => window.print()} className={look}>
      <Icon name="download" className="size-5 shrink-0" />
      {t('catalogue.lot.print')}
    </button>
  );
}

function Figures({ lot }: { lot: LotDetail }) {
  const t = useT();
  const rows = lotFigureRows(lot, t, useCatalogueFormat());
  return (
    <dl className="grid gap-x-8 rounded-3xl bg-white px-6 py-2 ring-1 ring-line sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div
          key={label}
          className="flex items-baseline justify-between gap-4 border-b border-line py-3.5 last:border-b-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0"
        >
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The purchase programmes that apply to this kind of lot (`lotTerms`), each linking to its page; none for a lot let for rent. */
function Programmes({ lot }: { lot: LotDetail }) {
  const t = useT();
  const lp = useLocalePath();
  const { programmes } = lotTerms(lot);
  if (!programmes.length) return null;
  return (
    <div className="mt-4 print:hidden">
      <h2 className="text-sm text-muted">{t('catalogue.programme.label')}</h2>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {programmes.map((programme) => (
          <li key={programme}>
            <Link
              to={lp(`/purchase/${programme}`)}
              className="inline-flex min-h-10 items-center rounded-full bg-paper px-3 font-semibold ring-1 ring-line hover:text-brand-800"
            >
              {t(`catalogue.programme.${programme}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FloorPosition({ lot, title }: { lot: LotDetail; title: string }) {
  const t = useT();
  const { image, shape } = lot.floorPlan;
  return (
    <figure className="rounded-3xl bg-white p-4 ring-1 ring-line sm:p-8">
      <div className="relative">
        <Image picture={image} usage="lotFloorPosition" alt={image.alt} className="[&_img]:object-contain" />
        <svg viewBox={`0 0 ${image.width} ${image.height}`} className="absolute inset-0 size-full" aria-hidden="true">
          <path d={shape} vectorEffect="non-scaling-stroke" className="fill-accent/45 stroke-accent-800 stroke-[3]" />
        </svg>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">{t('catalogue.lot.positionLabel', { name: title })}</figcaption>
    </figure>
  );
}
