import { describe, expect, it } from 'vitest';
import type { OfficeHours } from '#core/content/offices.ts';
import { candidateSlots, refusalOf, scheduleOf, type OfficeResource } from './schedule.ts';

const day = (opens: string, closes: string, lunch?: [string, string]) => ({ opens, closes, break: lunch ? { from: lunch[0], to: lunch[1] } : null });
const name = { ru: 'Офис', en: 'Office', zh: '办公室' };
/** Closed on Mondays, 10–20 with a 13–14 lunch Tuesday to Friday, 11–18 at the weekend; 2026-11-24 is a Tuesday. */
const HOURS: OfficeHours = {
  timeZone: 'Europe/Moscow',
  week: [null, ...Array.from({ length: 4 }, () => day('10:00', '20:00', ['13:00', '14:00'])), day('11:00', '18:00'), day('11:00', '18:00')],
  exceptions: [
    { date: '2026-11-26', hours: null },
    { date: '2026-11-27', hours: day('10:00', '13:00') },
  ],
};
const office = (id: number, hours: OfficeHours): OfficeResource => ({ id, name, address: name, kind: 'sales_office', hours });
const meeting = scheduleOf('meeting', [], [office(3, HOURS)]);
const at = (iso: string) => new Date(iso);
const slotsOn = (date: string, now = at('2026-11-23T06:00:00Z')) =>
  candidateSlots(meeting, meeting.resources, now)
    .filter((c) => c.date === date)
    .map((c) => c.slot);

describe('meeting slots from an office’s hours', () => {
  it('offers none on its day off and none on a holiday', () => {
    expect(slotsOn('2026-11-30')).toEqual([]); // a Monday
    expect(slotsOn('2026-11-26')).toEqual([]); // a holiday on a Thursday
  });

  it('offers every hour a meeting fits before the break and before closing, and a changed day’s own hours', () => {
    expect(slotsOn('2026-11-24')).toEqual(['10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00']);
    expect(slotsOn('2026-11-28')).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(slotsOn('2026-11-27')).toEqual(['10:00', '11:00', '12:00']);
  });

  it('starts each slot at the office’s wall-clock time in its own zone', () => {
    const yekaterinburg = scheduleOf('meeting', [], [office(4, { ...HOURS, timeZone: 'Asia/Yekaterinburg' })]);
    const first = candidateSlots(yekaterinburg, yekaterinburg.resources, at('2026-11-23T06:00:00Z')).find((c) => c.date === '2026-11-24');
    // 10:00 in Yekaterinburg (UTC+5) is 05:00 UTC.
    expect(first).toMatchObject({ slot: '10:00', startsAt: at('2026-11-24T05:00:00Z') });
  });

  it('leaves out what is past or too soon (two hours’ notice)', () => {
    // Tuesday 12:30 in Moscow: 13:00 and 14:00 are too soon, 15:00 is the first.
    expect(slotsOn('2026-11-24', at('2026-11-24T09:30:00Z'))[0]).toBe('15:00');
  });

  it('says why a time is refused, naming the field', () => {
    const now = at('2026-11-24T09:30:00Z');
    const resource = meeting.resources[0]!;
    expect(refusalOf(meeting, resource, '2026-11-30', '19:00', now)).toEqual({ field: 'date', code: 'officeClosed' });
    expect(refusalOf(meeting, resource, '2026-11-26', '12:00', now)).toEqual({ field: 'date', code: 'officeClosed' });
    expect(refusalOf(meeting, resource, '2026-11-25', '13:00', now)).toEqual({ field: 'slot', code: 'officeBreak' });
    expect(refusalOf(meeting, resource, '2026-11-25', '12:30', now)).toEqual({ field: 'slot', code: 'officeBreak' });
    expect(refusalOf(meeting, resource, '2026-11-25', '20:00', now)).toEqual({ field: 'slot', code: 'outsideHours' });
    expect(refusalOf(meeting, resource, '2026-11-27', '13:00', now)).toEqual({ field: 'slot', code: 'outsideHours' });
    expect(refusalOf(meeting, resource, '2026-11-24', '11:00', now)).toEqual({ field: 'slot', code: 'slotPast' });
    expect(refusalOf(meeting, resource, '2026-11-20', '11:00', now)).toEqual({ field: 'date', code: 'slotPast' });
    expect(refusalOf(meeting, resource, '2027-03-01', '11:00', now)).toEqual({ field: 'date', code: 'choice' });
  });

  it('keeps partner meetings to their times on weekdays, and only while the head office is open', () => {
    const partners = scheduleOf('partner_meeting', [], [{ ...office(1, HOURS), kind: 'head_office' }]);
    const slots = candidateSlots(partners, partners.resources, at('2026-11-23T06:00:00Z'));
    expect(slots.filter((c) => c.date === '2026-11-25').map((c) => c.slot)).toEqual(['11:00', '14:00', '16:00']);
    expect(slots.filter((c) => c.date === '2026-11-27').map((c) => c.slot)).toEqual(['11:00']);
    expect(slots.some((c) => c.date === '2026-11-26' || c.date === '2026-11-28' || c.date === '2026-11-30')).toBe(false);
  });
});
