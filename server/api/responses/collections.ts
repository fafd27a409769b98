import { z } from 'zod';
import { LOCALES } from '#core/i18n/locales.ts';
import { page } from '../schemas.ts';
import { lotCard } from './catalogue.ts';

/** Collections and landings as the API answers them (core/content/collections.ts, core/content/landings.ts). */
const collectionFields = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  count: z.number().int().min(0).describe('Lots of the collection on offer now (free and booked), counted by the catalogue’s lot index.'),
  url: z.string().describe('The collection’s page, without the language prefix (`/ready-to-move-in`).'),
  filterUrl: z.string().nullable().describe('The same lots in the lot filter (`/filter?…`), or null for a curator’s list the filter cannot express.'),
};

export const collectionSummary = z.strictObject(collectionFields).meta({ id: 'CustomCollection' });

export const collectionDetail = z
  .strictObject({
    ...collectionFields,
    intro: z.array(z.string()).describe('The page’s introduction, paragraph by paragraph.'),
    lots: page(lotCard).describe('A page of the lots, in the lot filter’s card shape; `next` and `previous` link the neighbouring pages of this call.'),
  })
  .meta({ id: 'CustomCollectionDetail' });

const section = z.strictObject({ title: z.string(), paragraphs: z.array(z.string()) });

export const landing = z
  .strictObject({
    slug: z.string(),
    locale: z.enum(LOCALES).describe('The language of this version (the one asked for, else English, else the first written).'),
    locales: z.array(z.enum(LOCALES)).describe('Every language the landing is written in.'),
    url: z.string().describe('The page’s path without the language prefix; it exists in the languages of `locales` only.'),
    updatedAt: z.string(),
    title: z.string(),
    description: z.string(),
    hero: z.strictObject({ kicker: z.string(), title: z.string(), lead: z.string() }),
    promise: z
      .strictObject({ title: z.string(), text: z.string(), points: z.array(z.string()) })
      .describe('The call-back promise of the managers who speak the language.'),
    steps: z.strictObject({ title: z.string(), items: z.array(z.strictObject({ title: z.string(), text: z.string() })) }),
    payment: section.describe('Paying from abroad.'),
    signing: section.describe('Signing remotely.'),
    taxes: section,
    guidance: z.string().describe('The note that the sections are general guidance, not legal or tax advice.'),
    faq: z.strictObject({ title: z.string(), items: z.array(z.strictObject({ question: z.string(), answer: z.string() })) }),
    form: z.strictObject({ title: z.string(), lead: z.string() }).describe('The heading of the lead form (`POST /api/multilingual_landing/send_lead/`).'),
  })
  .meta({ id: 'MultilingualLanding' });
