import { z } from 'zod';

/**
 * An office's hours as the API, the back office and the seed validate them (core/content/offices.ts re-exports the
 * types): the week, the dated exceptions (holidays, changed days) and the office's own time zone. Its own module:
 * the hours maths the contacts page runs does not load zod (ADR 027).
 */
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:MM')
  .describe('The office’s local time, HH:MM');

/** One day's hours: open from `opens` to `closes`, with an optional break (lunch) inside them. */
export const officeDaySchema = z
  .strictObject({
    opens: time,
    closes: time,
    break: z.strictObject({ from: time, to: time }).nullable().default(null).describe('A break inside the day (lunch), closed from `from` to `to`.'),
  })
  .refine((d) => d.opens < d.closes, { message: 'opens must be before closes', path: ['closes'] })
  .refine((d) => !d.break || (d.opens < d.break.from && d.break.from < d.break.to && d.break.to < d.closes), {
    message: 'the break must lie inside the day',
    path: ['break'],
  });
export type OfficeDay = z.infer<typeof officeDaySchema>;

/** Monday first (ISO weekdays 1…7 at indices 0…6); `null` is a day off. */
export const officeWeekSchema = z.array(officeDaySchema.nullable()).length(7).describe('Monday to Sunday; null is a day off.');
export type OfficeWeek = z.infer<typeof officeWeekSchema>;

/** Whether the runtime's time-zone database knows `zone` (an IANA name such as `Europe/Moscow`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA time zone an office's hours are in. */
export const officeTimeZoneSchema = z
  .string()
  .refine(isTimeZone, 'Expected an IANA time zone such as Europe/Moscow')
  .describe('The office’s IANA time zone (Europe/Moscow): its hours are wall-clock times there.');

const isoDate = z.iso.date('Expected YYYY-MM-DD');

/** A dated exception to the week: a holiday (`hours` null: closed all day) or a day with other hours. */
export const officeExceptionSchema = z.strictObject({
  date: isoDate.describe('The calendar day in the office’s time zone.'),
  hours: officeDaySchema.nullable().describe('That day’s hours; null: closed all day (a holiday).'),
});
export type OfficeException = z.infer<typeof officeExceptionSchema>;

/** The dated exceptions, each day once. */
export const officeExceptionsSchema = z
  .array(officeExceptionSchema)
  .max(200)
  .refine((list) => new Set(list.map((e) => e.date)).size === list.length, { message: 'each day once' })
  .describe('Holidays and days with other hours; each day once.');
