import type { MessageKey } from '../i18n/messages.ts';
import type { OfficeDay, OfficeException, OfficeWeek } from './office-schemas.ts';

/**
 * Sales offices' hours: a week, dated exceptions (holidays, changed days) and the office's own IANA time zone, and
 * the maths that says whether an office is open at an instant, when that changes, and which meeting slots a day
 * has. Isomorphic: the server answers with the state at the request's time, and the page recomputes it from the
 * same hours once it runs; the meeting booking (server/modules/leads/schedule.ts) reads the same functions.
 *
 * Wall-clock times become instants through `Intl` with the office's zone (the runtime's time-zone database), never
 * through a fixed offset: a zone with daylight saving gets its own offset on each day.
 */
export const OFFICE_TIME_ZONE = 'Europe/Moscow';
const DAY_MS = 86_400_000;

export const OFFICE_KINDS = ['head_office', 'sales_office'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

export type { OfficeDay, OfficeException, OfficeWeek } from './office-schemas.ts';

/** Everything that decides when an office is open: its zone, its week and its dated exceptions. */
export type OfficeHours = { timeZone: string; week: OfficeWeek; exceptions: OfficeException[] };

/** Whether an office is open and until when (the next change), as of an instant. */
export type OfficeStatus = {
  open: boolean;
  /** The instant the state changes next (ISO, UTC); null when the office is never open. */
  until: string | null;
  /** Open: the local time it closes (or breaks); closed: the local time it opens next. */
  at: string | null;
  /** Closed: the day it opens next, counted from the office's local day of the instant (0 today, 1 tomorrow, …). */
  inDays: number | null;
  /** Closed: the ISO weekday it opens next (1 Monday … 7 Sunday). */
  weekday: number | null;
  /** Open but closing for the day's break (rather than for the night), or closed for it now. */
  breakNext: boolean;
};

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A day's open intervals in minutes since local midnight. */
export function dayIntervals(day: OfficeDay | null): { from: number; to: number; breakAfter: boolean }[] {
  if (!day) return [];
  if (!day.break) return [{ from: toMinutes(day.opens), to: toMinutes(day.closes), breakAfter: false }];
  return [
    { from: toMinutes(day.opens), to: toMinutes(day.break.from), breakAfter: true },
    { from: toMinutes(day.break.to), to: toMinutes(day.closes), breakAfter: false },
  ];
}

// One formatter per zone: making an Intl formatter costs more than formatting with it.
const clocks = new Map<string, Intl.DateTimeFormat>();
function clock(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at an instant: its calendar day, ISO weekday and minute of the day. */
export function zonedClock(instant: number, timeZone: string): { date: string; weekday: number; minute: number; wall: number } {
  const parts: Record<string, number> = {};
  for (const part of clock(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  return {
    date: new Date(midnight).toISOString().slice(0, 10),
    weekday: isoWeekday(midnight),
    minute: Math.floor((wall - midnight) / 60_000),
    wall,
  };
}

const isoWeekday = (utcMidnight: number) => ((new Date(utcMidnight).getUTCDay() + 6) % 7) + 1;

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day `YYYY-MM-DD`. */
export const weekdayOf = (date: string) => isoWeekday(Date.parse(`${date}T00:00:00Z`));

/** The calendar day `n` days after `date`. */
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The zone's offset from UTC at an instant, in minutes (Moscow: 180). */
export function zoneOffset(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((zonedClock(whole, timeZone).wall - whole) / 60_000);
}

/**
 * The instant a local wall-clock time happens in `timeZone` (`date` at `minute` minutes after midnight), or null
 * when that time does not exist there (skipped by a clock change). The zone's offset is the runtime's, read at the
 * instant itself, so a day with a clock change gets the right one on each side.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): number | null {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const first = wall - zoneOffset(wall, timeZone) * 60_000;
  const second = wall - zoneOffset(first, timeZone) * 60_000;
  for (const candidate of [first, second]) {
    const seen = zonedClock(candidate, timeZone);
    if (seen.date === date && seen.minute === minute) return candidate;
  }
  return null;
}

/** «UTC+3», «UTC−5», «UTC+5:30»: the zone's offset at an instant, as the office card says it. */
export function utcOffsetLabel(instant: number, timeZone: string): string {
  const offset = zoneOffset(instant, timeZone);
  const sign = offset < 0 ? '−' : '+';
  const abs = Math.abs(offset);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** The hours of a calendar day: its exception when it has one, else its weekday's. */
export function hoursOn(hours: OfficeHours, date: string): OfficeDay | null {
  const exception = hours.exceptions.find((e) => e.date === date);
  return exception ? exception.hours : (hours.week[weekdayOf(date) - 1] ?? null);
}

/** The exceptions from the office's local day of `now` on, in date order (what the cards and JSON-LD show). */
export function upcomingExceptions(hours: OfficeHours, now: Date | number, days = 366): OfficeException[] {
  const today = zonedClock(typeof now === 'number' ? now : now.getTime(), hours.timeZone).date;
  const last = addDays(today, days);
  return hours.exceptions.filter((e) => e.date >= today && e.date <= last).sort((a, b) => a.date.localeCompare(b.date));
}

const iso = (instant: number) => new Date(instant).toISOString();

/** Whether the office is open at `now`, and what happens next (looked for up to two weeks ahead). */
export function officeStatus(hours: OfficeHours, now: Date | number): OfficeStatus {
  const instant = typeof now === 'number' ? now : now.getTime();
  const today = zonedClock(instant, hours.timeZone);
  const at = (date: string, minute: number) => zonedInstant(date, minute, hours.timeZone);
  const todays = dayIntervals(hoursOn(hours, today.date));
  for (const slot of todays) {
    if (today.minute >= slot.from && today.minute < slot.to) {
      const until = at(today.date, slot.to);
      return { open: true, until: until === null ? null : iso(until), at: hhmm(slot.to), inDays: null, weekday: null, breakNext: slot.breakAfter };
    }
  }
  for (let inDays = 0; inDays <= 14; inDays++) {
    const date = addDays(today.date, inDays);
    const daySlots = dayIntervals(hoursOn(hours, date));
    const next = daySlots.find((slot) => inDays > 0 || slot.from > today.minute);
    const opens = next ? at(date, next.from) : null;
    if (next && opens !== null) {
      // Closed between the day's two intervals: it is the break.
      const onBreak = inDays === 0 && daySlots.some((slot) => slot.breakAfter && slot.to <= today.minute) && next !== daySlots[0];
      return { open: false, until: iso(opens), at: hhmm(next.from), inDays, weekday: weekdayOf(date), breakNext: onBreak };
    }
  }
  return { open: false, until: null, at: null, inDays: null, weekday: null, breakNext: false };
}

/** A meeting's length and the step between its start times. */
export const MEETING_MINUTES = 60;

/**
 * The meeting start times of a calendar day: every `MEETING_MINUTES` from each open interval's start, for a meeting
 * that ends by the break or the closing time. A closed day (its weekday off, a holiday) has none.
 */
export function meetingSlots(hours: OfficeHours, date: string, minutes = MEETING_MINUTES): string[] {
  const out: string[] = [];
  for (const interval of dayIntervals(hoursOn(hours, date))) {
    for (let start = interval.from; start + minutes <= interval.to; start += minutes) out.push(hhmm(start));
  }
  return out;
}

/** Why a time of a day is not a meeting slot: the office is closed that day, it is on its break, or outside its hours. */
export function slotRefusal(hours: OfficeHours, date: string, slot: string, minutes = MEETING_MINUTES): 'closed' | 'break' | 'outside' | null {
  const day = hoursOn(hours, date);
  if (!day) return 'closed';
  const start = toMinutes(slot);
  if (dayIntervals(day).some((i) => start >= i.from && start + minutes <= i.to)) return null;
  if (day.break && start + minutes > toMinutes(day.break.from) && start < toMinutes(day.break.to)) return 'break';
  return 'outside';
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * schema.org `openingHoursSpecification` of an office (for its `LocalBusiness` on /contacts): a line per weekday's open
 * interval (a break splits the day in two), then each exception of `hours` (the coming ones, as an office's view
 * carries them) for its day alone (`validFrom` = `validThrough`), a closed day as 00:00–00:00 as schema.org says.
 */
export function openingHoursSpecification(hours: OfficeHours): Record<string, unknown>[] {
  const weekly = hours.week.flatMap((day, i) =>
    dayIntervals(day).map((interval) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[i]}`,
      opens: hhmm(interval.from),
      closes: hhmm(interval.to),
    })),
  );
  const dated = [...hours.exceptions]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap((e) => {
      const intervals = dayIntervals(e.hours);
      const spans = intervals.length ? intervals.map((i) => ({ opens: hhmm(i.from), closes: hhmm(i.to) })) : [{ opens: '00:00', closes: '00:00' }];
      return spans.map((span) => ({ '@type': 'OpeningHoursSpecification', validFrom: e.date, validThrough: e.date, ...span }));
    });
  return [...weekly, ...dated];
}

/** Days with the same hours, grouped: `[{ from: 1, to: 5, day }, { from: 6, to: 7, day: null }]` (ISO weekdays). */
export function scheduleRuns(week: OfficeWeek): { from: number; to: number; day: OfficeDay | null }[] {
  const same = (a: OfficeDay | null, b: OfficeDay | null) => JSON.stringify(a) === JSON.stringify(b);
  const runs: { from: number; to: number; day: OfficeDay | null }[] = [];
  week.forEach((day, i) => {
    const last = runs.at(-1);
    if (last && same(last.day, day)) last.to = i + 1;
    else runs.push({ from: i + 1, to: i + 1, day });
  });
  return runs;
}

/** A Yandex Maps route to the office from wherever the visitor is (their app or the web). */
export function officeRouteUrl(office: { lat: number; lng: number }): string {
  return `https://yandex.ru/maps/?rtext=~${office.lat},${office.lng}&rtt=auto`;
}

/** An office as the site shows it, in one language (`/api/office/`, the contact page, a project's offices). */
export type OfficeView = {
  id: number;
  slug: string;
  kind: OfficeKind;
  name: string;
  address: string;
  /** Digits with the country code, `+74950001010`; the first is the main line. */
  phones: string[];
  email: string | null;
  /** The office's IANA time zone: `schedule` and `exceptions` are wall-clock times there. */
  timeZone: string;
  /** Its offset from UTC at the time of the answer, «UTC+3». */
  utcOffset: string;
  schedule: OfficeWeek;
  /** The coming dated exceptions (holidays, changed days), in date order. */
  exceptions: OfficeException[];
  /** The week's hours in words, grouped by days with the same hours. */
  hours: string;
  status: OfficeStatus;
  lat: number;
  lng: number;
  routeUrl: string;
  photo: { src: string; width: number; height: number; alt: string };
  projects: { id: string; name: string; url: string }[];
};

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const weekdayKey = (iso: number) => WEEKDAY_KEYS[(iso - 1) % 7] ?? 'mon';
type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The week's hours as lines: «Пн–Пт: 09:00–21:00, перерыв 13:00–14:00», «Сб–Вс: выходной», or «Ежедневно: …». */
export function hoursLines(week: OfficeWeek, t: Translate): { days: string; hours: string }[] {
  const day = (n: number) => t(`offices.weekday.${weekdayKey(n)}`);
  return scheduleRuns(week).map((run) => ({
    days:
      run.from === 1 && run.to === 7
        ? t('offices.hours.daily')
        : run.from === run.to
          ? day(run.from)
          : t('offices.hours.range', { from: day(run.from), to: day(run.to) }),
    hours: dayText(run.day, t),
  }));
}

/** One day's hours in words: «10:00–16:00», «10:00–20:00, перерыв 14:00–15:00», «выходной». */
export function dayText(day: OfficeDay | null, t: Translate): string {
  if (!day) return t('offices.hours.dayOff');
  return day.break
    ? t('offices.hours.withBreak', { from: day.opens, to: day.closes, breakFrom: day.break.from, breakTo: day.break.to })
    : t('offices.hours.open', { from: day.opens, to: day.closes });
}

/** The office's hours as its surfaces read them. */
export const hoursOf = (office: Pick<OfficeView, 'timeZone' | 'schedule' | 'exceptions'>): OfficeHours => ({
  timeZone: office.timeZone,
  week: office.schedule,
  exceptions: office.exceptions,
});

/** «Открыто до 21:00», «Закрыто, откроется завтра в 10:00», «Перерыв, откроется в 14:00». */
export function statusText(status: OfficeStatus, t: Translate): string {
  if (status.open) return t(status.breakNext ? 'offices.status.openUntilBreak' : 'offices.status.openUntil', { time: status.at ?? '' });
  if (status.at === null || status.inDays === null || status.weekday === null) return t('offices.status.closed');
  if (status.breakNext) return t('offices.status.onBreak', { time: status.at });
  if (status.inDays === 0) return t('offices.status.opensToday', { time: status.at });
  if (status.inDays === 1) return t('offices.status.opensTomorrow', { time: status.at });
  return t('offices.status.opensOn', { time: status.at, day: t(`offices.on.${weekdayKey(status.weekday)}`) });
}
