import { auctionStatus, formatAuctionTime, formatRoubles, timeLeft, type AuctionStatus, type AuctionView } from '#core/auctions/auction.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/** The status as the clock says it now (the server's answer may be seconds old); a cancelled or decided one stays ended. */
export function statusNow(auction: AuctionView, now: number): AuctionStatus {
  return auction.status === 'ended' ? 'ended' : auctionStatus(auction, now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left as «2 д 03 ч 15 мин 09 с». Hidden from assistive technology: it changes every second, and the
 * `<time>` beside it says the end once; state changes are announced by the panel's polite live region.
 */
export function Countdown({ to, now }: { to: string; now: number }) {
  const t = useT();
  const left = timeLeft(to, now);
  const u = (key: 'days' | 'hours' | 'minutes' | 'seconds') => t(`auctions.units.${key}`);
  return (
    <span aria-hidden="true" data-countdown="" className="font-semibold whitespace-nowrap tabular-nums">
      {left.days ? `${left.days} ${u('days')} ` : ''}
      {`${pad(left.hours)} ${u('hours')} ${pad(left.minutes)} ${u('minutes')} ${pad(left.seconds)} ${u('seconds')}`}
    </span>
  );
}

export function StatusBadge({ status }: { status: AuctionStatus }) {
  const t = useT();
  const tone = status === 'live' ? 'bg-brand-700 text-white' : status === 'scheduled' ? 'bg-brand-50 text-brand-800' : 'bg-sand text-ink';
  return <span className={`auction-status ${tone}`}>{t(`auctions.status.${status}`)}</span>;
}

/** The figures of an auction: price, bids, start or end (Moscow time) with the countdown, or the result. */
export function AuctionFacts({ auction, now, compact = false }: { auction: AuctionView; now: number; compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const status = statusNow(auction, now);
  const money = (value: number) => formatRoubles(value, locale);
  const when = (iso: string) => (
    <time dateTime={iso}>
      {formatAuctionTime(iso, locale)} {t('auctions.zone')}
    </time>
  );
  const row = (label: string, value: React.ReactNode) => (
    <div className="fact-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className={compact ? 'text-sm' : 'text-base'}>
      {status === 'ended' ? (
        row(
          t('auctions.resultTitle'),
          auction.result === 'sold' && auction.bestAmount !== null
            ? t('auctions.result.sold', { amount: money(auction.bestAmount) })
            : t(`auctions.result.${auction.result === 'cancelled' ? 'cancelled' : 'not_sold'}`),
        )
      ) : (
        <>
          {row(t('auctions.bestBid'), auction.bestAmount !== null ? money(auction.bestAmount) : t('auctions.noBids'))}
          {compact ? null : row(t('auctions.startPrice'), money(auction.startPrice))}
          {compact ? null : row(t('auctions.step'), money(auction.minStep))}
        </>
      )}
      {row(t('auctions.bids'), auction.bidCount)}
      {status === 'scheduled' ? row(t('auctions.startsAt'), when(auction.startsAt)) : null}
      {row(t('auctions.endsAt'), when(auction.endsAt))}
      {status !== 'ended'
        ? row(
            status === 'live' ? t('auctions.timeLeft') : t('auctions.untilStart'),
            <Countdown to={status === 'live' ? auction.endsAt : auction.startsAt} now={now} />,
          )
        : null}
    </dl>
  );
}
