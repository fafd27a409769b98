import { z } from 'zod';
import { officeDaySchema, officeTimeZoneSchema, officeWeekSchema } from '#core/content/office-schemas.ts';
import { safeText } from '#core/schemas/text.ts';
import { localizedText, references } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * The sales offices and their hours — the week, holidays and days with other hours, in the office's own time zone:
 * changed, not created (their numbers are the sales systems'). The contact page, the office cards, the JSON-LD and
 * the meeting form's slots all read these hours.
 */
export const offices = defineKind({
  name: 'offices',
  schema: z.object({
    name: localizedText({ max: 200 }),
    address: localizedText({ max: 400 }),
    phones: z
      .array(safeText().regex(/^\+\d{10,15}$/, 'errors.phone'))
      .min(1)
      .max(5)
      .meta({ widget: 'list' }),
    email: z.email().max(200).nullable(),
    // The catalogue's projects the office serves (`office_projects`), in the order its card lists them.
    projectIds: references('projects', 50),
    timeZone: officeTimeZoneSchema,
    schedule: officeWeekSchema.meta({ widget: 'week' }),
    // Holidays (closed all day) and days with other hours, each day once; they replace the weekday's hours.
    exceptions: z
      .array(z.object({ date: z.iso.date(), hours: officeDaySchema.nullable().meta({ widget: 'day' }) }))
      .max(200)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((e, i) => {
          if (seen.has(e.date)) ctx.addIssue({ code: 'custom', path: [i, 'date'], message: 'errors.exceptionTwice' });
          seen.add(e.date);
        });
      }),
    meetings: z.boolean(),
    published: z.boolean(),
    position: z.number().int().min(0).max(1000),
  }),
  titleField: 'name',
  listFields: ['published'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: false,
  words: kindWords(
    {
      kind: 'Офисы и часы работы',
      fields: {
        projectIds: 'Проекты, которые обслуживает офис',
        address: 'Адрес',
        phones: 'Телефоны',
        email: 'Электронная почта',
        timeZone: 'Часовой пояс офиса (IANA, например Europe/Moscow)',
        schedule: 'Часы работы (время офиса)',
        exceptions: 'Праздники и особые дни',
        'exceptions.date': 'Дата',
        'exceptions.hours': 'Часы в этот день (не отмечено — выходной)',
        meetings: 'Можно записаться на встречу',
      },
      errors: {
        unknownProjects: 'В каталоге нет такого проекта: выберите проекты из списка.',
        phone: 'Номер с кодом страны: «+» и 10–15 цифр.',
        exceptionTwice: 'Этот день уже есть в списке.',
      },
      shared: {
        'Expected an IANA time zone such as Europe/Moscow': 'Часовой пояс из базы IANA, например Europe/Moscow или Asia/Yekaterinburg.',
        'Expected HH:MM': 'Время в формате ЧЧ:ММ.',
        'opens must be before closes': 'Время открытия должно быть раньше закрытия.',
        'the break must lie inside the day': 'Перерыв должен быть внутри рабочего дня.',
      },
    },
    {
      kind: 'Offices and hours',
      fields: {
        projectIds: 'Projects the office serves',
        address: 'Address',
        phones: 'Phones',
        email: 'E-mail',
        timeZone: 'The office’s time zone (IANA, e.g. Europe/Moscow)',
        schedule: 'Opening hours (the office’s time)',
        exceptions: 'Holidays and special days',
        'exceptions.date': 'Date',
        'exceptions.hours': 'Hours that day (unticked: closed)',
        meetings: 'Meetings can be booked',
      },
      errors: {
        unknownProjects: 'The catalogue has no such project: choose projects from the list.',
        phone: 'A number with its country code: "+" and 10–15 digits.',
        exceptionTwice: 'This day is already on the list.',
      },
      shared: {
        'Expected an IANA time zone such as Europe/Moscow': 'A time zone from the IANA database, e.g. Europe/Moscow or Asia/Yekaterinburg.',
        'Expected HH:MM': 'A time as HH:MM.',
        'opens must be before closes': 'The opening time must be before the closing time.',
        'the break must lie inside the day': 'The break must lie inside the opening hours.',
      },
    },
  ),
});
