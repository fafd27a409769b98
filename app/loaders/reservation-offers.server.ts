import type { RouterContextProvider } from 'react-router';
import { isForSale, type LotCard } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { loadMessages, translate } from '#core/i18n/messages.ts';
import type { ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { reservePath } from '#app/components/reservations/reserve-offer.tsx';
import type { ReservationOffer } from '#app/components/reservations/types.ts';
import { appContext } from '#app/lib/context.server.ts';

type Context = Readonly<RouterContextProvider>;

/** What the rule reads of a lot: its page's data or a card's carry the same fields, decided by the same snapshot. */
export type OfferedLot = Pick<LotCard, 'status' | 'offer' | 'auction' | 'projectId'>;
type ListedLot = OfferedLot & Pick<LotCard, 'url'>;

/**
 * The one rule of online reservation (issue #39), for every page that offers it: a lot is offered only when it is
 * free for sale, outside an auction, and its project takes reservations while payments are configured
 * (`AppLoadValues.reservations`, null without YooKassa); the answer is the project's terms. The lot page's offer and
 * its reserve page (`reservationOffer`) and the list pages' card links (`withReserveLinks`) all ask through it.
 *
 * One function per request (its load context): each project's terms are read once for the page, under the `content`
 * data version (reservation_settings moves it, migration 0029; server/modules/reservations/buyer-pages.ts), so a
 * kept page follows a change of them.
 */
export function reservationOffers(context: Context): (lot: OfferedLot) => Promise<ReservationOffer | null> {
  let rule = RULES.get(context);
  if (!rule) {
    rule = offersOf(context);
    RULES.set(context, rule);
  }
  return rule;
}

const RULES = new WeakMap<Context, (lot: OfferedLot) => Promise<ReservationOffer | null>>();

function offersOf(context: Context): (lot: OfferedLot) => Promise<ReservationOffer | null> {
  const port = context.get(appContext).reservations;
  const terms = new Map<string, Promise<ReservationOffer | null>>();
  return (lot) => {
    if (!port || !isForSale(lot) || lot.auction || !/^\d+$/.test(lot.projectId)) return Promise.resolve(null);
    let offer = terms.get(lot.projectId);
    if (!offer) {
      // Without the database the page answers without the offer, as it does without its auction.
      offer = port.offer(Number(lot.projectId)).catch(() => null);
      terms.set(lot.projectId, offer);
    }
    return offer;
  };
}

/**
 * A page's lots, each one its page would offer online reservation for carrying its card's link (`ReserveMark`,
 * app/components/reservations/card-reserve.tsx: its reserve page and the words in the page's language); the others as
 * they were. Without YooKassa, or with no such lot, the lots come back unchanged: nothing is added to the page.
 */
export async function withReserveLinks<T extends ListedLot>(context: Context, lots: readonly T[], locale: Locale): Promise<(T & ReserveMark)[]> {
  const offer = reservationOffers(context);
  const offered = await Promise.all(lots.map((lot) => offer(lot)));
  if (!offered.some(Boolean)) return [...lots];
  const label = translate(await loadMessages(locale), 'reservations.offer.action');
  return lots.map((lot, index) => (offered[index] ? { ...lot, reserve: { path: reservePath(lot.url), label } } : lot));
}
