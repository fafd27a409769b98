import { z } from 'zod';

/**
 * An office's weekly schedule as the API and the seed validate it (core/content/offices.ts re-exports it). Its own
 * module: the schedule maths the contacts page runs does not load zod (ADR 027).
 */
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:MM')
  .describe('Moscow time, HH:MM');

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
