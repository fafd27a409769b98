import type { RouterContextProvider } from 'react-router';
import type { Locale } from '#core/i18n/locales.ts';
import { appContext } from '#app/lib/context.server.ts';

/** A lot's auction for its page (null when the lot was never auctioned), with the instant the page was made. */
export async function lotAuction(context: Readonly<RouterContextProvider>, lotId: string, locale: Locale) {
  const { services } = context.get(appContext);
  const now = new Date();
  const auction = await services.auctions.forLot(Number(lotId), locale, now);
  return auction ? { auction, now: now.toISOString() } : null;
}

/** The informer's lists (home page). */
export async function auctionInformer(context: Readonly<RouterContextProvider>, locale: Locale) {
  const { services } = context.get(appContext);
  const now = new Date();
  return { lists: await services.auctions.lists(locale, now), now: now.toISOString() };
}
