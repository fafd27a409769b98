import { z } from 'zod';
import { OFFICE_KINDS } from '#core/content/offices.ts';
import { officeExceptionSchema, officeWeekSchema } from '#core/content/office-schemas.ts';

/** The sales offices as the API answers them (core/content/offices.ts): `/api/office/`, `/api/contact_page/`, a project's offices. */
const time = z.string().describe('The office’s local time, HH:MM');

export const officeStatus = z
  .strictObject({
    open: z.boolean().describe('Open at the time of the answer (its hours, holidays and changed days in its time zone).'),
    until: z.string().nullable().describe('The instant (ISO, UTC) the state changes next: recompute from `schedule` after it. Null if never open.'),
    at: time.nullable().describe('Open: when it closes (or breaks); closed: when it opens next.'),
    inDays: z.number().int().min(0).nullable().describe('Closed: the day it opens next, 0 today, 1 tomorrow…'),
    weekday: z.number().int().min(1).max(7).nullable().describe('Closed: the ISO weekday it opens next (1 Monday … 7 Sunday).'),
    breakNext: z.boolean().describe('Open: it closes next for the day’s break; closed: it is on its break.'),
  })
  .meta({ id: 'OfficeStatus' });

export const office = z
  .strictObject({
    id: z.number().int().describe('The office id a meeting booking names (`office`).'),
    slug: z.string(),
    kind: z.enum(OFFICE_KINDS),
    name: z.string(),
    address: z.string(),
    phones: z.array(z.string()).describe('Digits with the country code (+74950001010), the main line first.'),
    email: z.string().nullable(),
    timeZone: z.string().describe('The office’s IANA time zone: `schedule` and `exceptions` are wall-clock times there.'),
    utcOffset: z.string().describe('The time zone’s offset at the time of the answer («UTC+3»).'),
    schedule: officeWeekSchema.describe('Opening hours, Monday to Sunday, in the office’s time zone; null is a day off.'),
    exceptions: z
      .array(officeExceptionSchema.meta({ id: 'OfficeException' }))
      .describe('The coming holidays (`hours` null) and days with other hours, in date order; they replace the weekday’s hours.'),
    hours: z.string().describe('The week’s hours in words, then the coming exceptions, in the answer’s language.'),
    status: officeStatus,
    lat: z.number(),
    lng: z.number(),
    routeUrl: z.string().describe('A Yandex Maps route to the office.'),
    photo: z
      .strictObject({
        src: z.string().describe('Media path for the image proxy (/img/…).'),
        width: z.number().int(),
        height: z.number().int(),
        alt: z.string(),
      })
      .meta({ id: 'OfficePhoto' }),
    projects: z.array(z.strictObject({ id: z.string(), name: z.string(), url: z.string().describe('The project page, without the language prefix.') })),
  })
  .meta({ id: 'Office' });

const channel = z.strictObject({ label: z.string(), number: z.string() });

export const contactPage = z
  .strictObject({
    company: z.strictObject({ name: z.string(), legalName: z.string(), address: z.string(), workingHours: z.string() }),
    phones: z.array(channel),
    whatsapp: z.string().describe('Digits with the country code; the link is https://wa.me/<digits>.'),
    email: z.string(),
    socials: z.array(z.strictObject({ network: z.string(), url: z.string() })),
    offices: z.array(office),
    now: z.string().describe('The instant (ISO) the offices’ `status` was computed at.'),
  })
  .meta({ id: 'ContactPage' });
