import { describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { translator } from '#core/i18n/messages.ts';
import { hoursLines, officeStatus, scheduleRuns, statusText, type OfficeWeek } from './offices.ts';
import { officeWeekSchema } from './office-schemas.ts';

const day = (opens: string, closes: string, lunch?: [string, string]) => ({ opens, closes, break: lunch ? { from: lunch[0], to: lunch[1] } : null });
/** Mon–Fri 10–20 with a 14–15 break, Sat 11–18, Sunday off. */
const WEEK: OfficeWeek = [...Array.from({ length: 5 }, () => day('10:00', '20:00', ['14:00', '15:00'])), day('11:00', '18:00'), null];
/** Moscow wall-clock time as an instant (UTC+3 all year). 2026-11-23 is a Monday. */
const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const tRu = translator(ru, 'ru');
const tEn = translator(en, 'en');

describe('office schedule', () => {
  it('is open inside the hours, until the break and then until closing', () => {
    expect(officeStatus(WEEK, msk('2026-11-23', '10:00'))).toEqual({
      open: true,
      until: msk('2026-11-23', '14:00').toISOString(),
      at: '14:00',
      inDays: null,
      weekday: null,
      breakNext: true,
    });
    const afternoon = officeStatus(WEEK, msk('2026-11-23', '15:00'));
    expect(afternoon).toMatchObject({ open: true, at: '20:00', breakNext: false, until: msk('2026-11-23', '20:00').toISOString() });
    expect(statusText(afternoon, tRu)).toBe('Открыто до 20:00');
    expect(statusText(officeStatus(WEEK, msk('2026-11-23', '13:59')), tEn)).toBe('Open, break from 14:00');
  });

  it('is closed on the break, reopening the same day', () => {
    const lunch = officeStatus(WEEK, msk('2026-11-23', '14:30'));
    expect(lunch).toMatchObject({ open: false, at: '15:00', inDays: 0, weekday: 1, breakNext: true, until: msk('2026-11-23', '15:00').toISOString() });
    expect(statusText(lunch, tRu)).toBe('Перерыв, откроется в 15:00');
  });

  it('says when it opens: later today, tomorrow, or on a named day past a day off', () => {
    const early = officeStatus(WEEK, msk('2026-11-24', '08:15'));
    expect(early).toMatchObject({ open: false, at: '10:00', inDays: 0, breakNext: false });
    expect(statusText(early, tEn)).toBe('Closed, opens today at 10:00');
    const evening = officeStatus(WEEK, msk('2026-11-24', '20:00'));
    expect(evening).toMatchObject({ open: false, at: '10:00', inDays: 1, weekday: 3 });
    expect(statusText(evening, tRu)).toBe('Закрыто, откроется завтра в 10:00');
    // Saturday evening: Sunday is a day off, so Monday.
    const saturday = officeStatus(WEEK, msk('2026-11-28', '18:00'));
    expect(saturday).toMatchObject({ open: false, at: '10:00', inDays: 2, weekday: 1, until: msk('2026-11-30', '10:00').toISOString() });
    expect(statusText(saturday, tRu)).toBe('Закрыто, откроется в понедельник в 10:00');
    expect(statusText(saturday, tEn)).toBe('Closed, opens on Monday at 10:00');
    // All of Sunday, past midnight of the Moscow day (21:30 UTC on Saturday is 00:30 on Sunday in Moscow).
    expect(officeStatus(WEEK, new Date('2026-11-28T21:30:00Z'))).toMatchObject({ open: false, inDays: 1, weekday: 1 });
  });

  it('reads the Moscow day, not the UTC one, at the edges', () => {
    // 23:30 UTC on Sunday is 02:30 on Monday in Moscow: closed, opens today at 10:00.
    expect(officeStatus(WEEK, new Date('2026-11-29T23:30:00Z'))).toMatchObject({ open: false, inDays: 0, weekday: 1, at: '10:00' });
    // Closing time itself is closed; opening time itself is open.
    expect(officeStatus(WEEK, msk('2026-11-23', '20:00')).open).toBe(false);
    expect(officeStatus(WEEK, msk('2026-11-23', '10:00')).open).toBe(true);
  });

  it('is never open without hours', () => {
    const closed = officeStatus([null, null, null, null, null, null, null], msk('2026-11-23', '12:00'));
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
