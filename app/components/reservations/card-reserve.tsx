import { Link } from 'react-router';
import type { LotCard } from '#core/catalogue/types.ts';
import { useLocalePath } from '#app/lib/i18n.tsx';
import { reservePath } from './reserve-path.ts';

/**
 * A listed lot whose page offers online reservation (issue #39) carries the words of its card's link, in the page's
 * language: the loader sets them (app/loaders/reservation-offers.server.ts `withReserveLinks`) by the lot page's own
 * rule, and only then. So the words are in a page's data only when it lists such a lot: a list page without one (and
 * every page while YooKassa is not configured) sends none of it, neither in the HTML nor in its messages.
 */
export type ReserveMark = { reserve?: string };

/** The id of a listed lot's title link, when its card has a reserve link: that link's name ends with it. */
export const lotTitleId = (lot: Pick<LotCard, 'id'>): string => `lot-title-${lot.id}`;

/**
 * "Reserve online" on a lot's card or list row, to the lot's reserve page. Its accessible name is its words then the
 * card's title («Забронировать онлайн Квартира 22»), one per card. Placed above the card's stretched link.
 */
export function CardReserveLink({ lot, className = '' }: { lot: Pick<LotCard, 'id' | 'url'> & ReserveMark; className?: string }) {
  const lp = useLocalePath();
  if (!lot.reserve) return null;
  const id = `lot-reserve-${lot.id}`;
  return (
    <Link
      id={id}
      to={lp(reservePath(lot.url))}
      aria-labelledby={`${id} ${lotTitleId(lot)}`}
      className={`relative z-10 inline-flex min-h-9 items-center rounded-full px-3.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${className}`}
    >
      {lot.reserve}
    </Link>
  );
}
