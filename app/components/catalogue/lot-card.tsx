import { Link } from 'react-router';
import { lotTerms } from '#core/catalogue/offer.ts';
import { showsListPrice, type LotCardView } from '#core/catalogue/types.ts';
import { CardReserveLink, type ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { ConvertedPrice } from '#app/components/currency/converted-price.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { SelectionButton } from './selection-button.tsx';
import { PriceDropBadge, StatusBadge } from './history-badges.tsx';
import { LotAuctionPrice } from './lot-auction.tsx';

/** The stretched link covers the card; the heart sits above it, so both stay separately clickable. */
const STRETCHED = 'card-link after:z-0';

/**
 * How many lots of a list open the first screen: the first row of cards at the widest grid (three columns from
 * `xl`), the first rows of the list view. Their plans load at once; the others' as they come near.
 */
export const FIRST_ROW = 3;

/** A lot in a grid: the plan first (buyers choose by layout), then price and the key figures. */
export function LotCard({
  lot,
  headingLevel = 3,
  search = '',
  priority = false,
  eager = false,
}: {
  /** With `reserve` when the lot's page offers online reservation (the loader's `withReserveLinks`). */
  lot: LotCardView & ReserveMark;
  headingLevel?: 2 | 3;
  search?: string;
  /** The first card of a list that opens the page: its plan is the largest picture of the first screen. */
  priority?: boolean;
  /** The rest of the first row: its plan is on the first screen too, so it is not lazy. */
  eager?: boolean;
}) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = format.lotTitle(lot);
  const payment = format.payment(lot);
  return (
    <article className="group card p-5">
      <div className="lot-card-head">
        <p className="lot-badges">
          <StatusBadge lot={lot} />
          {lot.priceDrop30d ? <PriceDropBadge drop={lot.priceDrop30d} /> : null}
          {lot.oldPrice !== null ? <span className="rounded-full bg-accent-800 px-2.5 py-1 text-white">{t('catalogue.lot.discount')}</span> : null}
          {lotTerms(lot).finish ? <span className="tag">{t(`catalogue.finish.${lot.finish}`)}</span> : null}
        </p>
        <SelectionButton lotId={lot.id} lotName={title} />
      </div>
      <Image picture={lot.plan} usage="lotCard" alt={lot.plan.alt} priority={priority} eager={eager} className="lot-card-plan" />
      <Heading className="lot-card-title">
        <Link to={lp(lot.url) + search} className={STRETCHED}>
          {title}
        </Link>
      </Heading>
      {/* One text node (a template, not three expressions): React marks each join between expressions with a comment. */}
      <p className="lot-card-place">{`${lot.projectName} · ${lot.buildingName} · ${format.floor(lot.floor)}`}</p>
      <div className="lot-card-foot">
        {lot.auction ? (
          <div>
            <LotAuctionPrice auction={lot.auction} />
          </div>
        ) : showsListPrice(lot) ? (
          <div>
            {lot.oldPrice !== null ? <p className="text-sm text-muted tabular-nums line-through">{format.money(lot.oldPrice)}</p> : null}
            <p className="lot-card-price">{format.price(lot)}</p>
            <ConvertedPrice roubles={lot.price} perMonth={lot.offer === 'rent'} />
            <p className="lot-card-per-m2">{format.lotPerM2(lot)}</p>
            {payment ? (
              <p className="mt-1 text-sm">
                <span className="lot-card-pay">{payment.amount}</span>
                {/* Wraps rather than truncates: a no-wrap line would widen the card past a 320 px phone. */}
                <span className="lot-card-pay-by">{payment.by}</span>
              </p>
            ) : null}
          </div>
        ) : (
          <div />
        )}
        <p className="lot-card-area">{format.area(lot.area)}</p>
      </div>
      <CardReserveLink lot={lot} title={title} className="mt-3 self-start" />
    </article>
  );
}
