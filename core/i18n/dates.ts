import { LOCALE_ENTRIES, type Locale } from './locales.ts';

/**
 * The one date formatter of the site: news, the booking form's days, lead answers and PDFs print a date in the same
 * style per language («24 ноября 2026 г.», "24 November 2026", «2026年11月24日»; with a weekday on the booking form:
 * «вт, 24 ноября», "Tue 24 November", «11月24日周二»). The language tags are
 * LOCALE_ENTRIES' (English is British, as the catalog's copy is).
 */

/** The developer's calendar: the server and every visitor's browser print the same day for a moment. */
const CALENDAR_ZONE = 'Europe/Moscow';

type Style = 'long' | 'dayMonth' | 'weekday' | 'moment';
const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'long' },
  weekday: { weekday: 'short', day: 'numeric', month: 'long' },
  moment: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

// Built once per language, style and zone: making an Intl formatter costs more than formatting with it.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, style: Style, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}:${style}:${timeZone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(LOCALE_ENTRIES[locale].iso, { ...OPTIONS[style], timeZone })));
  return format;
}

/** A moment (a publication's date, a PDF's «as of») as the day it was in Moscow: «10 ноября 2026 г.». */
export function formatDate(value: Date | string, locale: Locale): string {
  return formatter(locale, 'long', CALENDAR_ZONE).format(new Date(value));
}

/**
 * A moment with its time of day in Moscow, the developer's clock (a reservation's end, a payment's deadline):
 * «12 декабря 2026 г. в 14:30», "12 December 2026 at 14:30", «2026年12月12日 14:30». The page says it is Moscow time.
 */
export function formatDateTime(value: Date | string, locale: Locale): string {
  return formatter(locale, 'moment', CALENDAR_ZONE).format(new Date(value));
}

/** A calendar day `2026-11-24` (a booking slot's day): «24 ноября 2026 г.», or shorter on the booking form. */
export function formatDay(day: string, locale: Locale, style: Style = 'long'): string {
  return formatter(locale, style, 'UTC').format(new Date(`${day}T12:00:00Z`));
}
