import type { MessageKey } from '../i18n/messages.ts';
import type { OfficeDay, OfficeWeek } from './office-schemas.ts';

/**
 * Sales offices: one weekly schedule per office, in Moscow time, and the
 * maths that says whether an office is open at an instant and when that changes. Isomorphic: the server answers
 * with the state at the request's time, and the page recomputes it from the same schedule once it runs.
 *
 * Moscow keeps UTC+3 all year (no daylight saving since 2014), so a wall-clock time there is an instant by a
 * fixed offset; the booking schedules (server/modules/leads/schedule.ts) read it the same way.
 */
export const OFFICE_TIME_ZONE = 'Europe/Moscow';
const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

export const OFFICE_KINDS = ['head_office', 'sales_office'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

export type { OfficeDay, OfficeWeek } from './office-schemas.ts';

/** Whether an office is open and until when (the next change), as of an instant. */
export type OfficeStatus = {
  open: boolean;
  /** The instant the state changes next (ISO, UTC); null when the office is never open. */
  until: string | null;
  /** Open: the Moscow time it closes (or breaks); closed: the Moscow time it opens next. */
  at: string | null;
  /** Closed: the day it opens next, counted from the Moscow day of the instant (0 today, 1 tomorrow, …). */
  inDays: number | null;
  /** Closed: the ISO weekday it opens next (1 Monday … 7 Sunday). */
  weekday: number | null;
  /** Open but closing for the day's break (rather than for the night), or closed for it now. */
  breakNext: boolean;
};

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A day's open intervals in minutes since Moscow midnight. */
function intervals(day: OfficeDay | null): { from: number; to: number; breakAfter: boolean }[] {
  if (!day) return [];
  if (!day.break) return [{ from: minutes(day.opens), to: minutes(day.closes), breakAfter: false }];
  return [
    { from: minutes(day.opens), to: minutes(day.break.from), breakAfter: true },
    { from: minutes(day.break.to), to: minutes(day.closes), breakAfter: false },
  ];
}

/** The Moscow calendar day (ms at its midnight, as if UTC) and ISO weekday of an instant. */
function moscowDay(instant: number): { midnight: number; weekday: number; minute: number } {
  const local = instant + MOSCOW_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = ((new Date(midnight).getUTCDay() + 6) % 7) + 1;
  return { midnight, weekday, minute: Math.floor((local - midnight) / 60_000) };
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const instantOf = (midnight: number, minute: number) => new Date(midnight + minute * 60_000 - MOSCOW_OFFSET_MS).toISOString();

/** Whether the office is open at `now`, and what happens next (looked for up to a week ahead). */
export function officeStatus(week: OfficeWeek, now: Date | number): OfficeStatus {
  const instant = typeof now === 'number' ? now : now.getTime();
  const today = moscowDay(instant);
  for (const slot of intervals(week[today.weekday - 1] ?? null)) {
    if (today.minute >= slot.from && today.minute < slot.to)
      return { open: true, until: instantOf(today.midnight, slot.to), at: hhmm(slot.to), inDays: null, weekday: null, breakNext: slot.breakAfter };
  }
  for (let inDays = 0; inDays <= 7; inDays++) {
    const midnight = today.midnight + inDays * DAY_MS;
    const weekday = ((today.weekday - 1 + inDays) % 7) + 1;
    const daySlots = intervals(week[weekday - 1] ?? null);
    const next = daySlots.find((slot) => inDays > 0 || slot.from > today.minute);
    if (next) {
      // Closed between the day's two intervals: it is the break.
      const onBreak = inDays === 0 && daySlots.some((slot) => slot.breakAfter && slot.to <= today.minute) && next !== daySlots[0];
      return { open: false, until: instantOf(midnight, next.from), at: hhmm(next.from), inDays, weekday, breakNext: onBreak };
    }
  }
  return { open: false, until: null, at: null, inDays: null, weekday: null, breakNext: false };
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
  schedule: OfficeWeek;
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
    hours: !run.day
      ? t('offices.hours.dayOff')
      : run.day.break
        ? t('offices.hours.withBreak', { from: run.day.opens, to: run.day.closes, breakFrom: run.day.break.from, breakTo: run.day.break.to })
        : t('offices.hours.open', { from: run.day.opens, to: run.day.closes }),
  }));
}

/** «Открыто до 21:00», «Закрыто, откроется завтра в 10:00», «Перерыв, откроется в 14:00». */
export function statusText(status: OfficeStatus, t: Translate): string {
  if (status.open) return t(status.breakNext ? 'offices.status.openUntilBreak' : 'offices.status.openUntil', { time: status.at ?? '' });
  if (status.at === null || status.inDays === null || status.weekday === null) return t('offices.status.closed');
  if (status.breakNext) return t('offices.status.onBreak', { time: status.at });
  if (status.inDays === 0) return t('offices.status.opensToday', { time: status.at });
  if (status.inDays === 1) return t('offices.status.opensTomorrow', { time: status.at });
  return t('offices.status.opensOn', { time: status.at, day: t(`offices.on.${weekdayKey(status.weekday)}`) });
}
