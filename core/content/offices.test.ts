import { describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { translator } from '#core/i18n/messages.ts';
import {
  hoursLines,
  meetingSlots,
  officeStatus,
  openingHoursSpecification,
  scheduleRuns,
  slotRefusal,
  statusText,
  utcOffsetLabel,
  zonedInstant,
  type OfficeHours,
  type OfficeWeek,
} from './offices.ts';
import { officeExceptionsSchema, officeTimeZoneSchema, officeWeekSchema } from './office-schemas.ts';

const day = (opens: string, closes: string, lunch?: [string, string]) => ({ opens, closes, break: lunch ? { from: lunch[0], to: lunch[1] } : null });
/** Mon–Fri 10–20 with a 14–15 break, Sat 11–18, Sunday off. */
const WEEK: OfficeWeek = [...Array.from({ length: 5 }, () => day('10:00', '20:00', ['14:00', '15:00'])), day('11:00', '18:00'), null];
/** Moscow wall-clock time as an instant (UTC+3 all year). 2026-11-23 is a Monday. */
const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const MSK: OfficeHours = { timeZone: 'Europe/Moscow', week: WEEK, exceptions: [] };
const tRu = translator(ru, 'ru');
const tEn = translator(en, 'en');

describe('office schedule', () => {
  it('is open inside the hours, until the break and then until closing', () => {
    expect(officeStatus(MSK, msk('2026-11-23', '10:00'))).toEqual({
      open: true,
      until: msk('2026-11-23', '14:00').toISOString(),
      at: '14:00',
      inDays: null,
      weekday: null,
      breakNext: true,
    });
    const afternoon = officeStatus(MSK, msk('2026-11-23', '15:00'));
    expect(afternoon).toMatchObject({ open: true, at: '20:00', breakNext: false, until: msk('2026-11-23', '20:00').toISOString() });
    expect(statusText(afternoon, tRu)).toBe('Открыто до 20:00');
    expect(statusText(officeStatus(MSK, msk('2026-11-23', '13:59')), tEn)).toBe('Open, break from 14:00');
  });

  it('is closed on the break, reopening the same day', () => {
    const lunch = officeStatus(MSK, msk('2026-11-23', '14:30'));
    expect(lunch).toMatchObject({ open: false, at: '15:00', inDays: 0, weekday: 1, breakNext: true, until: msk('2026-11-23', '15:00').toISOString() });
    expect(statusText(lunch, tRu)).toBe('Перерыв, откроется в 15:00');
  });

  it('says when it opens: later today, tomorrow, or on a named day past a day off', () => {
    const early = officeStatus(MSK, msk('2026-11-24', '08:15'));
    expect(early).toMatchObject({ open: false, at: '10:00', inDays: 0, breakNext: false });
    expect(statusText(early, tEn)).toBe('Closed, opens today at 10:00');
    const evening = officeStatus(MSK, msk('2026-11-24', '20:00'));
    expect(evening).toMatchObject({ open: false, at: '10:00', inDays: 1, weekday: 3 });
    expect(statusText(evening, tRu)).toBe('Закрыто, откроется завтра в 10:00');
    // Saturday evening: Sunday is a day off, so Monday.
    const saturday = officeStatus(MSK, msk('2026-11-28', '18:00'));
    expect(saturday).toMatchObject({ open: false, at: '10:00', inDays: 2, weekday: 1, until: msk('2026-11-30', '10:00').toISOString() });
    expect(statusText(saturday, tRu)).toBe('Закрыто, откроется в понедельник в 10:00');
    expect(statusText(saturday, tEn)).toBe('Closed, opens on Monday at 10:00');
    // All of Sunday, past midnight of the Moscow day (21:30 UTC on Saturday is 00:30 on Sunday in Moscow).
    expect(officeStatus(MSK, new Date('2026-11-28T21:30:00Z'))).toMatchObject({ open: false, inDays: 1, weekday: 1 });
  });

  it('reads the Moscow day, not the UTC one, at the edges', () => {
    // 23:30 UTC on Sunday is 02:30 on Monday in Moscow: closed, opens today at 10:00.
    expect(officeStatus(MSK, new Date('2026-11-29T23:30:00Z'))).toMatchObject({ open: false, inDays: 0, weekday: 1, at: '10:00' });
    // Closing time itself is closed; opening time itself is open.
    expect(officeStatus(MSK, msk('2026-11-23', '20:00')).open).toBe(false);
    expect(officeStatus(MSK, msk('2026-11-23', '10:00')).open).toBe(true);
  });

  it('is never open without hours', () => {
    const closed = officeStatus({ ...MSK, week: [null, null, null, null, null, null, null] }, msk('2026-11-23', '12:00'));
    expect(closed).toEqual({ open: false, until: null, at: null, inDays: null, weekday: null, breakNext: false });
    expect(statusText(closed, tEn)).toBe('Closed');
  });

  it('groups days with the same hours and words them', () => {
    expect(scheduleRuns(WEEK).map((r) => [r.from, r.to])).toEqual([
      [1, 5],
      [6, 6],
      [7, 7],
    ]);
    expect(hoursLines(WEEK, tRu)).toEqual([
      { days: 'Пн–Пт', hours: '10:00–20:00, перерыв 14:00–15:00' },
      { days: 'Сб', hours: '11:00–18:00' },
      { days: 'Вс', hours: 'выходной' },
    ]);
    expect(
      hoursLines(
        Array.from({ length: 7 }, () => day('09:00', '21:00')),
        tEn,
      ),
    ).toEqual([{ days: 'Daily', hours: '09:00–21:00' }]);
  });

  it('refuses a schedule that is not a week of sensible days', () => {
    expect(officeWeekSchema.safeParse(WEEK).success).toBe(true);
    expect(officeWeekSchema.safeParse(WEEK.slice(0, 6)).success).toBe(false);
    expect(officeWeekSchema.safeParse([day('20:00', '10:00'), ...WEEK.slice(1)]).success).toBe(false);
    expect(officeWeekSchema.safeParse([day('10:00', '20:00', ['09:00', '11:00']), ...WEEK.slice(1)]).success).toBe(false);
    expect(officeWeekSchema.safeParse([day('10:00', '25:00'), ...WEEK.slice(1)]).success).toBe(false);
  });
});

describe('office hours: exceptions and time zones', () => {
  it('takes a holiday and a changed day over their weekday', () => {
    const hours: OfficeHours = {
      ...MSK,
      exceptions: [
        { date: '2026-11-24', hours: null },
        { date: '2026-11-25', hours: day('12:00', '16:00') },
      ],
    };
    // Monday evening: Tuesday is a holiday, so Wednesday at its changed opening time.
    expect(officeStatus(hours, msk('2026-11-23', '21:00'))).toMatchObject({ open: false, inDays: 2, weekday: 3, at: '12:00' });
    expect(officeStatus(hours, msk('2026-11-25', '15:30'))).toMatchObject({ open: true, at: '16:00', until: msk('2026-11-25', '16:00').toISOString() });
    expect(meetingSlots(hours, '2026-11-24')).toEqual([]);
    expect(meetingSlots(hours, '2026-11-25')).toEqual(['12:00', '13:00', '14:00', '15:00']);
    expect(slotRefusal(hours, '2026-11-24', '12:00')).toBe('closed');
  });

  it('offers meeting slots inside the hours only: none on a day off, none across the break or past closing', () => {
    // Monday 10–20 with the 14–15 break: a meeting ends by the break and by closing time.
    expect(meetingSlots(MSK, '2026-11-23')).toEqual(['10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00', '19:00']);
    expect(meetingSlots(MSK, '2026-11-29')).toEqual([]); // Sunday off
    expect(slotRefusal(MSK, '2026-11-29', '12:00')).toBe('closed');
    expect(slotRefusal(MSK, '2026-11-23', '14:00')).toBe('break');
    expect(slotRefusal(MSK, '2026-11-23', '13:30')).toBe('break');
    expect(slotRefusal(MSK, '2026-11-23', '20:00')).toBe('outside');
    expect(slotRefusal(MSK, '2026-11-23', '09:00')).toBe('outside');
    expect(slotRefusal(MSK, '2026-11-23', '19:00')).toBeNull();
  });

  it('reads wall-clock hours in the office’s own zone, daylight saving included', () => {
    const berlin: OfficeHours = { timeZone: 'Europe/Berlin', week: Array.from({ length: 7 }, () => day('10:00', '18:00')), exceptions: [] };
    // 10:00 in Berlin is 09:00 UTC in winter and 08:00 UTC in summer.
    expect(new Date(zonedInstant('2026-11-23', 600, 'Europe/Berlin')!).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(new Date(zonedInstant('2026-07-01', 600, 'Europe/Berlin')!).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    // 02:30 on the spring-forward night does not exist there.
    expect(zonedInstant('2026-03-29', 150, 'Europe/Berlin')).toBeNull();
    // Saturday 17:30 before the autumn change: it reopens on Sunday at 10:00 local, 09:00 UTC (CET again).
    const saturday = officeStatus(berlin, new Date('2026-10-24T15:30:00Z'));
    expect(saturday).toMatchObject({ open: true, at: '18:00', until: '2026-10-24T16:00:00.000Z' });
    expect(officeStatus(berlin, new Date('2026-10-24T16:30:00Z'))).toMatchObject({ open: false, inDays: 1, until: '2026-10-25T09:00:00.000Z' });
    expect(utcOffsetLabel(Date.parse('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe('UTC+2');
    expect(utcOffsetLabel(Date.parse('2026-11-23T00:00:00Z'), 'Europe/Moscow')).toBe('UTC+3');
    expect(utcOffsetLabel(Date.parse('2026-11-23T00:00:00Z'), 'Asia/Kolkata')).toBe('UTC+5:30');
    // Vladivostok's Monday morning is Sunday in Moscow: its own day decides.
    const vladivostok: OfficeHours = { ...MSK, timeZone: 'Asia/Vladivostok' };
    expect(officeStatus(vladivostok, new Date('2026-11-23T00:30:00Z'))).toMatchObject({ open: true, at: '14:00' });
  });

  it('gives schema.org hours from the same data: a break splits the day, a holiday is 00:00–00:00', () => {
    const spec = openingHoursSpecification({
      ...MSK,
      exceptions: [
        { date: '2026-12-31', hours: day('10:00', '16:00') },
        { date: '2027-01-01', hours: null },
      ],
    });
    expect(spec.filter((s) => s.dayOfWeek === 'https://schema.org/Monday')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '10:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '15:00', closes: '20:00' },
    ]);
    expect(spec.some((s) => s.dayOfWeek === 'https://schema.org/Sunday')).toBe(false);
    expect(spec.filter((s) => s.validFrom)).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-31', validThrough: '2026-12-31', opens: '10:00', closes: '16:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2027-01-01', validThrough: '2027-01-01', opens: '00:00', closes: '00:00' },
    ]);
  });

  it('refuses an unknown time zone and a day listed twice', () => {
    expect(officeTimeZoneSchema.safeParse('Europe/Moscow').success).toBe(true);
    expect(officeTimeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(officeTimeZoneSchema.safeParse('+03:00').success).toBe(false);
    expect(officeExceptionsSchema.safeParse([{ date: '2027-01-01', hours: null }]).success).toBe(true);
    expect(
      officeExceptionsSchema.safeParse([
        { date: '2027-01-01', hours: null },
        { date: '2027-01-01', hours: day('10:00', '12:00') },
      ]).success,
    ).toBe(false);
  });
});
