import type { LotType } from '#core/catalogue/types.ts';
import { LOCALE_ENTRIES, type Locale } from '#core/i18n/locales.ts';

/**
 * Auctions as everyone reads them (ADR 020): the server's answers, the pages and the browser's countdown share
 * these rules. Free of zod, so the page's script stays small.
 */

export const AUCTION_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const AUCTION_RESULTS = ['sold', 'not_sold', 'cancelled'] as const;
export type AuctionResult = (typeof AUCTION_RESULTS)[number];

/** The developer's clock: start and end are announced in Moscow time. */
export const AUCTION_ZONE = 'Europe/Moscow';

/** How often a page asks for the live state (ms): often enough to see an outbid, light on the server. */
export const AUCTION_POLL_MS = 10_000;

/** What the public sees of an auction: no bidder, ever. Times are ISO instants. */
export type AuctionView = {
  id: number;
  lotId: number;
  status: AuctionStatus;
  startPrice: number;
  minStep: number;
  startsAt: string;
  endsAt: string;
  plannedEndsAt: string;
  extendMinutes: number;
  bestAmount: number | null;
  bidCount: number;
  /** The least a bid may be now: the best plus the step, or the start price before the first bid. */
  minimumBid: number;
  /** The most a bid may be now: the best (the start price before the first bid) plus `BID_CEILING_STEPS` steps. */
  maximumBid: number;
  /** Ended auctions only: sold (at `bestAmount`), not sold or cancelled. */
  result: AuctionResult | null;
  lot: AuctionLot | null;
};

/** The lot as the catalogue shows it (its card's fields that name it); null when the catalogue no longer has it. */
export type AuctionLot = {
  id: string;
  number: string;
  type: LotType;
  rooms: number | null;
  euro: boolean;
  area: number;
  floor: number;
  projectName: string;
  url: string;
};

type Timing = { startsAt: Date | string; endsAt: Date | string };

export function auctionStatus(a: Timing, now: Date | number): AuctionStatus {
  const t = typeof now === 'number' ? now : now.getTime();
  if (t < new Date(a.startsAt).getTime()) return 'scheduled';
  if (t < new Date(a.endsAt).getTime()) return 'live';
  return 'ended';
}

export function minimumBid(a: { startPrice: number; minStep: number; bestAmount: number | null }): number {
  return a.bestAmount === null ? a.startPrice : a.bestAmount + a.minStep;
}

/**
 * How many of its steps one bid may raise an auction: a bid far above the rest ends the bidding for
 * everyone else (a 900 000 000 000 ₽ bid on a 32 M ₽ unit did), so a bid is at most the best plus this many steps
 * (ADR 020, amended 2026-11-29).
 */
export const BID_CEILING_STEPS = 20;

/** The most a bid may be now: the best plus `BID_CEILING_STEPS` steps (from the start price before the first bid). */
export function maximumBid(a: { startPrice: number; minStep: number; bestAmount: number | null }): number {
  return (a.bestAmount ?? a.startPrice) + BID_CEILING_STEPS * a.minStep;
}

/**
 * A bid as typed: whole roubles, plain («32210000») or grouped by the page's language («32 210 000», "32,210,000");
 * null for anything else (a fraction, a sign, a letter, «12,5»). The form, the API and the page's action read it alike.
 */
export function parseBidAmount(text: string): number | null {
  const value = text.trim();
  const digits = /^\d{1,3}(?:,\d{3})+$/.test(value) ? value.replaceAll(',', '') : value.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,13}$/.test(digits) || Number(digits) < 1) return null;
  return Number(digits);
}

/** An ended auction's result: the sales team's, else sold when it had a bid. */
export function auctionResult(a: { result: AuctionResult | null; bidCount: number }, status: AuctionStatus): AuctionResult | null {
  if (status !== 'ended') return null;
  return a.result ?? (a.bidCount > 0 ? 'sold' : 'not_sold');
}

/** The end after a bid at `now`: moved to now + N minutes when the bid came within the last N minutes. */
export function extendedEnd(endsAt: Date, extendMinutes: number, now: Date): Date {
  if (extendMinutes <= 0) return endsAt;
  const window = extendMinutes * 60_000;
  return endsAt.getTime() - now.getTime() < window ? new Date(now.getTime() + window) : endsAt;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** «24 ноября, 18:00» in Moscow time, in the page's language (the caller adds the zone's name). */
export function formatAuctionTime(value: Date | string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format)
    formats.set(
      locale,
      (format = new Intl.DateTimeFormat(LOCALE_ENTRIES[locale].iso, {
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: AUCTION_ZONE,
      })),
    );
  return format.format(new Date(value));
}

/** Whole days, hours, minutes and seconds left until `end` (zeros once it passed). */
export function timeLeft(end: Date | string, now: number): { days: number; hours: number; minutes: number; seconds: number; total: number } {
  const total = Math.max(0, new Date(end).getTime() - now);
  const s = Math.floor(total / 1000);
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60, total };
}

const money = new Map<string, Intl.NumberFormat>();
/** Whole roubles as the catalogue prints them: «12 500 000 ₽», "₽12,500,000". */
export function formatRoubles(value: number, locale: Locale): string {
  let format = money.get(locale);
  if (!format)
    money.set(
      locale,
      (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, {
        style: 'currency',
        currency: 'RUB',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
      })),
    );
  return format.format(value);
}
