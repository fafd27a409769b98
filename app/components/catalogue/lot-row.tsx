import { Link } from 'react-router';
import { lotTerms } from '#core/catalogue/offer.ts';
import { showsListPrice, type LotCardView } from '#core/catalogue/types.ts';
import { CardReserveLink, type ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { ConvertedPrice } from '#app/components/currency/converted-price.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { FIRST_ROW } from './lot-card.tsx';
import { SelectionButton } from './selection-button.tsx';
import { PriceDropBadge, StatusBadge } from './history-badges.tsx';
import { LotAuctionPrice } from './lot-auction.tsx';

/** Desktop columns of the list view; the header row and each row share them. */
const COLUMNS = 'lg:grid lg:grid-cols-[4.5rem_minmax(0,2.2fr)_minmax(0,1.4fr)_5rem_6rem_minmax(0,1.3fr)_2.75rem] lg:items-center lg:gap-4';

/** The list view: dense rows for comparing many lots at a glance; labels show on phones, headers on desktops. */
export function LotList({ lots, search = '' }: { lots: (LotCardView & ReserveMark)[]; search?: string }) {
  const t = useT();
  return (
    <div className="overflow-hidden rounded-3xl bg-white ring-1 ring-line">
      <div aria-hidden="true" className={`hidden border-b border-line px-5 py-3 text-sm text-muted ${COLUMNS}`}>
        <span>{t('catalogue.list.plan')}</span>
        <span>{t('catalogue.list.lot')}</span>
        <span>{t('catalogue.list.project')}</span>
        <span>{t('catalogue.list.floor')}</span>
        <span className="text-right">{t('catalogue.list.area')}</span>
        <span className="text-right">{t('catalogue.list.price')}</span>
        <span />
      </div>
      <ul className="divide-y divide-line">
        {lots.map((lot, index) => (
          <LotRow key={lot.id} lot={lot} search={search} eager={index < FIRST_ROW} />
        ))}
      </ul>
    </div>
  );
}

export function LotRow({ lot, search = '', eager = false }: { lot: LotCardView & ReserveMark; search?: string; eager?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const title = format.lotTitle(lot);
  const label = 'text-xs text-muted lg:sr-only';
  return (
    <li className={`relative grid grid-cols-[4.5rem_1fr_auto] gap-x-4 gap-y-2 px-5 py-4 transition-colors hover:bg-brand-50/50 ${COLUMNS}`}>
      <Image picture={lot.plan} usage="lotRow" alt="" eager={eager} className="row-span-2 size-18 [&_img]:object-contain" />
      <div className="min-w-0">
        <h3 className="font-bold">
          <Link
            to={lp(lot.url) + search}
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
          >
            {title}
          </Link>
        </h3>
        <p className="lot-badges mt-0.5">
          <StatusBadge lot={lot} className="px-2 py-0.5" />
          {lot.priceDrop30d ? <PriceDropBadge drop={lot.priceDrop30d} className="px-2 py-0.5" /> : null}
          {lot.oldPrice !== null ? <span className="rounded-full bg-accent-800 px-2 py-0.5 text-white">{t('catalogue.lot.discount')}</span> : null}
          {lotTerms(lot).finish ? <span className="text-muted">{t(`catalogue.finish.${lot.finish}`)}</span> : null}
        </p>
        <CardReserveLink lot={lot} title={title} className="mt-2" />
      </div>
      <SelectionButton lotId={lot.id} lotName={title} className="relative z-10 col-start-3 row-start-1 lg:col-start-7" />
      <dl className="col-span-2 col-start-2 grid grid-cols-3 gap-2 text-sm lg:col-span-4 lg:col-start-3 lg:row-start-1 lg:grid-cols-[minmax(0,1.4fr)_5rem_6rem_minmax(0,1.3fr)] lg:items-center lg:gap-4 lg:text-base">
        <div className="col-span-3 lg:col-span-1">
          <dt className={label}>{t('catalogue.list.project')}</dt>
          <dd className="truncate text-muted lg:text-ink">
            {lot.projectName} · {lot.buildingName}
          </dd>
        </div>
        <div>
          <dt className={label}>{t('catalogue.list.floor')}</dt>
          <dd className="tabular-nums">{lot.floor}</dd>
        </div>
        <div className="lg:text-right">
          <dt className={label}>{t('catalogue.list.area')}</dt>
          <dd className="font-semibold tabular-nums">{format.area(lot.area)}</dd>
        </div>
        <div className="text-right">
          <dt className={label}>{t('catalogue.list.price')}</dt>
          <dd className="font-bold tabular-nums">
            {lot.auction ? (
              <LotAuctionPrice auction={lot.auction} size="row" />
            ) : showsListPrice(lot) ? (
              <>
                {format.price(lot)}
                <ConvertedPrice roubles={lot.price} perMonth={lot.offer === 'rent'} className="block text-xs font-normal text-muted" as="span" />
                <span className="block text-xs font-normal text-muted">{format.lotPerM2(lot)}</span>
                {lot.payment ? <span className="block text-xs font-semibold text-brand-800">{format.payment(lot)?.amount}</span> : null}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
