import { z } from 'zod';
import { officeWeekSchema } from '#core/content/office-schemas.ts';
import { safeText } from '#core/schemas/text.ts';
import { localizedText, references } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** The sales offices and their weekly hours: changed, not created (their numbers are the sales systems'). */
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
    schedule: officeWeekSchema.meta({ widget: 'week' }),
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
        schedule: 'Часы работы (московское время)',
        meetings: 'Можно записаться на встречу',
      },
      errors: { unknownProjects: 'В каталоге нет такого проекта: выберите проекты из списка.', phone: 'Номер с кодом страны: «+» и 10–15 цифр.' },
      shared: {
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
        schedule: 'Opening hours (Moscow time)',
        meetings: 'Meetings can be booked',
      },
      errors: {
        unknownProjects: 'The catalogue has no such project: choose projects from the list.',
        phone: 'A number with its country code: "+" and 10–15 digits.',
      },
      shared: {
        'Expected HH:MM': 'A time as HH:MM.',
        'opens must be before closes': 'The opening time must be before the closing time.',
        'the break must lie inside the day': 'The break must lie inside the opening hours.',
      },
    },
  ),
});
