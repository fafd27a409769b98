import { Link } from 'react-router';
import { lotTerms } from '#core/catalogue/offer.ts';
import type { LotDetail } from '#core/catalogue/types.ts';
import { LotAuctionPrice } from '#app/components/catalogue/lot-auction.tsx';
import { completionText } from '#app/components/catalogue/completion.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { SelectionButton } from '#app/components/catalogue/selection-button.tsx';
import { PriceDropBadge, StatusBadge } from '#app/components/catalogue/history-badges.tsx';
import { useHydrated } from '#app/lib/hydration.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { ConvertedPrice } from '#app/components/currency/converted-price.tsx';
import { useChosenRate } from '#app/lib/currency.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { PaymentSummary, PurchasePageLinks } from '#app/components/purchase/summary.tsx';
import { ReserveOffer } from '#app/components/reservations/reserve-offer.tsx';
import type { ReservationOffer } from '#app/components/reservations/types.ts';
import { useCalculatorContext } from '#app/components/purchase/use-calculator.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** The request form's dialog on the lot page: the panel's button and the phone bar open the same one. */
export const LOT_REQUEST_DIALOG_ID = 'lot-request';

/**
 * The lot's offer beside its plan: status, title, where it is, three key figures, the price as offered (or the rent),
 * the best offer of the page's calculator and the purchase pages of the programmes that apply, and the actions (request, online
 * reservation when offered, selection, sheet). Sticky from lg.
 */
export function LotOffer({ lot, title, reservation = null }: { lot: Omit<LotDetail, 'similar'>; title: string; reservation?: ReservationOffer | null }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const terms = lotTerms(lot);
  const calc = useCalculatorContext();
  const projectUrl = `/projects/${lot.projectId}`;
  return (
    <aside className="lg:sticky lg:top-24" aria-labelledby="lot-title">
      <div className="panel">
        <p className="flex flex-wrap gap-2 text-xs font-semibold">
          <StatusBadge lot={lot} always />
          {lot.priceDrop30d ? <PriceDropBadge drop={lot.priceDrop30d} /> : null}
          {lot.sectionLeft ? (
            <span data-few-left="" className="rounded-full bg-accent-50 px-2.5 py-1 text-accent-800 ring-1 ring-accent-200">
              {t('catalogue.history.fewLeft', { left: lot.sectionLeft.left, total: lot.sectionLeft.total })}
            </span>
          ) : null}
          {terms.finish ? <span className="tag">{t(`catalogue.finish.${lot.finish}`)}</span> : null}
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
        ) : lot.auction ? (
          // In an auction the lot is sold by bids: its auction in place of a list price, a monthly payment or a request.
          <div className="mt-5">
            <LotAuctionPrice auction={lot.auction} size="page" link />
          </div>
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
              <ConvertedPrice roubles={lot.price} perMonth={lot.offer === 'rent'} className="mt-1 font-semibold text-ink tabular-nums" />
              <p className="mt-1 text-muted tabular-nums">{format.lotPerM2(lot)}</p>
            </div>
            {lot.status === 'booked' ? <p className="mt-4 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">{t('catalogue.lot.bookedNotice')}</p> : null}
            {/* Reserved online (issue #39): until its end; a hold, minutes long, says no date. */}
            {lot.status === 'reserved' || lot.status === 'held' ? (
              <p className="mt-4 rounded-2xl bg-accent-50 p-4 text-sm text-accent-800">
                {lot.status === 'reserved' && lot.reservedUntil
                  ? t('catalogue.lot.reservedNotice', { date: format.reservedUntilDate(lot.reservedUntil) })
                  : t('catalogue.lot.heldNotice')}
              </p>
            ) : null}
            {lot.offer === 'rent' ? <p className="mt-4 rounded-2xl bg-paper p-4 text-sm text-muted">{t('catalogue.lot.rentNotice')}</p> : null}
            {calc ? (
              <div className="mt-5">
                <PaymentSummary calc={calc} />
              </div>
            ) : null}
            <PurchasePageLinks programmes={calc?.model.setup.programmes ?? []} />
          </>
        )}
        <div className="mt-6 flex flex-col gap-3 print:hidden">
          <RequestButton className="w-full" projectId={lot.projectId} lotId={lot.id} dialogId={LOT_REQUEST_DIALOG_ID} title={format.requestTitle(lot)}>
            {t('catalogue.lot.request')}
          </RequestButton>
          {/* Online reservation: offered by the server for a free lot only when payments are configured (issue #39). */}
          {reservation ? <ReserveOffer offer={reservation} lotUrl={lot.url} /> : null}
          <div className="flex flex-wrap gap-3 [&>*]:flex-1 [&>*]:basis-44">
            <SelectionButton lotId={lot.id} lotName={title} variant="full" className="[&_button]:w-full" />
            <SheetButton lot={lot} />
          </div>
          <p className="text-sm text-muted">{t('catalogue.lot.requestHint')}</p>
        </div>
      </div>
    </aside>
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
function SheetButton({ lot }: { lot: Omit<LotDetail, 'similar'> }) {
  const t = useT();
  const hydrated = useHydrated();
  const look = buttonClass('secondary', 'md', 'w-full');
  // The sheet says the price in the visitor's currency too, as the page does (ADR 037).
  const rate = useChosenRate();
  if (lot.sheetUrl) {
    return (
      <a href={rate ? `${lot.sheetUrl}?currency=${rate.code}` : lot.sheetUrl} download className={look}>
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
