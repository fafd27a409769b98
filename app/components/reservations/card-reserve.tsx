import { Link } from 'react-router';
import { useLocalePath } from '#app/lib/i18n.tsx';

/**
 * A listed lot whose page offers online reservation (issue #39) carries its card's link: the lot's reserve page and
 * the link's words in the page's language. The loader sets it (app/loaders/reservation-offers.server.ts
 * `withReserveLinks`) by the lot page's own rule, and only then, so the card's code holds neither the words nor the
 * path: a list page without such a lot (every page while YooKassa is not configured) sends nothing of it, in its
 * HTML, its data or its messages.
 */
export type ReserveMark = { reserve?: { path: string; label: string } };

/**
 * "Reserve online" on a lot's card or list row, to its reserve page, above the card's stretched link. Its name is its
 * words then the lot's title, hidden but read («Забронировать онлайн Квартира 22»), so each card's is its own.
 */
export function CardReserveLink({ lot, title, className = '' }: { lot: ReserveMark; title: string; className?: string }) {
  const lp = useLocalePath();
  if (!lot.reserve) return null;
  return (
    <Link
      to={lp(lot.reserve.path)}
      className={`relative z-10 inline-flex min-h-9 items-center rounded-full px-3.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50 ${className}`}
    >
      {lot.reserve.label}
      <span className="sr-only">{` ${title}`}</span>
    </Link>
  );
}
