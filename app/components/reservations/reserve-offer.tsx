import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useTermsLine } from './terms.tsx';
import type { ReservationOffer } from './types.ts';

/** The reserve page of a lot: its own address with `/reserve` after it. */
export const reservePath = (lotUrl: string): string => `${lotUrl.replace(/\/+$/, '')}/reserve`;

/**
 * "Reserve online" on a free lot's page, with the terms from the server. Rendered only when the loader offered it
 * (payments configured, reservation enabled for the project, the lot free): there is no other way to it.
 */
export function ReserveOffer({ offer, lotUrl, className = '' }: { offer: ReservationOffer; lotUrl: string; className?: string }) {
  const t = useT();
  const lp = useLocalePath();
  const terms = useTermsLine(offer);
  return (
    <div className={className} data-reserve-offer="">
      <Link to={lp(reservePath(lotUrl))} className={buttonClass('secondary', 'lg', 'w-full')} aria-describedby="reserve-offer-terms">
        <Icon name="key" className="size-5 shrink-0" />
        {t('reservations.offer.action')}
      </Link>
      <p id="reserve-offer-terms" className="mt-2 text-sm text-muted">
        {terms}
      </p>
    </div>
  );
}
