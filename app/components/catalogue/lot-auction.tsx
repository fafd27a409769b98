import { Link } from 'react-router';
import { formatAuctionTime, formatRoubles } from '#core/auctions/auction.ts';
import type { LotAuction } from '#core/catalogue/types.ts';
import { useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * A lot's auction where its price would be (the card, the list row, the lot page): a lot in an auction is sold by
 * bids, so it shows the best bid (or the start price before the first), the start price and when the auction starts
 * or ends, never a list price (DESIGN "A lot has one commercial state").
 */
export function LotAuctionPrice({ auction, size = 'card', link = false }: { auction: LotAuction; size?: 'card' | 'row' | 'page'; link?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const money = (value: number) => formatRoubles(value, locale);
  const figure =
    size === 'page' ? 'text-3xl font-extrabold tracking-tight sm:text-4xl' : size === 'card' ? 'text-xl font-extrabold tracking-tight' : 'font-bold';
  const when = auction.phase === 'announced' ? auction.startsAt : auction.endsAt;
  return (
    <div data-lot-auction={auction.phase} className="tabular-nums">
      <p className={size === 'row' ? 'text-xs font-normal text-muted' : 'text-sm text-muted'}>
        {auction.bestAmount !== null ? t('auctions.bestBid') : t('auctions.startPrice')}
      </p>
      <p className={figure}>{money(auction.bestAmount ?? auction.startPrice)}</p>
      {auction.bestAmount !== null ? (
        <p className="text-sm text-muted">
          {t('auctions.startPrice')}: {money(auction.startPrice)}
        </p>
      ) : null}
      <p className={size === 'row' ? 'text-xs font-normal text-muted' : 'text-sm text-muted'}>
        {t(auction.phase === 'announced' ? 'auctions.startsAt' : 'auctions.endsAt')}:{' '}
        <time dateTime={when}>
          {formatAuctionTime(when, locale)} {t('auctions.zone')}
        </time>
      </p>
      {link ? (
        <Link to={lp(auction.url)} className="relative z-10 mt-2 inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('auctions.toAuction')}
        </Link>
      ) : null}
    </div>
  );
}
