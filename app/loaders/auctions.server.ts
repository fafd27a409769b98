import type { RouterContextProvider } from 'react-router';
import type { Locale } from '#core/i18n/locales.ts';
import { appContext } from '#app/lib/context.server.ts';

/** A lot's auction for its page (null when the lot was never auctioned), with the instant the page was made. */
export async function lotAuction(context: Readonly<RouterContextProvider>, lotId: string, locale: Locale) {
  const { services } = context.get(appContext);
  const now = new Date();
  // Live data with no last good copy: while the database is away the lot page answers without its auction
  // block (the lot itself comes from the in-memory index), instead of failing the whole page.
  const auction = await services.auctions.forLot(Number(lotId), locale, now).catch(() => null);
  return auction ? { auction, now: now.toISOString() } : null;
}

/** The informer's lists (home page). */
export async function auctionInformer(context: Readonly<RouterContextProvider>, locale: Locale) {
  const { services } = context.get(appContext);
  const now = new Date();
  // As above: without the database the home page answers, the informer (live data) left out.
  const lists = await services.auctions.lists(locale, now).catch(() => ({ live: [], scheduled: [], ended: [] }));
  return { lists, now: now.toISOString() };
}
