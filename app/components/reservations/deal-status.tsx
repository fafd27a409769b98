import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useMoments } from './moment.ts';
import { reservePath } from './reserve-offer.tsx';
import { useDeposit } from './terms.tsx';
import type { DealView } from './types.ts';

/**
 * The deal's state in words, first on the page: payment being confirmed (the page refreshes itself: its `meta`),
 * reserved until a moment, or what happened and what to do next. Each says only what the server knows.
 */
export function DealStatus({ deal, here }: { deal: DealView; here: string }) {
  const t = useT();
  const lp = useLocalePath();
  const { day, time } = useMoments();
  const deposit = useDeposit(deal.depositKopecks);
  const refund = useDeposit(deal.refund?.amountKopecks ?? deal.depositKopecks);
  const toLot = (
    <Link to={lp(deal.lot.url)} className={buttonClass('secondary', 'md')}>
      {t('reservations.deal.openLot')}
      <Icon name="arrow-right" className="size-4" />
    </Link>
  );
  switch (deal.state) {
    case 'pending':
      return (
        <Banner tone="wait" title={t('reservations.deal.pending.title')} live>
          <p>{t('reservations.deal.pending.text')}</p>
          <p>{t('reservations.deal.pending.until', { time: time(deal.holdExpiresAt) })}</p>
          <p>
            {/* A plain link to this page: the refresh works without JavaScript, as the page's own refresh does. */}
            <a href={here} className={buttonClass('secondary', 'md')}>
              <Icon name="reload" className="size-4" />
              {t('reservations.deal.pending.refresh')}
            </a>
          </p>
        </Banner>
      );
    case 'reserved':
      return (
        <Banner tone="good" title={t('reservations.deal.reserved.title')}>
          {deal.endsAt ? <p className="text-lg font-semibold">{t('reservations.deal.reserved.until', { time: time(deal.endsAt) })}</p> : null}
          {deal.paidAt ? <p>{t('reservations.deal.reserved.paid', { amount: deposit, date: day(deal.paidAt) })}</p> : null}
        </Banner>
      );
    case 'completed':
      return (
        <Banner tone="good" title={t('reservations.deal.completed.title')}>
          <p>{t('reservations.deal.completed.text')}</p>
        </Banner>
      );
    case 'canceled':
      return (
        <Banner tone="stop" title={t('reservations.deal.canceled.title')}>
          <p>{t('reservations.deal.canceled.text')}</p>
          {deal.refund ? (
            <p>{t(deal.refund.done ? 'reservations.deal.canceled.refunded' : 'reservations.deal.canceled.refunding', { amount: refund })}</p>
          ) : null}
          <p>{t('reservations.deal.canceled.next')}</p>
          <p className="flex flex-wrap gap-3">{toLot}</p>
        </Banner>
      );
    case 'expired':
      return (
        <Banner tone="stop" title={t('reservations.deal.expired.title')}>
          <p>{t('reservations.deal.expired.text')}</p>
          <p className="flex flex-wrap gap-3">
            <Link to={lp(reservePath(deal.lot.url))} className={buttonClass('primary', 'md')}>
              {t('reservations.offer.action')}
            </Link>
            {toLot}
          </p>
        </Banner>
      );
    case 'ended':
      return (
        <Banner tone="stop" title={t('reservations.deal.ended.title')}>
          <p>{t('reservations.deal.ended.text', { date: day(deal.endedAt ?? deal.endsAt ?? deal.holdExpiresAt) })}</p>
          <p className="flex flex-wrap gap-3">{toLot}</p>
        </Banner>
      );
  }
}

const TONES = {
  wait: { box: 'bg-accent-50 ring-accent-200', icon: 'clock', badge: 'bg-white text-accent-800' },
  good: { box: 'bg-brand-50 ring-brand-200', icon: 'check', badge: 'bg-white text-success' },
  stop: { box: 'bg-paper ring-line', icon: 'alert', badge: 'bg-white text-muted' },
} as const;

function Banner({ tone, title, live = false, children }: { tone: keyof typeof TONES; title: string; live?: boolean; children: React.ReactNode }) {
  const look = TONES[tone];
  return (
    <section
      aria-labelledby="deal-status-title"
      role={live ? 'status' : undefined}
      data-deal-state=""
      className={`flex flex-col gap-3 rounded-3xl p-6 ring-1 sm:flex-row sm:gap-5 sm:p-8 ${look.box}`}
    >
      <span className={`flex size-12 shrink-0 items-center justify-center rounded-full ${look.badge}`}>
        <Icon name={look.icon} className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="deal-status-title" className="text-2xl font-extrabold tracking-tight text-balance">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
